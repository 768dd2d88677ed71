/**
 * Types of the Weng-Lin rating models (the OpenSkill family): a player is a Gaussian belief
 * N(mu, sigma^2) about their skill.
 */

import type { RatedMatch, RatingModel } from '../types.ts';

/** A player's skill belief: mean `mu` and standard deviation `sigma` (> 0). */
export interface GaussianRating {
  readonly mu: number;
  readonly sigma: number;
}

/** What a custom `gamma` sees: the same quantities openskill passes, as one object. */
export interface WengLinGammaInput {
  /** The normaliser c of the pair or of the whole match (model-dependent, as in openskill). */
  readonly c: number;
  /** The number of teams in the match. */
  readonly teamCount: number;
  /** The team's summed (weighted) mu. */
  readonly teamMu: number;
  /** The team's summed (weighted) variance, after the tau inflation. */
  readonly teamSigmaSq: number;
  /** The team's players as given to `update`. */
  readonly team: readonly GaussianRating[];
  /** The team's rank as given in the result. */
  readonly rank: number;
}

/**
 * Weng-Lin's gamma: how much of the variance reduction a team takes (the paper's Algorithm 1
 * parameter); default sqrt(teamSigmaSq) / c, as in openskill.
 */
export type WengLinGamma = (input: WengLinGammaInput) => number;

/** Options every Weng-Lin model takes (defaults are openskill's). */
export interface WengLinOptions {
  /** Initial mean; default 25. */
  readonly mu?: number;
  /** Initial standard deviation; default 25 / 3. */
  readonly sigma?: number;
  /** Performance noise per player; default 25 / 6. */
  readonly beta?: number;
  /** Floor of the variance shrink factor, keeps sigma positive; default 1e-4, in (0, 1]. */
  readonly kappa?: number;
  /** Additive dynamics: sigma^2 grows by tau^2 before every update; default 25 / 300. */
  readonly tau?: number;
  /** Never let an update raise sigma above its value before the match (openskill's limitSigma). */
  readonly limitSigma?: boolean;
  /** Custom gamma; default sqrt(teamSigmaSq) / c. */
  readonly gamma?: WengLinGamma;
  /**
   * Score margin (openskill's `margin`): when the result carries `scores`, each team's mu change is
   * multiplied by 1 + mean over the other teams of log1p(max(0, |score difference| - margin)).
   * Unset: scores only break ties of nothing (ranks decide). Note openskill also treats 0 as unset.
   */
  readonly margin?: number;
}

/**
 * How the Thurstone-Mosteller models evaluate the truncated-Gaussian corrections v / w:
 * - `exact` (default): `stats/normal.ts`'s functions, accurate to ~1e-13 everywhere.
 * - `openskill`: openskill 5's formulas with their cut-offs (Phi(x) = (1 + erf(x / sqrt 2)) / 2,
 *   v = -x once Phi(x) < 2.2e-16, a linear draw correction once the draw band's mass is below 1e-5).
 *   They differ from the exact values by up to ~1e-1 in those tails; use this only for parity.
 */
export type TruncationFormula = 'exact' | 'openskill';

/** Options of the Thurstone-Mosteller models: the common ones plus the draw margin. */
export interface ThurstoneMostellerOptions extends WengLinOptions {
  /** Draw margin on the performance scale; default 0.1, > 0. */
  readonly epsilon?: number;
  /** See `TruncationFormula`; default `exact`. */
  readonly truncation?: TruncationFormula;
}

/** The predictions a Weng-Lin model offers beyond `RatingModel.predict`. */
export interface WengLinModel extends RatingModel<GaussianRating> {
  /**
   * openskill's `predictWin`: the mean over all pairs of teams of the normal win probability
   * Phi((mu_a - mu_b) / sqrt(n beta^2 + sigma_a^2 + sigma_b^2)) (n = number of teams). Sums to 1.
   */
  predictWin(match: RatedMatch<GaussianRating>): number[];
  /** openskill's `predictDraw`: the mean over pairs of the probability of a draw (see predict.ts). */
  predictDraw(match: RatedMatch<GaussianRating>): number;
  /** openskill's `predictRank`: per team, [1 + number of teams with a higher predictWin, predictWin]. */
  predictRank(match: RatedMatch<GaussianRating>): [rank: number, probability: number][];
}
