/**
 * Seeded pairing instances for the matching benchmarks, of two kinds:
 * - 'uniform': pair costs uniform in [0, 1);
 * - 'eomm': the EOMM paper's Table 2 setup (section 5.2): ratings ~ N(1500, 300), RD ~ U(40, 150),
 *   two previous outcomes drawn W 0.4 / D 0.2 / L 0.4, draw probability 0.2, and the cost of a pair
 *   the expected number of churners of their match, from the 27-entry churn table of
 *   examples/eomm-table2.json (last two outcomes + the upcoming one; mean about 48%), with
 *   P(i beats j | decisive) from Glicko's expectation with g(sqrt(RD_i^2 + RD_j^2)).
 * These costs differ only in the third or fourth digit, which makes them hard for general solvers.
 *
 * Run `node --import tsx bench/matching-instances.ts eomm 500 1 out.txt` to write one instance in the
 * edge-list text format of LEMON/Blossom V ("n m" then "i j cost" lines).
 */

import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Random } from '../packages/engine/src/random.ts';
import { GLICKO2_SCALE, glicko2Expected, glicko2G } from '../packages/engine/src/rating/glicko2/index.ts';

/** The two instance families. */
export type InstanceKind = 'uniform' | 'eomm';

/** A generated instance: a row-major symmetric cost matrix, plus ratings for sort-key candidates. */
export interface MatchingInstance {
  readonly kind: InstanceKind;
  readonly size: number;
  readonly seed: number;
  readonly costs: Float64Array;
  /** Ratings (eomm) or undefined (uniform). */
  readonly ratings: Float64Array | undefined;
}

const DRAW_PROBABILITY = 0.2;
const OUTCOMES = ['W', 'D', 'L'] as const;
const HISTORY_WEIGHTS = [0.4, 0.2, 0.4];

/** churn[state * 3 + outcome] for history state 3 * first + second (0 W, 1 D, 2 L). */
function loadChurnTable(): Float64Array {
  const path = fileURLToPath(new URL('../examples/eomm-table2.json', import.meta.url));
  const table = (JSON.parse(readFileSync(path, 'utf8')) as { churn: Record<string, number> }).churn;
  const flat = new Float64Array(27);
  for (let state = 0; state < 9; state++) {
    for (let outcome = 0; outcome < 3; outcome++) {
      const key = `${OUTCOMES[Math.floor(state / 3)]}${OUTCOMES[state % 3]}${OUTCOMES[outcome]}`;
      const value = table[key];
      if (value === undefined) throw new Error(`churn table lacks ${key}`);
      flat[state * 3 + outcome] = value;
    }
  }
  return flat;
}

/**
 * An EOMM-like pool drawn from `random`: each player's rating, RD and two previous outcomes, and the
 * expected churners of a pair as a cost function over that O(n) state.
 */
function eommPool(
  random: Random,
  size: number,
): { readonly cost: (i: number, j: number) => number; readonly ratings: Float64Array } {
  const churn = loadChurnTable();
  const ratings = new Float64Array(size);
  const mu = new Float64Array(size);
  const phiSquared = new Float64Array(size);
  const state = new Uint8Array(size);
  for (let i = 0; i < size; i++) {
    ratings[i] = random.normal(1500, 300);
    const rd = random.uniform(40, 150);
    mu[i] = (ratings[i]! - 1500) / GLICKO2_SCALE;
    phiSquared[i] = (rd / GLICKO2_SCALE) ** 2;
    state[i] = 3 * random.weightedIndex(HISTORY_WEIGHTS) + random.weightedIndex(HISTORY_WEIGHTS);
  }
  const decisive = 1 - DRAW_PROBABILITY;
  const cost = (i: number, j: number): number => {
    const ci = 3 * state[i]!;
    const cj = 3 * state[j]!;
    const p = glicko2Expected(mu[i]!, mu[j]!, glicko2G(Math.sqrt(phiSquared[i]! + phiSquared[j]!)));
    return (
      decisive * p * (churn[ci]! + churn[cj + 2]!) +
      DRAW_PROBABILITY * (churn[ci + 1]! + churn[cj + 1]!) +
      decisive * (1 - p) * (churn[ci + 2]! + churn[cj]!)
    );
  };
  return { cost, ratings };
}

/** A seeded instance of `kind` with `size` tickets. */
export function generateInstance(kind: InstanceKind, size: number, seed: number): MatchingInstance {
  const random = Random.fromSeed(seed * 1_000_003 + size);
  const costs = new Float64Array(size * size);
  if (kind === 'uniform') {
    for (let i = 0; i < size; i++) {
      for (let j = i + 1; j < size; j++) {
        const c = random.next();
        costs[i * size + j] = c;
        costs[j * size + i] = c;
      }
    }
    return { kind, size, seed, costs, ratings: undefined };
  }
  const { cost, ratings } = eommPool(random, size);
  for (let i = 0; i < size; i++) {
    for (let j = i + 1; j < size; j++) {
      const c = cost(i, j);
      costs[i * size + j] = c;
      costs[j * size + i] = c;
    }
  }
  return { kind, size, seed, costs, ratings };
}

/** The instance as "n m" + "i j cost" lines (complete graph), for native solvers. */
export function toEdgeListText(instance: MatchingInstance): string {
  const { size, costs } = instance;
  const lines = [`${size} ${(size * (size - 1)) / 2}`];
  for (let i = 0; i < size; i++)
    for (let j = i + 1; j < size; j++) lines.push(`${i} ${j} ${costs[i * size + j]}`);
  return `${lines.join('\n')}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url) && import.meta.url.includes('matching-instances')) {
  const [kind, size, seed, out] = process.argv.slice(2);
  if ((kind !== 'uniform' && kind !== 'eomm') || size === undefined || out === undefined) {
    console.error('usage: matching-instances.ts uniform|eomm <size> <seed> <out-file>');
    process.exit(2);
  }
  writeFileSync(out, toEdgeListText(generateInstance(kind, Number(size), Number(seed ?? 1))));
}

/**
 * The same two kinds as a cost function over O(n) state, for pools too large for a matrix
 * (a 10,000-ticket matrix would take 800 MB). Uniform costs come from a hash of (i, j, seed).
 */
export function generateCostFunction(
  kind: InstanceKind,
  size: number,
  seed: number,
): { readonly cost: (i: number, j: number) => number; readonly ratings: Float64Array | undefined } {
  if (kind === 'uniform') {
    const salt = Math.imul(seed, 0x9e3779b1);
    const cost = (i: number, j: number): number => {
      let h = Math.imul(i ^ salt, 0x85ebca6b) ^ Math.imul(j + 0x632be5ab, 0xc2b2ae35);
      h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
      h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
      return ((h ^ (h >>> 15)) >>> 0) / 4294967296;
    };
    return { cost, ratings: undefined };
  }
  return eommPool(Random.fromSeed(seed * 1_000_003 + size), size);
}
