import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Random } from '../random.ts';
import { greedyPairing, randomPairing, sortedNeighbourPairing } from './baselines.ts';
import { exactPairing } from './exact-pairing.ts';
import { randomProblem } from './test-support/random-problems.ts';

test('random pairing pairs everyone once, is deterministic for a seed and differs across seeds', () => {
  const problem = randomProblem(Random.fromSeed(41), { size: 50 });
  const first = randomPairing(problem, Random.fromSeed(1));
  assert.equal(first.pairs.length, 25);
  assert.deepEqual(new Set(first.pairs.flat()).size, 50);
  assert.deepEqual(randomPairing(problem, Random.fromSeed(1)).pairs, first.pairs);
  assert.notDeepEqual(randomPairing(problem, Random.fromSeed(2)).pairs, first.pairs);
});

test('sorted neighbours (SkillMM) pairs consecutive ratings; the odd one out has the lowest leave-out cost', () => {
  const ratings = [1500, 1200, 1810, 1490, 1205];
  const size = ratings.length;
  const costs = new Float64Array(size * size).fill(1);
  const leaveOutCosts = [5, 5, 1, 5, 5];
  const pairing = sortedNeighbourPairing({ size, costs, leaveOutCosts }, ratings);
  assert.deepEqual(pairing.pairs, [
    [0, 3],
    [1, 4],
  ]);
  assert.deepEqual(pairing.unpaired, [2]);
  assert.equal(pairing.leaveOutCost, 1);
});

test('a forbidden consecutive pair leaves both tickets unpaired in the baselines', () => {
  const costs = new Float64Array(16).fill(1);
  costs[0 * 4 + 1] = Number.POSITIVE_INFINITY;
  costs[1 * 4 + 0] = Number.POSITIVE_INFINITY;
  const pairing = sortedNeighbourPairing({ size: 4, costs }, [1, 2, 3, 4]);
  assert.deepEqual(pairing.pairs, [[2, 3]]);
  assert.deepEqual(pairing.unpaired, [0, 1]);
});

test('greedy takes the cheapest pair first, so it can lose to the exact pairing; max greedy the dearest', () => {
  // 0-1 cheapest (1), which forces 2-3 (100); exact takes 0-2 and 1-3 (2 + 2).
  // biome-ignore format: a matrix reads best as rows
  const costs = [
    0, 1, 2, 50,
    1, 0, 50, 2,
    2, 50, 0, 100,
    50, 2, 100, 0,
  ];
  const greedy = greedyPairing({ size: 4, costs });
  assert.deepEqual(greedy.pairs, [
    [0, 1],
    [2, 3],
  ]);
  assert.equal(greedy.pairCost, 101);
  assert.equal(exactPairing({ size: 4, costs }).pairCost, 4);
  const dearest = greedyPairing({ size: 4, costs }, { objective: 'max' });
  assert.deepEqual(dearest.pairs, [
    [0, 1],
    [2, 3],
  ]);
});

test('greedy and random never beat the exact optimum on random pools', () => {
  const random = Random.fromSeed(42);
  for (let trial = 0; trial < 20; trial++) {
    const problem = randomProblem(random, { size: 30 + trial, withLeaveOut: true, forbiddenShare: 0.05 });
    const exact = exactPairing(problem);
    for (const baseline of [greedyPairing(problem), randomPairing(problem, random)]) {
      assert.ok(baseline.pairs.length <= exact.pairs.length);
      if (baseline.pairs.length === exact.pairs.length) {
        assert.ok(baseline.pairCost + baseline.leaveOutCost >= exact.pairCost + exact.leaveOutCost - 1e-9);
      }
    }
  }
});
