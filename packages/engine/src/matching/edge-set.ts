/**
 * A growable set of undirected edges (i < j) with costs, without duplicates: the candidate graph
 * of the sparse solver.
 */

import type { CostedEdges } from './dual-init.ts';

/** Candidate pairs of the sparse solver, keyed i * vertexCount + j (exact below 2^53). */
export class EdgeSet {
  readonly vertexCount: number;
  private readonly keys = new Set<number>();
  private from: number[] = [];
  private to: number[] = [];
  private cost: number[] = [];

  constructor(vertexCount: number) {
    this.vertexCount = vertexCount;
  }

  get size(): number {
    return this.from.length;
  }

  has(i: number, j: number): boolean {
    return i < j ? this.keys.has(i * this.vertexCount + j) : this.keys.has(j * this.vertexCount + i);
  }

  /** Adds edge {i, j} with its cost unless present; returns whether it was added. */
  add(i: number, j: number, cost: number): boolean {
    if (i > j) {
      const held = i;
      i = j;
      j = held;
    }
    const key = i * this.vertexCount + j;
    if (this.keys.has(key)) return false;
    this.keys.add(key);
    this.from.push(i);
    this.to.push(j);
    this.cost.push(cost);
    return true;
  }

  /** The edges as typed arrays for the solver. */
  toCostedEdges(): CostedEdges {
    return {
      vertexCount: this.vertexCount,
      edgeFrom: Int32Array.from(this.from),
      edgeTo: Int32Array.from(this.to),
      edgeCost: Float64Array.from(this.cost),
    };
  }
}
