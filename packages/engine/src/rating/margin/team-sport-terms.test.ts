import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ErrorCodes, isMatchdError } from '../../errors.ts';
import { normalCdf } from '../../stats/normal.ts';
import { orderedLogitDraw, orderedLogitThreshold } from '../draw/ordered-logit.ts';
import { withDraws } from '../draw/with-draws.ts';
import { createElo } from '../elo/elo.ts';
import { constantK, type EloRating } from '../elo/k-policy.ts';
import { applyInactivity } from '../policy/inactivity.ts';
import { eloRatingAccess } from '../policy/model-access.ts';
import { rateTrackedMatch } from '../policy/rate-tracked-match.ts';
import type { RatingAccess } from '../policy/rating-access.ts';
import { regressTowardMean } from '../policy/season-regression.ts';
import type { TrackRecord } from '../policy/tracks.ts';
import { type SideContext, shiftRatingField, withHomeAdvantage } from './home-advantage.ts';
import { MarginCorrectionFit, marginMultiplier } from './margin-correction.ts';
import { createMarginModel, type MarginRating } from './margin-kalman.ts';
import { MarginMoments } from './margin-moments.ts';
import { scaleRatingFieldChange, withMarginOfVictory } from './margin-of-victory.ts';

const close = (actual: number, expected: number, tolerance = 1e-9) =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${actual} != ${expected}`);
const throwsCode = (fn: () => unknown, code: string) =>
  assert.throws(fn, (error: unknown) => isMatchdError(error) && error.code === code);
const elo = (rating: number): EloRating => ({ rating, games: 20, streak: 0 });
const marginAccess: RatingAccess<MarginRating> = {
  estimate: (r) => ({ mean: r.mean, deviation: Math.sqrt(r.variance) }),
  withEstimate: (r, e) => ({ ...r, mean: e.mean, variance: e.deviation * e.deviation }),
  hasDeviation: true,
};

describe('team sports: home advantage respects neutral sites', () => {
  const home = withHomeAdvantage(createElo({ kPolicy: constantK(20) }), {
    advantage: 65,
    shift: shiftRatingField,
  });
  const equals = { teams: [[elo(1500)], [elo(1500)]] };

  test('at home the 65 points count, P = 1 / (1 + 10^(-65/400)); at a neutral site P = 1/2', () => {
    close(home.predict(equals, { homeTeam: 0 } as SideContext).win[0] ?? 0, 1 / (1 + 10 ** (-65 / 400)));
    close(home.predict(equals, { homeTeam: 0, neutral: true } as SideContext).win[0] ?? 0, 0.5);
  });

  test('a neutral-site win between equals earns K / 2 = 10, not K (1 - 0.593)', () => {
    const out = home.update(equals, { ranks: [1, 2], homeTeam: 0, neutral: true });
    close(out[0]?.[0]?.rating ?? 0, 1510);
    throwsCode(
      () => home.update(equals, { ranks: [1, 2], neutral: 'yes' as never }),
      ErrorCodes.INVALID_RESULT,
    );
  });
});

describe('team sports: margin of victory with a learned correction', () => {
  test('ln(1 + margin) / (1 + ratio * winner gap): 7 points by a 100-point favourite at 0.0006 is ln 8 / 1.06', () => {
    close(marginMultiplier({ gapRatio: 0.0006 })(7, 100), Math.log(8) / 1.06);
    close(marginMultiplier({ gapRatio: 0 })(0, 100), Math.log(2)); // a draw weighs as a one-point win
  });

  test('the fit recovers b / a from games where ln(1 + margin) = 1 + 0.005 gap exactly', () => {
    const fit = new MarginCorrectionFit({ priorGames: 0 });
    assert.equal(fit.gapRatio(), 0);
    fit.observe(Math.E - 1, 0); // ln(1 + m) = 1 at gap 0
    fit.observe(Math.exp(1.5) - 1, 100); // 1.5 at gap 100
    close(fit.gapRatio(), 0.005, 1e-12);
    fit.observe(0, 50); // draws are not counted
    assert.equal(fit.games, 2);
  });

  test('in an Elo update: equals, home team wins 24-17 at home advantage 65: K (1 - p) ln 8 / (1 + 65 r)', () => {
    const ratio = 0.0006;
    const model = withHomeAdvantage(
      withMarginOfVictory(createElo({ kPolicy: constantK(20) }), {
        scale: scaleRatingFieldChange,
        multiplier: marginMultiplier({ gapRatio: ratio }),
      }),
      { advantage: 65, shift: shiftRatingField },
    );
    const out = model.update(
      { teams: [[elo(1500)], [elo(1500)]] },
      { ranks: [1, 2], scores: [24, 17], homeTeam: 0 },
    );
    const p = 1 / (1 + 10 ** (-65 / 400));
    close(out[0]?.[0]?.rating ?? 0, 1500 + (20 * (1 - p) * Math.log(8)) / (1 + 65 * ratio));
  });
});

describe('team sports: regression to the mean between seasons', () => {
  test('keep 2/3: 1600 starts the new season at 1566.67; a deviation 2 with prior 8 and keep 1/2 becomes 7', () => {
    const policy = { keep: 2 / 3, anchor: 1500 };
    close(regressTowardMean(elo(1600), policy, eloRatingAccess).rating, 1500 + 200 / 3);
    const rating: MarginRating = { mean: 4, variance: 4, games: 10 };
    const next = regressTowardMean(rating, { keep: 0.5, anchor: 0, priorDeviation: 8 }, marginAccess);
    close(next.mean, 2);
    close(next.variance, 0.25 * 4 + 0.75 * 64); // 49: deviation 7
    throwsCode(
      () => regressTowardMean(rating, { keep: 1.5, anchor: 0 }, marginAccess),
      ErrorCodes.INVALID_OPTION,
    );
  });

  test('the policy regresses a track record only at its first game of a new season', () => {
    const model = createElo({ kPolicy: constantK(0) }); // K 0: only the regression moves ratings
    const record = (season: string): TrackRecord<EloRating> => ({
      rating: elo(1600),
      gamesPlayed: 20,
      lastPlayedMs: 0,
      calibration: { gamesPlayed: 20, reopened: false } as never,
      season,
    });
    const rate = (season: string) =>
      rateTrackedMatch({
        model,
        access: eloRatingAccess,
        policy: {
          calibration: { games: 0, speedUp: { kind: 'update-multiplier', multiplier: 1 } },
          seasonRegression: { keep: 0.5, anchor: 1500 },
        },
        teams: [[record('2015')], [record('2015')]],
        result: { ranks: [1, 2] },
        nowMs: 1,
        season,
      });
    close(rate('2015')[0]?.[0]?.rating.rating ?? 0, 1600);
    const next = rate('2016')[0]?.[0];
    close(next?.rating.rating ?? 0, 1550);
    assert.equal(next?.season, '2016');
  });
});

describe('team sports: draws as a third outcome (ordered logit)', () => {
  test('draw rate 1/4 between equals: threshold ln(5/3); at P = 3/4 win 9/14, loss 1/6, draw 4/21', () => {
    const threshold = orderedLogitThreshold(0.25);
    close(threshold, Math.log(5 / 3));
    const model = orderedLogitDraw({ threshold });
    close(model.split(0.5).draw, 0.25);
    const split = model.split(0.75);
    close(split.win, 9 / 14);
    close(split.loss, 1 / 6);
    close(split.draw, 4 / 21);
  });

  test('layered on Elo: equals get 3/8, 1/4, 3/8', () => {
    const layered = withDraws(createElo(), orderedLogitDraw({ threshold: orderedLogitThreshold(0.25) }));
    const prediction = layered.predict({ teams: [[elo(1500)], [elo(1500)]] });
    close(prediction.win[0] ?? 0, 0.375);
    close(prediction.draw, 0.25);
  });
});

describe('team sports: the margin model', () => {
  const model = createMarginModel({ observationVariance: 100, priorVariance: 25, homeAdvantage: 5 });
  const even = model.initial();
  const match = { teams: [[even], [even]] };

  test('equals at home: predicted margin 5, variance 25 + 25 + 100, P = Phi(5 / sqrt 150)', () => {
    assert.deepEqual(model.predictMargin(match, { homeTeam: 0 }), { mean: 5, variance: 150 });
    close(model.predict(match, { homeTeam: 0 } as SideContext).win[0] ?? 0, normalCdf(5 / Math.sqrt(150)));
    close(model.predict(match, { homeTeam: 0, neutral: true } as SideContext).win[0] ?? 0, 0.5);
  });

  test('a 15-point home win: residual 10, gain 25/150 * 10, variance 25 - 25^2/150; at a neutral site 2.5', () => {
    const out = model.update(match, { ranks: [1, 2], scores: [15, 0], homeTeam: 0 });
    const home = out[0]?.[0];
    const away = out[1]?.[0];
    close(home?.mean ?? 0, 10 / 6);
    close(away?.mean ?? 0, -10 / 6);
    close(home?.variance ?? 0, 25 - 625 / 150);
    const neutral = model.update(match, {
      ranks: [1, 2],
      scores: [15, 0],
      homeTeam: 0,
      neutral: true,
    })[0]?.[0];
    close(neutral?.mean ?? 0, 2.5);
  });

  test('draw rate 1/4: equals at a neutral site draw with probability 1/4', () => {
    const drawing = createMarginModel({ observationVariance: 100, priorVariance: 25, drawRate: 0.25 });
    close(drawing.predict(match).draw, 0.25, 1e-9);
  });

  test('time away: the variance grows by c^2 per day (4 + 1 * 9 = 13 for 9 days at c = 1)', () => {
    const rated: MarginRating = { mean: 1, variance: 4, games: 3 };
    const later = applyInactivity(
      rated,
      { lastPlayedMs: 0, nowMs: 9 * 86_400_000 },
      { deviationGrowthPerSqrtDay: 1 },
      marginAccess,
    );
    close(later.variance, 13);
  });

  test('bad input: options, ratings and three teams', () => {
    throwsCode(
      () => createMarginModel({ observationVariance: 0, priorVariance: 1 }),
      ErrorCodes.INVALID_OPTION,
    );
    throwsCode(() => model.predict({ teams: [[even], [even], [even]] }), ErrorCodes.INVALID_TEAMS);
    throwsCode(
      () => model.predict({ teams: [[{ mean: 0, variance: -1, games: 0 }], [even]] }),
      ErrorCodes.INVALID_RATING,
    );
  });
});

describe('team sports: the margin model learns its parameters', () => {
  test('the first home win by 10 sets V = 100, noise 70, prior (100 - 70) / 2 = 15, home advantage 10/100', () => {
    const moments = new MarginMoments();
    assert.deepEqual(moments.options(), {
      observationVariance: 1,
      priorVariance: 1,
      homeAdvantage: 0,
      drawRate: 0,
    });
    moments.observe({ margin: 10, predicted: 0, ratingVariance: 2, homeSign: 1, timeMs: 0 });
    const learned = moments.options();
    close(learned.observationVariance, 70);
    close(learned.priorVariance, 15);
    close(learned.homeAdvantage, 0.1);
    close(learned.drawRate, 0);
  });

  test('a half-life of one year halves the weight of last year', () => {
    const moments = new MarginMoments({ halfLifeDays: 365 });
    moments.observe({ margin: 1, predicted: 0, ratingVariance: 0, homeSign: 0, timeMs: 0 });
    moments.observe({ margin: 1, predicted: 0, ratingVariance: 0, homeSign: 0, timeMs: 365 * 86_400_000 });
    close(moments.games, 1.5);
  });
});
