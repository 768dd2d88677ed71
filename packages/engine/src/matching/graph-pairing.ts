/**
 * Exact minimum-cost pairing over a given candidate graph, for pools too large to price every pair
 * (a 10,000-ticket round has 50 million pairs, almost all of them forbidden by ping caps and
 * thresholds): only the listed pairs may be paired, each ticket may be left out at its leave-out cost,
 * and the result minimises the pairs' costs plus the left-out tickets' costs.
 *
 * Reduction (the standard one for matchings with vertex penalties): a perfect matching on the doubled
 * graph. Each ticket i has a twin i'; a candidate pair {i, j} appears as {i, j} at its cost and as
 * {i', j'} at cost 0; {i, i'} costs i's leave-out cost. A pairing M with left-out set U maps to the
 * perfect matching M + M' + {i, i' : i in U} of cost c(M) + l(U); conversely, in any perfect matching
 * the tickets not matched to their twins are paired among themselves on the ticket side, and their
 * twins among themselves at cost 0, so the ticket side is a pairing of the same cost. The doubled
 * graph always has a perfect matching, so the fractional jump-start and the
 * blossom algorithm of the exact pairing (dual-init.ts, fractional-start.ts, blossom-solver.ts) solve
 * it without the big-M costs that forbidden pairs need on a complete graph.
 *
 * Leave-out costs larger than any pairing's cost difference (e.g. pool size + 1) make it pair as many
 * tickets as the graph allows first, as `exactPairing` does with forbidden pairs.
 */

import { ErrorCodes, MatchdError } from '../errors.ts';
import { solveBlossom } from './blossom-solver.ts';
import { type CostedEdges, greedyJumpStart } from './dual-init.ts';
import { fractionalJumpStart } from './fractional-start.ts';
import type { Pairing } from './types.ts';

/** A pool and the pairs it may be paired in. */
export interface GraphPairingProblem {
  /** Tickets 0..size-1. */
  readonly size: number;
  /** Candidate pairs: `pairFrom[k]` with `pairTo[k]` at `pairCost[k]` (finite). */
  readonly pairFrom: ArrayLike<number>;
  readonly pairTo: ArrayLike<number>;
  readonly pairCost: ArrayLike<number>;
  /** Cost of leaving each ticket out (finite). */
  readonly leaveOutCosts: ArrayLike<number>;
}

function invalid(path: string, message: string): MatchdError {
  return new MatchdError(ErrorCodes.INVALID_OPTION, message, { path });
}

function validate(problem: GraphPairingProblem): void {
  const { size, pairFrom, pairTo, pairCost, leaveOutCosts } = problem;
  if (!Number.isInteger(size) || size < 0) throw invalid('size', 'size must be a non-negative integer');
  if (pairTo.length !== pairFrom.length || pairCost.length !== pairFrom.length)
    throw invalid('pairCost', 'pairFrom, pairTo and pairCost must have the same length');
  if (leaveOutCosts.length !== size)
    throw invalid('leaveOutCosts', 'leaveOutCosts needs one entry per ticket');
  for (let k = 0; k < pairFrom.length; k++) {
    const i = pairFrom[k] as number;
    const j = pairTo[k] as number;
    if (!Number.isInteger(i) || !Number.isInteger(j) || i < 0 || j < 0 || i >= size || j >= size || i === j)
      throw invalid(`pairFrom[${k}]`, `pair ${k} must join two different tickets of the pool`);
    if (!Number.isFinite(pairCost[k])) throw invalid(`pairCost[${k}]`, 'pair costs must be finite');
  }
  for (let i = 0; i < size; i++) {
    if (!Number.isFinite(leaveOutCosts[i]))
      throw invalid(`leaveOutCosts[${i}]`, 'leave-out costs must be finite');
  }
}

/**
 * The minimum-cost pairing of `problem` over its candidate pairs (each ticket paired along one of
 * them, or left out at its leave-out cost). Throws MM_ERR_INVALID_OPTION on malformed input.
 */
export function graphPairing(problem: GraphPairingProblem): Pairing {
  validate(problem);
  const { size, pairFrom, pairTo, pairCost, leaveOutCosts } = problem;
  const pairs = pairFrom.length;
  // Vertices 0..size-1 are the tickets, size..2size-1 their twins.
  const edgeCount = 2 * pairs + size;
  const edgeFrom = new Int32Array(edgeCount);
  const edgeTo = new Int32Array(edgeCount);
  const edgeCost = new Float64Array(edgeCount);
  for (let k = 0; k < pairs; k++) {
    const i = pairFrom[k] as number;
    const j = pairTo[k] as number;
    edgeFrom[k] = Math.min(i, j);
    edgeTo[k] = Math.max(i, j);
    edgeCost[k] = pairCost[k] as number;
    edgeFrom[pairs + k] = size + Math.min(i, j);
    edgeTo[pairs + k] = size + Math.max(i, j);
    edgeCost[pairs + k] = 0;
  }
  for (let i = 0; i < size; i++) {
    edgeFrom[2 * pairs + i] = i;
    edgeTo[2 * pairs + i] = size + i;
    edgeCost[2 * pairs + i] = leaveOutCosts[i] as number;
  }
  const graph: CostedEdges = { vertexCount: 2 * size, edgeFrom, edgeTo, edgeCost };
  let scale = 1;
  for (let k = 0; k < edgeCount; k++) scale = Math.max(scale, Math.abs(edgeCost[k] as number));
  const start = fractionalJumpStart(graph) ?? greedyJumpStart(graph, 1e-11 * scale);
  const solved = solveBlossom({
    ...graph,
    initialDuals: start.duals,
    initialMatchedEdges: start.matchedEdges,
  });
  const mate = new Int32Array(size).fill(-1);
  for (let i = 0; i < size; i++) {
    const j = solved.mate[i] as number;
    if (j >= 0 && j < size) mate[i] = j;
  }
  const cost = new Map<number, number>();
  for (let k = 0; k < pairs; k++) {
    const key = (edgeFrom[k] as number) * size + (edgeTo[k] as number);
    cost.set(key, Math.min(cost.get(key) ?? Number.POSITIVE_INFINITY, edgeCost[k] as number));
  }
  const costOf = (i: number, j: number) => cost.get(Math.min(i, j) * size + Math.max(i, j)) as number;
  const result: [number, number][] = [];
  const unpaired: number[] = [];
  let pairCostTotal = 0;
  let leaveOutCost = 0;
  for (let i = 0; i < size; i++) {
    const j = mate[i] as number;
    if (j < 0) {
      unpaired.push(i);
      leaveOutCost += leaveOutCosts[i] as number;
    } else if (i < j) {
      result.push([i, j]);
      pairCostTotal += costOf(i, j);
    }
  }
  return { pairs: result, mate, unpaired, pairCost: pairCostTotal, leaveOutCost };
}
