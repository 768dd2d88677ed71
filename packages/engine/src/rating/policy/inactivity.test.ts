import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { isMatchdError } from '../../errors.ts';
import type { SkillEstimate } from '../types.ts';
import {
  activityConfidence,
  applyInactivity,
  deviationConfidence,
  type InactivityPolicy,
  idleMs,
  inactiveEstimate,
} from './inactivity.ts';
import type { RatingAccess } from './rating-access.ts';

const DAY = 86_400_000;

test('deviation grows as sqrt(d^2 + c^2 t) up to the cap', () => {
  const policy: InactivityPolicy = { deviationGrowthPerSqrtDay: 10, maxDeviation: 350 };
  const after = inactiveEstimate({ mean: 1500, deviation: 50 }, 30 * DAY, policy);
  assert.equal(after.mean, 1500);
  assert.ok(Math.abs(after.deviation - Math.sqrt(2500 + 100 * 30)) < 1e-9);
  assert.equal(inactiveEstimate({ mean: 1500, deviation: 50 }, 10_000 * DAY, policy).deviation, 350);
  // A deviation above the cap is not pulled down by time away.
  assert.equal(inactiveEstimate({ mean: 1500, deviation: 400 }, DAY, policy).deviation, 400);
});

test('growth and decay compose: two gaps equal one gap of their sum', () => {
  const policy: InactivityPolicy = {
    deviationGrowthPerSqrtDay: 7,
    maxDeviation: 200,
    decay: { perPeriod: 0.1, periodMs: 30 * DAY, mean: 1500 },
  };
  fc.assert(
    fc.property(
      fc.double({ min: 0, max: 3000, noNaN: true }),
      fc.double({ min: 0, max: 150, noNaN: true }),
      fc.integer({ min: 0, max: 400 * DAY }),
      fc.integer({ min: 0, max: 400 * DAY }),
      (mean, deviation, t1, t2) => {
        const once = inactiveEstimate({ mean, deviation }, t1 + t2, policy);
        const twice = inactiveEstimate(inactiveEstimate({ mean, deviation }, t1, policy), t2, policy);
        return Math.abs(once.mean - twice.mean) < 1e-6 && Math.abs(once.deviation - twice.deviation) < 1e-6;
      },
    ),
  );
});

test("Kreimeier's decay: above-average players fall toward the mean, below-average rise, never past it", () => {
  const policy: InactivityPolicy = { decay: { perPeriod: 0.1, periodMs: DAY, mean: 0 } };
  assert.ok(Math.abs(inactiveEstimate({ mean: 100, deviation: 0 }, DAY, policy).mean - 90) < 1e-9);
  assert.ok(Math.abs(inactiveEstimate({ mean: -100, deviation: 0 }, 2 * DAY, policy).mean + 81) < 1e-9);
  assert.ok(inactiveEstimate({ mean: 100, deviation: 0 }, 1000 * DAY, policy).mean > 0);
});

test('applyInactivity goes through the access, leaves no-deviation models alone, and is pure', () => {
  interface Glicko {
    readonly rating: number;
    readonly rd: number;
    readonly volatility: number;
  }
  const access: RatingAccess<Glicko> = {
    estimate: (r): SkillEstimate => ({ mean: r.rating, deviation: r.rd }),
    withEstimate: (r, e) => ({ ...r, rating: e.mean, rd: e.deviation }),
    hasDeviation: true,
  };
  const before: Glicko = { rating: 1500, rd: 60, volatility: 0.06 };
  const after = applyInactivity(
    before,
    { lastPlayedMs: 0, nowMs: 100 * DAY },
    { deviationGrowthPerSqrtDay: 8 },
    access,
  );
  assert.deepEqual(before, { rating: 1500, rd: 60, volatility: 0.06 });
  assert.ok(Math.abs(after.rd - Math.sqrt(3600 + 6400)) < 1e-9);
  assert.equal(after.volatility, 0.06);
  const never = applyInactivity(
    before,
    { lastPlayedMs: undefined, nowMs: 100 * DAY },
    { deviationGrowthPerSqrtDay: 8 },
    access,
  );
  assert.equal(never, before);
  const elo: RatingAccess<number> = {
    estimate: (r) => ({ mean: r, deviation: 0 }),
    withEstimate: (_r, e) => e.mean,
    hasDeviation: false,
  };
  assert.equal(
    applyInactivity(1600, { lastPlayedMs: 0, nowMs: DAY }, { deviationGrowthPerSqrtDay: 8 }, elo),
    1600,
  );
});

test('confidence is its own number: it falls with deviation and with time away', () => {
  assert.equal(deviationConfidence(350, 350), 0);
  assert.equal(deviationConfidence(0, 350), 1);
  assert.ok(Math.abs(deviationConfidence(35, 350) - 0.9) < 1e-12);
  assert.equal(activityConfidence(20, 0), 0.5);
  assert.ok(Math.abs(activityConfidence(20, 90 * DAY) - 0.25) < 1e-12);
  assert.ok(activityConfidence(200, 0) > activityConfidence(20, 0));
});

test('time going backwards and bad policies are typed errors', () => {
  assert.throws(
    () => idleMs(10, 5),
    (e) => isMatchdError(e, 'MM_ERR_TIME_WENT_BACKWARDS'),
  );
  assert.throws(
    () => inactiveEstimate({ mean: 0, deviation: 1 }, 1, { deviationGrowthPerSqrtDay: -1 }),
    (e) => isMatchdError(e, 'MM_ERR_INVALID_OPTION'),
  );
  assert.throws(
    () => inactiveEstimate({ mean: 0, deviation: 1 }, 1, { decay: { perPeriod: 1, periodMs: 1, mean: 0 } }),
    (e) => isMatchdError(e, 'MM_ERR_INVALID_OPTION'),
  );
  assert.throws(
    () => activityConfidence(Number.NaN, 0),
    (e) => isMatchdError(e, 'MM_ERR_INVALID_OPTION'),
  );
});
