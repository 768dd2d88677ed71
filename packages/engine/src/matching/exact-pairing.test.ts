import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { Random } from '../random.ts';
import { verifyPairingCertificate } from './certificate.ts';
import { exactPairing, worstPairing } from './exact-pairing.ts';
import { bruteForceBestPairing } from './test-support/brute-force.ts';
import { objectiveValue, randomProblem } from './test-support/random-problems.ts';
import type { ExactPairing, ExactPairingOptions, PairingProblem } from './types.ts';

/** Solves, checks the certificate, and returns the result (every solve in these tests is certified). */
function solveCertified(problem: PairingProblem, options: ExactPairingOptions = {}): ExactPairing {
  const result = exactPairing(problem, options);
  const report = verifyPairingCertificate(problem, result);
  assert.ok(report.ok, `certificate failed: ${report.violations.slice(0, 3).join('; ')}`);
  return result;
}

function assertMatchesBruteForce(
  problem: PairingProblem & { costs: Float64Array },
  options: ExactPairingOptions,
) {
  const objective = options.objective ?? 'min';
  const result = solveCertified(problem, options);
  const { size, costs } = problem;
  const best = bruteForceBestPairing(size, (i, j) => costs[i * size + j]!, problem.leaveOutCosts, objective);
  assert.equal(result.pairs.length, best.pairCount, 'pairing is not of maximum size');
  assert.ok(
    Math.abs(objectiveValue(result, objective) - best.objective) < 1e-9,
    `objective ${objectiveValue(result, objective)} vs brute force ${best.objective}`,
  );
  assert.equal(result.unpaired.length, size - 2 * best.pairCount);
}

/** The three ways to solve: dense blossom, and sparse after either relaxation. */
const SOLVERS: readonly ExactPairingOptions[] = [
  { method: 'dense' },
  { method: 'sparse', relaxation: 'priced' },
  { method: 'sparse', relaxation: 'dense' },
];

test('equals brute force on every pool size 0..12: random costs, ties, every solver, both objectives', () => {
  const random = Random.fromSeed(11);
  for (let size = 0; size <= 12; size++) {
    const trials = size <= 8 ? 12 : 4;
    for (let trial = 0; trial < trials; trial++) {
      const problem = randomProblem(random, { size, costKind: trial % 3 === 0 ? 'ties' : 'mixed' });
      for (const solver of SOLVERS) {
        const objective = trial % 2 === 0 ? 'min' : 'max';
        assertMatchesBruteForce(problem, { ...solver, objective, candidatesPerTicket: 1 + (trial % 4) });
      }
    }
  }
});

test('odd pools and leave-out costs equal brute force on every size up to 12', () => {
  const random = Random.fromSeed(12);
  for (let size = 1; size <= 12; size++) {
    for (let trial = 0; trial < (size <= 8 ? 10 : 3); trial++) {
      const problem = randomProblem(random, { size, withLeaveOut: true });
      assertMatchesBruteForce(problem, SOLVERS[trial % SOLVERS.length]!);
    }
  }
});

test('forbidden pairs: maximum size first, then least cost, equal to brute force up to 12', () => {
  const random = Random.fromSeed(13);
  for (let size = 2; size <= 12; size++) {
    for (const forbiddenShare of [0.3, 0.7, 0.9]) {
      const problem = randomProblem(random, { size, forbiddenShare, withLeaveOut: size % 3 === 0 });
      assertMatchesBruteForce(problem, { method: size % 2 === 0 ? 'sparse' : 'dense' });
      assertMatchesBruteForce(problem, { method: 'sparse', objective: 'max' });
      assertMatchesBruteForce(problem, {
        method: 'sparse',
        relaxation: 'dense',
        objective: size % 2 ? 'max' : 'min',
      });
    }
  }
});

test('property: any small pool, any option mix, is certified and as good as brute force', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 10 }),
      fc.integer(),
      fc.constantFrom(0, 0.2, 0.6),
      fc.boolean(),
      fc.constantFrom('dense', 'sparse', 'auto'),
      fc.constantFrom('auto', 'dense', 'priced'),
      (size, seed, forbiddenShare, withLeaveOut, method, relaxation) => {
        const problem = randomProblem(Random.fromSeed(seed), { size, forbiddenShare, withLeaveOut });
        assertMatchesBruteForce(problem, { method, relaxation });
      },
    ),
    { numRuns: 150, seed: 5 },
  );
});

test('a long waiter is not the one left out of an odd pool', () => {
  // Three tickets, all pairs cost the same; ticket 0 waited longest, ticket 2 just arrived.
  const costs = new Float64Array(9).fill(1);
  const waitMs = [60_000, 30_000, 1_000];
  const result = solveCertified({ size: 3, costs, leaveOutCosts: waitMs.map((w) => w / 1000) });
  assert.deepEqual(result.unpaired, [2]);
  assert.deepEqual(result.pairs, [[0, 1]]);
});

test('forbidden pairs never pair, and the largest pairing wins over a cheaper smaller one', () => {
  const inf = Number.POSITIVE_INFINITY;
  // 0-1 is very cheap, but taking it leaves 2 and 3 unpairable (2-3 forbidden): 0-2 + 1-3 is larger.
  // biome-ignore format: a matrix reads best as rows
  const costs = [
    0, 0, 5, inf,
    0, 0, inf, 5,
    5, inf, 0, inf,
    inf, 5, inf, 0,
  ];
  const result = solveCertified({ size: 4, costs });
  assert.deepEqual(result.pairs, [
    [0, 2],
    [1, 3],
  ]);
  assert.deepEqual(result.unpaired, []);
  // With 0-2 also forbidden, only one pair is possible and the rest are reported unpaired.
  const blocked = costs.slice();
  blocked[2] = inf;
  blocked[8] = inf;
  const single = solveCertified({ size: 4, costs: blocked });
  assert.equal(single.pairs.length, 1);
  assert.equal(single.unpaired.length, 2);
  for (const [i, j] of single.pairs) assert.notEqual(blocked[i * 4 + j], inf);
});

test('a cost function gives the same optimum as the matrix, with and without sort keys', () => {
  const random = Random.fromSeed(21);
  const size = 90;
  const ratings = Array.from({ length: size }, () => random.normal(1500, 300));
  const cost = (i: number, j: number) => Math.abs(ratings[i]! - ratings[j]!) / 100 + ((i * j) % 7) / 50;
  const costs = new Float64Array(size * size);
  for (let i = 0; i < size; i++)
    for (let j = 0; j < size; j++) costs[i * size + j] = i === j ? 0 : cost(Math.min(i, j), Math.max(i, j));
  const fromMatrix = solveCertified({ size, costs }, { method: 'dense' });
  const fromFunction = solveCertified({ size, costs: cost }, { method: 'sparse' });
  const withKeys = solveCertified(
    { size, costs: cost },
    { method: 'sparse', sortKeys: ratings, candidatesPerTicket: 2 },
  );
  assert.ok(Math.abs(fromMatrix.pairCost - fromFunction.pairCost) < 1e-9);
  assert.ok(Math.abs(fromMatrix.pairCost - withKeys.pairCost) < 1e-9);
  assert.equal(fromFunction.stats.method, 'sparse');
  assert.ok(
    fromFunction.stats.edgesSolved < (size * (size - 1)) / 2,
    'sparse form solved fewer pairs than all',
  );
});

test('worstPairing is the maximum-cost perfect pairing (WorstMM) and costs at least every other', () => {
  const random = Random.fromSeed(22);
  const problem = randomProblem(random, { size: 120, costKind: 'float' });
  const worst = worstPairing(problem);
  assert.ok(verifyPairingCertificate(problem, worst).ok);
  const best = solveCertified(problem);
  assert.equal(worst.objective, 'max');
  assert.ok(worst.pairCost > best.pairCost);
  const negated = problem.costs.map((c) => -c);
  const viaMin = solveCertified({ size: 120, costs: negated });
  assert.ok(Math.abs(viaMin.pairCost + worst.pairCost) < 1e-9);
});

test('sparse and dense agree on mid-size pools with ties and forbidden pairs; results are deterministic', () => {
  const random = Random.fromSeed(23);
  for (const size of [65, 101, 160]) {
    const problem = randomProblem(random, {
      size,
      forbiddenShare: 0.1,
      withLeaveOut: true,
      costKind: 'ties',
    });
    const dense = solveCertified(problem, { method: 'dense' });
    const sparse = solveCertified(problem, { method: 'sparse', candidatesPerTicket: 3 });
    assert.equal(dense.pairs.length, sparse.pairs.length);
    assert.ok(Math.abs(objectiveValue(dense, 'min') - objectiveValue(sparse, 'min')) < 1e-9);
    const relaxedDensely = solveCertified(problem, { method: 'sparse', relaxation: 'dense' });
    assert.equal(relaxedDensely.stats.relaxation, 'dense');
    assert.equal(dense.pairs.length, relaxedDensely.pairs.length);
    assert.ok(Math.abs(objectiveValue(dense, 'min') - objectiveValue(relaxedDensely, 'min')) < 1e-9);
    assert.deepEqual(exactPairing(problem).pairs, exactPairing(problem).pairs);
  }
});

test('empty and single-ticket pools', () => {
  const empty = solveCertified({ size: 0, costs: [] });
  assert.deepEqual(empty.pairs, []);
  const single = solveCertified({ size: 1, costs: [0], leaveOutCosts: [3] });
  assert.deepEqual(single.unpaired, [0]);
  assert.equal(single.leaveOutCost, 3);
});
