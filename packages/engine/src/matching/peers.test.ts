/**
 * Agreement with the peers: networkx's max_weight_matching(maxcardinality=True) (python3 child
 * process; skipped with a message when python3 or networkx is missing) and the edmonds-blossom npm
 * package (a JavaScript port of van Rantwijk's mwmatching, floats accepted), on random graphs.
 * A minimum-cost pairing is their maximum-weight maximum-cardinality matching of negated costs;
 * missing edges are our forbidden pairs.
 */

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { Random } from '../random.ts';
import { verifyPairingCertificate } from './certificate.ts';
import { exactPairing } from './exact-pairing.ts';
import { randomProblem } from './test-support/random-problems.ts';
import type { PairingProblem } from './types.ts';

const require = createRequire(import.meta.url);
const edmondsBlossom = require('edmonds-blossom') as (
  edges: number[][],
  maxCardinality?: boolean,
) => number[];

/** Edges [i, j, weight] with weight = -cost (finite costs only). */
function negatedEdges(problem: PairingProblem & { costs: Float64Array }): number[][] {
  const { size, costs } = problem;
  const edges: number[][] = [];
  for (let i = 0; i < size; i++) {
    for (let j = i + 1; j < size; j++) {
      const c = costs[i * size + j]!;
      if (c !== Number.POSITIVE_INFINITY) edges.push([i, j, -c]);
    }
  }
  return edges;
}

/** Pair count and total cost of a mate array over the problem's costs. */
function summarise(mate: ArrayLike<number>, problem: PairingProblem & { costs: Float64Array }) {
  let pairs = 0;
  let cost = 0;
  for (let i = 0; i < problem.size; i++) {
    const j = mate[i] ?? -1;
    if (j > i) {
      pairs++;
      cost += problem.costs[i * problem.size + j]!;
    }
  }
  return { pairs, cost };
}

function solveOurs(problem: PairingProblem & { costs: Float64Array }) {
  const result = exactPairing(problem);
  assert.ok(verifyPairingCertificate(problem, result).ok);
  return { pairs: result.pairs.length, cost: result.pairCost };
}

const NETWORKX_SCRIPT = `
import json, sys, time
import networkx as nx
out = []
for inst in json.load(sys.stdin):
    g = nx.Graph()
    g.add_nodes_from(range(inst["n"]))
    g.add_weighted_edges_from(inst["edges"])
    m = nx.max_weight_matching(g, maxcardinality=True)
    mate = [-1] * inst["n"]
    for i, j in m:
        mate[i] = j
        mate[j] = i
    out.append(mate)
json.dump(out, sys.stdout)
`;

function networkxAvailable(): string | undefined {
  const probe = spawnSync('python3', ['-c', 'import networkx; print(networkx.__version__)'], {
    encoding: 'utf8',
  });
  if (probe.error !== undefined) return 'python3 is not installed';
  if (probe.status !== 0) return 'python3 has no networkx';
  return undefined;
}

test('agrees with networkx max_weight_matching(maxcardinality=True) on random graphs up to 160 nodes', (t) => {
  const missing = networkxAvailable();
  if (missing !== undefined) {
    t.skip(`networkx comparison skipped: ${missing}`);
    return;
  }
  const random = Random.fromSeed(51);
  const problems = [
    randomProblem(random, { size: 40, costKind: 'float' }),
    randomProblem(random, { size: 61, costKind: 'ties', withLeaveOut: false }),
    randomProblem(random, { size: 90, forbiddenShare: 0.9, costKind: 'float' }),
    randomProblem(random, { size: 160, costKind: 'mixed' }),
  ];
  const input = JSON.stringify(problems.map((p) => ({ n: p.size, edges: negatedEdges(p) })));
  const run = spawnSync('python3', ['-c', NETWORKX_SCRIPT], { input, encoding: 'utf8', maxBuffer: 1 << 26 });
  assert.equal(run.status, 0, run.stderr);
  const mates = JSON.parse(run.stdout) as number[][];
  problems.forEach((problem, index) => {
    const theirs = summarise(mates[index]!, problem);
    const ours = solveOurs(problem);
    assert.equal(ours.pairs, theirs.pairs, `size ${problem.size}: pair count`);
    assert.ok(
      Math.abs(ours.cost - theirs.cost) < 1e-9,
      `size ${problem.size}: ${ours.cost} vs networkx ${theirs.cost}`,
    );
  });
});

test('agrees with the edmonds-blossom npm package on random graphs, sparse and complete', () => {
  const random = Random.fromSeed(52);
  for (let trial = 0; trial < 24; trial++) {
    const size = 10 + random.int(110);
    const forbiddenShare = random.pick([0, 0, 0.5, 0.9]);
    const problem = randomProblem(random, {
      size,
      forbiddenShare,
      costKind: random.pick(['ties', 'float', 'mixed']),
    });
    const edges = negatedEdges(problem);
    if (edges.length === 0) continue;
    const mate = edmondsBlossom(edges, true);
    const theirs = summarise(mate, problem);
    const ours = solveOurs(problem);
    assert.equal(ours.pairs, theirs.pairs, `trial ${trial}: pair count`);
    assert.ok(Math.abs(ours.cost - theirs.cost) < 1e-9, `trial ${trial}: ${ours.cost} vs ${theirs.cost}`);
  }
});
