import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Random } from '../random.ts';
import { verifyPairingCertificate } from './certificate.ts';
import { exactPairing } from './exact-pairing.ts';
import { randomProblem } from './test-support/random-problems.ts';
import type { ExactPairing } from './types.ts';

const random = Random.fromSeed(31);
const problem = randomProblem(random, { size: 40, costKind: 'ties' });
const solved = exactPairing(problem, { method: 'dense' });

/** Swaps partners of two pairs: a valid but (here) worse pairing, keeping the old duals. */
function swapTwoPairs(result: ExactPairing): ExactPairing {
  const augmentedMate = result.duals.augmentedMate.slice();
  const mate = result.mate.slice();
  const [[a, b], [c, d]] = [result.pairs[0]!, result.pairs[1]!];
  for (const [x, y] of [
    [a, c],
    [b, d],
  ] as const) {
    augmentedMate[x] = y;
    augmentedMate[y] = x;
    mate[x] = y;
    mate[y] = x;
  }
  const pairs = [
    ...result.pairs.slice(2),
    [Math.min(a, c), Math.max(a, c)] as const,
    [Math.min(b, d), Math.max(b, d)] as const,
  ]
    .map(([i, j]) => [i, j] as const)
    .sort((p, q) => p[0] - q[0]);
  let pairCost = 0;
  for (const [i, j] of pairs) pairCost += problem.costs[i * 40 + j]!;
  return { ...result, mate, pairs, pairCost, duals: { ...result.duals, augmentedMate } };
}

test('the certificate of a solved pool passes and reports its tolerance', () => {
  const report = verifyPairingCertificate(problem, solved);
  assert.ok(report.ok, report.violations.join('; '));
  assert.ok(report.absoluteTolerance > 0 && report.absoluteTolerance < 1e-6);
  assert.ok(report.worstReducedCost >= -report.absoluteTolerance);
});

test('a different pairing under the same duals fails complementary slackness', () => {
  const tampered = swapTwoPairs(solved);
  const report = verifyPairingCertificate(problem, tampered);
  // Either the swap costs more (a matched pair is not tight) or it is an equally good tie; in
  // this seeded pool it costs more.
  assert.ok(tampered.pairCost > solved.pairCost);
  assert.equal(report.ok, false);
  assert.ok(report.violations.some((v) => v.includes('not tight')));
});

test('raised vertex duals fail dual feasibility; a wrong total fails the primal check', () => {
  const vertexDuals = solved.duals.vertexDuals.slice();
  vertexDuals[0] = vertexDuals[0]! + 1;
  const report = verifyPairingCertificate(problem, { ...solved, duals: { ...solved.duals, vertexDuals } });
  assert.equal(report.ok, false);
  assert.ok(report.worstReducedCost < -0.5);
  vertexDuals[1] = Number.NaN;
  const notANumber = verifyPairingCertificate(problem, {
    ...solved,
    duals: { ...solved.duals, vertexDuals },
  });
  assert.ok(notANumber.violations.some((v) => v.includes('non-finite')));
  const wrongTotal = verifyPairingCertificate(problem, { ...solved, pairCost: solved.pairCost + 1 });
  assert.ok(wrongTotal.violations.some((v) => v.includes('pairCost')));
});

test('malformed blossoms are rejected: even size, negative dual, not laminar', () => {
  const withBlossoms = (blossoms: ExactPairing['duals']['blossoms']) =>
    verifyPairingCertificate(problem, { ...solved, duals: { ...solved.duals, blossoms } });
  assert.ok(withBlossoms([{ members: [0, 1], dual: 0 }]).violations.some((v) => v.includes('members')));
  assert.ok(withBlossoms([{ members: [0, 1, 2], dual: -1 }]).violations.some((v) => v.includes('negative')));
  const overlapping = withBlossoms([
    { members: [0, 1, 2, 3, 4], dual: 0 },
    { members: [3, 4, 5], dual: 0 },
  ]);
  assert.ok(overlapping.violations.some((v) => v.includes('laminar')));
});

test('a matching that is not perfect on the augmented problem is rejected', () => {
  const augmentedMate = solved.duals.augmentedMate.slice();
  augmentedMate[0] = 0;
  const report = verifyPairingCertificate(problem, { ...solved, duals: { ...solved.duals, augmentedMate } });
  assert.equal(report.ok, false);
  assert.ok(report.violations[0]!.includes('not perfect'));
});
