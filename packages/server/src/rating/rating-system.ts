/**
 * A track's rating system built from its policy declaration (policy-declaration.ts): the engine's
 * model with its terms, the engine's policy (calibration, inactivity, season regression,
 * performance), the display scale, who may see the rating, and the translation between the
 * engine's track records and the stores' rows. A declaration is plain JSON, so the worker thread
 * builds the same system from the same declaration.
 */
import {
  type CalibrationPolicy,
  type CalibrationState,
  constantK,
  createBradleyTerryFull,
  createBradleyTerryPart,
  createElo,
  createFermi,
  createGlicko2,
  createMarginModel,
  createPlackettLuce,
  createThurstoneMostellerFull,
  createThurstoneMostellerPart,
  createTrueSkill,
  type DisplayScale,
  type DrawModel,
  davidsonDraw,
  displayRating,
  displayValue,
  dominationsK,
  ErrorCodes,
  eloRatingAccess,
  eommDraw,
  type FermiRating,
  gaussianRatingAccess,
  glicko2RatingAccess,
  isCalibrating,
  type MarginRating,
  MatchdError,
  marginMultiplier,
  newTrackRecord,
  orderedLogitDraw,
  orderedLogitThreshold,
  type RatingAccess,
  type RatingModel,
  type RatingPolicy,
  type SeasonResetPolicy,
  type SkillEstimate,
  scaleMuFieldChange,
  scaleRatingFieldChange,
  shiftMuField,
  shiftRatingField,
  type TrackRecord,
  withDraws,
  withHomeAdvantage,
  withMarginOfVictory,
} from '@matchd/engine';
import type { Json, RatingRecord, RatingSnapshot } from '../store/records.ts';
import type {
  DrawDeclaration,
  ModelDeclaration,
  PerformanceDeclaration,
  RatingPolicyDeclaration,
  TermsDeclaration,
  Visibility,
} from './policy-declaration.ts';

/** The models a deployment can choose as its default (`ratingModel`). */
export const ratingModelNames = ['weng-lin', 'glicko2', 'elo'] as const;
/** A model name from `ratingModelNames`. */
export type RatingModelName = (typeof ratingModelNames)[number];

/** A model with its policy, display scale, visibility, and the JSON form of its track records. */
export interface RatingSystem {
  /** The declaration it was built from. */
  readonly declaration: RatingPolicyDeclaration;
  readonly model: RatingModel<unknown>;
  readonly access: RatingAccess<unknown>;
  readonly policy: RatingPolicy;
  readonly display: DisplayScale;
  /** Declared visibility; undefined: the service's default for the track's name. */
  readonly visibility: Visibility | undefined;
  /** While calibrating: nothing shown, or a display value marked provisional. */
  readonly calibrationShow: 'hidden' | 'provisional';
  readonly performance: PerformanceDeclaration | undefined;
  /** The declared season reset, used when an operator's request names none. */
  readonly seasonReset: SeasonResetPolicy | undefined;
  /** A player's record on a track they never played. */
  fresh(): TrackRecord<unknown>;
  /** The engine's track record of a stored row (a fresh one when there is no row). */
  trackRecordOf(record: RatingRecord | undefined): TrackRecord<unknown>;
  /** The displayed value and estimate of a track record (display undefined while calibrating). */
  snapshotOf(record: TrackRecord<unknown>): RatingSnapshot;
  /** The display value of an estimate, calibrating or not (provisional values). */
  displayOf(estimate: SkillEstimate): number;
  /** The state column of a track record, with its ladder key when the policy keeps a ladder. */
  stateOf(record: TrackRecord<unknown>, ladderKey?: number): Json;
  /** The ladder key a stored row holds (undefined before its first game or without a ladder). */
  ladderKeyOf(record: RatingRecord | undefined): number | undefined;
}

/**
 * Team-sport terms of the deployment-wide default (config `ratingTerms`), on the model's own scale:
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

/** The declaration of the deployment-wide default: `ratingModel`, `calibrationGames`, `ratingTerms`. */
export function defaultDeclaration(
  name: RatingModelName,
  options: { calibrationGames?: number; terms?: RatingTerms } = {},
): RatingPolicyDeclaration {
  const { seasonKeep, ...terms } = options.terms ?? {};
  return {
    model: { kind: name },
    ...(Object.keys(terms).length === 0 ? {} : { terms }),
    ...(options.calibrationGames === undefined ? {} : { calibration: { games: options.calibrationGames } }),
    ...(seasonKeep === undefined ? {} : { season: { keep: seasonKeep } }),
  };
}

/** Elo-like models keep no deviation: their mean lives in a `rating` field. */
const fermiAccess: RatingAccess<FermiRating> = {
  estimate: (rating) => ({ mean: rating.rating, deviation: 0 }),
  withEstimate: (rating, estimate) => ({ ...rating, rating: estimate.mean }),
  hasDeviation: false,
};

const marginAccess: RatingAccess<MarginRating> = {
  estimate: (rating) => ({ mean: rating.mean, deviation: Math.sqrt(rating.variance) }),
  withEstimate: (rating, estimate) => ({
    ...rating,
    mean: estimate.mean,
    variance: estimate.deviation * estimate.deviation,
  }),
  hasDeviation: true,
};

/** A model, how the policy reads it, where its mean lives (for terms), and its family's defaults. */
interface Built {
  readonly model: RatingModel<unknown>;
  readonly access: RatingAccess<unknown>;
  readonly field: 'rating' | 'mu' | undefined;
  readonly display: DisplayScale;
}

function buildModel(model: ModelDeclaration): Built {
  switch (model.kind) {
    case 'weng-lin': {
      const { kind: _kind, variant, ...options } = model;
      const create = {
        'plackett-luce': createPlackettLuce,
        'bradley-terry-full': createBradleyTerryFull,
        'bradley-terry-part': createBradleyTerryPart,
        'thurstone-mosteller-full': createThurstoneMostellerFull,
        'thurstone-mosteller-part': createThurstoneMostellerPart,
      }[variant ?? 'plackett-luce'];
      return {
        model: create(options) as RatingModel<unknown>,
        access: gaussianRatingAccess as RatingAccess<unknown>,
        field: 'mu',
        // TrueSkill's leaderboard value: a player climbs once the system is sure of them.
        display: { kind: 'conservative', k: 3 },
      };
    }
    case 'trueskill': {
      const { kind: _kind, ...options } = model;
      return {
        model: createTrueSkill(options) as RatingModel<unknown>,
        access: gaussianRatingAccess as RatingAccess<unknown>,
        field: 'mu',
        display: { kind: 'conservative', k: 3 },
      };
    }
    case 'glicko2': {
      const { kind: _kind, ...options } = model;
      return {
        model: createGlicko2(options) as RatingModel<unknown>,
        access: glicko2RatingAccess as RatingAccess<unknown>,
        field: 'rating',
        display: { kind: 'conservative', k: 2 },
      };
    }
    case 'elo': {
      const { kind: _kind, kPolicy, ...options } = model;
      const k =
        kPolicy === undefined
          ? constantK(32)
          : kPolicy.kind === 'constant'
            ? constantK(kPolicy.k)
            : dominationsK((({ kind: _k, ...rest }) => rest)(kPolicy));
      return {
        model: createElo({ ...options, kPolicy: k }) as RatingModel<unknown>,
        access: eloRatingAccess as RatingAccess<unknown>,
        field: 'rating',
        display: { kind: 'linear', offset: 0, scale: 1 },
      };
    }
    case 'fermi': {
      const { kind: _kind, ...options } = model;
      return {
        model: createFermi(options) as RatingModel<unknown>,
        access: fermiAccess as RatingAccess<unknown>,
        field: 'rating',
        display: { kind: 'linear', offset: 0, scale: 1 },
      };
    }
    case 'margin-kalman': {
      const { kind: _kind, ...options } = model;
      return {
        model: createMarginModel(options) as RatingModel<unknown>,
        access: marginAccess as RatingAccess<unknown>,
        field: undefined,
        display: { kind: 'linear', offset: 0, scale: 1 },
      };
    }
    default:
      throw new MatchdError(
        ErrorCodes.INVALID_OPTION,
        `unknown rating model ${String((model as { kind?: unknown }).kind)}`,
        {
          path: 'model.kind',
        },
      );
  }
}

function drawModelOf(draw: DrawDeclaration): DrawModel {
  switch (draw.kind) {
    case 'davidson':
      return davidsonDraw({ nu: draw.nu });
    case 'eomm':
      return eommDraw({ drawProbability: draw.drawProbability });
    case 'ordered-logit':
      return orderedLogitDraw({ threshold: orderedLogitThreshold(draw.drawRate) });
    default:
      return draw satisfies never;
  }
}

/** Adds the declared terms to a model whose mean is a `rating` or `mu` field. */
function withTerms(
  model: RatingModel<unknown>,
  terms: TermsDeclaration,
  field: 'rating' | 'mu',
): RatingModel<unknown> {
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
  if (terms.draw !== undefined) out = withDraws(out, drawModelOf(terms.draw));
  return out;
}

const MS_PER_DAY = 86_400_000;

/** The rating system of a declaration (checked by `checkPolicyDeclaration`). */
export function systemOf(declaration: RatingPolicyDeclaration): RatingSystem {
  const built = buildModel(declaration.model);
  const { access } = built;
  const model =
    declaration.terms === undefined || built.field === undefined
      ? built.model
      : withTerms(built.model, declaration.terms, built.field);
  const initial = access.estimate(model.initial());
  const declared = declaration.calibration ?? {};
  const calibration: CalibrationPolicy = {
    games: declared.games ?? 10,
    // Calibration games start from the initial uncertainty where the model keeps one, so the
    // model's own update is large; Elo-like models multiply their change instead.
    speedUp: access.hasDeviation
      ? { kind: 'deviation-floor', deviation: declared.deviationFloor ?? initial.deviation }
      : { kind: 'update-multiplier', multiplier: declared.multiplier ?? 2 },
    ...(declared.reopen === undefined ? {} : { reopen: declared.reopen }),
    ...(declared.reopenAfterIdleDays === undefined
      ? {}
      : { reopenAfterIdleMs: declared.reopenAfterIdleDays * MS_PER_DAY }),
  };
  const inactivity = declaration.inactivity;
  const performance = declaration.performance;
  const policy: RatingPolicy = {
    calibration,
    ...(inactivity === undefined
      ? {}
      : {
          inactivity: {
            ...(inactivity.deviationGrowthPerSqrtDay === undefined
              ? {}
              : {
                  deviationGrowthPerSqrtDay: inactivity.deviationGrowthPerSqrtDay,
                  maxDeviation: inactivity.maxDeviation ?? initial.deviation,
                }),
            ...(inactivity.decay === undefined
              ? {}
              : {
                  decay: {
                    perPeriod: inactivity.decay.perPeriod,
                    periodMs: inactivity.decay.periodDays * MS_PER_DAY,
                    mean: inactivity.decay.mean ?? initial.mean,
                  },
                }),
          },
        }),
    ...(declaration.season === undefined
      ? {}
      : {
          seasonRegression: {
            keep: declaration.season.keep,
            anchor: declaration.season.anchor ?? initial.mean,
            ...(access.hasDeviation ? { priorDeviation: initial.deviation } : {}),
          },
        }),
    ...(performance === undefined
      ? {}
      : {
          performance: {
            weight: performance.weight,
            ...(performance.relativeTo === undefined ? {} : { relativeTo: performance.relativeTo }),
            ...(performance.uncertaintyScale === undefined
              ? {}
              : { uncertaintyScale: performance.uncertaintyScale }),
          },
        }),
  };
  const shown = declaration.display;
  const display: DisplayScale =
    shown === undefined
      ? built.display
      : shown.kind === 'fixed-range'
        ? {
            kind: 'fixed-range',
            population: { mean: shown.mean, width: shown.width },
            ...(shown.max === undefined ? {} : { maxDisplay: shown.max }),
          }
        : shown;
  const kind = declaration.model.kind;
  const system: RatingSystem = {
    declaration,
    model,
    access,
    policy,
    display,
    visibility: declaration.visibility,
    calibrationShow: declared.show ?? 'hidden',
    performance,
    seasonReset: declaration.seasonReset,
    fresh: () => newTrackRecord(model, calibration),
    trackRecordOf(record) {
      if (record === undefined) return system.fresh();
      const state = record.state as {
        model?: string;
        rating?: unknown;
        calibration?: CalibrationState;
        season?: string;
      };
      if (state.rating === undefined || state.calibration === undefined || (state.model ?? kind) !== kind) {
        throw new MatchdError(
          ErrorCodes.INVALID_DATA,
          `stored rating of ${record.playerId} on ${record.track} is not a ${kind} record`,
          { playerId: record.playerId, track: record.track },
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
      const value = displayRating(estimate, isCalibrating(record.calibration), display);
      return value === undefined
        ? { mean: estimate.mean, deviation: estimate.deviation }
        : { mean: estimate.mean, deviation: estimate.deviation, display: value };
    },
    displayOf: (estimate) => displayValue(estimate, display),
    stateOf: (record, ladderKey) => ({
      model: kind,
      rating: record.rating as Json,
      calibration: record.calibration as unknown as Json,
      ...(record.season === undefined ? {} : { season: record.season }),
      ...(ladderKey === undefined ? {} : { ladderKey }),
    }),
    ladderKeyOf(record) {
      const key = (record?.state as { ladderKey?: unknown } | undefined)?.ladderKey;
      return typeof key === 'number' ? key : undefined;
    },
  };
  return system;
}

/**
 * The deployment-wide default system of a model name; `calibrationGames` overrides the policy's 10.
 * Throws MM_ERR_INVALID_OPTION for an unknown name.
 */
export function createRatingSystem(
  name: RatingModelName,
  options: { calibrationGames?: number; terms?: RatingTerms } = {},
): RatingSystem {
  if (!(ratingModelNames as readonly string[]).includes(name)) {
    throw new MatchdError(ErrorCodes.INVALID_OPTION, `unknown rating model ${String(name)}`, {
      path: 'ratingModel',
    });
  }
  return systemOf(defaultDeclaration(name, options));
}
