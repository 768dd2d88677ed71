/**
 * The candidate-graph pairing against three oracles: exhaustion over every matching of small graphs
 * (any leave-out costs), the exact pairing on the complete graph with the missing pairs forbidden,
 * and networkx's max_weight_matching(maxcardinality=True) (python3 child process; skipped with a
 * message when networkx is missing).
 */

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { isMatchdError } from '../errors.ts';
import { Random } from '../random.ts';
import { exactPairing } from './exact-pairing.ts';
import { type GraphPairingProblem, graphPairing } from './graph-pairing.ts';

interface RandomGraph extends GraphPairingProblem {
  readonly pairFrom: number[];
  readonly pairTo: number[];
  readonly pairCost: number[];
  readonly leaveOutCosts: number[];
}

/** A random graph of `size` tickets with each pair present with probability `density`. */
function randomGraph(random: Random, size: number, density: number, leaveOut: () => number): RandomGraph {
  const pairFrom: number[] = [];
  const pairTo: number[] = [];
  const pairCost: number[] = [];
  for (let i = 0; i < size; i++) {
    for (let j = i + 1; j < size; j++) {
      if (!random.bernoulli(density)) continue;
      pairFrom.push(i);
      pairTo.push(j);
      pairCost.push(Math.round(random.uniform(0, 1) * 1000) / 1000);
    }
  }
  return { size, pairFrom, pairTo, pairCost, leaveOutCosts: Array.from({ length: size }, leaveOut) };
}

/** The least pair costs plus leave-out costs over every matching of the graph, by exhaustion. */
function bruteForce(problem: RandomGraph): number {
  const cost = new Map<string, number>();
  problem.pairFrom.forEach((i, k) => {
    cost.set(`${i},${problem.pairTo[k]}`, problem.pairCost[k] as number);
  });
  const used = new Array<boolean>(problem.size).fill(false);
  const best = (from: number): number => {
    let i = from;
    while (i < problem.size && used[i]) i++;
    if (i >= problem.size) return 0;
    used[i] = true;
    let result = (problem.leaveOutCosts[i] as number) + best(i + 1);
    for (let j = i + 1; j < problem.size; j++) {
      const pair = cost.get(`${i},${j}`);
      if (used[j] || pair === undefined) continue;
      used[j] = true;
      result = Math.min(result, pair + best(i + 1));
      used[j] = false;
    }
    used[i] = false;
    return result;
  };
  return best(0);
}

test('graphPairing finds the least pair and leave-out cost of every matching of small graphs', () => {
  const random = Random.fromSeed(3);
  for (let trial = 0; trial < 200; trial++) {
    const size = 1 + random.int(12);
    const problem = randomGraph(
      random,
      size,
      random.pick([0.2, 0.5, 0.9]),
      () => Math.round(random.uniform(0, 1.2) * 100) / 100,
    );
    const result = graphPairing(problem);
    const total = result.pairCost + result.leaveOutCost;
    assert.ok(Math.abs(total - bruteForce(problem)) < 1e-9, `trial ${trial}: ${total}`);
    for (const [i, j] of result.pairs) {
      assert.ok(
        problem.pairFrom.some((from, k) => from === i && problem.pairTo[k] === j),
        'pairs only along the graph',
      );
    }
  }
});

test('with leave-out costs above any cost difference it equals the exact pairing with the other pairs forbidden', () => {
  const random = Random.fromSeed(4);
  for (let trial = 0; trial < 40; trial++) {
    const size = 20 + random.int(120);
    const overdue = Array.from({ length: size }, () => random.bernoulli(0.2));
    const graph = randomGraph(random, size, random.pick([0.02, 0.05, 0.2]), () => 0);
    const result = graphPairing({
      ...graph,
      leaveOutCosts: overdue.map((late) => size + 1 + (late ? 4 : 1)),
    });
    const costs = new Float64Array(size * size).fill(Number.POSITIVE_INFINITY);
    graph.pairFrom.forEach((i, k) => {
      const j = graph.pairTo[k] as number;
      costs[i * size + j] = graph.pairCost[k] as number;
      costs[j * size + i] = graph.pairCost[k] as number;
    });
    const exact = exactPairing({ size, costs, leaveOutCosts: overdue.map((late) => (late ? 4 : 1)) });
    assert.equal(result.pairs.length, exact.pairs.length, `trial ${trial}: pair count`);
    const leftOut = (unpaired: readonly number[]) =>
      unpaired.reduce((sum, i) => sum + (overdue[i] ? 4 : 1), 0);
    assert.ok(
      Math.abs(result.pairCost + leftOut(result.unpaired) - (exact.pairCost + exact.leaveOutCost)) < 1e-9,
      `trial ${trial}`,
    );
  }
});

test('agrees with networkx max_weight_matching(maxcardinality=True) on sparse graphs up to 400 tickets', (t) => {
  const probe = spawnSync('python3', ['-c', 'import networkx'], { encoding: 'utf8' });
  if (probe.error !== undefined || probe.status !== 0) {
    t.skip('networkx comparison skipped: python3 or networkx is missing');
    return;
  }
  const random = Random.fromSeed(5);
  const graphs = [60, 150, 400].map((size) => randomGraph(random, size, 8 / size, () => size + 1));
  const script = `
import json, sys
import networkx as nx
out = []
for g in json.load(sys.stdin):
    graph = nx.Graph()
    graph.add_nodes_from(range(g["n"]))
    graph.add_weighted_edges_from(g["edges"])
    m = nx.max_weight_matching(graph, maxcardinality=True)
    out.append(sorted([min(i, j), max(i, j)] for i, j in m))
json.dump(out, sys.stdout)
`;
  const input = JSON.stringify(
    graphs.map((graph) => ({
      n: graph.size,
      edges: graph.pairFrom.map((i, k) => [i, graph.pairTo[k], -(graph.pairCost[k] as number)]),
    })),
  );
  const run = spawnSync('python3', ['-c', script], { input, encoding: 'utf8', maxBuffer: 1 << 26 });
  assert.equal(run.status, 0, run.stderr);
  const theirs = JSON.parse(run.stdout) as [number, number][][];
  graphs.forEach((graph, index) => {
    const ours = graphPairing(graph);
    const pairs = theirs[index] as [number, number][];
    const cost = new Map(
      graph.pairFrom.map((i, k) => [`${i},${graph.pairTo[k]}`, graph.pairCost[k] as number]),
    );
    const theirCost = pairs.reduce((sum, [i, j]) => sum + (cost.get(`${i},${j}`) as number), 0);
    assert.equal(ours.pairs.length, pairs.length, `size ${graph.size}: pair count`);
    assert.ok(
      Math.abs(ours.pairCost - theirCost) < 1e-9,
      `size ${graph.size}: ${ours.pairCost} vs ${theirCost}`,
    );
  });
});

test('malformed graphs are refused naming the field', () => {
  const refuses = (problem: GraphPairingProblem, path: string) =>
    assert.throws(
      () => graphPairing(problem),
      (error) => isMatchdError(error, 'MM_ERR_INVALID_OPTION') && error.details['path'] === path,
    );
  const base = { size: 3, pairFrom: [0], pairTo: [1], pairCost: [0.5], leaveOutCosts: [1, 1, 1] };
  refuses({ ...base, pairTo: [0] }, 'pairFrom[0]');
  refuses({ ...base, pairTo: [5] }, 'pairFrom[0]');
  refuses({ ...base, pairCost: [Number.NaN] }, 'pairCost[0]');
  refuses({ ...base, leaveOutCosts: [1, 1] }, 'leaveOutCosts');
  refuses({ ...base, leaveOutCosts: [1, Number.POSITIVE_INFINITY, 1] }, 'leaveOutCosts[1]');
  assert.deepEqual(
    graphPairing({ ...base, size: 0, pairFrom: [], pairTo: [], pairCost: [], leaveOutCosts: [] }).pairs,
    [],
  );
});
