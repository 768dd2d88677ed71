/**
 * The rating model and policy a deployment runs, and the translation between the engine's track
 * records and the stores' rows. The model is named in config (`ratingModel`), so the worker thread
 * can build the same one from the name alone.
 */
import {
  type CalibrationPolicy,
  type CalibrationState,
  createElo,
  createGlicko2,
  createPlackettLuce,
  type DisplayScale,
  displayRating,
  ErrorCodes,
  isCalibrating,
  MatchdError,
  marginMultiplier,
  newTrackRecord,
  type RatingAccess,
  type RatingModel,
  type RatingPolicy,
  scaleMuFieldChange,
  scaleRatingFieldChange,
  shiftMuField,
  shiftRatingField,
  type TrackRecord,
  withHomeAdvantage,
  withMarginOfVictory,
} from '@matchd/engine';
import type { Json, RatingRecord, RatingSnapshot } from '../store/records.ts';

/** The models a deployment can choose. */
export const ratingModelNames = ['weng-lin', 'glicko2', 'elo'] as const;
/** A model name from `ratingModelNames`. */
export type RatingModelName = (typeof ratingModelNames)[number];

/** A model with its policy, display scale, and the JSON form of its track records. */
export interface RatingSystem {
  readonly modelName: RatingModelName;
  readonly model: RatingModel<unknown>;
  readonly access: RatingAccess<unknown>;
  readonly policy: RatingPolicy;
  readonly display: DisplayScale;
  /** A player's record on a track they never played. */
  fresh(): TrackRecord<unknown>;
  /** The engine's track record of a stored row (a fresh one when there is no row). */
  trackRecordOf(record: RatingRecord | undefined): TrackRecord<unknown>;
  /** The displayed value and estimate of a track record (display undefined while calibrating). */
  snapshotOf(record: TrackRecord<unknown>): RatingSnapshot;
  /** The state column of a track record. */
  stateOf(record: TrackRecord<unknown>): Json;
}

/** A RatingAccess over a model's own `estimate` and a way to write an estimate back. */
function accessOf<TRating>(
  model: RatingModel<TRating>,
  withEstimate: RatingAccess<TRating>['withEstimate'],
  hasDeviation: boolean,
): RatingAccess<TRating> {
  return { estimate: (rating) => model.estimate(rating), withEstimate, hasDeviation };
}

/**
 * Team-sport terms a deployment may declare (config `ratingTerms`), on the model's own scale:
 * - `homeAdvantage`: rating points of the team a result names as `homeTeam` (none when `neutral`);
 * - `marginGapRatio`: margin of victory from result `scores`, ln(1 + margin) / (1 + ratio * winner's
 *   gap) (`matchd ratings eval` learns the ratio from a deployment's own results; 0 = no correction);
 * - `seasonKeep`: share of the distance to the initial rating kept at a player's first result of a
 *   new `season` (regression to the mean).
 */
export interface RatingTerms {
  readonly homeAdvantage?: number;
  readonly marginGapRatio?: number;
  readonly seasonKeep?: number;
}

/** Adds the declared terms to a model whose mean is a `rating` or `mu` field. */
function withTerms<TRating>(
  model: RatingModel<TRating>,
  terms: RatingTerms,
  field: 'rating' | 'mu',
): RatingModel<TRating> {
  let out = model;
  if (terms.marginGapRatio !== undefined) {
    out = withMarginOfVictory(out, {
      scale: (field === 'rating' ? scaleRatingFieldChange : scaleMuFieldChange) as never,
      multiplier: marginMultiplier({ gapRatio: terms.marginGapRatio }),
    });
  }
  if (terms.homeAdvantage !== undefined) {
    out = withHomeAdvantage(out, {
      advantage: terms.homeAdvantage,
      shift: (field === 'rating' ? shiftRatingField : shiftMuField) as never,
    });
  }
  return out;
}

interface Definition<TRating> {
  readonly model: RatingModel<TRating>;
  readonly access: RatingAccess<TRating>;
  readonly calibration: CalibrationPolicy;
  readonly display: DisplayScale;
}

function definition(name: RatingModelName, terms: RatingTerms): Definition<unknown> {
  switch (name) {
    case 'weng-lin': {
      const model = withTerms(createPlackettLuce(), terms, 'mu');
      const initial = model.initial();
      return {
        model,
        access: accessOf(
          model,
          (_rating, estimate) => ({ mu: estimate.mean, sigma: estimate.deviation }),
          true,
        ),
        // Calibration games start from the initial uncertainty, so the model's own update is large.
        calibration: { games: 10, speedUp: { kind: 'deviation-floor', deviation: initial.sigma } },
        // TrueSkill's leaderboard value: a player climbs once the system is sure of them.
        display: { kind: 'conservative', k: 3 },
      } as Definition<unknown>;
    }
    case 'glicko2': {
      const model = withTerms(createGlicko2(), terms, 'rating');
      return {
        model,
        access: accessOf(
          model,
          (rating, estimate) => ({ ...rating, rating: estimate.mean, rd: estimate.deviation }),
          true,
        ),
        calibration: { games: 10, speedUp: { kind: 'deviation-floor', deviation: model.initial().rd } },
        display: { kind: 'conservative', k: 2 },
      } as Definition<unknown>;
    }
    case 'elo': {
      const model = withTerms(createElo(), terms, 'rating');
      return {
        model,
        access: accessOf(model, (rating, estimate) => ({ ...rating, rating: estimate.mean }), false),
        calibration: { games: 10, speedUp: { kind: 'update-multiplier', multiplier: 2 } },
        display: { kind: 'linear', offset: 0, scale: 1 },
      } as Definition<unknown>;
    }
    default:
      throw new MatchdError(ErrorCodes.INVALID_OPTION, `unknown rating model ${String(name)}`, {
        path: 'ratingModel',
      });
  }
}

/**
 * The rating system of a model name; `calibrationGames` overrides the policy's 10. Throws
 * MM_ERR_INVALID_OPTION for an unknown name.
 */
export function createRatingSystem(
  name: RatingModelName,
  options: { calibrationGames?: number; terms?: RatingTerms } = {},
): RatingSystem {
  const terms = options.terms ?? {};
  const { model, access, display, calibration: defaults } = definition(name, terms);
  const calibration: CalibrationPolicy =
    options.calibrationGames === undefined ? defaults : { ...defaults, games: options.calibrationGames };
  const initial = access.estimate(model.initial());
  const policy: RatingPolicy = {
    calibration,
    ...(terms.seasonKeep === undefined
      ? {}
      : {
          seasonRegression: {
            keep: terms.seasonKeep,
            anchor: initial.mean,
            ...(access.hasDeviation ? { priorDeviation: initial.deviation } : {}),
          },
        }),
  };
  const system: RatingSystem = {
    modelName: name,
    model,
    access,
    policy,
    display,
    fresh: () => newTrackRecord(model, calibration),
    trackRecordOf(record) {
      if (record === undefined) return system.fresh();
      const state = record.state as { rating?: unknown; calibration?: CalibrationState; season?: string };
      if (state.rating === undefined || state.calibration === undefined) {
        throw new MatchdError(
          ErrorCodes.INVALID_DATA,
          `stored rating of ${record.playerId} is not a ${name} record`,
          {
            playerId: record.playerId,
            track: record.track,
          },
        );
      }
      return {
        rating: state.rating,
        gamesPlayed: record.games,
        ...(record.games > 0 ? { lastPlayedMs: record.lastPlayedAtMs } : {}),
        calibration: state.calibration,
        ...(typeof state.season === 'string' ? { season: state.season } : {}),
      };
    },
    snapshotOf(record) {
      const estimate = access.estimate(record.rating);
      const shown = displayRating(estimate, isCalibrating(record.calibration), display);
      return shown === undefined
        ? { mean: estimate.mean, deviation: estimate.deviation }
        : { mean: estimate.mean, deviation: estimate.deviation, display: shown };
    },
    stateOf: (record) => ({
      rating: record.rating as Json,
      calibration: record.calibration as unknown as Json,
      ...(record.season === undefined ? {} : { season: record.season }),
    }),
  };
  return system;
}
