/**
 * Seeded random pairing problems for the tests: mixed integer and fractional costs (integer costs
 * make ties, which stress the blossom bookkeeping), optional forbidden pairs and leave-out costs.
 */

import type { Random } from '../../random.ts';
import type { PairingProblem } from '../types.ts';

export interface RandomProblemOptions {
  readonly size: number;
  /** Probability that a pair is forbidden (cost Infinity). */
  readonly forbiddenShare?: number;
  readonly withLeaveOut?: boolean;
  /** 'ties': small integers; 'float': uniform in [-1, 3); 'mixed': either per pair. */
  readonly costKind?: 'ties' | 'float' | 'mixed';
}

export function randomProblem(
  random: Random,
  options: RandomProblemOptions,
): PairingProblem & { costs: Float64Array } {
  const { size } = options;
  const costs = new Float64Array(size * size);
  const kind = options.costKind ?? 'mixed';
  for (let i = 0; i < size; i++) {
    for (let j = i + 1; j < size; j++) {
      let c: number;
      if (random.bernoulli(options.forbiddenShare ?? 0)) c = Number.POSITIVE_INFINITY;
      else if (kind === 'ties' || (kind === 'mixed' && random.bernoulli(0.5))) c = random.int(5);
      else c = random.uniform(-1, 3);
      costs[i * size + j] = c;
      costs[j * size + i] = c;
    }
  }
  if (!options.withLeaveOut) return { size, costs };
  const leaveOutCosts = Array.from({ length: size }, () => random.uniform(0, 2));
  return { size, costs, leaveOutCosts };
}

/** The objective exactPairing optimises, recomputed from a result's totals. */
export function objectiveValue(
  result: { pairCost: number; leaveOutCost: number },
  objective: 'min' | 'max',
): number {
  return objective === 'min' ? result.pairCost + result.leaveOutCost : result.pairCost - result.leaveOutCost;
}
