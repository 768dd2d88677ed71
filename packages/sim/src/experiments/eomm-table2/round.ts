/**
 * One round of the EOMM Table 2 simulation (section 5.3): draw a pool, pair it by each method,
 * draw every match's outcome from the Glicko win probability and a fixed draw rate, draw every
 * player's churn from the churn table, and count the retained players. The expected retained count
 * (no sampling) is n minus the pairing's total EOMM cost.
 */
import {
  exactPairing,
  type Pairing,
  type PairingProblem,
  Random,
  randomPairing,
  sortedNeighbourPairing,
  worstPairing,
} from '@matchd/engine';
import type { EommTable2Params } from './params.ts';
import {
  drawTable2Pool,
  eommPairChurners,
  eommReducedProblem,
  flattenChurn,
  type Table2Pool,
  winProbabilityMatrix,
} from './pool.ts';

/** The four methods of the paper, in its order. */
export const TABLE2_METHODS = ['WorstMM', 'SkillMM', 'RandomMM', 'EOMM'] as const;
export type Table2Method = (typeof TABLE2_METHODS)[number];

/** One method's result in one round. */
export interface Table2MethodRound {
  readonly retained: number;
  readonly expectedRetained: number;
}

/** A deterministic 32-bit seed for (seed, pool size, round, stream), independent of how rounds are split. */
export function roundSeed(seed: number, poolSize: number, round: number, stream: number): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ poolSize ^ (h >>> 13), 0xc2b2ae35);
  h = Math.imul(h ^ round ^ (h >>> 16), 0x27d4eb2f);
  h = Math.imul(h ^ stream ^ (h >>> 15), 0x165667b1);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Pairs a pool by one method. */
export function pairByMethod(input: {
  readonly method: Table2Method;
  /**
   * The EOMM costs with per-player constants moved out (see eommReducedProblem): the same optimum as
   * the expected churners per pair, for the exact solver; the baselines read only its size.
   */
  readonly reducedProblem: PairingProblem;
  readonly ratings: Float64Array;
  readonly random: Random;
}): Pairing {
  switch (input.method) {
    case 'RandomMM':
      return randomPairing(input.reducedProblem, input.random);
    case 'SkillMM':
      return sortedNeighbourPairing(input.reducedProblem, input.ratings);
    case 'EOMM':
      return exactPairing(input.reducedProblem, { method: 'sparse', relaxation: 'dense' });
    case 'WorstMM':
      return worstPairing(input.reducedProblem, { method: 'sparse', relaxation: 'dense' });
  }
}

/**
 * A pairing's pairs in one order whatever the solver's: each pair as (lower, higher) index, pairs
 * by their lower index. Outcomes and churn are drawn pair by pair from one random stream, so the
 * sampled counts then depend only on which pairs the method chose, not on the order in which a
 * solver happens to list them (a faster blossom that finds the same pairing in another order
 * changed the recorded WorstMM and EOMM counts, 51.29 to 51.31, before this).
 */
export function canonicalPairs(pairs: readonly (readonly [number, number])[]): [number, number][] {
  return pairs.map(([i, j]): [number, number] => (i < j ? [i, j] : [j, i])).sort((a, b) => a[0] - b[0]);
}

/**
 * Plays a pairing's matches: each match's outcome from the win probability and the draw rate, each
 * player's churn from the churn table, drawn from `random` pair by pair in the canonical order;
 * and the expected count (no sampling).
 */
export function sampleRetained(input: {
  readonly pool: Table2Pool;
  /** Win probabilities, row-major (`p[i * size + j]`: i beats j). */
  readonly p: Float64Array;
  readonly churn: Float64Array;
  readonly drawProbability: number;
  readonly pairs: readonly (readonly [number, number])[];
  readonly random: Random;
}): Table2MethodRound {
  const { pool, p, churn, random } = input;
  const d = input.drawProbability;
  const poolSize = pool.size;
  let expectedChurners = 0;
  let churners = 0;
  for (const [i, j] of canonicalPairs(input.pairs)) {
    const pij = p[i * poolSize + j] as number;
    const stateI = pool.historyState[i] as number;
    const stateJ = pool.historyState[j] as number;
    expectedChurners += eommPairChurners(churn, stateI, stateJ, pij, d);
    const u = random.next();
    // Outcome of i: 0 win, 1 draw, 2 loss; j gets the opposite.
    const outcomeI = u < (1 - d) * pij ? 0 : u < (1 - d) * pij + d ? 1 : 2;
    const outcomeJ = 2 - outcomeI;
    if (random.bernoulli(churn[stateI * 3 + outcomeI] as number)) churners++;
    if (random.bernoulli(churn[stateJ * 3 + outcomeJ] as number)) churners++;
  }
  // An odd pool leaves one player out: they play no match this round and count as retained.
  return { retained: poolSize - churners, expectedRetained: poolSize - expectedChurners };
}

/** Runs one round for every method on the same pool; results in TABLE2_METHODS order. */
export function runTable2Round(input: {
  readonly params: EommTable2Params;
  readonly poolSize: number;
  readonly seed: number;
  readonly round: number;
  readonly methods?: readonly Table2Method[];
}): Table2MethodRound[] {
  const { params, poolSize, seed, round } = input;
  const methods = input.methods ?? TABLE2_METHODS;
  const pool = drawTable2Pool(params, poolSize, Random.fromSeed(roundSeed(seed, poolSize, round, 0)));
  const churn = flattenChurn(params);
  const p = winProbabilityMatrix(pool);
  const d = params.drawProbability;
  const reduced = eommReducedProblem(pool, p, churn, d);
  const reducedProblem: PairingProblem = { size: poolSize, ...reduced };
  return methods.map((method) => {
    const stream = TABLE2_METHODS.indexOf(method) + 1;
    const random = Random.fromSeed(roundSeed(seed, poolSize, round, stream));
    const pairing = pairByMethod({ method, reducedProblem, ratings: pool.ratings, random });
    return sampleRetained({ pool, p, churn, drawProbability: d, pairs: pairing.pairs, random });
  });
}
