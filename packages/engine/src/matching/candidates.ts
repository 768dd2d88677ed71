/**
 * Candidate edges for the sparse solver: each ticket's nearest neighbours by a caller's sort key
 * (or, without keys, its cheapest partners), every leave-out edge of the dummy vertex, and the edges
 * of a greedy perfect matching of the augmented problem, so that the candidate graph always has a
 * perfect matching. The candidates only decide how fast the pricing loop converges, never the result.
 */

import { EdgeSet } from './edge-set.ts';
import { LeastK } from './least-k.ts';
import { augmentedCost, augmentedRow, type PreparedProblem } from './prepared-problem.ts';

/** The first candidate graph, and duals feasible for the complete augmented graph to start from. */
export interface Candidates {
  readonly edges: EdgeSet;
  readonly duals: Float64Array;
}

/**
 * Builds the first candidate graph. Duals first: y_i = half the cheapest pair of i, then each y_i
 * raised to min_j (c_ij - y_j) (two O(n^2) passes; feasible for every pair). Without sort keys, the
 * candidates of i are its `perTicket` pairs of least reduced cost c_ij - y_i - y_j: unlike the cheapest
 * raw costs, these ignore what a ticket costs with anyone (EOMM costs are mostly the two players' own
 * churn), which would otherwise send every ticket to the same few cheap partners.
 */
export function buildCandidates(
  problem: PreparedProblem,
  perTicket: number,
  sortKeys: ArrayLike<number> | undefined,
): Candidates {
  const { size, vertexCount, dummyVertex } = problem;
  const edges = new EdgeSet(vertexCount);
  const duals = ascendDuals(problem);
  if (dummyVertex !== undefined) {
    for (let i = 0; i < size; i++) edges.add(i, dummyVertex, augmentedCost(problem, i, dummyVertex));
  }
  let order: number[];
  if (sortKeys !== undefined) {
    order = Array.from({ length: size }, (_, i) => i).sort((a, b) => sortKeys[a]! - sortKeys[b]! || a - b);
    const window = Math.max(1, Math.ceil(perTicket / 2));
    for (let p = 0; p < size; p++) {
      for (let d = 1; d <= window && p + d < size; d++) addPair(problem, edges, order[p]!, order[p + d]!);
    }
  } else {
    order = Array.from({ length: size }, (_, i) => i);
    addLeastReducedCost(problem, edges, duals, perTicket);
  }
  addGreedyPerfectMatching(problem, edges, order, duals);
  return { edges, duals };
}

function addPair(problem: PreparedProblem, edges: EdgeSet, a: number, b: number): void {
  const i = Math.min(a, b);
  const j = Math.max(a, b);
  edges.add(i, j, augmentedCost(problem, i, j));
}

/** Feasible duals for the complete augmented graph by one round of coordinate ascent. */
function ascendDuals(problem: PreparedProblem): Float64Array {
  const n = problem.vertexCount;
  const row = new Float64Array(n);
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    augmentedRow(problem, i, row);
    let least = Number.POSITIVE_INFINITY;
    for (let j = 0; j < n; j++) if (row[j]! < least) least = row[j]!;
    y[i] = Number.isFinite(least) ? least / 2 : 0;
  }
  for (let i = 0; i < n; i++) {
    augmentedRow(problem, i, row);
    let room = Number.POSITIVE_INFINITY;
    for (let j = 0; j < n; j++) {
      const slack = row[j]! - y[j]!;
      if (slack < room) room = slack;
    }
    if (Number.isFinite(room)) y[i] = room;
  }
  return y;
}

/** Each vertex's `perTicket` pairs of least reduced cost (a small sorted list per row). */
function addLeastReducedCost(
  problem: PreparedProblem,
  edges: EdgeSet,
  y: Float64Array,
  perTicket: number,
): void {
  const n = problem.vertexCount;
  const row = new Float64Array(n);
  const least = new LeastK(perTicket);
  for (let i = 0; i < n; i++) {
    if (i === problem.dummyVertex) continue;
    augmentedRow(problem, i, row);
    least.clear();
    for (let j = 0; j < n; j++) {
      if (j === i || j === problem.dummyVertex) continue;
      least.offer(row[j]! - y[j]!, j);
    }
    for (let s = 0; s < least.count; s++) addPair(problem, edges, i, least.indices[s]!);
  }
}

/**
 * Greedy by reduced cost over the candidates, then the still-free vertices paired in `order` (the dummy
 * last) with whatever their pair costs, forbidden or not: a perfect matching inside the candidates.
 */
function addGreedyPerfectMatching(
  problem: PreparedProblem,
  edges: EdgeSet,
  order: readonly number[],
  y: Float64Array,
): void {
  const graph = edges.toCostedEdges();
  const reduced = new Float64Array(graph.edgeFrom.length);
  for (let k = 0; k < reduced.length; k++) {
    reduced[k] = graph.edgeCost[k]! - y[graph.edgeFrom[k]!]! - y[graph.edgeTo[k]!]!;
  }
  const byCost = Array.from({ length: reduced.length }, (_, k) => k).sort(
    (a, b) => reduced[a]! - reduced[b]!,
  );
  const matched = new Uint8Array(problem.vertexCount);
  for (const k of byCost) {
    const i = graph.edgeFrom[k]!;
    const j = graph.edgeTo[k]!;
    if (matched[i] === 0 && matched[j] === 0) {
      matched[i] = 1;
      matched[j] = 1;
    }
  }
  const free = order.filter((v) => matched[v] === 0);
  if (problem.dummyVertex !== undefined && matched[problem.dummyVertex] === 0) free.push(problem.dummyVertex);
  for (let p = 0; p + 1 < free.length; p += 2) {
    const i = Math.min(free[p]!, free[p + 1]!);
    const j = Math.max(free[p]!, free[p + 1]!);
    edges.add(i, j, augmentedCost(problem, i, j));
  }
}
