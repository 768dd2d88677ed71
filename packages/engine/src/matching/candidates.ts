/**
 * Candidate edges for the sparse solver: each ticket's nearest neighbours by a caller's sort key
 * (or, without keys, its cheapest partners), every leave-out edge of the dummy vertex, and the edges
 * of a greedy perfect matching of the augmented problem, so that the candidate graph always has a
 * perfect matching. The candidates only decide how fast the pricing loop converges, never the result.
 */

import { EdgeSet } from './edge-set.ts';
import { augmentedCost, type PreparedProblem, rawCost } from './prepared-problem.ts';

/** Builds the first candidate graph. */
export function buildCandidates(
  problem: PreparedProblem,
  perTicket: number,
  sortKeys: ArrayLike<number> | undefined,
): EdgeSet {
  const { size, vertexCount, dummyVertex } = problem;
  const edges = new EdgeSet(vertexCount);
  if (dummyVertex !== undefined) {
    for (let i = 0; i < size; i++) edges.add(i, dummyVertex, augmentedCost(problem, i, dummyVertex));
  }
  let order: number[];
  if (sortKeys !== undefined) {
    order = Array.from({ length: size }, (_, i) => i).sort((a, b) => sortKeys[a]! - sortKeys[b]! || a - b);
    const window = Math.max(1, Math.ceil(perTicket / 2));
    for (let p = 0; p < size; p++) {
      for (let d = 1; d <= window && p + d < size; d++) addAllowed(problem, edges, order[p]!, order[p + d]!);
    }
  } else {
    order = Array.from({ length: size }, (_, i) => i);
    addCheapest(problem, edges, perTicket);
  }
  addGreedyPerfectMatching(problem, edges, order);
  return edges;
}

function addAllowed(problem: PreparedProblem, edges: EdgeSet, a: number, b: number): void {
  const i = Math.min(a, b);
  const j = Math.max(a, b);
  if (rawCost(problem, i, j) !== Number.POSITIVE_INFINITY) edges.add(i, j, augmentedCost(problem, i, j));
}

/** Each ticket's `perTicket` cheapest allowed partners (one O(size^2) scan, a small sorted list per row). */
function addCheapest(problem: PreparedProblem, edges: EdgeSet, perTicket: number): void {
  const { size } = problem;
  const bestCost = new Float64Array(perTicket);
  const bestPartner = new Int32Array(perTicket);
  for (let i = 0; i < size; i++) {
    let count = 0;
    for (let j = 0; j < size; j++) {
      if (j === i) continue;
      const a = Math.min(i, j);
      const b = Math.max(i, j);
      if (rawCost(problem, a, b) === Number.POSITIVE_INFINITY) continue;
      const cost = augmentedCost(problem, a, b);
      if (count === perTicket && cost >= bestCost[count - 1]!) continue;
      let slot = count < perTicket ? count++ : count - 1;
      while (slot > 0 && bestCost[slot - 1]! > cost) {
        bestCost[slot] = bestCost[slot - 1]!;
        bestPartner[slot] = bestPartner[slot - 1]!;
        slot--;
      }
      bestCost[slot] = cost;
      bestPartner[slot] = j;
    }
    for (let s = 0; s < count; s++) addAllowed(problem, edges, i, bestPartner[s]!);
  }
}

/**
 * Greedy by cost over the candidates, then the still-free vertices paired in `order` (the dummy
 * last) with whatever their pair costs, forbidden or not: a perfect matching inside the candidates.
 */
function addGreedyPerfectMatching(problem: PreparedProblem, edges: EdgeSet, order: readonly number[]): void {
  const graph = edges.toCostedEdges();
  const byCost = Array.from({ length: graph.edgeFrom.length }, (_, k) => k).sort(
    (a, b) => graph.edgeCost[a]! - graph.edgeCost[b]!,
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
