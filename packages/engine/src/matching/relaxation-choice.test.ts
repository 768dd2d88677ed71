import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { Random } from '../random.ts';
import { verifyPairingCertificate } from './certificate.ts';
import { exactPairing } from './exact-pairing.ts';
import { preparePairingProblem } from './prepared-problem.ts';
import { cheapestPartnerSpread, chooseRelaxation, SPREAD_DENSE_UP_TO } from './relaxation-choice.ts';
import { objectiveValue, randomProblem } from './test-support/random-problems.ts';
import type { ExactPairingOptions, PairingProblem } from './types.ts';

/**
 * EOMM-like costs: a pair's cost is mostly the two players' own terms (their churn) plus a small
 * interaction, so every ticket's cheapest partners are the same few players.
 */
function concentratedProblem(random: Random, size: number): PairingProblem & { costs: Float64Array } {
  const own = Float64Array.from({ length: size }, () => random.next());
  const costs = new Float64Array(size * size);
  for (let i = 0; i < size; i++) {
    for (let j = i + 1; j < size; j++) {
      const cost = own[i]! + own[j]! + 0.05 * random.next();
      costs[i * size + j] = cost;
      costs[j * size + i] = cost;
    }
  }
  return { size, costs };
}

/** Rating gaps: each ticket's cheapest partners are its rating neighbours. */
function ratingGapProblem(random: Random, size: number) {
  const ratings = Float64Array.from({ length: size }, () => random.normal(1500, 300));
  const costs = new Float64Array(size * size);
  for (let i = 0; i < size; i++) {
    for (let j = 0; j < size; j++)
      costs[i * size + j] = Math.min(1, Math.abs(ratings[i]! - ratings[j]!) / 400);
  }
  return { problem: { size, costs }, ratings };
}

function uniformProblem(random: Random, size: number): PairingProblem & { costs: Float64Array } {
  const costs = new Float64Array(size * size);
  for (let i = 0; i < size; i++) {
    for (let j = i + 1; j < size; j++) {
      const cost = random.next();
      costs[i * size + j] = cost;
      costs[j * size + i] = cost;
    }
  }
  return { size, costs };
}

test('the shape probe: concentrated costs have few distinct cheapest partners, spread costs nearly one per row', () => {
  const random = Random.fromSeed(3);
  for (const size of [60, 200, 900]) {
    const concentrated = preparePairingProblem(concentratedProblem(random, size), 'min');
    const spread = preparePairingProblem(uniformProblem(random, size), 'min');
    assert.ok(
      cheapestPartnerSpread(concentrated) < 0.3,
      `concentrated ${cheapestPartnerSpread(concentrated)}`,
    );
    assert.ok(cheapestPartnerSpread(spread) > 0.7, `spread ${cheapestPartnerSpread(spread)}`);
  }
});

test("'auto' picks dense for concentrated costs, priced for spread costs with sort keys or past the size limit", () => {
  const random = Random.fromSeed(4);
  const solveAuto = (problem: PairingProblem, options: ExactPairingOptions = {}) =>
    exactPairing(problem, { method: 'sparse', ...options }).stats.relaxation;
  assert.equal(solveAuto(concentratedProblem(random, 120)), 'dense');
  assert.equal(solveAuto(concentratedProblem(random, 120), { objective: 'max' }), 'dense');
  assert.equal(solveAuto(uniformProblem(random, 120)), 'dense');
  const gap = ratingGapProblem(random, 120);
  assert.equal(solveAuto(gap.problem, { sortKeys: gap.ratings }), 'priced');
  const large = preparePairingProblem(uniformProblem(random, SPREAD_DENSE_UP_TO + 2), 'min');
  assert.equal(chooseRelaxation(large, false), 'priced');
  // Past the dense relaxation's memory limit only the priced one is possible.
  const huge = preparePairingProblem({ size: 2100, costs: () => 1 }, 'min');
  assert.equal(chooseRelaxation(huge, false), 'priced');
});

test("'auto' reaches the same certified optimum as both relaxations, on every shape (property)", () => {
  const solve = (problem: PairingProblem, options: ExactPairingOptions) => {
    const result = exactPairing(problem, { method: 'sparse', ...options });
    const report = verifyPairingCertificate(problem, result);
    assert.ok(report.ok, report.violations.slice(0, 3).join('; '));
    return result;
  };
  fc.assert(
    fc.property(
      fc.integer({ min: 2, max: 160 }),
      fc.integer({ min: 0, max: 2 ** 31 - 1 }),
      fc.constantFrom('concentrated', 'uniform', 'rating-gap', 'ties-forbidden'),
      fc.constantFrom('min' as const, 'max' as const),
      (size, seed, shape, objective) => {
        const random = Random.fromSeed(seed);
        let problem: PairingProblem;
        let sortKeys: Float64Array | undefined;
        if (shape === 'concentrated') problem = concentratedProblem(random, size);
        else if (shape === 'uniform') problem = uniformProblem(random, size);
        else if (shape === 'rating-gap') ({ problem, ratings: sortKeys } = ratingGapProblem(random, size));
        else
          problem = randomProblem(random, {
            size,
            costKind: 'ties',
            forbiddenShare: 0.2,
            withLeaveOut: true,
          });
        const keys = sortKeys === undefined ? {} : { sortKeys };
        const auto = solve(problem, { objective, ...keys });
        const priced = solve(problem, { objective, relaxation: 'priced', ...keys });
        const dense = solve(problem, { objective, relaxation: 'dense', ...keys });
        assert.equal(auto.pairs.length, priced.pairs.length);
        assert.equal(auto.pairs.length, dense.pairs.length);
        const value = objectiveValue(auto, objective);
        const scale = 1e-9 * Math.max(1, size);
        assert.ok(Math.abs(value - objectiveValue(priced, objective)) <= scale);
        assert.ok(Math.abs(value - objectiveValue(dense, objective)) <= scale);
      },
    ),
    { numRuns: 60, seed: 16 },
  );
});
