import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isMatchdError } from '../../errors.ts';
import { constantK, createElo, type EloRating } from '../elo/index.ts';
import { createGlicko2, type Glicko2Rating } from '../glicko2/index.ts';
import { createPlackettLuce, type GaussianRating } from '../weng-lin/index.ts';
import {
  type CalibrationPolicy,
  type CalibrationState,
  calibrationAfterIdle,
  isCalibrating,
  recordCalibrationGame,
  reopenCalibration,
  startCalibration,
  surprise,
  validateCalibrationPolicy,
} from './calibration.ts';
import { eloRatingAccess as eloAccess, gaussianRatingAccess, glicko2RatingAccess } from './model-access.ts';
import { rateTrackedMatch } from './rate-tracked-match.ts';
import { newTrackRecord, type TrackRecord } from './tracks.ts';

const policy: CalibrationPolicy = {
  games: 10,
  speedUp: { kind: 'update-multiplier', multiplier: 2 },
  reopen: { windowGames: 20, maxMeanSurprise: 1.0 },
};

test('the first 10 games of a track calibrate, then the rating is shown', () => {
  let state = startCalibration(policy);
  for (let game = 1; game <= 10; game++) {
    assert.ok(isCalibrating(state), `game ${game}`);
    state = recordCalibrationGame(state, 0.7, policy);
  }
  assert.ok(!isCalibrating(state));
  assert.equal(state.gamesLeft, 0);
  assert.equal(isCalibrating(startCalibration({ ...policy, games: 0 })), false);
});

test('calibration games move an Elo rating K-multiplier times as far', () => {
  const elo = createElo({ kPolicy: constantK(32) });
  const fresh = newTrackRecord(elo, policy);
  const settled: TrackRecord<EloRating> = {
    ...fresh,
    calibration: { ...startCalibration({ ...policy, games: 0 }) },
  };
  const rate = (a: TrackRecord<EloRating>, b: TrackRecord<EloRating>) =>
    rateTrackedMatch({
      model: elo,
      access: eloAccess,
      policy: { calibration: policy },
      teams: [[a], [b]],
      result: { ranks: [1, 2] },
      nowMs: 0,
    });
  const [[calibratingWinner], [settledLoser]] = rate(fresh, settled) as [
    [TrackRecord<EloRating>],
    [TrackRecord<EloRating>],
  ];
  assert.equal(calibratingWinner.rating.rating, 1500 + 2 * 16);
  assert.equal(settledLoser.rating.rating, 1500 - 16);
  assert.equal(calibratingWinner.gamesPlayed, 1);
  assert.equal(calibratingWinner.calibration.gamesLeft, 9);
  assert.equal(settledLoser.lastPlayedMs, 0);
});

test('calibration re-opens when results keep surprising the model', () => {
  const calm = Array.from({ length: 20 }, () => 0.69);
  let state = startCalibration({ ...policy, games: 0 });
  for (const value of calm) state = recordCalibrationGame(state, value, policy);
  assert.ok(!isCalibrating(state));
  assert.equal(state.recentSurprise.length, 20);
  // (k * 1.6 + (20 - k) * 0.69) / 20 first exceeds 1.0 at k = 7 surprising games.
  let surprising = 0;
  while (!isCalibrating(state) && surprising < 20) {
    state = recordCalibrationGame(state, 1.6, policy);
    surprising++;
  }
  assert.equal(surprising, 7);
  assert.equal(state.reopened, 1);
  assert.equal(state.gamesLeft, 10);
});

test('an underrated player who keeps beating stronger opponents is re-calibrated and then moves faster', () => {
  // A slow K (4) keeps the player underrated, so the surprise stays high.
  const elo = createElo({ kPolicy: constantK(4) });
  const settled = startCalibration({ ...policy, games: 0 });
  let hero: TrackRecord<EloRating> = {
    rating: { rating: 1000, games: 50, streak: 0 },
    gamesPlayed: 50,
    calibration: settled,
  };
  const opponent: TrackRecord<EloRating> = {
    rating: { rating: 1400, games: 50, streak: 0 },
    gamesPlayed: 50,
    calibration: settled,
  };
  let gamesUntilReopen = 0;
  while (!isCalibrating(hero.calibration) && gamesUntilReopen < 100) {
    gamesUntilReopen++;
    const rated = rateTrackedMatch({
      model: elo,
      access: eloAccess,
      policy: { calibration: policy },
      teams: [[hero], [opponent]],
      result: { ranks: [1, 2] },
      nowMs: gamesUntilReopen,
    });
    hero = rated[0]?.[0] as TrackRecord<EloRating>;
  }
  assert.equal(gamesUntilReopen, 20);
  const before = hero.rating.rating;
  const next = rateTrackedMatch({
    model: elo,
    access: eloAccess,
    policy: { calibration: policy },
    teams: [[hero], [opponent]],
    result: { ranks: [1, 2] },
    nowMs: 100,
  })[0]?.[0] as TrackRecord<EloRating>;
  const expected = elo.expectedScore(before, 1400);
  assert.ok(Math.abs(next.rating.rating - before - 2 * 4 * (1 - expected)) < 1e-9);
});

test('an admin can re-open calibration; surprise is the log-loss of the result', () => {
  const state = reopenCalibration(startCalibration({ ...policy, games: 0 }), policy);
  assert.ok(isCalibrating(state));
  assert.equal(state.reopened, 1);
  assert.ok(Math.abs(surprise(0.5, 1) - Math.LN2) < 1e-12);
  assert.ok(Math.abs(surprise(0.3, 1) + Math.log(0.3)) < 1e-12);
  assert.ok(Math.abs(surprise(0.3, 0) + Math.log(0.7)) < 1e-12);
});

test('bad calibration policies are typed errors', () => {
  const bad = (p: CalibrationPolicy) =>
    assert.throws(
      () => validateCalibrationPolicy(p),
      (e) => isMatchdError(e, 'MM_ERR_INVALID_OPTION'),
    );
  bad({ ...policy, games: -1 });
  bad({ ...policy, games: 2.5 });
  bad({ ...policy, speedUp: { kind: 'update-multiplier', multiplier: 0.5 } });
  bad({ ...policy, speedUp: { kind: 'deviation-floor', deviation: Number.NaN } });
  bad({ ...policy, reopen: { windowGames: 0, maxMeanSurprise: 1 } });
});

test('deviation-floor calibration: a Weng-Lin player with a small sigma moves like a new one while calibrating', () => {
  const model = createPlackettLuce();
  const floor: CalibrationPolicy = { games: 10, speedUp: { kind: 'deviation-floor', deviation: 25 / 3 } };
  const settledRating = { mu: 25, sigma: 2 };
  const opponent: TrackRecord<GaussianRating> = {
    rating: { mu: 25, sigma: 2 },
    gamesPlayed: 100,
    calibration: startCalibration({ ...floor, games: 0 }),
  };
  const rate = (calibration: CalibrationState) =>
    rateTrackedMatch({
      model,
      access: gaussianRatingAccess,
      policy: { calibration: floor },
      teams: [[{ rating: settledRating, gamesPlayed: 100, calibration }], [opponent]],
      result: { ranks: [1, 2] },
      nowMs: 0,
    })[0]?.[0] as TrackRecord<GaussianRating>;
  const calibrating = rate(reopenCalibration(startCalibration({ ...floor, games: 0 }), floor));
  const settled = rate(startCalibration({ ...floor, games: 0 }));
  const fresh = model.update(
    { teams: [[{ mu: 25, sigma: 25 / 3 }], [opponent.rating]] },
    { ranks: [1, 2] },
  )[0]?.[0] as GaussianRating;
  assert.ok(Math.abs(calibrating.rating.mu - fresh.mu) < 1e-12, 'moves exactly like sigma = 25/3');
  assert.ok(calibrating.rating.mu - 25 > 5 * (settled.rating.mu - 25));
});

test('inactivity inside a rated match: a Glicko-2 player back after a year moves more', () => {
  const glicko = createGlicko2();
  const settledCalibration = startCalibration({ ...policy, games: 0 });
  const record = (lastPlayedMs: number): TrackRecord<Glicko2Rating> => ({
    rating: { rating: 1500, rd: 60, volatility: 0.06 },
    gamesPlayed: 100,
    lastPlayedMs,
    calibration: settledCalibration,
  });
  const day = 86_400_000;
  const win = (lastPlayedMs: number) =>
    rateTrackedMatch({
      model: glicko,
      access: glicko2RatingAccess,
      policy: { calibration: policy, inactivity: { deviationGrowthPerSqrtDay: 10, maxDeviation: 350 } },
      teams: [[record(lastPlayedMs)], [record(365 * day)]],
      result: { ranks: [1, 2] },
      nowMs: 365 * day,
    })[0]?.[0] as TrackRecord<Glicko2Rating>;
  const back = win(0);
  const regular = win(364 * day);
  assert.ok(back.rating.rating - 1500 > 2 * (regular.rating.rating - 1500));
  assert.equal(back.lastPlayedMs, 365 * day);
});

test('a long absence re-opens calibration: at the bound, not below; never for a player still calibrating', () => {
  const idlePolicy: CalibrationPolicy = { ...policy, reopenAfterIdleMs: 1000 };
  const settled = startCalibration({ ...idlePolicy, games: 0 });
  assert.equal(calibrationAfterIdle(settled, 999, idlePolicy), settled);
  const back = calibrationAfterIdle(settled, 1000, idlePolicy);
  assert.ok(isCalibrating(back));
  assert.equal(back.gamesLeft, 10);
  assert.equal(back.reopened, 1);
  const calibrating = startCalibration(idlePolicy);
  assert.equal(calibrationAfterIdle(calibrating, 10_000, idlePolicy), calibrating);
  assert.equal(calibrationAfterIdle(settled, 1e12, policy), settled, 'no bound declared');
  assert.throws(
    () => validateCalibrationPolicy({ ...policy, reopenAfterIdleMs: 0 }),
    (e) => isMatchdError(e, 'MM_ERR_INVALID_OPTION'),
  );
});
