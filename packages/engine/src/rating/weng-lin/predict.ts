/**
 * Outcome predictions of the Weng-Lin models, with openskill 5's semantics
 * (src/predict-win.ts, predict-draw.ts, predict-rank.ts), plus the `Prediction` the RatingModel
 * interface asks for.
 *
 * Teams are summarised as in an update but without the tau inflation: mu_t = sum w mu,
 * sigma_t^2 = sum w^2 sigma^2 (w = 1 without weights, which is what openskill does).
 */

import { normalCdf, normalPpf } from '../../stats/normal.ts';
import type { Prediction, RatedMatch } from '../types.ts';
import { summariseTeams, type TeamScratch } from './gaussian-match.ts';
import type { WengLinConstants } from './options.ts';
import type { GaussianRating } from './types.ts';

/**
 * openskill's predictWin: team t's mean, over its n - 1 pairings, of
 * Phi((mu_t - mu_u) / sqrt(n beta^2 + sigma_t^2 + sigma_u^2)), n = number of teams, scaled so the
 * values sum to 1 (each pair's two probabilities sum to 1, and there are n(n-1)/2 pairs).
 */
export function predictWinWengLin(
  match: RatedMatch<GaussianRating>,
  constants: WengLinConstants,
  scratch: TeamScratch,
): number[] {
  const n = summariseTeams(match, 0, scratch);
  const { mu, sigmaSq } = scratch;
  const wins = new Array<number>(n).fill(0);
  const nBetaSq = n * constants.betaSq;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const p = normalCdf(
        ((mu[i] as number) - (mu[j] as number)) /
          Math.sqrt(nBetaSq + (sigmaSq[i] as number) + (sigmaSq[j] as number)),
      );
      wins[i] = (wins[i] as number) + p;
      wins[j] = (wins[j] as number) + 1 - p;
    }
  }
  const pairs = (n * (n - 1)) / 2;
  for (let t = 0; t < n; t++) wins[t] = (wins[t] as number) / pairs;
  return wins;
}

/**
 * openskill's predictDraw: with N players in all, a draw margin
 * m = sqrt(N) beta Phi^-1((1 + 1/N) / 2) (a prior draw rate of 1/N), the mean over pairs of teams
 * of P(|d| < m) for d ~ N(mu_a - mu_b, N beta^2 + sigma_a^2 + sigma_b^2).
 */
export function predictDrawWengLin(
  match: RatedMatch<GaussianRating>,
  constants: WengLinConstants,
  scratch: TeamScratch,
): number {
  const n = summariseTeams(match, 0, scratch);
  const { mu, sigmaSq } = scratch;
  let playerCount = 0;
  for (const team of match.teams) playerCount += team.length;
  const drawMargin = Math.sqrt(playerCount) * constants.beta * normalPpf((1 + 1 / playerCount) / 2);
  const spread = playerCount * constants.betaSq;
  let total = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const gap = (mu[i] as number) - (mu[j] as number);
      const sd = Math.sqrt(spread + (sigmaSq[i] as number) + (sigmaSq[j] as number));
      total += normalCdf((drawMargin - gap) / sd) - normalCdf((-gap - drawMargin) / sd);
    }
  }
  return total / ((n * (n - 1)) / 2);
}

/** openskill's predictRank: [1 + number of teams with a strictly higher predictWin, predictWin]. */
export function predictRankWengLin(
  match: RatedMatch<GaussianRating>,
  constants: WengLinConstants,
  scratch: TeamScratch,
): [rank: number, probability: number][] {
  const wins = predictWinWengLin(match, constants, scratch);
  return wins.map((p) => {
    let better = 0;
    for (const q of wins) if (q > p) better++;
    return [1 + better, p];
  });
}

/**
 * The RatingModel prediction: draw = openskill's predictDraw, and the rest shared by openskill's
 * predictWin, win[t] = (1 - draw) predictWin[t], so that win and draw sum to 1. (openskill's own
 * predictWin sums to 1 by itself and ignores draws, so its values are not outcome probabilities
 * when draws are possible.)
 */
export function predictOutcomeWengLin(
  match: RatedMatch<GaussianRating>,
  constants: WengLinConstants,
  scratch: TeamScratch,
): Prediction {
  const draw = predictDrawWengLin(match, constants, scratch);
  const wins = predictWinWengLin(match, constants, scratch);
  for (let t = 0; t < wins.length; t++) wins[t] = (1 - draw) * (wins[t] as number);
  return { win: wins, draw };
}
