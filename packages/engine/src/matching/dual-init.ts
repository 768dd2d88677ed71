/**
 * Greedy dual jump-start for the blossom algorithm (the "greedy initialisation" of Kolmogorov's
 * Blossom V, section 5.1): feasible vertex duals, each free vertex raised until one of its edges is
 * tight, and a matching grown greedily on tight edges. Most vertices leave here matched, so the
 * O(n + m)-per-augmentation blossom stages run only for the rest. With a `guess` (duals feasible for
 * a larger graph, or nearly feasible) the duals are first lowered just enough to be feasible here.
 * The fractional start (fractional-start.ts) is better and used first; this is its fallback.
 */

/** Edges (i, j, cost) of a graph on `vertexCount` vertices. */
export interface CostedEdges {
  readonly vertexCount: number;
  readonly edgeFrom: Int32Array;
  readonly edgeTo: Int32Array;
  readonly edgeCost: Float64Array;
}

/** Feasible duals and a matching on tight edges (edge indices). */
export interface JumpStart {
  readonly duals: Float64Array;
  readonly matchedEdges: Int32Array;
}

/**
 * Computes a jump-start. `guess` are duals to start from (made feasible); `tightness` is the slack
 * treated as zero.
 */
export function greedyJumpStart(
  graph: CostedEdges,
  tightness: number,
  warm?: { readonly guess: Float64Array },
): JumpStart {
  const n = graph.vertexCount;
  const { edgeFrom, edgeTo, edgeCost } = graph;
  const m = edgeFrom.length;
  const start = new Int32Array(n + 1);
  for (let k = 0; k < m; k++) {
    start[edgeFrom[k]! + 1]!++;
    start[edgeTo[k]! + 1]!++;
  }
  for (let v = 0; v < n; v++) start[v + 1]! += start[v]!;
  const fill = start.slice();
  const adjacentEdge = new Int32Array(2 * m);
  for (let k = 0; k < m; k++) {
    adjacentEdge[fill[edgeFrom[k]!]!++] = k;
    adjacentEdge[fill[edgeTo[k]!]!++] = k;
  }
  const other = (k: number, v: number): number => (edgeFrom[k] === v ? edgeTo[k]! : edgeFrom[k]!);

  const y = new Float64Array(n);
  if (warm) {
    y.set(warm.guess);
  } else {
    y.fill(Number.POSITIVE_INFINITY);
    for (let k = 0; k < m; k++) {
      const half = edgeCost[k]! / 2;
      if (half < y[edgeFrom[k]!]!) y[edgeFrom[k]!] = half;
      if (half < y[edgeTo[k]!]!) y[edgeTo[k]!] = half;
    }
    for (let v = 0; v < n; v++) if (!Number.isFinite(y[v]!)) y[v] = 0;
  }
  // One pass makes every edge feasible: y_v only decreases here, and never changes after v's turn.
  if (warm) {
    for (let v = 0; v < n; v++) {
      let best = y[v]!;
      for (let q = start[v]!; q < start[v + 1]!; q++) {
        const k = adjacentEdge[q]!;
        const room = edgeCost[k]! - y[other(k, v)]!;
        if (room < best) best = room;
      }
      y[v] = best;
    }
  }

  const mateEdge = new Int32Array(n).fill(-1);
  for (let v = 0; v < n; v++) {
    if (mateEdge[v] !== -1) continue;
    // Raise y_v to its tightest edge, then match along a tight edge to a free vertex if there is one.
    let minSlack = Number.POSITIVE_INFINITY;
    for (let q = start[v]!; q < start[v + 1]!; q++) {
      const k = adjacentEdge[q]!;
      const slack = edgeCost[k]! - y[v]! - y[other(k, v)]!;
      if (slack < minSlack) minSlack = slack;
    }
    if (!Number.isFinite(minSlack)) continue;
    y[v] = y[v]! + minSlack;
    let chosen = -1;
    let chosenCost = Number.POSITIVE_INFINITY;
    for (let q = start[v]!; q < start[v + 1]!; q++) {
      const k = adjacentEdge[q]!;
      const w = other(k, v);
      if (mateEdge[w] !== -1) continue;
      if (edgeCost[k]! - y[v]! - y[w]! <= tightness && edgeCost[k]! < chosenCost) {
        chosen = k;
        chosenCost = edgeCost[k]!;
      }
    }
    if (chosen !== -1) {
      mateEdge[v] = chosen;
      mateEdge[other(chosen, v)] = chosen;
    }
  }
  const matched: number[] = [];
  for (let v = 0; v < n; v++)
    if (mateEdge[v] !== -1 && edgeFrom[mateEdge[v]!] === v) matched.push(mateEdge[v]!);
  return { duals: y, matchedEdges: Int32Array.from(matched) };
}
