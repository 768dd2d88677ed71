/**
 * Regression toward the mean between seasons: at a team's first game of a new season its rating
 * keeps only a share `keep` of its distance to the anchor (FiveThirtyEight's NFL and NBA Elo keep
 * 2/3 and 3/4: rosters change over the off-season, so last season's rating overstates how far
 * from average a team still is).
 *
 * For models with a deviation the uncertainty follows the same first-order autoregression: if
 * skill(next) = anchor + keep (skill - anchor) + noise with a stationary spread `priorDeviation`,
 * then deviation' = sqrt(keep^2 deviation^2 + (1 - keep^2) priorDeviation^2): a team whose rating
 * was certain becomes less so, and a team new to the model stays at the prior.
 *
 * Unlike a season reset (season-reset.ts: an operator's one-off pull of every rating at once), this
 * happens per team, lazily, when its first game of a new season is rated; teams that sit a season
 * out regress once, as 538 does.
 */
import { requireFiniteOption } from '../../errors.ts';
import type { RatingAccess } from './rating-access.ts';
import { seasonResetValue } from './season-reset.ts';

/** How much of a rating carries into a new season. */
export interface SeasonRegressionPolicy {
  /** Share of the distance to `anchor` kept, in [0, 1]. */
  readonly keep: number;
  /** The mean the ratings regress toward (the model's initial mean). */
  readonly anchor: number;
  /** The population's spread of skill (see the file comment); missing: deviations are kept. */
  readonly priorDeviation?: number;
}

/** Throws MM_ERR_INVALID_OPTION unless the policy's numbers are in range. */
export function validateSeasonRegression(policy: SeasonRegressionPolicy): void {
  requireFiniteOption('seasonRegression.keep', policy.keep, 0, 1);
  requireFiniteOption('seasonRegression.anchor', policy.anchor);
  if (policy.priorDeviation !== undefined)
    requireFiniteOption('seasonRegression.priorDeviation', policy.priorDeviation, 0);
}

/** True when a rating last played in `lastSeason` starts a new season with a match of `season`. */
export function isNewSeason(lastSeason: string | undefined, season: string | undefined): boolean {
  return lastSeason !== undefined && season !== undefined && lastSeason !== season;
}

/** The rating at the start of a new season (pure). */
export function regressTowardMean<TRating>(
  rating: TRating,
  policy: SeasonRegressionPolicy,
  access: RatingAccess<TRating>,
): TRating {
  validateSeasonRegression(policy);
  const estimate = access.estimate(rating);
  const mean = seasonResetValue(estimate.mean, {
    anchor: policy.anchor,
    shape: { kind: 'linear', keep: policy.keep },
  });
  const prior = policy.priorDeviation;
  const deviation =
    prior === undefined || !access.hasDeviation
      ? estimate.deviation
      : Math.sqrt(
          policy.keep * policy.keep * estimate.deviation * estimate.deviation +
            (1 - policy.keep * policy.keep) * prior * prior,
        );
  return access.withEstimate(rating, { mean, deviation });
}
