import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { isMatchdError } from '../../errors.ts';
import { Random } from '../../random.ts';
import {
  conservativeDisplay,
  displayRating,
  fixedRangeDisplay,
  leaderboard,
  linearDisplay,
  measurePopulation,
} from './display.ts';

test('conservative display is mean - k sigma; linear is offset + scale * mean', () => {
  assert.equal(conservativeDisplay({ mean: 25, deviation: 25 / 3 }), 0);
  assert.equal(conservativeDisplay({ mean: 30, deviation: 2 }, 2), 26);
  assert.equal(linearDisplay(25, 1000, 20), 1500);
});

test("fixed range follows Kreimeier's figures: mean -> 5000, +1 width -> 8808, +2 widths -> 9820", () => {
  const population = { mean: 1500, width: 500 };
  assert.equal(fixedRangeDisplay(1500, population), 5000);
  assert.ok(Math.abs(fixedRangeDisplay(2000, population) - 8807.97) < 0.01);
  assert.ok(Math.abs(fixedRangeDisplay(1000, population) - 1192.03) < 0.01);
  assert.ok(Math.abs(fixedRangeDisplay(2500, population) - 9820.14) < 0.01);
});

test('fixed range stays inside (0, 10000), is monotone and symmetric about the mean', () => {
  fc.assert(
    fc.property(
      fc.double({ min: -1e4, max: 1e4, noNaN: true }),
      fc.double({ min: -1e4, max: 1e4, noNaN: true }),
      fc.double({ min: 1, max: 1e3, noNaN: true }),
      (a, b, width) => {
        const population = { mean: 0, width };
        const da = fixedRangeDisplay(a, population);
        const db = fixedRangeDisplay(b, population);
        const mirrored = fixedRangeDisplay(-a, population);
        return (
          da >= 0 && da <= 10_000 && (a <= b ? da <= db : da >= db) && Math.abs(da + mirrored - 10_000) < 1e-6
        );
      },
    ),
  );
});

test('about 95% of a normal population lands in [250, 9750] when the width is measured from it', () => {
  const random = Random.fromSeed(3);
  const ratings = Array.from({ length: 20_000 }, () => random.normal(1500, 350));
  for (const method of ['stddev', 'iqr'] as const) {
    const population = measurePopulation(ratings, method);
    assert.ok(Math.abs(population.width - 350) < 15, `${method} width ${population.width}`);
    const inside = ratings.filter((r) => {
      const shown = fixedRangeDisplay(r, population);
      return shown >= 250 && shown <= 9750;
    }).length;
    assert.ok(Math.abs(inside / ratings.length - 0.95) < 0.02, `${method}: ${inside / ratings.length}`);
  }
});

test('the IQR width ignores a few extreme players; the standard deviation does not', () => {
  const ratings = [...Array.from({ length: 99 }, (_, i) => 1000 + i * 10), 1e7];
  const robust = measurePopulation(ratings, 'iqr');
  const plain = measurePopulation(ratings, 'stddev');
  assert.ok(robust.width < 500);
  assert.ok(plain.width > 1e5);
});

test('calibrating ratings are hidden from display and leaderboards', () => {
  const scale = { kind: 'conservative', k: 3 } as const;
  assert.equal(displayRating({ mean: 30, deviation: 1 }, true, scale), undefined);
  assert.equal(displayRating({ mean: 30, deviation: 1 }, false, scale), 27);
  const rows = leaderboard(
    [
      { playerId: 'a', estimate: { mean: 30, deviation: 1 }, calibrating: false },
      { playerId: 'b', estimate: { mean: 40, deviation: 1 }, calibrating: true },
      { playerId: 'c', estimate: { mean: 35, deviation: 1 }, calibrating: false },
      { playerId: 'd', estimate: { mean: 33, deviation: 2 }, calibrating: false },
    ],
    scale,
  );
  assert.deepEqual(rows, [
    { rank: 1, playerId: 'c', display: 32 },
    { rank: 2, playerId: 'a', display: 27 },
    { rank: 2, playerId: 'd', display: 27 },
  ]);
});

test('bad populations are rejected', () => {
  assert.throws(
    () => measurePopulation([1]),
    (e) => isMatchdError(e, 'MM_ERR_INVALID_OPTION'),
  );
  assert.throws(
    () => measurePopulation([1, 1, 1]),
    (e) => isMatchdError(e, 'MM_ERR_INVALID_OPTION'),
  );
  assert.throws(
    () => measurePopulation([1, Number.NaN]),
    (e) => isMatchdError(e, 'MM_ERR_INVALID_RATING'),
  );
  assert.throws(
    () => fixedRangeDisplay(1, { mean: 0, width: 0 }),
    (e) => isMatchdError(e, 'MM_ERR_INVALID_OPTION'),
  );
});
