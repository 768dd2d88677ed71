/**
 * The LP relaxation of a pairing (perfect matching without odd-set constraints) solved densely and
 * exactly, as the assignment problem on the bipartite double cover of the complete augmented graph.
 *
 * Two stages. Bertsekas' auction with epsilon-scaling ("The auction algorithm: a distributed
 * relaxation method for the assignment problem", 1988) brings the column prices near the optimum;
 * Jonker and Volgenant's shortest augmenting paths ("A shortest augmenting path algorithm for dense
 * and sparse linear assignment problems", 1987), dense rows and no heap, then finish exactly from
 * those prices. Why both: EOMM's expected-churn costs are near-degenerate and every strong player
 * wants the same few partners; from cold prices JV settles most columns on every path (measured at 500
 * players: 433 paths, 128 ms), while the auction's epsilon keeps each bid's raise from vanishing, and
 * from its prices (after JV's row reduction) about a hundred short paths are left (auction + JV:
 * about 20 ms).
 * Validation: exact-pairing's brute-force and certificate tests run every solver through this path,
 * and dense-assignment.test.ts checks it against brute force and the sparse relaxation.
 * Every whole-row read goes through row-scan.ts (WebAssembly SIMD kernels): rows are read as
 * reduced costs cost[i][j] + price[j], with price = -v, the auction's column prices.
 */

import type { AssignmentState } from './fractional-start.ts';
import { augmentedRow, type PreparedProblem } from './prepared-problem.ts';
import type { RowScanWorkspace } from './row-scan.ts';

/**
 * Pools up to this many vertices have their relaxation solved densely: the augmented matrix takes
 * 8 n^2 bytes (32 MiB at this limit), the bound of prepared-problem.ts's cache of function-given costs.
 */
export const DENSE_RELAXATION_LIMIT = 2048;

/** Where the auction stops, relative to the largest cost: measured best at 500 EOMM players (1e-3 to 3e-4). */
const AUCTION_FINAL_EPSILON = 5e-4;

/** Writes the row-major augmented costs of every pair into `matrix` (+Infinity on the diagonal). */
export function fillAugmentedMatrix(problem: PreparedProblem, matrix: Float64Array): void {
  const n = problem.vertexCount;
  for (let i = 0; i < n; i++) augmentedRow(problem, i, matrix.subarray(i * n, (i + 1) * n));
}

/**
 * An optimal assignment of the workspace's n x n matrix (row-major; +Infinity marks a forbidden arc)
 * with potentials u, v such that cost[i][j] - u_i - v_j >= 0 everywhere and = 0 on the assignment.
 * Requires a perfect assignment of finite cost (true of any augmented pairing matrix with n >= 2,
 * whose only infinite entries are the diagonal). Uses the workspace's prices as scratch.
 */
export function solveDenseAssignment(scan: RowScanWorkspace): AssignmentState {
  const { n, matrix: cost, price } = scan;
  let scale = 0;
  for (let k = 0; k < n * n; k++) {
    const c = cost[k]!;
    if (c !== Number.POSITIVE_INFINITY && Math.abs(c) > scale) scale = Math.abs(c);
  }
  price.fill(0);
  auctionPrices(scan, scale);
  const columnOf = new Int32Array(n).fill(-1);
  const rowOf = new Int32Array(n).fill(-1);
  const freeRows = greedyOnLeastPrices(scan, columnOf, rowOf);
  let freeCount = freeRows.length;
  for (let pass = 0; pass < 2 && freeCount > 0; pass++) {
    freeCount = augmentingRowReduction(scan, columnOf, rowOf, freeRows, freeCount);
  }
  for (let j = 0; j < n; j++) scan.bias[j] = rowOf[j] === -1 ? 0 : Number.POSITIVE_INFINITY;
  const settled = new Int32Array(n);
  const settledDistance = new Float64Array(n);
  for (let f = 0; f < freeCount; f++) {
    augmentFrom(scan, columnOf, rowOf, freeRows[f]!, settled, settledDistance);
  }
  // u_i = least reduced price of row i: feasible by construction, and tight on the assigned arc.
  const u = new Float64Array(n);
  const v = new Float64Array(n);
  for (let i = 0; i < n; i++) u[i] = scan.least(i);
  for (let j = 0; j < n; j++) v[j] = -price[j]!;
  return { rowDuals: u, columnDuals: v, columnOf };
}

/** The first column of row i at reduced price `value` that no row holds, or -1. */
function firstFreeColumnAt(scan: RowScanWorkspace, i: number, value: number, rowOf: Int32Array): number {
  const { n, matrix, price } = scan;
  const row = i * n;
  for (let j = 0; j < n; j++) {
    if (rowOf[j] === -1 && matrix[row + j]! + price[j]! === value) return j;
  }
  return -1;
}

/** Each row, in order, takes a column of least reduced price that no row holds yet; returns the rest. */
function greedyOnLeastPrices(scan: RowScanWorkspace, columnOf: Int32Array, rowOf: Int32Array): Int32Array {
  const free: number[] = [];
  for (let i = 0; i < scan.n; i++) {
    const least = scan.bestTwo(i);
    let taken = scan.bestColumn;
    if (rowOf[taken] !== -1) taken = scan.second === least ? firstFreeColumnAt(scan, i, least, rowOf) : -1;
    if (taken === -1) {
      free.push(i);
    } else {
      rowOf[taken] = i;
      columnOf[i] = taken;
    }
  }
  return Int32Array.from(free);
}

/**
 * One pass of augmenting row reduction (an auction): each free row bids for its best column at a
 * price that leaves it indifferent to its second best, evicting the holder, who bids next. Returns
 * how many rows are still free (at the front of `freeRows`). The bids are capped so that near-ties
 * cannot start a long war of tiny raises; the shortest-path phase finishes whatever is left.
 */
function augmentingRowReduction(
  scan: RowScanWorkspace,
  columnOf: Int32Array,
  rowOf: Int32Array,
  freeRows: Int32Array,
  freeCount: number,
): number {
  const { n, price } = scan;
  let cursor = 0;
  let stillFree = 0;
  let budget = 4 * n;
  const pending = freeRows.slice(0, freeCount);
  while (cursor < freeCount) {
    const i = pending[cursor++]!;
    const best = scan.bestTwo(i);
    const second = scan.second;
    let column = scan.bestColumn;
    let holder = rowOf[column]!;
    const strict = best < second && second !== Number.POSITIVE_INFINITY;
    if (strict) {
      price[column] = price[column]! + (second - best);
    } else if (holder !== -1 && second === best) {
      // A tie: take a tied column nobody holds, if there is one.
      const free = firstFreeColumnAt(scan, i, best, rowOf);
      if (free !== -1) {
        column = free;
        holder = -1;
      }
    }
    rowOf[column] = i;
    columnOf[i] = column;
    if (holder !== -1) {
      columnOf[holder] = -1;
      if (strict && budget-- > 0) {
        // The evicted row bids at once: the price just rose, so it will not take the same column back.
        pending[--cursor] = holder;
      } else {
        freeRows[stillFree++] = holder;
      }
    }
  }
  return stillFree;
}

/**
 * Augments from `freeRow` along a shortest path of reduced costs to a free column (a dense Dijkstra
 * over columns, one row relaxed per step by the workspace's kernel), then lowers the prices of the
 * columns settled before it by their distance's shortfall so that every reduced cost stays >= 0
 * (JV's update). Ties: a free column at the least distance ends the search before any row is read.
 */
function augmentFrom(
  scan: RowScanWorkspace,
  columnOf: Int32Array,
  rowOf: Int32Array,
  freeRow: number,
  settled: Int32Array,
  settledDistance: Float64Array,
): void {
  const { n, matrix, price, dist, pred, bias } = scan;
  dist.fill(Number.POSITIVE_INFINITY);
  let least = scan.relax(freeRow, 0);
  let settledCount = 0;
  for (;;) {
    if (least === Number.POSITIVE_INFINITY) throw new Error('dense assignment: no augmenting path');
    if (scan.freeLeast === least) break;
    const column = scan.leastColumn;
    settled[settledCount] = column;
    settledDistance[settledCount++] = least;
    dist[column] = Number.NEGATIVE_INFINITY;
    const i = rowOf[column]!;
    least = scan.relax(i, matrix[i * n + column]! + price[column]! - least);
  }
  for (let k = 0; k < settledCount; k++) {
    const j = settled[k]!;
    price[j] = price[j]! - (settledDistance[k]! - least);
  }
  let end = scan.freeColumn;
  bias[end] = Number.POSITIVE_INFINITY;
  for (;;) {
    const i = pred[end]!;
    rowOf[end] = i;
    const previous = columnOf[i]!;
    columnOf[i] = end;
    if (i === freeRow) break;
    end = previous;
  }
}

/** How much epsilon shrinks per auction phase (Bertsekas suggests 4 to 10). */
const EPSILON_REDUCTION = 5;

/**
 * Column prices near the optimum by Bertsekas' auction with epsilon-scaling (Gauss-Seidel bids):
 * each unassigned row bids for its best column, raising its price by the margin to the second best
 * plus epsilon; epsilon shrinks by EPSILON_REDUCTION per phase down to the final epsilon. Leaves the
 * prices in the workspace (JV column duals v = -price) for solveDenseAssignment to finish exactly.
 */
function auctionPrices(scan: RowScanWorkspace, scale: number): void {
  const { n, matrix: cost, price } = scan;
  // A zero scale (all costs equal) still needs epsilon > 0, or tied bids would never end.
  const finalEpsilon = scale > 0 ? scale * AUCTION_FINAL_EPSILON : 1;
  const columnOf = new Int32Array(n).fill(-1);
  const rowOf = new Int32Array(n).fill(-1);
  const queue = new Int32Array(n);
  let epsilon = Math.max(finalEpsilon, scale / 4);
  for (;;) {
    // Keep assignments that satisfy epsilon-complementary slackness at the new epsilon.
    let tail = 0;
    for (let i = 0; i < n; i++) {
      const held = columnOf[i]!;
      if (held === -1) {
        queue[tail++] = i;
        continue;
      }
      if (cost[i * n + held]! + price[held]! > scan.least(i) + epsilon) {
        columnOf[i] = -1;
        rowOf[held] = -1;
        queue[tail++] = i;
      }
    }
    let head = 0;
    let waiting = tail;
    while (waiting > 0) {
      const i = queue[head]!;
      head = head + 1 === n ? 0 : head + 1;
      waiting--;
      const best = scan.bestTwo(i);
      const second = scan.second;
      const bestColumn = scan.bestColumn;
      // A row with a single finite column (n = 2) bids just epsilon: there is no second to beat.
      const margin = second === Number.POSITIVE_INFINITY ? 0 : second - best;
      price[bestColumn] = price[bestColumn]! + margin + epsilon;
      const evicted = rowOf[bestColumn]!;
      rowOf[bestColumn] = i;
      columnOf[i] = bestColumn;
      if (evicted !== -1) {
        columnOf[evicted] = -1;
        let at = head + waiting;
        if (at >= n) at -= n;
        queue[at] = evicted;
        waiting++;
      }
    }
    if (epsilon <= finalEpsilon) break;
    epsilon = Math.max(finalEpsilon, epsilon / EPSILON_REDUCTION);
  }
}
