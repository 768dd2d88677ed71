/**
 * Margin of victory for any rating model: a decisive win by a wide margin moves ratings further.
 *
 * Source of the default multiplier: FiveThirtyEight's NFL Elo ("How Our NFL Predictions Work"):
 * MOV multiplier = ln(|point difference| + 1) * 2.2 / (winner's Elo gap * 0.001 + 2.2). The second
 * factor damps the multiplier when the favourite wins big (the "autocorrelation" correction, so
 * favourites do not inflate), and raises it for upsets. Hand-tuned public forecasts use exactly this.
 *
 * How: the inner model updates as usual, then every player's rating change is multiplied (through
 * a `scale` lens: only the change of the mean is scaled; RD, games, streaks come from the inner
 * update). Applies to two-team matches with `result.scores` and a winner; draws, matches without
 * scores and matches of more than two teams pass through unchanged (multiplier 1).
 * The winner's gap uses `model.estimate` means, team mean against team mean.
 */

import { ErrorCodes, MatchdError, requireFiniteOption } from '../../errors.ts';
import { rejectUnknownOptions } from '../elo/pairwise.ts';
import type { RatingModel } from '../types.ts';

/** The multiplier for a win by `margin` (> 0) by a team rated `winnerGap` points above the loser (may be < 0). */
export type MarginMultiplier = (margin: number, winnerGap: number) => number;

/** Scales the change from `before` to `after` by `factor` (the mean only). */
export type RatingChangeScale<TRating> = (before: TRating, after: TRating, factor: number) => TRating;

/** The scale lens for ratings whose mean is a `rating` field (Elo, Glicko-2, Fermi). */
export function scaleRatingFieldChange<TRating extends { readonly rating: number }>(
  before: TRating,
  after: TRating,
  factor: number,
): TRating {
  return { ...after, rating: before.rating + factor * (after.rating - before.rating) };
}

/** The scale lens for ratings whose mean is a `mu` field (Weng-Lin, TrueSkill). */
export function scaleMuFieldChange<TRating extends { readonly mu: number }>(
  before: TRating,
  after: TRating,
  factor: number,
): TRating {
  return { ...after, mu: before.mu + factor * (after.mu - before.mu) };
}

/**
 * FiveThirtyEight's multiplier ln(margin + 1) * autocorrelation / (winnerGap * gapScale + autocorrelation),
 * with their NFL constants 2.2 and 0.001 (for the Elo 400 scale) as defaults.
 */
export function fiveThirtyEightMultiplier(
  options: { readonly autocorrelation?: number; readonly gapScale?: number } = {},
): MarginMultiplier {
  rejectUnknownOptions(options, ['autocorrelation', 'gapScale'], 'fiveThirtyEightMultiplier');
  const autocorrelation = requireFiniteOption(
    'autocorrelation',
    options.autocorrelation ?? 2.2,
    Number.MIN_VALUE,
  );
  const gapScale = requireFiniteOption('gapScale', options.gapScale ?? 0.001, 0);
  return (margin, winnerGap) => {
    // Keep the denominator positive for huge upsets (538 never meets gaps near -2200).
    const denominator = Math.max(winnerGap * gapScale + autocorrelation, autocorrelation / 10);
    return (Math.log(Math.abs(margin) + 1) * autocorrelation) / denominator;
  };
}

/** Options of `withMarginOfVictory`. */
export interface MarginOptions<TRating> {
  readonly scale: RatingChangeScale<TRating>;
  /** Default `fiveThirtyEightMultiplier()`. */
  readonly multiplier?: MarginMultiplier;
}

/**
 * `model` with margin-of-victory scaling of its updates.
 * @example
 * const elo = withMarginOfVictory(createElo({ kPolicy: constantK(20) }), { scale: scaleRatingFieldChange });
 * elo.update(match, { ranks: [1, 2], scores: [31, 10] }) // K effectively 20 * ln(22) * 2.2 / (gap * 0.001 + 2.2)
 */
export function withMarginOfVictory<TRating>(
  model: RatingModel<TRating>,
  options: MarginOptions<TRating>,
): RatingModel<TRating> {
  rejectUnknownOptions(options, ['scale', 'multiplier'], 'marginOfVictory');
  const scale = options.scale;
  const multiplier = options.multiplier ?? fiveThirtyEightMultiplier();
  if (typeof scale !== 'function' || typeof multiplier !== 'function') {
    throw new MatchdError(
      ErrorCodes.INVALID_OPTION,
      'marginOfVictory.scale and .multiplier must be functions',
      {
        path: 'marginOfVictory',
      },
    );
  }
  const teamMean = (team: readonly TRating[]) =>
    team.reduce((sum, rating) => sum + model.estimate(rating).mean, 0) / team.length;
  return {
    name: `${model.name}+margin`,
    initial: () => model.initial(),
    predict: (match, context) => model.predict(match, context),
    update(match, result, context) {
      const out = model.update(match, result, context); // validates everything first
      const scores = result.scores;
      const [rankA, rankB] = result.ranks;
      if (scores === undefined || match.teams.length !== 2 || rankA === rankB) return out;
      const winner = (rankA as number) < (rankB as number) ? 0 : 1;
      const loser = 1 - winner;
      const margin = Math.abs((scores[0] as number) - (scores[1] as number));
      const gap =
        teamMean(match.teams[winner] as readonly TRating[]) -
        teamMean(match.teams[loser] as readonly TRating[]);
      const factor = multiplier(margin, gap);
      if (!Number.isFinite(factor) || factor < 0) {
        throw new MatchdError(
          ErrorCodes.INVALID_OPTION,
          'the margin multiplier must return a finite number >= 0',
          {
            path: 'marginOfVictory.multiplier',
            value: String(factor),
          },
        );
      }
      return out.map((team, t) =>
        team.map((after, p) => scale(match.teams[t]?.[p] as TRating, after, factor)),
      );
    },
    estimate: (rating) => model.estimate(rating),
    validate: (rating) => model.validate(rating),
  };
}
