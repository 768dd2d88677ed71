import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Random } from '../random.ts';
import { type CostedEdges, greedyJumpStart, type JumpStart } from './dual-init.ts';
import { fractionalJumpStart } from './fractional-start.ts';

function randomGraph(random: Random, n: number, density: number): CostedEdges {
  const from: number[] = [];
  const to: number[] = [];
  const cost: number[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      // A Hamiltonian path (j = i + 1) keeps a perfect matching; the rest is random.
      if (j === i + 1 || random.bernoulli(density)) {
        from.push(i);
        to.push(j);
        cost.push(random.bernoulli(0.5) ? random.int(4) : random.uniform(0, 3));
      }
    }
  }
  return {
    vertexCount: n,
    edgeFrom: Int32Array.from(from),
    edgeTo: Int32Array.from(to),
    edgeCost: Float64Array.from(cost),
  };
}

/** Duals feasible on every edge, matched edges tight and vertex-disjoint. */
function assertValidStart(graph: CostedEdges, start: JumpStart): void {
  const y = start.duals;
  for (let k = 0; k < graph.edgeFrom.length; k++) {
    const rc = graph.edgeCost[k]! - y[graph.edgeFrom[k]!]! - y[graph.edgeTo[k]!]!;
    assert.ok(rc >= -1e-9, `edge ${k} infeasible: ${rc}`);
  }
  const used = new Set<number>();
  for (const k of start.matchedEdges) {
    const rc = graph.edgeCost[k]! - y[graph.edgeFrom[k]!]! - y[graph.edgeTo[k]!]!;
    assert.ok(Math.abs(rc) <= 1e-9, `matched edge ${k} not tight: ${rc}`);
    for (const v of [graph.edgeFrom[k]!, graph.edgeTo[k]!]) {
      assert.ok(!used.has(v), `vertex ${v} matched twice`);
      used.add(v);
    }
  }
}

test('greedy and fractional jump-starts give feasible duals and matchings on tight edges', () => {
  const random = Random.fromSeed(61);
  for (let trial = 0; trial < 30; trial++) {
    const n = 2 * (2 + random.int(40));
    const graph = randomGraph(random, n, random.pick([0.1, 0.5, 1]));
    assertValidStart(graph, greedyJumpStart(graph, 1e-12));
    const fractional = fractionalJumpStart(graph);
    assert.ok(fractional !== undefined);
    assertValidStart(graph, fractional);
    // The relaxation's optimum leaves one vertex per odd cycle: far fewer free than greedy in general.
    assert.ok(2 * fractional.matchedEdges.length >= n / 2);
    // Warm start from its own assignment on the same edges changes nothing.
    const again = fractionalJumpStart(graph, fractional.assignment);
    assert.ok(again !== undefined);
    assert.deepEqual(Array.from(again.assignment.columnOf), Array.from(fractional.assignment.columnOf));
  }
});
