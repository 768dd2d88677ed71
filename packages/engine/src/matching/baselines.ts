/**
 * Baseline pairings to compare the exact one against (the EOMM paper's RandomMM and SkillMM, and a
 * greedy by cost), and for callers that want them. Each validates like exactPairing. In an odd pool
 * the ticket with the lowest leave-out cost sits out (random and sorted); a consecutive pair that is
 * forbidden leaves both of its tickets unpaired (no repair: they are baselines).
 */

import { ErrorCodes, MatchdError } from '../errors.ts';
import type { Random } from '../random.ts';
import { augmentedCost, type PreparedProblem, preparePairingProblem, rawCost } from './prepared-problem.ts';
import type { Pairing, PairingProblem } from './types.ts';

/** Pairs the tickets uniformly at random (RandomMM). */
export function randomPairing(problem: PairingProblem, random: Random): Pairing {
  const prepared = preparePairingProblem(problem, 'min');
  const order = random.shuffle(Array.from({ length: prepared.size }, (_, i) => i));
  return pairConsecutive(prepared, order);
}

/** Sorts the tickets by `sortKeys` (e.g. rating) and pairs neighbours (SkillMM). */
export function sortedNeighbourPairing(problem: PairingProblem, sortKeys: ArrayLike<number>): Pairing {
  const prepared = preparePairingProblem(problem, 'min');
  if (sortKeys.length !== prepared.size) {
    throw new MatchdError(ErrorCodes.INVALID_OPTION, 'sortKeys needs one entry per ticket', {
      path: 'sortKeys',
    });
  }
  for (let i = 0; i < sortKeys.length; i++) {
    if (!Number.isFinite(sortKeys[i])) {
      throw new MatchdError(ErrorCodes.INVALID_OPTION, 'sort keys must be finite numbers', {
        path: `sortKeys[${i}]`,
      });
    }
  }
  const order = Array.from({ length: prepared.size }, (_, i) => i).sort(
    (a, b) => sortKeys[a]! - sortKeys[b]! || a - b,
  );
  return pairConsecutive(prepared, order);
}

/**
 * Repeatedly takes the cheapest (or, for 'max', the most expensive) remaining allowed pair; in an odd
 * pool, leaving a ticket out competes as an edge costing its leave-out cost. O(n^2 log n).
 */
export function greedyPairing(
  problem: PairingProblem,
  options: { readonly objective?: 'min' | 'max' } = {},
): Pairing {
  const objective = options.objective ?? 'min';
  if (objective !== 'min' && objective !== 'max') {
    throw new MatchdError(ErrorCodes.INVALID_OPTION, "objective must be 'min' or 'max'", {
      path: 'objective',
    });
  }
  const prepared = preparePairingProblem(problem, objective);
  const n = prepared.vertexCount;
  const from: number[] = [];
  const to: number[] = [];
  const cost: number[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (j < prepared.size && rawCost(prepared, i, j) === Number.POSITIVE_INFINITY) continue;
      from.push(i);
      to.push(j);
      cost.push(augmentedCost(prepared, i, j));
    }
  }
  const order = Array.from({ length: from.length }, (_, k) => k).sort((a, b) => cost[a]! - cost[b]! || a - b);
  const mate = new Int32Array(n).fill(-1);
  for (const k of order) {
    const i = from[k]!;
    const j = to[k]!;
    if (mate[i] === -1 && mate[j] === -1) {
      mate[i] = j;
      mate[j] = i;
    }
  }
  return describe(prepared, mate);
}

function pairConsecutive(prepared: PreparedProblem, order: number[]): Pairing {
  if (order.length % 2 === 1) {
    let out = order.length - 1;
    for (let p = order.length - 1; p >= 0; p--) {
      if (prepared.leaveOut[order[p]!]! < prepared.leaveOut[order[out]!]!) out = p;
    }
    order.splice(out, 1);
  }
  const mate = new Int32Array(prepared.size).fill(-1);
  for (let p = 0; p + 1 < order.length; p += 2) {
    const i = order[p]!;
    const j = order[p + 1]!;
    if (rawCost(prepared, Math.min(i, j), Math.max(i, j)) === Number.POSITIVE_INFINITY) continue;
    mate[i] = j;
    mate[j] = i;
  }
  return describe(prepared, mate);
}

/** Builds a Pairing from a mate array over (at least) the pool's tickets; the dummy means "left out". */
function describe(prepared: PreparedProblem, mateIn: Int32Array): Pairing {
  const { size } = prepared;
  const mate = new Int32Array(size).fill(-1);
  const pairs: Array<readonly [number, number]> = [];
  const unpaired: number[] = [];
  let pairCost = 0;
  let leaveOutCost = 0;
  for (let i = 0; i < size; i++) {
    const j = mateIn[i]!;
    if (j >= 0 && j < size) {
      mate[i] = j;
      if (i < j) {
        pairs.push([i, j]);
        pairCost += rawCost(prepared, i, j);
      }
    } else {
      unpaired.push(i);
      leaveOutCost += prepared.leaveOut[i]!;
    }
  }
  return { pairs, mate, unpaired, pairCost, leaveOutCost };
}
