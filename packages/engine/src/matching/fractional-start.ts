/**
 * Fractional jump-start for the blossom algorithm (the idea of Kolmogorov's Blossom V, section 5.2):
 * solve the LP relaxation without odd-set constraints exactly, as the assignment problem on the
 * bipartite double cover of the graph (row i, column j, arc cost c_ij both ways), by successive
 * shortest paths (Dijkstra on reduced costs, Jonker-Volgenant potential update) after a greedy start.
 * For symmetric costs y_v = (u_v + v_v) / 2 is then an optimal dual of the relaxation, every arc of the
 * optimal permutation is tight under y, and the permutation's cycles give a matching on tight edges
 * that covers all vertices but one per odd cycle. The blossom algorithm only has those left to do.
 * Complexity: O(k m log n) for k rows left free by the greedy start; in practice a small part of the
 * graph is explored per row.
 */

import type { CostedEdges, JumpStart } from './dual-init.ts';

/** An optimal assignment with its potentials, kept to warm-start the next solve on more edges. */
export interface AssignmentState {
  readonly rowDuals: Float64Array;
  readonly columnDuals: Float64Array;
  readonly columnOf: Int32Array;
}

/** A jump-start plus the assignment it came from. */
export interface FractionalStart extends JumpStart {
  readonly assignment: AssignmentState;
}

/**
 * Runs the fractional start; returns undefined if the graph has no perfect assignment. With `warm`
 * (the assignment of a previous solve on a subset of these edges), rows whose new arcs have negative
 * reduced cost lower their potential and give up their column; only those rows are re-augmented.
 */
export function fractionalJumpStart(graph: CostedEdges, warm?: AssignmentState): FractionalStart | undefined {
  const n = graph.vertexCount;
  const { edgeFrom, edgeTo, edgeCost } = graph;
  const m = edgeFrom.length;
  // Adjacency of the double cover: row i's arcs go to the columns of i's neighbours.
  const start = new Int32Array(n + 1);
  for (let k = 0; k < m; k++) {
    start[edgeFrom[k]! + 1]!++;
    start[edgeTo[k]! + 1]!++;
  }
  for (let v = 0; v < n; v++) start[v + 1]! += start[v]!;
  const fill = start.slice();
  const arcColumn = new Int32Array(2 * m);
  const arcCost = new Float64Array(2 * m);
  const arcEdge = new Int32Array(2 * m);
  for (let k = 0; k < m; k++) {
    const a = edgeFrom[k]!;
    const b = edgeTo[k]!;
    let q = fill[a]!++;
    arcColumn[q] = b;
    arcCost[q] = edgeCost[k]!;
    arcEdge[q] = k;
    q = fill[b]!++;
    arcColumn[q] = a;
    arcCost[q] = edgeCost[k]!;
    arcEdge[q] = k;
  }
  const u = warm ? warm.rowDuals.slice() : new Float64Array(n);
  const v = warm ? warm.columnDuals.slice() : new Float64Array(n);
  const columnOf = warm ? warm.columnOf.slice() : new Int32Array(n).fill(-1);
  const rowOf = new Int32Array(n).fill(-1);
  const arrays = { n, start, arcColumn, arcCost, u, v, columnOf, rowOf };
  if (warm) {
    for (let i = 0; i < n; i++) if (columnOf[i] !== -1) rowOf[columnOf[i]!] = i;
    repairAssignment(arrays);
  } else {
    greedyAssignment(arrays);
  }
  augmentingRowReduction(arrays);
  const dist = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
  const predRow = new Int32Array(n);
  const done = new Uint8Array(n);
  const heap = new MinHeap(n);
  const touched: number[] = [];
  const finalised: number[] = [];
  for (let root = 0; root < n; root++) {
    if (columnOf[root] !== -1) continue;
    // Dijkstra over columns from the free row `root`.
    heap.clear();
    touched.length = 0;
    finalised.length = 0;
    let row = root;
    let rowDist = 0;
    let target = -1;
    for (;;) {
      for (let q = start[row]!; q < start[row + 1]!; q++) {
        const j = arcColumn[q]!;
        if (done[j] === 1) continue;
        const d = rowDist + arcCost[q]! - u[row]! - v[j]!;
        if (d < dist[j]!) {
          if (dist[j] === Number.POSITIVE_INFINITY) touched.push(j);
          dist[j] = d;
          predRow[j] = row;
          heap.push(j, d);
        }
      }
      let j = -1;
      while (heap.size > 0) {
        const candidate = heap.pop();
        if (done[candidate] === 0) {
          j = candidate;
          break;
        }
      }
      if (j === -1) return undefined;
      done[j] = 1;
      finalised.push(j);
      if (rowOf[j] === -1) {
        target = j;
        break;
      }
      row = rowOf[j]!;
      rowDist = dist[j]!;
    }
    const total = dist[target]!;
    // Potentials (JV): finalised columns move by dist - total; their rows keep the assigned arc tight.
    for (const j of finalised) {
      if (j === target) continue;
      v[j] = v[j]! + dist[j]! - total;
      const i = rowOf[j]!;
      u[i] = u[i]! + total - dist[j]!;
    }
    u[root] = u[root]! + total;
    // Augment along predecessors.
    let j = target;
    for (;;) {
      const i = predRow[j]!;
      const previous = columnOf[i]!;
      rowOf[j] = i;
      columnOf[i] = j;
      if (i === root) break;
      j = previous;
    }
    for (const t of touched) {
      dist[t] = Number.POSITIVE_INFINITY;
      done[t] = 0;
    }
  }
  for (let i = 0; i < n; i++) if (!Number.isFinite(u[i]!) || !Number.isFinite(v[i]!)) return undefined;
  const jump = matchingFromPermutation(n, columnOf, u, v, start, arcColumn, arcEdge);
  return { ...jump, assignment: { rowDuals: u, columnDuals: v, columnOf } };
}

interface AssignmentArrays {
  readonly n: number;
  readonly start: Int32Array;
  readonly arcColumn: Int32Array;
  readonly arcCost: Float64Array;
  readonly u: Float64Array;
  readonly v: Float64Array;
  readonly columnOf: Int32Array;
  readonly rowOf: Int32Array;
}

/** Greedy start: u_i = cheapest arc of row i; assign along a zero reduced cost arc to a free column. */
function greedyAssignment(a: AssignmentArrays): void {
  const { n, start, arcColumn, arcCost, u, columnOf, rowOf } = a;
  for (let i = 0; i < n; i++) {
    let least = Number.POSITIVE_INFINITY;
    for (let q = start[i]!; q < start[i + 1]!; q++) if (arcCost[q]! < least) least = arcCost[q]!;
    u[i] = Number.isFinite(least) ? least : 0;
    for (let q = start[i]!; q < start[i + 1]!; q++) {
      const j = arcColumn[q]!;
      if (arcCost[q] === least && rowOf[j] === -1) {
        rowOf[j] = i;
        columnOf[i] = j;
        break;
      }
    }
  }
}

/**
 * Jonker and Volgenant's augmenting row reduction (an auction step): a free row takes its cheapest
 * column at the column's price v, raising that price (lowering v) by the margin to its second best,
 * and evicts the column's previous row, which then bids in turn. Every assigned row keeps a column of
 * least c_ij - v_j, so u_i = that least value leaves all reduced costs >= 0 with assigned arcs tight.
 * Cheap where Dijkstra would be slow: many rows wanting the same few columns. Bounded to a few
 * bids per row; rows still free go to the shortest-path phase.
 */
function augmentingRowReduction(a: AssignmentArrays): void {
  const { n, start, arcColumn, arcCost, u, v, columnOf, rowOf } = a;
  const free: number[] = [];
  for (let i = 0; i < n; i++) if (columnOf[i] === -1) free.push(i);
  let budget = 4 * n;
  while (free.length > 0 && budget-- > 0) {
    const i = free.pop()!;
    let best = Number.POSITIVE_INFINITY;
    let second = Number.POSITIVE_INFINITY;
    let bestColumn = -1;
    let secondColumn = -1;
    for (let q = start[i]!; q < start[i + 1]!; q++) {
      const j = arcColumn[q]!;
      const reduced = arcCost[q]! - v[j]!;
      if (reduced < second) {
        if (reduced < best) {
          second = best;
          secondColumn = bestColumn;
          best = reduced;
          bestColumn = j;
        } else if (j !== bestColumn) {
          second = reduced;
          secondColumn = j;
        }
      }
    }
    if (bestColumn === -1) {
      free.push(i);
      break;
    }
    let column = bestColumn;
    if (best < second && second !== Number.POSITIVE_INFINITY) {
      // Take the best column at a price that leaves this row indifferent to its second best.
      v[column] = v[column]! - (second - best);
    } else if (rowOf[column] !== -1 && secondColumn !== -1) {
      // A tie: prefer the tied column that does not evict anyone.
      if (rowOf[secondColumn] === -1) column = secondColumn;
    }
    const evicted = rowOf[column]!;
    rowOf[column] = i;
    columnOf[i] = column;
    if (evicted !== -1) {
      columnOf[evicted] = -1;
      free.push(evicted);
    }
  }
  // Row potentials: each row's least reduced price; assigned rows sit at it.
  for (let i = 0; i < n; i++) {
    let least = Number.POSITIVE_INFINITY;
    for (let q = start[i]!; q < start[i + 1]!; q++) {
      const reduced = arcCost[q]! - v[arcColumn[q]!]!;
      if (reduced < least) least = reduced;
    }
    u[i] = Number.isFinite(least) ? least : 0;
  }
}

/** Restores reduced costs >= 0 after arcs were added: lower u_i, and free row i if its arc loosened. */
function repairAssignment(a: AssignmentArrays): void {
  const { n, start, arcColumn, arcCost, u, v, columnOf, rowOf } = a;
  for (let i = 0; i < n; i++) {
    let least = Number.POSITIVE_INFINITY;
    let assignedRc = Number.POSITIVE_INFINITY;
    for (let q = start[i]!; q < start[i + 1]!; q++) {
      const rc = arcCost[q]! - u[i]! - v[arcColumn[q]!]!;
      if (rc < least) least = rc;
      if (arcColumn[q] === columnOf[i]) assignedRc = rc;
    }
    if (least >= 0) continue;
    u[i] = u[i]! + least;
    // The assigned arc stays only if it was (one of) the most violated, i.e. is tight again.
    if (columnOf[i] !== -1 && assignedRc - least > 1e-12 * (1 + Math.abs(u[i]!))) {
      rowOf[columnOf[i]!] = -1;
      columnOf[i] = -1;
    }
  }
}

/** Duals y = (u + v) / 2 and, per cycle of the permutation, every other arc as a matched edge. */
function matchingFromPermutation(
  n: number,
  columnOf: Int32Array,
  u: Float64Array,
  v: Float64Array,
  start: Int32Array,
  arcColumn: Int32Array,
  arcEdge: Int32Array,
): JumpStart {
  const duals = new Float64Array(n);
  for (let i = 0; i < n; i++) duals[i] = (u[i]! + v[i]!) / 2;
  const edgeBetween = (i: number, j: number): number => {
    for (let q = start[i]!; q < start[i + 1]!; q++) if (arcColumn[q] === j) return arcEdge[q]!;
    return -1;
  };
  const seen = new Uint8Array(n);
  const matched: number[] = [];
  const cycle: number[] = [];
  for (let s = 0; s < n; s++) {
    if (seen[s] === 1) continue;
    cycle.length = 0;
    for (let i = s; seen[i] === 0; i = columnOf[i]!) {
      seen[i] = 1;
      cycle.push(i);
    }
    // An odd cycle leaves its first vertex free; the rest pair along consecutive arcs.
    for (let t = cycle.length % 2; t + 1 < cycle.length; t += 2) {
      const k = edgeBetween(cycle[t]!, cycle[t + 1]!);
      if (k !== -1) matched.push(k);
    }
  }
  return { duals, matchedEdges: Int32Array.from(matched) };
}

/** A binary min-heap of (item, key) with duplicates allowed (stale entries are skipped by the caller). */
class MinHeap {
  private items: Int32Array;
  private keys: Float64Array;
  size = 0;

  constructor(capacity: number) {
    this.items = new Int32Array(Math.max(16, capacity));
    this.keys = new Float64Array(Math.max(16, capacity));
  }

  clear(): void {
    this.size = 0;
  }

  push(item: number, key: number): void {
    if (this.size === this.items.length) {
      const items = new Int32Array(this.size * 2);
      items.set(this.items);
      const keys = new Float64Array(this.size * 2);
      keys.set(this.keys);
      this.items = items;
      this.keys = keys;
    }
    let at = this.size++;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (this.keys[parent]! <= key) break;
      this.items[at] = this.items[parent]!;
      this.keys[at] = this.keys[parent]!;
      at = parent;
    }
    this.items[at] = item;
    this.keys[at] = key;
  }

  pop(): number {
    const top = this.items[0]!;
    const lastItem = this.items[--this.size]!;
    const lastKey = this.keys[this.size]!;
    let at = 0;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= this.size) break;
      if (child + 1 < this.size && this.keys[child + 1]! < this.keys[child]!) child++;
      if (this.keys[child]! >= lastKey) break;
      this.items[at] = this.items[child]!;
      this.keys[at] = this.keys[child]!;
      at = child;
    }
    this.items[at] = lastItem;
    this.keys[at] = lastKey;
    return top;
  }
}
