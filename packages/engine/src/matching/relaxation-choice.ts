/**
 * Which relaxation starts the sparse blossom rounds when the caller leaves it to the solver ('auto').
 *
 * The priced relaxation solves on a few candidate partners per ticket and prices the rest: fast when
 * each ticket's cheapest partners are its own (uniform costs, rating gaps), slow when most tickets want
 * the same few partners (EOMM's expected churn: a pair's cost is mostly the two players' own churn), since
 * then the first candidates miss the pairs the optimum needs and every pricing round frees many rows.
 * The dense relaxation (auction, then shortest paths over every pair) does not care, but reads every
 * pair several times, which a pool of a thousand tickets or more with well-spread partners does not repay.
 *
 * The shape is read from a sample of rows: how many distinct tickets are some sampled row's cheapest
 * partner. Spread costs give nearly one distinct partner per row; concentrated costs a handful.
 * Sort keys (e.g. ratings) make the priced relaxation's first candidates nearly the optimum's pairs.
 * Measured on the benches' families (bench/results/matching-exact.md, "Relaxation choice"): dense is
 * 2-6x faster on concentrated costs at every size; on spread costs priced is faster with sort keys
 * (rating gaps: 1.8x at 500) and without them above about a thousand tickets (uniform: 1.3x at 2,000),
 * dense below (uniform: 1.3x at 500).
 */

import { DENSE_RELAXATION_LIMIT } from './dense-assignment.ts';
import { augmentedRow, type PreparedProblem } from './prepared-problem.ts';

/** Spread costs without sort keys take the dense relaxation up to this many vertices. */
export const SPREAD_DENSE_UP_TO = 1024;
/** Rows sampled for the shape. */
const SAMPLED_ROWS = 48;
/** Below this share of distinct cheapest partners among the sampled rows, the costs are concentrated. */
const CONCENTRATED_SHARE = 0.5;

/**
 * The share of distinct cheapest partners over up to SAMPLED_ROWS evenly spaced rows (forbidden pairs
 * and the dummy vertex ignored): about 1 for spread costs, small when many tickets want the same few.
 */
export function cheapestPartnerSpread(problem: PreparedProblem): number {
  const n = problem.vertexCount;
  const rows = Math.min(SAMPLED_ROWS, problem.size);
  const row = new Float64Array(n);
  const partners = new Set<number>();
  let sampled = 0;
  for (let s = 0; s < rows; s++) {
    const i = Math.floor((s * problem.size) / rows);
    augmentedRow(problem, i, row);
    let best = -1;
    let least = Number.POSITIVE_INFINITY;
    for (let j = 0; j < problem.size; j++) {
      const cost = row[j]!;
      if (j !== i && cost < least && cost < problem.forbiddenPairCost) {
        least = cost;
        best = j;
      }
    }
    if (best < 0) continue;
    sampled++;
    partners.add(best);
  }
  return sampled === 0 ? 1 : partners.size / sampled;
}

/** 'dense' or 'priced' for a sparse solve whose caller asked for 'auto'. */
export function chooseRelaxation(problem: PreparedProblem, hasSortKeys: boolean): 'dense' | 'priced' {
  const n = problem.vertexCount;
  if (n > DENSE_RELAXATION_LIMIT) return 'priced';
  if (cheapestPartnerSpread(problem) < CONCENTRATED_SHARE) return 'dense';
  return hasSortKeys || n > SPREAD_DENSE_UP_TO ? 'priced' : 'dense';
}
