/**
 * Display scales: what a player sees, kept apart from the internal rating (Kreimeier, 2000: "the
 * visible rating, and the scaling used for it, are completely separate from the internally used
 * PQ"). Three scales:
 * - conservative: mean - k * deviation (TrueSkill's leaderboard value; k = 3 by default), so a
 *   player only climbs once the system is confident;
 * - linear: offset + scale * mean (e.g. Weng-Lin's 25 +- 8.33 shown as 1500-ish);
 * - fixed range (Kreimeier): maxDisplay * Fermi(mean - populationMean, width / 2), where
 *   Fermi(x, T) = 1 / (1 + e^(-x / T)). With T = width / 2 a player one width above the mean shows
 *   10000 * Fermi(2) = 8808 and two widths 9820, so about 95% of a normal population lands within
 *   roughly [250, 9750] whatever the internal spread. The width is measured from the population:
 *   Kreimeier's standard deviation, or a robust one from the interquartile range (IQR / 1.349,
 *   which equals the standard deviation for a normal population and ignores a few extreme players).
 * Ratings still in calibration are hidden: `displayRating` returns undefined and `leaderboard`
 * leaves them out.
 */
import { ErrorCodes, MatchdError, requireFiniteOption } from '../../errors.ts';
import { sigmoid } from '../../stats/logistic-regression.ts';
import type { SkillEstimate } from '../types.ts';

/** Where the population sits, for the fixed-range scale. */
export interface PopulationScale {
  readonly mean: number;
  /** The population's width (a standard deviation), > 0. */
  readonly width: number;
}

/** A display scale (see the file comment). */
export type DisplayScale =
  | { readonly kind: 'conservative'; readonly k: number }
  | { readonly kind: 'linear'; readonly offset: number; readonly scale: number }
  | { readonly kind: 'fixed-range'; readonly population: PopulationScale; readonly maxDisplay?: number };

/** How the population width is measured. */
export type WidthMethod = 'stddev' | 'iqr';

/** mean - k * deviation. */
export function conservativeDisplay(estimate: SkillEstimate, k = 3): number {
  return estimate.mean - k * estimate.deviation;
}

/** offset + scale * value. */
export function linearDisplay(value: number, offset: number, scale: number): number {
  return offset + scale * value;
}

/** maxDisplay * Fermi(value - mean, width / 2): always inside (0, maxDisplay), the mean at half. */
export function fixedRangeDisplay(value: number, population: PopulationScale, maxDisplay = 10_000): number {
  requireFiniteOption('population.width', population.width, Number.MIN_VALUE);
  requireFiniteOption('population.mean', population.mean);
  return maxDisplay * sigmoid((value - population.mean) / (population.width / 2));
}

/** The displayed value of an estimate on a scale. */
export function displayValue(estimate: SkillEstimate, scale: DisplayScale): number {
  switch (scale.kind) {
    case 'conservative':
      return conservativeDisplay(estimate, scale.k);
    case 'linear':
      return linearDisplay(estimate.mean, scale.offset, scale.scale);
    case 'fixed-range':
      return fixedRangeDisplay(estimate.mean, scale.population, scale.maxDisplay);
    default:
      return scale satisfies never;
  }
}

/** The displayed value, or undefined while the rating is still calibrating (hidden). */
export function displayRating(
  estimate: SkillEstimate,
  calibrating: boolean,
  scale: DisplayScale,
): number | undefined {
  return calibrating ? undefined : displayValue(estimate, scale);
}

/** Linear-interpolation quantile (type 7) of sorted values, q in [0, 1]. */
function sortedQuantile(sorted: readonly number[], q: number): number {
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  const lowValue = sorted[low] as number;
  return lowValue + (position - low) * ((sorted[high] as number) - lowValue);
}

/**
 * The mean and width of a population of ratings: width is the sample standard deviation
 * (Kreimeier) or IQR / 1.349 (robust). Throws MM_ERR_INVALID_RATING for non-finite values and
 * MM_ERR_INVALID_OPTION when fewer than two values or a zero width leave the scale undefined.
 */
export function measurePopulation(
  values: readonly number[],
  method: WidthMethod = 'stddev',
): PopulationScale {
  if (values.length < 2) {
    throw new MatchdError(ErrorCodes.INVALID_OPTION, 'a population width needs at least two ratings', {
      path: 'values',
      count: values.length,
    });
  }
  let sum = 0;
  for (const value of values) {
    if (!Number.isFinite(value)) {
      throw new MatchdError(ErrorCodes.INVALID_RATING, 'ratings must be finite', { value: String(value) });
    }
    sum += value;
  }
  const mean = sum / values.length;
  let width: number;
  if (method === 'stddev') {
    let squares = 0;
    for (const value of values) squares += (value - mean) ** 2;
    width = Math.sqrt(squares / (values.length - 1));
  } else {
    const sorted = [...values].sort((a, b) => a - b);
    // 1.349 = the IQR of a standard normal (2 * 0.6745), so the result estimates a standard deviation.
    width = (sortedQuantile(sorted, 0.75) - sortedQuantile(sorted, 0.25)) / 1.349;
  }
  if (!(width > 0)) {
    throw new MatchdError(ErrorCodes.INVALID_OPTION, 'the population has zero width', {
      path: 'values',
      method,
    });
  }
  return { mean, width };
}

/** One leaderboard row. */
export interface LeaderboardEntry<TId> {
  readonly playerId: TId;
  readonly estimate: SkillEstimate;
  readonly calibrating: boolean;
}

/** A ranked leaderboard row with its displayed value. */
export interface LeaderboardRow<TId> {
  readonly rank: number;
  readonly playerId: TId;
  readonly display: number;
}

/**
 * Players out of calibration, best displayed value first (ties share a rank); players still
 * calibrating are hidden.
 */
export function leaderboard<TId>(
  entries: readonly LeaderboardEntry<TId>[],
  scale: DisplayScale,
): LeaderboardRow<TId>[] {
  const shown = entries
    .filter((entry) => !entry.calibrating)
    .map((entry) => ({ playerId: entry.playerId, display: displayValue(entry.estimate, scale) }))
    .sort((a, b) => b.display - a.display);
  const rows: LeaderboardRow<TId>[] = [];
  shown.forEach((row, index) => {
    const previous = rows[index - 1];
    const rank = previous !== undefined && previous.display === row.display ? previous.rank : index + 1;
    rows.push({ rank, playerId: row.playerId, display: row.display });
  });
  return rows;
}
