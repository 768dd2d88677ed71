import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ErrorCodes, isMatchdError } from '../../errors.ts';
import { Random } from '../../random.ts';
import { createElo } from '../elo/elo.ts';
import { constantK, type EloRating } from '../elo/k-policy.ts';
import { deepFreeze, snapshot } from '../elo/test-support/deep-freeze.ts';
import { createGlicko2 } from '../glicko2/glicko2.ts';
import { fitHomeAdvantage, type SideContext, shiftRatingField, withHomeAdvantage } from './home-advantage.ts';
import {
  fiveThirtyEightMultiplier,
  scaleRatingFieldChange,
  withMarginOfVictory,
} from './margin-of-victory.ts';

const close = (actual: number, expected: number, tolerance = 1e-9) =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${actual} != ${expected}`);
const throwsCode = (fn: () => unknown, code: string) =>
  assert.throws(fn, (error: unknown) => isMatchdError(error) && error.code === code);
const player = (rating: number): EloRating => ({ rating, games: 20, streak: 0 });
const elo = createElo({ kPolicy: constantK(32) });

describe('margin: home advantage', () => {
  const home = withHomeAdvantage(elo, { advantage: 100, shift: shiftRatingField });
  const equals = { teams: [[player(1500)], [player(1500)]] };

  test('the home team plays 100 points up: P = 1 / (1 + 10^(-100/400)); no home team, no change', () => {
    close(home.predict(equals, { homeTeam: 0 } as SideContext).win[0] ?? 0, 1 / (1 + 10 ** -0.25));
    close(home.predict(equals, { homeTeam: 1 } as SideContext).win[0] ?? 0, 1 - 1 / (1 + 10 ** -0.25));
    assert.deepEqual(home.predict(equals), elo.predict(equals));
  });

  test('a home win between equals earns K (1 - 0.64), and the stored rating holds no advantage', () => {
    const match = deepFreeze(equals);
    const before = snapshot(match);
    const out = home.update(match, { ranks: [1, 2], homeTeam: 0 });
    const gain = 32 * (1 - 1 / (1 + 10 ** -0.25));
    close(out[0]?.[0]?.rating ?? 0, 1500 + gain);
    close(out[1]?.[0]?.rating ?? 0, 1500 - gain);
    assert.deepEqual(snapshot(match), before);
  });

  test('composes with Glicko-2: the same update as the inner model on the shifted match, shifted back', () => {
    const glicko = createGlicko2();
    const wrapped = withHomeAdvantage(glicko, { advantage: 40, shift: shiftRatingField });
    const a = { rating: 1520, rd: 80, volatility: 0.06 };
    const b = { rating: 1480, rd: 120, volatility: 0.06 };
    const mine = wrapped.update({ teams: [[a], [b]] }, { ranks: [2, 1], homeTeam: 1 });
    const inner = glicko.update({ teams: [[a], [{ ...b, rating: 1520 }]] }, { ranks: [2, 1] });
    close(mine[1]?.[0]?.rating ?? 0, (inner[1]?.[0]?.rating ?? 0) - 40);
    close(mine[1]?.[0]?.rd ?? 0, inner[1]?.[0]?.rd ?? 0);
    close(mine[0]?.[0]?.rating ?? 0, inner[0]?.[0]?.rating ?? 0);
  });

  test("fitting: LoL's 54.4% blue-side win rate between equals is logit(0.544) / (ln 10 / 400) = 30.7 points", () => {
    const slope = Math.LN10 / 400;
    const samples = Array.from({ length: 1000 }, (_, i) => ({ gap: 0, homeScore: i < 544 ? 1 : 0 }));
    const h = fitHomeAdvantage(samples, { slope });
    close(h, Math.log(0.544 / 0.456) / slope, 1e-6);
    assert.equal(h.toFixed(1), '30.7');
  });

  test('fitting recovers a known advantage from synthetic games with rating gaps', () => {
    const slope = Math.LN10 / 400;
    const random = Random.fromSeed(42);
    const samples = Array.from({ length: 20_000 }, () => {
      const gap = random.normal(0, 150);
      const p = 1 / (1 + Math.exp(-slope * (gap + 65)));
      return { gap, homeScore: random.next() < p ? 1 : 0 };
    });
    close(fitHomeAdvantage(samples, { slope }), 65, 6);
  });
});

describe('margin: margin of victory', () => {
  const mov = withMarginOfVictory(createElo({ kPolicy: constantK(20) }), { scale: scaleRatingFieldChange });

  test("FiveThirtyEight's multiplier: ln(margin + 1) * 2.2 / (gap * 0.001 + 2.2)", () => {
    const m = fiveThirtyEightMultiplier();
    close(m(21, 100), (Math.log(22) * 2.2) / 2.3);
    assert.ok(m(7, -200) > m(7, 200)); // upsets count more than a favourite's win by the same margin
  });

  test('equals, won by 21: change = K/2 * ln(22)', () => {
    const out = mov.update({ teams: [[player(1500)], [player(1500)]] }, { ranks: [1, 2], scores: [31, 10] });
    close(out[0]?.[0]?.rating ?? 0, 1500 + 10 * Math.log(22));
    close(out[1]?.[0]?.rating ?? 0, 1500 - 10 * Math.log(22));
    assert.equal(out[0]?.[0]?.games, 21);
  });

  test('no scores, draws and three-team matches pass through', () => {
    const inner = createElo({ kPolicy: constantK(20) });
    const match = { teams: [[player(1600)], [player(1500)]] };
    assert.deepEqual(mov.update(match, { ranks: [1, 2] }), inner.update(match, { ranks: [1, 2] }));
    assert.deepEqual(
      mov.update(match, { ranks: [1, 1], scores: [2, 2] }),
      inner.update(match, { ranks: [1, 1], scores: [2, 2] }),
    );
    const three = { teams: [[player(1600)], [player(1500)], [player(1400)]] };
    assert.deepEqual(
      mov.update(three, { ranks: [1, 2, 3], scores: [9, 5, 1] }),
      inner.update(three, { ranks: [1, 2, 3] }),
    );
  });

  test("composes with Glicko-2: the change of rating is scaled, RD and volatility are the inner update's", () => {
    const glicko = createGlicko2();
    const doubled = withMarginOfVictory(glicko, { scale: scaleRatingFieldChange, multiplier: () => 2 });
    const match = {
      teams: [[{ rating: 1500, rd: 90, volatility: 0.06 }], [{ rating: 1550, rd: 60, volatility: 0.06 }]],
    };
    const result = { ranks: [1, 2], scores: [3, 0] };
    const inner = glicko.update(match, result)[0]?.[0];
    const mine = doubled.update(match, result)[0]?.[0];
    close((mine?.rating ?? 0) - 1500, 2 * ((inner?.rating ?? 0) - 1500));
    assert.equal(mine?.rd, inner?.rd);
    assert.equal(mine?.volatility, inner?.volatility);
  });

  test('composes with home advantage (home term inside the winner gap, as FiveThirtyEight does)', () => {
    const both = withHomeAdvantage(mov, { advantage: 65, shift: shiftRatingField });
    const out = both.update(
      { teams: [[player(1500)], [player(1500)]] },
      { ranks: [1, 2], scores: [24, 17], homeTeam: 0 },
    );
    const p = 1 / (1 + 10 ** (-65 / 400));
    const factor = (Math.log(8) * 2.2) / (65 * 0.001 + 2.2);
    close(out[0]?.[0]?.rating ?? 0, 1500 + 20 * (1 - p) * factor);
  });
});

describe('margin: bad input', () => {
  test('options, home team, data', () => {
    throwsCode(
      () => withHomeAdvantage(elo, { advantage: Number.NaN, shift: shiftRatingField }),
      ErrorCodes.INVALID_OPTION,
    );
    throwsCode(
      () => withHomeAdvantage(elo, { advantage: 1, shift: shiftRatingField, side: 0 } as never),
      ErrorCodes.INVALID_OPTION,
    );
    const home = withHomeAdvantage(elo, { advantage: 10, shift: shiftRatingField });
    const match = { teams: [[player(1500)], [player(1500)]] };
    throwsCode(() => home.update(match, { ranks: [1, 2], homeTeam: 3 }), ErrorCodes.INVALID_RESULT);
    throwsCode(
      () => home.update({ teams: [[player(Number.NaN)], [player(1500)]] }, { ranks: [1, 2], homeTeam: 0 }),
      ErrorCodes.INVALID_RATING,
    );
    throwsCode(() => fitHomeAdvantage([{ gap: 0, homeScore: 1 }], { slope: 1 }), ErrorCodes.INVALID_DATA);
    throwsCode(() => fitHomeAdvantage([], { slope: 1 }), ErrorCodes.INVALID_DATA);
    throwsCode(() => fiveThirtyEightMultiplier({ autocorrelation: 0 }), ErrorCodes.INVALID_OPTION);
    const broken = withMarginOfVictory(elo, { scale: scaleRatingFieldChange, multiplier: () => Number.NaN });
    throwsCode(() => broken.update(match, { ranks: [1, 2], scores: [3, 1] }), ErrorCodes.INVALID_OPTION);
    throwsCode(() => broken.update(match, { ranks: [1, 2], scores: [3] }), ErrorCodes.INVALID_RESULT);
  });
});
