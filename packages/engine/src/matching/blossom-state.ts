/**
 * The state of the blossom algorithm (blossom-solver.ts) and its operations on alternating trees:
 * labelling, finding a blossom or an augmenting path, shrinking a blossom, and augmenting.
 * A port of Joris van Rantwijk's mwmatching.py structures onto typed arrays: vertices are 0..n-1,
 * blossoms n..2n-1; an edge k has endpoints 2k (edgeFrom) and 2k+1 (edgeTo), and p ^ 1 is the other
 * end of endpoint p.
 */

import type { BlossomInput } from './blossom-solver.ts';

/** Arrays of the blossom algorithm for one graph, and the operations that keep them consistent. */
export class BlossomState {
  readonly n: number;
  /** endpoint[p] = vertex at endpoint p. */
  readonly endpoint: Int32Array;
  /** CSR adjacency: neighEnd[neighStart[v]..neighStart[v+1]) are the remote endpoints of v's edges. */
  readonly neighStart: Int32Array;
  readonly neighEnd: Int32Array;
  /** 2 * cost of each edge. */
  readonly twoCost: Float64Array;
  /** mate[v] = remote endpoint of v's matched edge, or -1. */
  readonly mate: Int32Array;
  /** 0 free, 1 S, 2 T (5 marks a breadcrumb during scanBlossom), for vertices and top-level blossoms. */
  readonly label: Int32Array;
  /** Endpoint through which a vertex or blossom got its label, or -1. */
  readonly labelEnd: Int32Array;
  /** Top-level blossom containing each vertex. */
  readonly inBlossom: Int32Array;
  readonly blossomParent: Int32Array;
  readonly blossomChilds: Array<number[] | undefined>;
  /** Base vertex of a blossom; -1 for unused blossom slots. */
  readonly blossomBase: Int32Array;
  /** blossomEndps[b][i] connects blossomChilds[b][i] to blossomChilds[b][i + 1]. */
  readonly blossomEndps: Array<number[] | undefined>;
  /** Least-slack edge to another S-blossom (for S-blossoms) or from an S-blossom (free vertices). */
  readonly bestEdge: Int32Array;
  /** For S-blossoms: least-slack edges to each neighbouring S-blossom. */
  readonly blossomBestEdges: Array<number[] | undefined>;
  readonly unusedBlossoms: number[];
  /** Vertices: -2 y_v; blossoms: z_B. */
  readonly dual: Float64Array;
  readonly allowEdge: Uint8Array;
  readonly queue: number[] = [];
  /** Scratch for addBlossom (kept all -1 between calls). */
  private readonly bestEdgeTo: Int32Array;
  private readonly leafStack: number[] = [];

  constructor(input: BlossomInput) {
    const n = input.vertexCount;
    const m = input.edgeFrom.length;
    this.n = n;
    this.endpoint = new Int32Array(2 * m);
    const degree = new Int32Array(n + 1);
    for (let k = 0; k < m; k++) {
      this.endpoint[2 * k] = input.edgeFrom[k]!;
      this.endpoint[2 * k + 1] = input.edgeTo[k]!;
      degree[input.edgeFrom[k]! + 1]!++;
      degree[input.edgeTo[k]! + 1]!++;
    }
    for (let v = 0; v < n; v++) degree[v + 1]! += degree[v]!;
    this.neighStart = degree.slice();
    this.neighEnd = new Int32Array(2 * m);
    const fill = degree;
    for (let k = 0; k < m; k++) {
      this.neighEnd[fill[input.edgeFrom[k]!]!++] = 2 * k + 1;
      this.neighEnd[fill[input.edgeTo[k]!]!++] = 2 * k;
    }
    this.twoCost = new Float64Array(m);
    for (let k = 0; k < m; k++) this.twoCost[k] = 2 * input.edgeCost[k]!;
    this.mate = new Int32Array(n).fill(-1);
    this.label = new Int32Array(2 * n);
    this.labelEnd = new Int32Array(2 * n).fill(-1);
    this.inBlossom = new Int32Array(n);
    for (let v = 0; v < n; v++) this.inBlossom[v] = v;
    this.blossomParent = new Int32Array(2 * n).fill(-1);
    this.blossomChilds = new Array(2 * n).fill(undefined);
    this.blossomBase = new Int32Array(2 * n).fill(-1);
    for (let v = 0; v < n; v++) this.blossomBase[v] = v;
    this.blossomEndps = new Array(2 * n).fill(undefined);
    this.bestEdge = new Int32Array(2 * n).fill(-1);
    this.blossomBestEdges = new Array(2 * n).fill(undefined);
    this.unusedBlossoms = [];
    for (let b = 2 * n - 1; b >= n; b--) this.unusedBlossoms.push(b);
    this.dual = new Float64Array(2 * n);
    this.allowEdge = new Uint8Array(m);
    this.bestEdgeTo = new Int32Array(2 * n).fill(-1);
    this.initialise(input);
  }

  private initialise(input: BlossomInput): void {
    const n = this.n;
    if (input.initialDuals) {
      for (let v = 0; v < n; v++) this.dual[v] = -2 * input.initialDuals[v]!;
    } else {
      // y_v = half of v's cheapest edge is feasible: y_i + y_j <= c_ij / 2 + c_ij / 2.
      const half = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
      for (let k = 0; k < this.twoCost.length; k++) {
        const c = this.twoCost[k]! / 4;
        const i = this.endpoint[2 * k]!;
        const j = this.endpoint[2 * k + 1]!;
        if (c < half[i]!) half[i] = c;
        if (c < half[j]!) half[j] = c;
      }
      for (let v = 0; v < n; v++) this.dual[v] = Number.isFinite(half[v]!) ? -2 * half[v]! : 0;
    }
    if (input.initialMatchedEdges) {
      for (const k of input.initialMatchedEdges) {
        this.mate[this.endpoint[2 * k]!] = 2 * k + 1;
        this.mate[this.endpoint[2 * k + 1]!] = 2 * k;
      }
    }
  }

  /** Twice the reduced cost of edge k between top-level blossoms (blossom duals not included). */
  slack(k: number): number {
    return this.dual[this.endpoint[2 * k]!]! + this.dual[this.endpoint[2 * k + 1]!]! + this.twoCost[k]!;
  }

  /** The vertices inside blossom (or vertex) b, into `out` (cleared first). */
  leaves(b: number, out: number[]): number[] {
    out.length = 0;
    if (b < this.n) {
      out.push(b);
      return out;
    }
    const stack = this.leafStack;
    stack.length = 0;
    stack.push(b);
    while (stack.length > 0) {
      const t = stack.pop()!;
      if (t < this.n) out.push(t);
      else for (const c of this.blossomChilds[t]!) stack.push(c);
    }
    return out;
  }

  /** Labels the top-level blossom of w with t (1 = S, 2 = T) reached through endpoint p. */
  assignLabel(w: number, t: number, p: number): void {
    for (;;) {
      const b = this.inBlossom[w]!;
      this.label[w] = t;
      this.label[b] = t;
      this.labelEnd[w] = p;
      this.labelEnd[b] = p;
      this.bestEdge[w] = -1;
      this.bestEdge[b] = -1;
      if (t === 1) {
        if (b < this.n) this.queue.push(b);
        else for (const v of this.leaves(b, [])) this.queue.push(v);
        return;
      }
      // A T-blossom's base is matched; its mate becomes S.
      const matePoint = this.mate[this.blossomBase[b]!]!;
      w = this.endpoint[matePoint]!;
      t = 1;
      p = matePoint ^ 1;
    }
  }

  /** Traces back from v and w: the base of a new blossom, or -1 when they lie in different trees. */
  scanBlossom(v: number, w: number): number {
    const path: number[] = [];
    let base = -1;
    while (v !== -1 || w !== -1) {
      let b = this.inBlossom[v]!;
      if ((this.label[b]! & 4) !== 0) {
        base = this.blossomBase[b]!;
        break;
      }
      path.push(b);
      this.label[b] = 5;
      if (this.labelEnd[b] === -1) {
        v = -1;
      } else {
        v = this.endpoint[this.labelEnd[b]!]!;
        b = this.inBlossom[v]!;
        v = this.endpoint[this.labelEnd[b]!]!;
      }
      if (w !== -1) {
        const held = v;
        v = w;
        w = held;
      }
    }
    for (const b of path) this.label[b] = 1;
    return base;
  }

  /** Shrinks the cycle closed by edge k through the blossoms of its ends into a new S-blossom. */
  addBlossom(base: number, k: number): void {
    let v = this.endpoint[2 * k]!;
    let w = this.endpoint[2 * k + 1]!;
    const bb = this.inBlossom[base]!;
    let bv = this.inBlossom[v]!;
    let bw = this.inBlossom[w]!;
    const b = this.unusedBlossoms.pop()!;
    this.blossomBase[b] = base;
    this.blossomParent[b] = -1;
    this.blossomParent[bb] = b;
    const path: number[] = [];
    const endps: number[] = [];
    while (bv !== bb) {
      this.blossomParent[bv] = b;
      path.push(bv);
      endps.push(this.labelEnd[bv]!);
      v = this.endpoint[this.labelEnd[bv]!]!;
      bv = this.inBlossom[v]!;
    }
    path.push(bb);
    path.reverse();
    endps.reverse();
    endps.push(2 * k);
    while (bw !== bb) {
      this.blossomParent[bw] = b;
      path.push(bw);
      endps.push(this.labelEnd[bw]! ^ 1);
      w = this.endpoint[this.labelEnd[bw]!]!;
      bw = this.inBlossom[w]!;
    }
    this.blossomChilds[b] = path;
    this.blossomEndps[b] = endps;
    this.label[b] = 1;
    this.labelEnd[b] = this.labelEnd[bb]!;
    this.dual[b] = 0;
    const leaves = this.leaves(b, []);
    for (const leaf of leaves) {
      // Former T-vertices are now S and must be scanned.
      if (this.label[this.inBlossom[leaf]!] === 2) this.queue.push(leaf);
      this.inBlossom[leaf] = b;
    }
    this.collectBestEdges(b, path);
  }

  /** Merges the children's least-slack edges to other S-blossoms into the new blossom b's list. */
  private collectBestEdges(b: number, path: number[]): void {
    const bestEdgeTo = this.bestEdgeTo;
    const touched: number[] = [];
    const scratch: number[] = [];
    const consider = (k: number): void => {
      let j = this.endpoint[2 * k + 1]!;
      if (this.inBlossom[j] === b) j = this.endpoint[2 * k]!;
      const bj = this.inBlossom[j]!;
      if (bj !== b && this.label[bj] === 1) {
        const current = bestEdgeTo[bj]!;
        if (current === -1) {
          bestEdgeTo[bj] = k;
          touched.push(bj);
        } else if (this.slack(k) < this.slack(current)) {
          bestEdgeTo[bj] = k;
        }
      }
    };
    for (const child of path) {
      const list = this.blossomBestEdges[child];
      if (list === undefined) {
        for (const leaf of this.leaves(child, scratch)) {
          for (let q = this.neighStart[leaf]!, qEnd = this.neighStart[leaf + 1]!; q < qEnd; q++) {
            consider(this.neighEnd[q]! >> 1);
          }
        }
      } else {
        for (const k of list) consider(k);
      }
      this.blossomBestEdges[child] = undefined;
      this.bestEdge[child] = -1;
    }
    const merged: number[] = [];
    let best = -1;
    let bestSlack = 0;
    for (const bj of touched) {
      const k = bestEdgeTo[bj]!;
      bestEdgeTo[bj] = -1;
      merged.push(k);
      const kSlack = this.slack(k);
      if (best === -1 || kSlack < bestSlack) {
        best = k;
        bestSlack = kSlack;
      }
    }
    this.blossomBestEdges[b] = merged;
    this.bestEdge[b] = best;
  }

  /** Swaps matched and unmatched edges on the even path inside blossom b from v to its base. */
  augmentBlossom(b: number, v: number): void {
    let t = v;
    while (this.blossomParent[t] !== b) t = this.blossomParent[t]!;
    if (t >= this.n) this.augmentBlossom(t, v);
    const childs = this.blossomChilds[b]!;
    const endps = this.blossomEndps[b]!;
    const i = childs.indexOf(t);
    let j = i;
    let jStep: number;
    let endpTrick: number;
    if ((i & 1) !== 0) {
      j -= childs.length;
      jStep = 1;
      endpTrick = 0;
    } else {
      jStep = -1;
      endpTrick = 1;
    }
    while (j !== 0) {
      j += jStep;
      t = childs.at(j)!;
      const p = endps.at(j - endpTrick)! ^ endpTrick;
      if (t >= this.n) this.augmentBlossom(t, this.endpoint[p]!);
      j += jStep;
      t = childs.at(j)!;
      if (t >= this.n) this.augmentBlossom(t, this.endpoint[p ^ 1]!);
      this.mate[this.endpoint[p]!] = p ^ 1;
      this.mate[this.endpoint[p ^ 1]!] = p;
    }
    this.blossomChilds[b] = childs.slice(i).concat(childs.slice(0, i));
    this.blossomEndps[b] = endps.slice(i).concat(endps.slice(0, i));
    this.blossomBase[b] = this.blossomBase[this.blossomChilds[b]![0]!]!;
  }

  /** Augments along the path through edge k between two S-vertices of different trees. */
  augmentMatching(k: number): void {
    for (const [start, startPoint] of [
      [this.endpoint[2 * k]!, 2 * k + 1],
      [this.endpoint[2 * k + 1]!, 2 * k],
    ] as const) {
      let s = start;
      let p = startPoint;
      for (;;) {
        const bs = this.inBlossom[s]!;
        if (bs >= this.n) this.augmentBlossom(bs, s);
        this.mate[s] = p;
        if (this.labelEnd[bs] === -1) break;
        const t = this.endpoint[this.labelEnd[bs]!]!;
        const bt = this.inBlossom[t]!;
        s = this.endpoint[this.labelEnd[bt]!]!;
        const j = this.endpoint[this.labelEnd[bt]! ^ 1]!;
        if (bt >= this.n) this.augmentBlossom(bt, j);
        this.mate[j] = this.labelEnd[bt]!;
        p = this.labelEnd[bt]! ^ 1;
      }
    }
  }

  /** The matching by vertex, y_v, and the positive-dual blossoms with their member lists. */
  extract(): {
    mate: Int32Array;
    vertexDuals: Float64Array;
    blossoms: Array<{ members: number[]; dual: number }>;
  } {
    const n = this.n;
    const mate = new Int32Array(n).fill(-1);
    const vertexDuals = new Float64Array(n);
    for (let v = 0; v < n; v++) {
      if (this.mate[v] !== -1) mate[v] = this.endpoint[this.mate[v]!]!;
      vertexDuals[v] = -this.dual[v]! / 2;
    }
    const blossoms: Array<{ members: number[]; dual: number }> = [];
    const scratch: number[] = [];
    for (let b = n; b < 2 * n; b++) {
      if (this.blossomBase[b]! >= 0 && this.dual[b]! > 0) {
        // A typed array sorts numerically without a comparator call per step: nested blossoms make
        // these lists long, and this ran a tenth of an EOMM solve with Array#sort.
        const members = Array.from(Int32Array.from(this.leaves(b, scratch)).sort());
        blossoms.push({ members, dual: this.dual[b]! });
      }
    }
    return { mate, vertexDuals, blossoms };
  }
}
