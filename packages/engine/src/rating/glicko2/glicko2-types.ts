/** The Glicko-2 model's public types: its rating record, options, period games and model API. */

import type { RatingModel } from '../types.ts';

/** A Glicko-2 rating on the Glicko scale. */
export interface Glicko2Rating {
  /** Rating, 1500-centred. */
  readonly rating: number;
  /** Rating deviation (one standard deviation), >= 0. */
  readonly rd: number;
  /** Volatility sigma, > 0. */
  readonly volatility: number;
  /** When the player last played (continuous time only). */
  readonly lastPlayedMs?: number;
}

/** How team games are reduced to Glicko-2 games (see the comment at the top of glicko2.ts). */
export type Glicko2TeamReduction = 'composite' | 'pairwise';

/** Options of the Glicko-2 model. */
export interface Glicko2Options {
  /** System constant tau, constraining volatility change; default 0.5 (Glickman: 0.3 to 1.2). */
  readonly tau?: number;
  /** Convergence tolerance of the volatility iteration; default 1e-6 (the paper's). */
  readonly epsilon?: number;
  readonly initialRating?: number;
  readonly initialRd?: number;
  readonly initialVolatility?: number;
  /** Length of one rating period in ms; set it to run in continuous time. */
  readonly periodLengthMs?: number;
  /** Cap on RD grown by elapsed time (continuous time only); default 350. */
  readonly maxRd?: number;
  readonly teamReduction?: Glicko2TeamReduction;
}

/** One game of a rating period: the opponent's rating at the start of the period and the score (1 / 0.5 / 0). */
export interface Glicko2Game {
  readonly opponent: Glicko2Rating;
  readonly score: number;
}

/** The Glicko-2 model with its period API. */
export interface Glicko2Model extends RatingModel<Glicko2Rating> {
  /**
   * One rating period for one player, exactly as in the paper: all games of the period are rated
   * against the opponents' ratings at the start of the period; no games grows only the RD.
   */
  ratePeriod(player: Glicko2Rating, games: readonly Glicko2Game[]): Glicko2Rating;
  /** The rating with its RD grown to `nowMs` (continuous time; unchanged without `periodLengthMs`). */
  ratingAt(rating: Glicko2Rating, nowMs: number): Glicko2Rating;
  /** P(a beats b) for two single ratings: 1 / (1 + exp(-g(sqrt(phi_a^2 + phi_b^2)) (mu_a - mu_b))). */
  winProbability(a: Glicko2Rating, b: Glicko2Rating): number;
}
