/**
 * Calibration: the first N games of a track (default 10, Dota 2's ranked calibration) are hidden
 * (no displayed value, no leaderboard place) and move faster. How "faster" is done depends on the
 * model family, and both ways are model-independent given a `RatingAccess`:
 * - `update-multiplier` (Elo-like models: Elo, Fermi): the change of the mean an update makes is
 *   multiplied, which for Elo is exactly a K multiplier (Elo's change is linear in K).
 * - `deviation-floor` (Glicko-2, Weng-Lin, TrueSkill): before each calibration game the deviation is
 *   raised to at least the floor (e.g. the model's initial deviation), so the model's own
 *   uncertainty makes the update large, and shrinks as the games come in.
 *
 * Re-opening (Dota 2: "we may need to reactivate calibration, if we think the MMR is inaccurate"):
 * after each game the player's surprise, the log-loss of their own result under the prediction
 * made before the game, is kept over the last `windowGames` games. When a full window's mean
 * exceeds `maxMeanSurprise`, calibration opens again. A well-placed player in balanced matches
 * averages ln 2 = 0.693; a player the model keeps underrating (predicted 30% and winning) averages
 * -ln 0.3 = 1.2. A long absence can re-open it too (`reopenAfterIdleMs`: a player back after a
 * year is not the player the rating remembers). An admin can also re-open calibration explicitly.
 */
import { requireFiniteOption } from '../../errors.ts';
import type { RatingAccess } from './rating-access.ts';

/** How calibration games move faster (see the file comment). */
export type CalibrationSpeedUp =
  | { readonly kind: 'update-multiplier'; readonly multiplier: number }
  | { readonly kind: 'deviation-floor'; readonly deviation: number };

/** When calibration re-opens on its own. */
export interface CalibrationReopenPolicy {
  /** Games in the running window (M). */
  readonly windowGames: number;
  /** Re-open when the window's mean surprise (natural-log loss) exceeds this. */
  readonly maxMeanSurprise: number;
}

/** A calibration policy. */
export interface CalibrationPolicy {
  /** Calibration games per track (default 10). */
  readonly games: number;
  readonly speedUp: CalibrationSpeedUp;
  /** Missing: calibration only re-opens by an explicit `reopenCalibration`. */
  readonly reopen?: CalibrationReopenPolicy;
  /**
   * A calibrated player back after at least this long away (ms) calibrates again: their game of
   * return is the first of `games` new calibration games (missing: never for time away).
   */
  readonly reopenAfterIdleMs?: number;
}

/** Calibration state of one player on one track. */
export interface CalibrationState {
  readonly status: 'calibrating' | 'calibrated';
  /** Games left in the current calibration (0 once calibrated). */
  readonly gamesLeft: number;
  /** Surprise of the last games since calibration last ended, newest last, at most windowGames. */
  readonly recentSurprise: readonly number[];
  /** How many times calibration was re-opened. */
  readonly reopened: number;
}

/** Dota 2's 10 calibration games with a doubled Elo K. */
export const ELO_CALIBRATION: CalibrationPolicy = {
  games: 10,
  speedUp: { kind: 'update-multiplier', multiplier: 2 },
  reopen: { windowGames: 20, maxMeanSurprise: 1.0 },
};

/** Throws MM_ERR_INVALID_OPTION unless the policy is usable. */
export function validateCalibrationPolicy(policy: CalibrationPolicy): void {
  const games = requireFiniteOption('games', policy.games, 0);
  if (!Number.isInteger(games)) requireFiniteOption('games (an integer)', Number.NaN);
  if (policy.speedUp.kind === 'update-multiplier') {
    requireFiniteOption('speedUp.multiplier', policy.speedUp.multiplier, 1);
  } else {
    requireFiniteOption('speedUp.deviation', policy.speedUp.deviation, 0);
  }
  if (policy.reopen !== undefined) {
    const window = requireFiniteOption('reopen.windowGames', policy.reopen.windowGames, 1);
    if (!Number.isInteger(window)) requireFiniteOption('reopen.windowGames (an integer)', Number.NaN);
    requireFiniteOption('reopen.maxMeanSurprise', policy.reopen.maxMeanSurprise, 0);
  }
  if (policy.reopenAfterIdleMs !== undefined)
    requireFiniteOption('reopenAfterIdleMs', policy.reopenAfterIdleMs, Number.MIN_VALUE);
}

/** The state at a game after `idle` ms away: re-opened when the policy's idle bound is reached. */
export function calibrationAfterIdle(
  state: CalibrationState,
  idle: number,
  policy: CalibrationPolicy,
): CalibrationState {
  if (isCalibrating(state) || policy.reopenAfterIdleMs === undefined || idle < policy.reopenAfterIdleMs)
    return state;
  return reopenCalibration(state, policy);
}

/** The state of a player new to a track: calibrating, unless the policy has 0 games. */
export function startCalibration(policy: CalibrationPolicy, reopened = 0): CalibrationState {
  validateCalibrationPolicy(policy);
  return policy.games > 0
    ? { status: 'calibrating', gamesLeft: policy.games, recentSurprise: [], reopened }
    : { status: 'calibrated', gamesLeft: 0, recentSurprise: [], reopened };
}

/** An explicit (admin) re-opening: the next `policy.games` games calibrate again. */
export function reopenCalibration(state: CalibrationState, policy: CalibrationPolicy): CalibrationState {
  return startCalibration(policy, state.reopened + 1);
}

/** True while the rating is hidden. */
export function isCalibrating(state: CalibrationState): boolean {
  return state.status === 'calibrating';
}

/** The log-loss of an observed score y in [0, 1] (1 won, 0.5 drew, 0 lost) under predicted p. */
export function surprise(predicted: number, observed: number): number {
  const p = Math.min(1 - 1e-12, Math.max(1e-12, predicted));
  return -(observed * Math.log(p) + (1 - observed) * Math.log(1 - p));
}

/** The rating to feed the model for a calibration game (raises the deviation for `deviation-floor`). */
export function beforeCalibrationGame<TRating>(
  rating: TRating,
  state: CalibrationState,
  policy: CalibrationPolicy,
  access: RatingAccess<TRating>,
): TRating {
  if (!isCalibrating(state) || policy.speedUp.kind !== 'deviation-floor' || !access.hasDeviation)
    return rating;
  const estimate = access.estimate(rating);
  if (estimate.deviation >= policy.speedUp.deviation) return rating;
  return access.withEstimate(rating, { mean: estimate.mean, deviation: policy.speedUp.deviation });
}

/** The rating after a calibration game (multiplies the change of the mean for `update-multiplier`). */
export function afterCalibrationGame<TRating>(
  before: TRating,
  after: TRating,
  state: CalibrationState,
  policy: CalibrationPolicy,
  access: RatingAccess<TRating>,
): TRating {
  if (!isCalibrating(state) || policy.speedUp.kind !== 'update-multiplier') return after;
  const old = access.estimate(before);
  const next = access.estimate(after);
  const mean = old.mean + policy.speedUp.multiplier * (next.mean - old.mean);
  return access.withEstimate(after, { mean, deviation: next.deviation });
}

/** The state after one game with the given surprise: counts calibration down, or re-opens it. */
export function recordCalibrationGame(
  state: CalibrationState,
  gameSurprise: number,
  policy: CalibrationPolicy,
): CalibrationState {
  requireFiniteOption('surprise', gameSurprise, 0);
  if (isCalibrating(state)) {
    const gamesLeft = state.gamesLeft - 1;
    return gamesLeft > 0
      ? { ...state, gamesLeft }
      : { status: 'calibrated', gamesLeft: 0, recentSurprise: [], reopened: state.reopened };
  }
  if (policy.reopen === undefined) return state;
  const recentSurprise = [...state.recentSurprise, gameSurprise].slice(-policy.reopen.windowGames);
  if (recentSurprise.length === policy.reopen.windowGames) {
    const mean = recentSurprise.reduce((a, b) => a + b, 0) / recentSurprise.length;
    if (mean > policy.reopen.maxMeanSurprise) return startCalibration(policy, state.reopened + 1);
  }
  return { ...state, recentSurprise };
}
