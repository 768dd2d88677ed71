/**
 * TrueSkill for two teams (any sizes, optional partial-play weights, draws with a draw margin).
 *
 * Source: R. Herbrich, T. Minka, T. Graepel, "TrueSkill(TM): A Bayesian Skill Rating System",
 * NIPS 2006. For two teams the factor graph has a single truncation factor, so expectation
 * propagation converges in one pass and the update has a closed form (ts-trueskill, which runs
 * the general message-passing schedule, reaches the same fixed point):
 *   sigma~^2 = sigma^2 + tau^2                                   (dynamics)
 *   c^2      = sum over all players of w^2 (sigma~^2 + beta^2)
 *   d        = sum_first w mu - sum_second w mu,  eps = Phi^-1((p_draw + 1) / 2) sqrt(N) beta
 *   mu'      = mu +- w sigma~^2 / c  v(d / c, eps / c)           (+ first team, - second)
 *   sigma'^2 = sigma~^2 (1 - w^2 sigma~^2 / c^2  w(d / c, eps / c))
 * with v / w the win or draw corrections of `stats/normal.ts`, N the number of players.
 *
 * Complexity: O(players) per update. Validation: trueskill.test.ts (ts-trueskill 5.1.0 parity
 * to 1e-6 on thousands of random matches, properties, bad input).
 */

import { ErrorCodes, MatchdError, requireFiniteOption } from '../../errors.ts';
import { normalCdf, normalPpf } from '../../stats/normal.ts';
import type { MatchResult, Prediction, RatedMatch, RatingModel, SkillEstimate } from '../types.ts';
import {
  readRanks,
  rejectUnknownKeys,
  summariseTeams,
  TeamScratch,
  validateGaussianRating,
} from '../weng-lin/gaussian-match.ts';
import { exactTruncation } from '../weng-lin/truncation.ts';
import type { GaussianRating } from '../weng-lin/types.ts';
import { tsTrueSkillCdf, tsTrueSkillPpf, tsTrueSkillTruncation } from './ts-trueskill-gaussian.ts';

/** Options of the TrueSkill model (defaults are TrueSkill's and ts-trueskill's). */
export interface TrueSkillOptions {
  /** Initial mean; default 25. */
  readonly mu?: number;
  /** Initial standard deviation; default mu / 3. */
  readonly sigma?: number;
  /** Performance noise per player; default sigma / 2. */
  readonly beta?: number;
  /** Additive dynamics per match; default sigma / 100. */
  readonly tau?: number;
  /** Prior probability of a draw between two equal teams, in [0, 1); default 0.1. */
  readonly drawProbability?: number;
  /**
   * Which Gaussian arithmetic the update, draw margin and predictions use: `exact` (default,
   * `stats/normal.ts`) or `ts-trueskill` (its Numerical Recipes erfc, relative error 1.2e-7; for
   * parity tests, see ts-trueskill-gaussian.ts).
   */
  readonly gaussian?: 'exact' | 'ts-trueskill';
}

const TRUESKILL_KEYS = ['mu', 'sigma', 'beta', 'tau', 'drawProbability', 'gaussian'] as const;

/** The TrueSkill model, with TrueSkill's match quality and ts-trueskill's win probability. */
export interface TrueSkillModel extends RatingModel<GaussianRating> {
  /**
   * The draw margin eps of a match of `playerCount` players:
   * Phi^-1((drawProbability + 1) / 2) sqrt(playerCount) beta.
   */
  drawMargin(playerCount: number): number;
  /**
   * TrueSkill's match quality: the likelihood of a draw relative to the best possible draw,
   * sqrt(b / (b + s)) exp(-d^2 / (2 (b + s))) with b = beta^2 sum w^2, s = sum w^2 sigma^2 and d the
   * weighted mean difference. In (0, 1], 1 for identical certain teams.
   */
  quality(match: RatedMatch<GaussianRating>): number;
  /**
   * ts-trueskill's `winProbability`: Phi(d / sqrt(N beta^2 + sum sigma^2)), the chance that team 0
   * out-performs team 1, ignoring draws and weights (as ts-trueskill does).
   */
  winProbability(match: RatedMatch<GaussianRating>): number;
}

function requireTwoTeams(teamCount: number): void {
  if (teamCount !== 2) {
    throw new MatchdError(ErrorCodes.INVALID_TEAMS, 'TrueSkill here rates two teams', { teamCount });
  }
}

/**
 * Creates a TrueSkill model for two-team matches.
 * @example
 * const trueskill = createTrueSkill({ drawProbability: 0.1 });
 * const [[a], [b]] = trueskill.update({ teams: [[trueskill.initial()], [trueskill.initial()]] }, { ranks: [1, 2] });
 * // a.mu ~ 29.396, a.sigma ~ 7.171; b.mu ~ 20.604 (TrueSkill's classic 1v1 example)
 */
export function createTrueSkill(options: TrueSkillOptions = {}): TrueSkillModel {
  rejectUnknownKeys(options, TRUESKILL_KEYS, 'trueskill');
  const mu = requireFiniteOption('trueskill.mu', options.mu ?? 25);
  const sigma = requireFiniteOption('trueskill.sigma', options.sigma ?? mu / 3, Number.MIN_VALUE);
  const beta = requireFiniteOption('trueskill.beta', options.beta ?? sigma / 2, Number.MIN_VALUE);
  const tau = requireFiniteOption('trueskill.tau', options.tau ?? sigma / 100, 0);
  const drawProbability = requireFiniteOption('trueskill.drawProbability', options.drawProbability ?? 0.1, 0);
  if (drawProbability >= 1) {
    throw new MatchdError(ErrorCodes.INVALID_OPTION, 'trueskill.drawProbability must be below 1', {
      path: 'trueskill.drawProbability',
      value: String(drawProbability),
    });
  }
  const gaussian = options.gaussian ?? 'exact';
  if (gaussian !== 'exact' && gaussian !== 'ts-trueskill') {
    throw new MatchdError(ErrorCodes.INVALID_OPTION, "trueskill.gaussian must be 'exact' or 'ts-trueskill'", {
      path: 'trueskill.gaussian',
      value: String(gaussian),
    });
  }
  const compatible = gaussian === 'ts-trueskill';
  const truncation = compatible ? tsTrueSkillTruncation : exactTruncation;
  const cdf = compatible ? tsTrueSkillCdf : normalCdf;
  const betaSq = beta * beta;
  const tauSq = tau * tau;
  // Phi^-1((p + 1) / 2) beta: the margin per sqrt(player), computed once.
  const marginPerRootPlayer = (compatible ? tsTrueSkillPpf : normalPpf)((drawProbability + 1) / 2) * beta;
  const scratch = new TeamScratch();

  function playerCount(match: RatedMatch<GaussianRating>): number {
    return (match.teams[0]?.length as number) + (match.teams[1]?.length as number);
  }

  /** sum w^2 over both teams (the player count without weights). */
  function weightSquareSum(match: RatedMatch<GaussianRating>): number {
    const weights = match.weights;
    if (weights === undefined) return playerCount(match);
    let sum = 0;
    for (const row of weights) for (const w of row) sum += w * w;
    return sum;
  }

  function update(match: RatedMatch<GaussianRating>, result: MatchResult): GaussianRating[][] {
    const n = summariseTeams(match, tauSq, scratch);
    requireTwoTeams(n);
    readRanks(result, n, scratch);
    const teams = match.teams;
    const weights = match.weights;
    const first = scratch.order[0] as number;
    const drawn = scratch.rank[0] === scratch.rank[1];
    if (drawn && drawProbability === 0) {
      throw new MatchdError(ErrorCodes.INVALID_RESULT, 'a draw cannot be rated with drawProbability 0', {
        ranks: String(result.ranks),
      });
    }
    // c^2 = sum w^2 (sigma~^2 + beta^2); scratch.sigmaSq already holds sum w^2 sigma~^2.
    const cSq =
      (scratch.sigmaSq[0] as number) + (scratch.sigmaSq[1] as number) + betaSq * weightSquareSum(match);
    const c = Math.sqrt(cSq);
    const gap = (scratch.mu[first] as number) - (scratch.mu[1 - first] as number);
    const t = gap / c;
    const margin = (marginPerRootPlayer * Math.sqrt(playerCount(match))) / c;
    const v = drawn ? truncation.vt(t, margin) : truncation.v(t, margin);
    const w = drawn ? truncation.wt(t, margin) : truncation.w(t, margin, v);
    const muStep = v / c;
    const shrink = w / cSq;
    const updated = new Array<GaussianRating[]>(2);
    for (let k = 0; k < 2; k++) {
      const team = teams[k] as readonly GaussianRating[];
      const row = weights?.[k];
      const sign = k === first ? 1 : -1;
      const out = new Array<GaussianRating>(team.length);
      for (let p = 0; p < team.length; p++) {
        const player = team[p] as GaussianRating;
        const weight = row === undefined ? 1 : (row[p] as number);
        const variance = player.sigma * player.sigma + tauSq;
        out[p] = {
          mu: player.mu + sign * weight * variance * muStep,
          sigma: Math.sqrt(variance * (1 - weight * weight * variance * shrink)),
        };
      }
      updated[k] = out;
    }
    return updated;
  }

  /** Team 0 beats, ties or loses to team 1 by the same performance model as the update. */
  function predict(match: RatedMatch<GaussianRating>): Prediction {
    const n = summariseTeams(match, 0, scratch);
    requireTwoTeams(n);
    const spread = Math.sqrt(
      (scratch.sigmaSq[0] as number) + (scratch.sigmaSq[1] as number) + betaSq * weightSquareSum(match),
    );
    const gap = (scratch.mu[0] as number) - (scratch.mu[1] as number);
    const margin = marginPerRootPlayer * Math.sqrt(playerCount(match));
    const win0 = cdf((gap - margin) / spread);
    const win1 = cdf((-gap - margin) / spread);
    return { win: [win0, win1], draw: Math.max(0, 1 - win0 - win1) };
  }

  function quality(match: RatedMatch<GaussianRating>): number {
    const n = summariseTeams(match, 0, scratch);
    requireTwoTeams(n);
    const b = betaSq * weightSquareSum(match);
    const total = b + (scratch.sigmaSq[0] as number) + (scratch.sigmaSq[1] as number);
    const gap = (scratch.mu[0] as number) - (scratch.mu[1] as number);
    return Math.sqrt(b / total) * Math.exp((-0.5 * gap * gap) / total);
  }

  function winProbability(match: RatedMatch<GaussianRating>): number {
    const n = summariseTeams(match, 0, scratch);
    requireTwoTeams(n);
    let muFirst = 0;
    let muSecond = 0;
    let variance = 0;
    for (const player of match.teams[0] as readonly GaussianRating[]) {
      muFirst += player.mu;
      variance += player.sigma * player.sigma;
    }
    for (const player of match.teams[1] as readonly GaussianRating[]) {
      muSecond += player.mu;
      variance += player.sigma * player.sigma;
    }
    return cdf((muFirst - muSecond) / Math.sqrt(playerCount(match) * betaSq + variance));
  }

  return {
    name: 'trueskill',
    initial: (): GaussianRating => ({ mu, sigma }),
    validate: validateGaussianRating,
    estimate: (rating: GaussianRating): SkillEstimate => ({ mean: rating.mu, deviation: rating.sigma }),
    update,
    predict,
    drawMargin: (players: number): number => marginPerRootPlayer * Math.sqrt(players),
    quality,
    winProbability,
  };
}
