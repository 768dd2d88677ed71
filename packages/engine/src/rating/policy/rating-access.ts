/**
 * How the policy reads and rewrites a model's rating without knowing the model. Every
 * `RatingModel` already exposes `estimate` (mean and deviation on its own scale); the policy also
 * needs the inverse, a rating with a new mean and/or deviation, to apply calibration, inactivity
 * growth, decay and season resets. Models that keep no deviation (plain Elo, Fermi) ignore it.
 */
import type { SkillEstimate } from '../types.ts';

/** Reads and rewrites one model's ratings through a model-independent mean and deviation. */
export interface RatingAccess<TRating> {
  /** The rating's mean and deviation (usually the model's own `estimate`). */
  estimate(rating: TRating): SkillEstimate;
  /**
   * The same rating with the given mean and deviation; everything else the rating carries (a
   * Glicko-2 volatility, an Elo game count) is kept. Models without a deviation ignore it.
   */
  withEstimate(rating: TRating, estimate: SkillEstimate): TRating;
  /** True when the model keeps an uncertainty (Glicko-2, Weng-Lin, TrueSkill). */
  readonly hasDeviation: boolean;
}
