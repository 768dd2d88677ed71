/**
 * Minimum-cost perfect matching on a sparse graph by Edmonds' primal-dual blossom algorithm.
 *
 * Source: the O(n^3) formulation of Galil ("Efficient algorithms for finding maximum matching in
 * graphs", 1986) as implemented by Joris van Rantwijk's mwmatching.py (the algorithm networkx's
 * max_weight_matching also uses), here on typed arrays, in the minimum-cost perfect-matching form
 * (maximum cardinality, weights = -costs), started from a caller's feasible duals and partial
 * matching on tight edges (the greedy jump-start of dual-init.ts) instead of from scratch.
 * Complexity: O(n) stages at most (one per augmentation left after the jump-start), each O(n + m)
 * for labelling plus O(n) per dual adjustment; O(n^3) on a dense graph.
 * Validation: brute force on every pool up to 12 vertices, networkx and edmonds-blossom agreement,
 * and the dual certificate (certificate.ts) on every solve in the tests.
 *
 * Internal dual scale (van Rantwijk's): dual[v] = -2 y_v for vertices and dual[b] = z_B for blossoms,
 * so that an edge's slack is dual[i] + dual[j] + 2 c_ij = 2 (c_ij - y_i - y_j) between top-level blossoms.
 */

import { expandBlossom } from './blossom-expand.ts';
import { BlossomState } from './blossom-state.ts';

/** A sparse graph with costs, and an optional jump-start. */
export interface BlossomInput {
  readonly vertexCount: number;
  readonly edgeFrom: Int32Array;
  readonly edgeTo: Int32Array;
  readonly edgeCost: Float64Array;
  /** Feasible duals y (c_ij - y_i - y_j >= 0 on every edge); default: half the cheapest incident edge. */
  readonly initialDuals?: Float64Array;
  /** Edge indices of a matching on tight edges under initialDuals. */
  readonly initialMatchedEdges?: Int32Array;
}

/** A perfect matching (or the largest one found when none exists) with its duals. */
export interface BlossomOutput {
  /** mate[v] = partner vertex or -1. */
  readonly mate: Int32Array;
  /** y_v. */
  readonly vertexDuals: Float64Array;
  /** Blossoms with a positive dual: members ascending, dual z_B. */
  readonly blossoms: Array<{ members: number[]; dual: number }>;
  readonly augmentations: number;
}

/** Runs the blossom algorithm to a maximum-cardinality minimum-cost matching (perfect when one exists). */
export function solveBlossom(input: BlossomInput): BlossomOutput {
  const state = new BlossomState(input);
  let augmentations = 0;
  for (let stage = 0; stage < state.n; stage++) {
    if (!runStage(state)) break;
    augmentations++;
  }
  return { ...state.extract(), augmentations };
}

/** One stage: grow alternating trees from every free vertex until one augmentation. */
function runStage(s: BlossomState): boolean {
  const n = s.n;
  s.label.fill(0);
  s.bestEdge.fill(-1);
  for (let b = n; b < 2 * n; b++) s.blossomBestEdges[b] = undefined;
  s.allowEdge.fill(0);
  s.queue.length = 0;
  let free = 0;
  for (let v = 0; v < n; v++) {
    if (s.mate[v] === -1 && s.label[s.inBlossom[v]!] === 0) {
      s.assignLabel(v, 1, -1);
      free++;
    }
  }
  if (free === 0) return false;
  let augmented = false;
  for (;;) {
    augmented = scanQueue(s);
    if (augmented) break;
    if (!adjustDuals(s)) break;
  }
  if (augmented) {
    // Blossoms whose dual fell to zero are no longer needed; expanding them keeps the structure small.
    for (let b = n; b < 2 * n; b++) {
      if (s.blossomParent[b] === -1 && s.blossomBase[b]! >= 0 && s.label[b] === 1 && s.dual[b] === 0) {
        expandBlossom(s, b, true);
      }
    }
  }
  return augmented;
}

/** Scans S-vertices' edges; grows trees, makes blossoms, or augments (then returns true). */
function scanQueue(s: BlossomState): boolean {
  const { endpoint, neighStart, neighEnd, inBlossom, label, allowEdge, bestEdge, labelEnd, queue } = s;
  while (queue.length > 0) {
    const v = queue.pop()!;
    for (let q = neighStart[v]!, qEnd = neighStart[v + 1]!; q < qEnd; q++) {
      const p = neighEnd[q]!;
      const k = p >> 1;
      const w = endpoint[p]!;
      const bw = inBlossom[w]!;
      // Re-read: a blossom formed while scanning v may now contain both ends.
      if (inBlossom[v] === bw) continue;
      let kSlack = 0;
      if (allowEdge[k] === 0) {
        kSlack = s.slack(k);
        if (kSlack <= 0) allowEdge[k] = 1;
      }
      if (allowEdge[k] === 1) {
        const lw = label[bw]!;
        if (lw === 0) {
          s.assignLabel(w, 2, p ^ 1);
        } else if (lw === 1) {
          const base = s.scanBlossom(v, w);
          if (base >= 0) {
            s.addBlossom(base, k);
          } else {
            s.augmentMatching(k);
            return true;
          }
        } else if (label[w] === 0) {
          // w is inside a T-blossom but not yet labelled itself: remember how it was reached.
          label[w] = 2;
          labelEnd[w] = p ^ 1;
        }
      } else if (label[bw] === 1) {
        const b = inBlossom[v]!;
        if (bestEdge[b] === -1 || kSlack < s.slack(bestEdge[b]!)) bestEdge[b] = k;
      } else if (label[w] === 0) {
        if (bestEdge[w] === -1 || kSlack < s.slack(bestEdge[w]!)) bestEdge[w] = k;
      }
    }
  }
  return false;
}

/**
 * Finds the largest dual change that keeps feasibility, applies it, and acts on the constraint that
 * became tight. Returns false when no change is possible (no augmenting path: no perfect matching).
 */
function adjustDuals(s: BlossomState): boolean {
  const n = s.n;
  const { inBlossom, label, bestEdge, blossomParent, blossomBase, dual } = s;
  let deltaType = -1;
  let delta = 0;
  let deltaEdge = -1;
  let deltaBlossom = -1;
  for (let v = 0; v < n; v++) {
    if (label[inBlossom[v]!] === 0 && bestEdge[v] !== -1) {
      const d = s.slack(bestEdge[v]!);
      if (deltaType === -1 || d < delta) {
        delta = d;
        deltaType = 2;
        deltaEdge = bestEdge[v]!;
      }
    }
  }
  for (let b = 0; b < 2 * n; b++) {
    if (blossomParent[b] === -1 && label[b] === 1 && bestEdge[b] !== -1) {
      const d = s.slack(bestEdge[b]!) / 2;
      if (deltaType === -1 || d < delta) {
        delta = d;
        deltaType = 3;
        deltaEdge = bestEdge[b]!;
      }
    }
  }
  for (let b = n; b < 2 * n; b++) {
    if (blossomBase[b]! >= 0 && blossomParent[b] === -1 && label[b] === 2) {
      if (deltaType === -1 || dual[b]! < delta) {
        delta = dual[b]!;
        deltaType = 4;
        deltaBlossom = b;
      }
    }
  }
  if (deltaType === -1) return false;
  // Rounding can make a slack a hair below zero; a negative step would break feasibility elsewhere.
  if (delta < 0) delta = 0;
  for (let v = 0; v < n; v++) {
    const l = label[inBlossom[v]!];
    if (l === 1) dual[v] = dual[v]! - delta;
    else if (l === 2) dual[v] = dual[v]! + delta;
  }
  for (let b = n; b < 2 * n; b++) {
    if (blossomBase[b]! >= 0 && blossomParent[b] === -1) {
      if (label[b] === 1) dual[b] = dual[b]! + delta;
      else if (label[b] === 2) dual[b] = dual[b]! - delta;
    }
  }
  if (deltaType === 2) {
    s.allowEdge[deltaEdge] = 1;
    let i = s.endpoint[2 * deltaEdge]!;
    if (label[inBlossom[i]!] === 0) i = s.endpoint[2 * deltaEdge + 1]!;
    s.queue.push(i);
  } else if (deltaType === 3) {
    s.allowEdge[deltaEdge] = 1;
    s.queue.push(s.endpoint[2 * deltaEdge]!);
  } else {
    expandBlossom(s, deltaBlossom, false);
  }
  return true;
}
