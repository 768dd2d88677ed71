import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { isMatchdError } from '../../errors.ts';
import { DOTA_EXPERIENCE_OFFSET, experience, experienceGap } from './experience.ts';

test('40 -> 120 games is as far as 120 -> 280 (Dota 2, 2013)', () => {
  assert.equal(DOTA_EXPERIENCE_OFFSET, 40);
  assert.ok(Math.abs(experienceGap(40, 120) - experienceGap(120, 280)) < 1e-12);
  // A plain log (no offset) would not do it: the second gap would be much smaller.
  assert.ok(Math.log(280 / 120) < 0.8 * Math.log(120 / 40));
});

test('experience grows with games but each game counts less', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 100_000 }), (games) => {
      const step = experience(games + 1) - experience(games);
      const nextStep = experience(games + 2) - experience(games + 1);
      return step > 0 && nextStep < step;
    }),
  );
  assert.ok(Number.isFinite(experience(0)));
});

test('negative or non-finite games are rejected', () => {
  for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY]) {
    assert.throws(
      () => experience(bad),
      (error) => isMatchdError(error, 'MM_ERR_INVALID_OPTION'),
    );
  }
  assert.throws(
    () => experience(10, 0),
    (error) => isMatchdError(error, 'MM_ERR_INVALID_OPTION'),
  );
});
