/**
 * One rated match through the whole policy: for every player's track record, a new season regresses
 * the rating toward the mean (season regression), time away is applied (inactivity) and may re-open
 * calibration, calibration games get their speed-up, the model predicts and updates, individual
 * performance adjusts the update (when the policy asks for it), and each record counts the game,
 * its time and the player's surprise (which may re-open calibration).
 * Everything is validated before anything is computed; the inputs are never changed.
 */
import { requireFiniteOption } from '../../errors.ts';
import type { MatchResult, RatingModel } from '../types.ts';
import {
  afterCalibrationGame,
  beforeCalibrationGame,
  type CalibrationPolicy,
  type CalibrationState,
  calibrationAfterIdle,
  recordCalibrationGame,
  surprise,
  validateCalibrationPolicy,
} from './calibration.ts';
import { applyInactivity, type InactivityPolicy, idleMs } from './inactivity.ts';
import {
  type PerformancePolicy,
  performanceAdjustments,
  shiftMean,
  validatePerformance,
  validatePerformancePolicy,
} from './performance.ts';
import type { RatingAccess } from './rating-access.ts';
import {
  isNewSeason,
  regressTowardMean,
  type SeasonRegressionPolicy,
  validateSeasonRegression,
} from './season-regression.ts';
import type { TrackRecord } from './tracks.ts';

/** The policy around a model. */
export interface RatingPolicy {
  readonly calibration: CalibrationPolicy;
  readonly inactivity?: InactivityPolicy;
  /** Applied at a record's first game of a new season (matches must name their `season`). */
  readonly seasonRegression?: SeasonRegressionPolicy;
  /** How a match's individual performance moves ratings (matches must carry `performance`). */
  readonly performance?: PerformancePolicy;
}

/** Input of `rateTrackedMatch`. */
export interface TrackedMatch<TRating> {
  readonly model: RatingModel<TRating>;
  readonly access: RatingAccess<TRating>;
  readonly policy: RatingPolicy;
  /** Each player's record on the match's track, by team. */
  readonly teams: readonly (readonly TrackRecord<TRating>[])[];
  readonly weights?: readonly (readonly number[])[];
  readonly result: MatchResult;
  readonly nowMs: number;
  /** The match's season label; with `policy.seasonRegression`, a change of season regresses ratings. */
  readonly season?: string;
  /** Per team, per player: the game's own performance number; used with `policy.performance`. */
  readonly performance?: readonly (readonly number[])[];
}

/**
 * Each team's predicted and observed share of first place: observed 1 for a sole winner, 1/k for
 * each of k teams tied first, 0 otherwise; predicted win[t] plus an even share of the draw mass.
 */
function teamScores(
  ranks: readonly number[],
  win: readonly number[],
  draw: number,
): { p: number; y: number }[] {
  const best = Math.min(...ranks);
  const tiedFirst = ranks.filter((rank) => rank === best).length;
  return ranks.map((rank, t) => ({
    p: (win[t] as number) + draw / ranks.length,
    y: rank === best ? 1 / tiedFirst : 0,
  }));
}

/**
 * New track records (same shape as `teams`) after the match.
 * @example
 * const elo = createElo();
 * const key = trackKey({ queue: 'ranked', partySize: 1 }); // 'ranked/solo'
 * const a = trackRecord(aliceTracks, key, elo, ELO_CALIBRATION);
 * const b = trackRecord(bobTracks, key, elo, ELO_CALIBRATION);
 * const [[a2], [b2]] = rateTrackedMatch({
 *   model: elo, access: eloRatingAccess, policy: { calibration: ELO_CALIBRATION },
 *   teams: [[a], [b]], result: { ranks: [1, 2] }, nowMs,
 * });
 * aliceTracks = withTrackRecord(aliceTracks, key, a2); // a2 moved 2x while calibrating
 */
export function rateTrackedMatch<TRating>(input: TrackedMatch<TRating>): TrackRecord<TRating>[][] {
  const { model, access, policy, teams, result, nowMs, season } = input;
  validateCalibrationPolicy(policy.calibration);
  if (policy.seasonRegression !== undefined) validateSeasonRegression(policy.seasonRegression);
  if (policy.performance !== undefined) validatePerformancePolicy(policy.performance);
  requireFiniteOption('nowMs', nowMs);
  if (input.performance !== undefined)
    validatePerformance(
      input.performance,
      teams.map((team) => team.length),
    );
  for (const team of teams) {
    for (const record of team) {
      model.validate(record.rating);
      requireFiniteOption('gamesPlayed', record.gamesPlayed, 0);
      idleMs(record.lastPlayedMs, nowMs); // throws if time went backwards
    }
  }
  // A long absence may re-open calibration before the game, which is then a calibration game.
  const calibrations = teams.map((team) =>
    team.map((record) =>
      calibrationAfterIdle(record.calibration, idleMs(record.lastPlayedMs, nowMs), policy.calibration),
    ),
  );
  const prepared = teams.map((team, t) =>
    team.map((record, i) => {
      const regressed =
        policy.seasonRegression !== undefined && isNewSeason(record.season, season)
          ? regressTowardMean(record.rating, policy.seasonRegression, access)
          : record.rating;
      const rested =
        policy.inactivity === undefined
          ? regressed
          : applyInactivity(
              regressed,
              { lastPlayedMs: record.lastPlayedMs, nowMs },
              policy.inactivity,
              access,
            );
      return beforeCalibrationGame(
        rested,
        calibrations[t]?.[i] as CalibrationState,
        policy.calibration,
        access,
      );
    }),
  );
  const match =
    input.weights === undefined ? { teams: prepared } : { teams: prepared, weights: input.weights };
  // The home side and a neutral site reach predict as they reach update (SideContext).
  const context = {
    nowMs,
    ...(result.homeTeam === undefined ? {} : { homeTeam: result.homeTeam }),
    ...(result.neutral === undefined ? {} : { neutral: result.neutral }),
  };
  const prediction = model.predict(match, context);
  const updated = model.update(match, result, context);
  const scores = teamScores(result.ranks, prediction.win, prediction.draw);
  const adjustments =
    policy.performance === undefined || input.performance === undefined
      ? undefined
      : performanceAdjustments(
          input.performance,
          prepared.map((team) => team.map((rating) => access.estimate(rating).deviation)),
          policy.performance,
          access.hasDeviation,
        );
  return teams.map((team, t) => {
    const { p, y } = scores[t] as { p: number; y: number };
    const gameSurprise = surprise(p, y);
    return team.map((record, i) => {
      const before = prepared[t]?.[i] as TRating;
      const after = updated[t]?.[i] as TRating;
      const calibration = calibrations[t]?.[i] as CalibrationState;
      const rated = afterCalibrationGame(before, after, calibration, policy.calibration, access);
      return {
        rating: shiftMean(rated, adjustments?.[t]?.[i] ?? 0, access),
        gamesPlayed: record.gamesPlayed + 1,
        lastPlayedMs: nowMs,
        calibration: recordCalibrationGame(calibration, gameSurprise, policy.calibration),
        ...((season ?? record.season) === undefined ? {} : { season: (season ?? record.season) as string }),
      };
    });
  });
}
