import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { isMatchdError } from '../../errors.ts';
import type { SkillEstimate } from '../types.ts';
import type { RatingAccess } from './rating-access.ts';
import {
  DOMINATIONS_SEASON_RESET,
  type SeasonResetPolicy,
  seasonReset,
  seasonResetValue,
} from './season-reset.ts';

const shapes = fc.oneof(
  fc.record({ kind: fc.constant('linear' as const), keep: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ kind: fc.constant('log' as const), scale: fc.double({ min: 1, max: 1e5, noNaN: true }) }),
);
const glory = fc.double({ min: -1e6, max: 1e6, noNaN: true });

test('a reset never changes the order of players and never moves anyone away from the anchor', () => {
  fc.assert(
    fc.property(
      shapes,
      fc.double({ min: -1e5, max: 1e5, noNaN: true }),
      glory,
      glory,
      (shape, anchor, a, b) => {
        const policy: SeasonResetPolicy = { anchor, shape };
        const ra = seasonResetValue(a, policy);
        const rb = seasonResetValue(b, policy);
        const orderKept = a < b ? ra <= rb : a > b ? ra >= rb : ra === rb;
        const closer = Math.abs(ra - anchor) <= Math.abs(a - anchor) + 1e-9 * Math.abs(anchor);
        const sameSide = (a - anchor) * (ra - anchor) >= 0;
        return orderKept && closer && sameSide;
      },
    ),
  );
});

test('the farther from the anchor, the harder the pull', () => {
  fc.assert(
    fc.property(
      shapes,
      fc.double({ min: 0, max: 1e5, noNaN: true }),
      fc.double({ min: 0, max: 1e5, noNaN: true }),
      (shape, x, y) => {
        const policy: SeasonResetPolicy = { anchor: 12_000, shape };
        const near = Math.min(x, y);
        const far = Math.max(x, y);
        const pullNear = near - (seasonResetValue(12_000 + near, policy) - 12_000);
        const pullFar = far - (seasonResetValue(12_000 + far, policy) - 12_000);
        return pullFar >= pullNear - 1e-9;
      },
    ),
  );
});

test("DomiNations' pull: 20,000 and 30,000 Glory come back toward 12,000, in order", () => {
  assert.ok(Math.abs(seasonResetValue(20_000, DOMINATIONS_SEASON_RESET) - 16_777.56) < 0.01);
  assert.ok(Math.abs(seasonResetValue(30_000, DOMINATIONS_SEASON_RESET) - 19_630.28) < 0.01);
  assert.equal(seasonResetValue(12_000, DOMINATIONS_SEASON_RESET), 12_000);
  assert.ok(seasonResetValue(8_000, DOMINATIONS_SEASON_RESET) > 8_000);
  assert.equal(seasonResetValue(14_000, { anchor: 12_000, shape: { kind: 'linear', keep: 0.5 } }), 13_000);
});

test('seasonReset rewrites ratings through the access, raises deviation, keeps the input', () => {
  interface Toy {
    readonly mu: number;
    readonly sigma: number;
    readonly tag: string;
  }
  const access: RatingAccess<Toy> = {
    estimate: (r): SkillEstimate => ({ mean: r.mu, deviation: r.sigma }),
    withEstimate: (r, e) => ({ ...r, mu: e.mean, sigma: e.deviation }),
    hasDeviation: true,
  };
  const before: Toy[] = [
    { mu: 40, sigma: 1, tag: 'a' },
    { mu: 10, sigma: 5, tag: 'b' },
  ];
  const frozen = structuredClone(before);
  const after = seasonReset(
    before,
    { anchor: 25, shape: { kind: 'linear', keep: 0.2 }, deviationAfter: 3 },
    access,
  );
  assert.deepEqual(before, frozen);
  assert.deepEqual(after, [
    { mu: 28, sigma: 3, tag: 'a' },
    { mu: 22, sigma: 5, tag: 'b' },
  ]);
});

test('bad policies and values are rejected', () => {
  const bad = (fn: () => unknown) => assert.throws(fn, (e) => isMatchdError(e, 'MM_ERR_INVALID_OPTION'));
  bad(() => seasonResetValue(1, { anchor: 0, shape: { kind: 'linear', keep: 1.5 } }));
  bad(() => seasonResetValue(1, { anchor: 0, shape: { kind: 'log', scale: 0 } }));
  bad(() => seasonResetValue(1, { anchor: Number.NaN, shape: { kind: 'log', scale: 1 } }));
  bad(() => seasonResetValue(Number.POSITIVE_INFINITY, DOMINATIONS_SEASON_RESET));
});
