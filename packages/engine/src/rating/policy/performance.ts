/**
 * Individual performance: a number per player that the game defines (Dota 2, 2013: "Win/loss is
 * the primary criteria used to update MMR, but individual performance also plays a role,
 * especially when our uncertainty about your MMR is high. It is possible for an individual MMR to
 * increase after a loss or decrease after a win, but in general the winning team's average MMR
 * will increase and the losing team's MMR will decrease").
 *
 * The adjustment after the model's update, for player p of team t:
 *   z = (x - mean of all x in the match) / (their standard deviation)     (the game's unit is gone)
 *   a = z - mean of z over the player's team   (`relativeTo: 'team'`, the default), or z itself
 *       (`relativeTo: 'match'`, for duels where a team has one player)
 *   change of the mean += weight * a * u, u = min(1, deviation / uncertaintyScale) for models that
 *   keep a deviation when `uncertaintyScale` is given, else 1.
 * Relative to the team, the adjustments of a team sum to zero when its players are equally
 * uncertain: the team's average move is the model's, as the source says. A match whose players all
 * performed alike (standard deviation 0) is not adjusted.
 */
import { ErrorCodes, MatchdError, requireFiniteOption } from '../../errors.ts';
import type { RatingAccess } from './rating-access.ts';

/** How individual performance moves ratings (see the file comment). */
export interface PerformancePolicy {
  /** Rating points (model scale) per standard deviation of performance; > 0. */
  readonly weight: number;
  /** `team` (default): relative to the player's team; `match`: relative to everyone in the match. */
  readonly relativeTo?: 'team' | 'match';
  /** With a deviation: the adjustment is full at this deviation and shrinks below it. */
  readonly uncertaintyScale?: number;
}

/** Throws MM_ERR_INVALID_OPTION unless the policy's numbers are usable. */
export function validatePerformancePolicy(policy: PerformancePolicy): void {
  requireFiniteOption('performance.weight', policy.weight, 0);
  if (policy.relativeTo !== undefined && policy.relativeTo !== 'team' && policy.relativeTo !== 'match') {
    throw new MatchdError(ErrorCodes.INVALID_OPTION, "performance.relativeTo must be 'team' or 'match'", {
      path: 'performance.relativeTo',
    });
  }
  if (policy.uncertaintyScale !== undefined)
    requireFiniteOption('performance.uncertaintyScale', policy.uncertaintyScale, Number.MIN_VALUE);
}

/**
 * Throws MM_ERR_INVALID_RESULT (naming `performance.<team>.<player>`) unless `performance` has one
 * finite number per player of `teamSizes`.
 */
export function validatePerformance(
  performance: readonly (readonly number[])[],
  teamSizes: readonly number[],
): void {
  const refuse = (path: string, message: string) =>
    new MatchdError(ErrorCodes.INVALID_RESULT, `${path}: ${message}`, { path });
  if (!Array.isArray(performance) || performance.length !== teamSizes.length)
    throw refuse('performance', `needs one list per team (${teamSizes.length})`);
  performance.forEach((team, t) => {
    const size = teamSizes[t] as number;
    if (!Array.isArray(team) || team.length !== size)
      throw refuse(`performance.${t}`, `needs one number per player (${size})`);
    team.forEach((value, p) => {
      if (typeof value !== 'number' || !Number.isFinite(value))
        throw refuse(`performance.${t}.${p}`, 'must be a finite number');
    });
  });
}

/**
 * The change of each player's mean (same shape as `performance`) that the policy adds to the
 * model's update; `deviations` are the players' deviations before the match (0 for models without).
 */
export function performanceAdjustments(
  performance: readonly (readonly number[])[],
  deviations: readonly (readonly number[])[],
  policy: PerformancePolicy,
  hasDeviation: boolean,
): number[][] {
  validatePerformancePolicy(policy);
  const all = performance.flat();
  const mean = all.reduce((sum, value) => sum + value, 0) / all.length;
  const spread = Math.sqrt(all.reduce((sum, value) => sum + (value - mean) ** 2, 0) / all.length);
  if (!(spread > 0)) return performance.map((team) => team.map(() => 0));
  return performance.map((team, t) => {
    const z = team.map((value) => (value - mean) / spread);
    const teamMean = policy.relativeTo === 'match' ? 0 : z.reduce((sum, value) => sum + value, 0) / z.length;
    return z.map((value, p) => {
      const deviation = deviations[t]?.[p] ?? 0;
      const share =
        hasDeviation && policy.uncertaintyScale !== undefined
          ? Math.min(1, deviation / policy.uncertaintyScale)
          : 1;
      return policy.weight * (value - teamMean) * share;
    });
  });
}

/** `rating` with its mean moved by `change` (deviation kept). */
export function shiftMean<TRating>(rating: TRating, change: number, access: RatingAccess<TRating>): TRating {
  if (change === 0) return rating;
  const estimate = access.estimate(rating);
  return access.withEstimate(rating, { mean: estimate.mean + change, deviation: estimate.deviation });
}
