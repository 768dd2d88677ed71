/**
 * Inactivity: what time away does to a rating.
 * - Uncertainty grows (models with a deviation): deviation' = min(cap, sqrt(deviation^2 + c^2 * days)),
 *   Glicko's pre-period step in continuous time. c is per sqrt(day) on the model's own scale. It
 *   composes: two gaps of t1 and t2 give exactly what one gap of t1 + t2 gives.
 * - Optional decay toward the mean (Kreimeier, 2000: "pq -= decay*(pq-mean)" per period): over a
 *   gap of t periods the distance to the mean shrinks by (1 - decay)^t, which also composes. Below-
 *   average players decay upward: with no data, average is the best estimate.
 * - Confidence is a separate number, never mixed into the rating (Kreimeier: "there is no 'patch' to
 *   combine two unrelated properties ... into a single number"). For models with a deviation it is
 *   1 - deviation / initialDeviation; for models without one it comes from how often and how
 *   recently the player played.
 */
import { ErrorCodes, MatchdError, requireFiniteOption } from '../../errors.ts';
import type { SkillEstimate } from '../types.ts';
import type { RatingAccess } from './rating-access.ts';

const MS_PER_DAY = 86_400_000;

/** Kreimeier's decay toward the population mean. */
export interface RatingDecay {
  /** Share of the distance to `mean` removed per period, in [0, 1). */
  readonly perPeriod: number;
  readonly periodMs: number;
  readonly mean: number;
}

/** What time away does to a rating. Both parts are optional. */
export interface InactivityPolicy {
  /** c: deviation growth per sqrt(day) (Glicko-2's continuous-time step); 0 or missing = none. */
  readonly deviationGrowthPerSqrtDay?: number;
  /** The deviation never grows past this (usually the model's initial deviation). */
  readonly maxDeviation?: number;
  readonly decay?: RatingDecay;
}

function validateInactivity(policy: InactivityPolicy): void {
  if (policy.deviationGrowthPerSqrtDay !== undefined) {
    requireFiniteOption('deviationGrowthPerSqrtDay', policy.deviationGrowthPerSqrtDay, 0);
  }
  if (policy.maxDeviation !== undefined) requireFiniteOption('maxDeviation', policy.maxDeviation, 0);
  if (policy.decay !== undefined) {
    requireFiniteOption('decay.perPeriod', policy.decay.perPeriod, 0, 1 - Number.EPSILON);
    requireFiniteOption('decay.periodMs', policy.decay.periodMs, Number.MIN_VALUE);
    requireFiniteOption('decay.mean', policy.decay.mean);
  }
}

/** The time away, validated: throws MM_ERR_TIME_WENT_BACKWARDS if nowMs is before lastPlayedMs. */
export function idleMs(lastPlayedMs: number | undefined, nowMs: number): number {
  requireFiniteOption('nowMs', nowMs);
  if (lastPlayedMs === undefined) return 0;
  requireFiniteOption('lastPlayedMs', lastPlayedMs);
  if (nowMs < lastPlayedMs) {
    throw new MatchdError(ErrorCodes.TIME_WENT_BACKWARDS, 'nowMs is before the last game', {
      nowMs,
      lastPlayedMs,
    });
  }
  return nowMs - lastPlayedMs;
}

/** The estimate after `idle` ms away (see the file comment). */
export function inactiveEstimate(
  estimate: SkillEstimate,
  idle: number,
  policy: InactivityPolicy,
): SkillEstimate {
  validateInactivity(policy);
  requireFiniteOption('idleMs', idle, 0);
  let { mean, deviation } = estimate;
  const growth = policy.deviationGrowthPerSqrtDay ?? 0;
  if (growth > 0 && idle > 0) {
    const grown = Math.sqrt(deviation * deviation + growth * growth * (idle / MS_PER_DAY));
    // The cap bounds growth only: a deviation already above it (a fresh player) is left alone.
    deviation = Math.max(deviation, Math.min(grown, policy.maxDeviation ?? Number.POSITIVE_INFINITY));
  }
  if (policy.decay !== undefined && idle > 0) {
    const { perPeriod, periodMs, mean: target } = policy.decay;
    mean = target + (mean - target) * (1 - perPeriod) ** (idle / periodMs);
  }
  return { mean, deviation };
}

/** The rating after time away from lastPlayedMs to nowMs (pure). */
export function applyInactivity<TRating>(
  rating: TRating,
  time: { readonly lastPlayedMs: number | undefined; readonly nowMs: number },
  policy: InactivityPolicy,
  access: RatingAccess<TRating>,
): TRating {
  const idle = idleMs(time.lastPlayedMs, time.nowMs);
  if (idle === 0) return rating;
  const estimate = access.estimate(rating);
  const next = inactiveEstimate(estimate, idle, policy);
  if (next.mean === estimate.mean && next.deviation === estimate.deviation) return rating;
  return access.withEstimate(
    rating,
    access.hasDeviation ? next : { mean: next.mean, deviation: estimate.deviation },
  );
}

/** Confidence in [0, 1] from a deviation: 0 at the initial deviation (or above), 1 at zero. */
export function deviationConfidence(deviation: number, initialDeviation: number): number {
  requireFiniteOption('deviation', deviation, 0);
  requireFiniteOption('initialDeviation', initialDeviation, Number.MIN_VALUE);
  return Math.min(1, Math.max(0, 1 - deviation / initialDeviation));
}

/** How activity turns into confidence for models without a deviation. */
export interface ActivityConfidencePolicy {
  /** Games at which confidence from play alone reaches 1/2 (default 20). */
  readonly halfConfidenceGames?: number;
  /** Time away that halves confidence (default 90 days). */
  readonly halfLifeMs?: number;
}

/**
 * Confidence in [0, 1] from how often and how recently a player played (Kreimeier's "second
 * number"): games / (games + halfConfidenceGames), halved for every halfLifeMs away. Absence lowers
 * confidence, never the rating.
 */
export function activityConfidence(
  gamesPlayed: number,
  idle: number,
  policy: ActivityConfidencePolicy = {},
): number {
  requireFiniteOption('gamesPlayed', gamesPlayed, 0);
  requireFiniteOption('idleMs', idle, 0);
  const half = requireFiniteOption('halfConfidenceGames', policy.halfConfidenceGames ?? 20, Number.MIN_VALUE);
  const halfLife = requireFiniteOption('halfLifeMs', policy.halfLifeMs ?? 90 * MS_PER_DAY, Number.MIN_VALUE);
  return (gamesPlayed / (gamesPlayed + half)) * 0.5 ** (idle / halfLife);
}
