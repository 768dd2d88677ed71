/**
 * Reduced costs under a dual solution, for the sparse solver's pricing loop and for the certificate:
 * rc_ij = c_ij - y_i - y_j + (sum of z_B over blossoms B containing both i and j).
 * Blossoms form a laminar family, so the blossoms containing both ends are a common prefix of the
 * two vertices' outermost-first chains; most pairs share no blossom and cost two array reads.
 */

import { type PreparedProblem, rawCost } from './prepared-problem.ts';
import type { RowScanWorkspace } from './row-scan.ts';
import type { BlossomDual } from './types.ts';

/** For each vertex, its positive-dual blossoms from outermost to innermost, with running dual sums. */
export class BlossomChains {
  private readonly start: Int32Array;
  private readonly ids: Int32Array;
  private readonly runningSum: Float64Array;

  constructor(vertexCount: number, blossoms: readonly BlossomDual[]) {
    const order = blossoms
      .map((_, b) => b)
      .sort((a, b) => blossoms[b]!.members.length - blossoms[a]!.members.length || a - b);
    const counts = new Int32Array(vertexCount + 1);
    for (const b of order) for (const v of blossoms[b]!.members) counts[v + 1]!++;
    for (let v = 0; v < vertexCount; v++) counts[v + 1]! += counts[v]!;
    this.start = counts.slice();
    this.ids = new Int32Array(counts[vertexCount]!);
    this.runningSum = new Float64Array(counts[vertexCount]!);
    const fill = counts;
    for (const b of order) {
      for (const v of blossoms[b]!.members) {
        const slot = fill[v]!++;
        this.ids[slot] = b;
        this.runningSum[slot] = (slot > this.start[v]! ? this.runningSum[slot - 1]! : 0) + blossoms[b]!.dual;
      }
    }
  }

  /**
   * Sum of z_B over the blossoms that contain both i and j. Laminarity makes the chains agree on a
   * prefix and differ ever after, so the prefix's length is found by binary search: nested blossoms
   * can be dozens deep.
   */
  common(i: number, j: number): number {
    const si = this.start[i]!;
    const sj = this.start[j]!;
    const li = this.start[i + 1]! - si;
    const lj = this.start[j + 1]! - sj;
    if (li === 0 || lj === 0 || this.ids[si] !== this.ids[sj]) return 0;
    // ids agree at depth `low` and differ (or one chain ends) at depth `high`.
    let low = 0;
    let high = Math.min(li, lj);
    while (high - low > 1) {
      const middle = (low + high) >> 1;
      if (this.ids[si + middle] === this.ids[sj + middle]) low = middle;
      else high = middle;
    }
    return this.runningSum[si + low]!;
  }

  /** True when vertex v lies in no positive-dual blossom. */
  isBare(v: number): boolean {
    return this.start[v + 1] === this.start[v];
  }
}

/** A pair whose reduced cost is below -tolerance. */
export interface Violation {
  readonly i: number;
  readonly j: number;
  readonly reducedCost: number;
  readonly cost: number;
}

/**
 * Prices every pair of the augmented problem and returns violators, at most `perRow` per row i
 * (the most negative ones), so that one round adds O(n) edges however bad the duals are.
 * `dense`, a workspace holding the augmented matrix, lets a kernel pass over each row first and
 * hand only the pairs near violation to the exact test below.
 */
export function findViolations(
  problem: PreparedProblem,
  y: Float64Array,
  chains: BlossomChains,
  options: {
    readonly absoluteTolerance: number;
    readonly perRow: number;
    readonly dense?: RowScanWorkspace | undefined;
  },
): Violation[] {
  const { size, dummyVertex, sign, leaveOut, forbiddenPairCost, matrix } = problem;
  const threshold = -options.absoluteTolerance;
  const perRow = options.perRow;
  const rowCost = new Float64Array(perRow);
  const rowRc = new Float64Array(perRow);
  const rowPartner = new Int32Array(perRow);
  const violations: Violation[] = [];
  const dense = options.dense;
  if (dense !== undefined) for (let j = 0; j < dense.n; j++) dense.shift[j] = -y[j]!;
  for (let i = 0; i < problem.vertexCount; i++) {
    let count = 0;
    const yi = y[i]!;
    const bareI = chains.isBare(i);
    const consider = (j: number, cost: number): void => {
      let rc = cost - yi - y[j]!;
      if (!bareI) rc += chains.common(i, j);
      if (rc >= threshold) return;
      if (count === perRow && rc >= rowRc[count - 1]!) return;
      let slot = count < perRow ? count++ : count - 1;
      while (slot > 0 && rowRc[slot - 1]! > rc) {
        rowRc[slot] = rowRc[slot - 1]!;
        rowCost[slot] = rowCost[slot - 1]!;
        rowPartner[slot] = rowPartner[slot - 1]!;
        slot--;
      }
      rowRc[slot] = rc;
      rowCost[slot] = cost;
      rowPartner[slot] = j;
    };
    if (i === dummyVertex) continue;
    const li = leaveOut[i]!;
    if (dense !== undefined) {
      const row = i * dense.n;
      // The kernel's sum rounds differently from the exact test; the tolerance covers that.
      const found = dense.below(i, i + 1, yi);
      for (let h = 0; h < found; h++) {
        const j = dense.hits[h]!;
        if (j === dummyVertex) continue;
        const cost = dense.matrix[row + j]!;
        if (cost - yi - y[j]! >= threshold) continue;
        consider(j, cost);
      }
    } else if (matrix !== undefined) {
      const row = i * size;
      for (let j = i + 1; j < size; j++) {
        const raw = matrix[row + j]!;
        const cost = raw === Number.POSITIVE_INFINITY ? forbiddenPairCost + li + leaveOut[j]! : sign * raw;
        // Cheap pre-test without blossoms: blossom sums only raise reduced costs.
        if (cost - yi - y[j]! >= threshold) continue;
        consider(j, cost);
      }
    } else {
      for (let j = i + 1; j < size; j++) {
        const raw = rawCost(problem, i, j);
        const cost = raw === Number.POSITIVE_INFINITY ? forbiddenPairCost + li + leaveOut[j]! : sign * raw;
        if (cost - yi - y[j]! >= threshold) continue;
        consider(j, cost);
      }
    }
    if (dummyVertex !== undefined && li - yi - y[dummyVertex]! < threshold) consider(dummyVertex, li);
    for (let s = 0; s < count; s++) {
      violations.push({ i, j: rowPartner[s]!, reducedCost: rowRc[s]!, cost: rowCost[s]! });
    }
  }
  return violations;
}
