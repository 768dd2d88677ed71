/**
 * Season reset: pull every rating toward an anchor (DomiNations, 2019: "all Alliances will be pulled
 * toward 12,000 Glory (the strength of the pull being relative to your Alliance's current Glory)
 * ... If an Alliance had less Glory than you before, they'll have less than you after").
 *
 * A reset maps the distance d = rating - anchor to sign(d) * g(|d|) with g increasing (so the order
 * of players never changes) and g(x) <= x (so everyone ends at most as far from the anchor, on the
 * same side). The pull x - g(x) grows with x: the farther away, the harder the pull.
 * - `linear`: g(x) = keep * x. The pull is a fixed share of the distance.
 * - `log`: g(x) = scale * ln(1 + x / scale). Near the anchor it barely moves anyone (g'(0) = 1); far
 *   away it compresses strongly (g' = 1 / (1 + x / scale)), so the top spreads less after the reset
 *   but stays in order. With anchor 12,000 and scale 5,000, 20,000 becomes 16,778 and 30,000
 *   becomes 19,630.
 * Optionally the deviation is raised to `deviationAfter` (never lowered), since a new season
 * brings new information.
 */
import { requireFiniteOption } from '../../errors.ts';
import type { RatingAccess } from './rating-access.ts';

/** The shape of the pull (see the file comment). */
export type SeasonResetShape =
  | { readonly kind: 'linear' /** share of the distance kept, in [0, 1] */; readonly keep: number }
  | { readonly kind: 'log' /** distance at which compression sets in, > 0 */; readonly scale: number };

/** A season reset policy. */
export interface SeasonResetPolicy {
  readonly anchor: number;
  readonly shape: SeasonResetShape;
  /** Raise each deviation to at least this after the reset (models with a deviation only). */
  readonly deviationAfter?: number;
}

/** DomiNations' Glory pull toward 12,000. */
export const DOMINATIONS_SEASON_RESET: SeasonResetPolicy = {
  anchor: 12_000,
  shape: { kind: 'log', scale: 5_000 },
};

function validatePolicy(policy: SeasonResetPolicy): void {
  requireFiniteOption('anchor', policy.anchor);
  if (policy.shape.kind === 'linear') requireFiniteOption('shape.keep', policy.shape.keep, 0, 1);
  else requireFiniteOption('shape.scale', policy.shape.scale, Number.MIN_VALUE);
  if (policy.deviationAfter !== undefined) requireFiniteOption('deviationAfter', policy.deviationAfter, 0);
}

function pulledDistance(distance: number, shape: SeasonResetShape): number {
  const away = Math.abs(distance);
  const kept = shape.kind === 'linear' ? shape.keep * away : shape.scale * Math.log1p(away / shape.scale);
  // Float rounding must not push anyone past their old distance.
  return Math.sign(distance) * Math.min(away, kept);
}

/** The value after the reset (a plain number: Glory, an Elo rating, a mean). */
export function seasonResetValue(value: number, policy: SeasonResetPolicy): number {
  validatePolicy(policy);
  requireFiniteOption('value', value);
  return policy.anchor + pulledDistance(value - policy.anchor, policy.shape);
}

/** Applies the reset to every rating (pure; the input is not changed). */
export function seasonReset<TRating>(
  ratings: readonly TRating[],
  policy: SeasonResetPolicy,
  access: RatingAccess<TRating>,
): TRating[] {
  validatePolicy(policy);
  const estimates = ratings.map((rating) => access.estimate(rating));
  for (const estimate of estimates) requireFiniteOption('rating mean', estimate.mean);
  return ratings.map((rating, i) => {
    const estimate = estimates[i] as (typeof estimates)[number];
    const mean = policy.anchor + pulledDistance(estimate.mean - policy.anchor, policy.shape);
    const deviation =
      policy.deviationAfter !== undefined && access.hasDeviation
        ? Math.max(estimate.deviation, policy.deviationAfter)
        : estimate.deviation;
    return access.withEstimate(rating, { mean, deviation });
  });
}
