/**
 * The five Weng-Lin rating models (the OpenSkill family) as `RatingModel`s: one update procedure
 * around a per-model kernel that computes each team's Omega / Delta.
 *
 * Update (Weng & Lin 2011; openskill 5 src/rate.ts): every sigma first grows by tau
 * (sigma^2 + tau^2, additive dynamics); teams are summarised as weighted sums
 * mu_t = sum w mu, sigma_t^2 = sum w^2 sigma^2; the kernel gives Omega_t and Delta_t; then each
 * player moves by their share of the team's variance:
 *   mu'    = mu + w sigma^2 / sigma_t^2 Omega_t
 *   sigma' = sigma sqrt(max(1 - w^2 sigma^2 / sigma_t^2 Delta_t, kappa)).
 * With no weights (w = 1) this is exactly openskill. Weights are partial play as in TrueSkill:
 * a team's performance is the weighted sum of its players', so a player's gradient and curvature
 * scale by w and w^2 (openskill 5 accepts no weights; openskill.py's are a different heuristic).
 * Optional score margins scale each team's mu change (openskill's `margin`), and `limitSigma`
 * caps sigma at its value before the match.
 *
 * Complexity: O(n^2 + players) per update for n teams (O(n + players) for the partial models).
 * Validation: parity.test.ts (openskill 5.0.1 to 1e-9), properties.test.ts, validation.test.ts.
 */

import type { MatchResult, Prediction, RatedMatch, SkillEstimate } from '../types.ts';
import { bradleyTerryFullKernel, bradleyTerryPartKernel } from './bradley-terry.ts';
import { readRanks, summariseTeams, TeamScratch, validateGaussianRating } from './gaussian-match.ts';
import { resolveWengLinOptions, type WengLinConstants } from './options.ts';
import { plackettLuceKernel } from './plackett-luce.ts';
import {
  predictDrawWengLin,
  predictOutcomeWengLin,
  predictRankWengLin,
  predictWinWengLin,
} from './predict.ts';
import { thurstoneMostellerFullKernel, thurstoneMostellerPartKernel } from './thurstone-mosteller.ts';
import type { GaussianRating, ThurstoneMostellerOptions, WengLinModel, WengLinOptions } from './types.ts';

type Kernel = (
  scratch: TeamScratch,
  constants: WengLinConstants,
  teams: readonly (readonly GaussianRating[])[],
) => void;

/** openskill's margin factor: 1 + mean over the other teams of log1p(max(0, |s_i - s_j| - margin)). */
function writeMarginFactors(scores: readonly number[], margin: number, factor: Float64Array): void {
  const n = scores.length;
  for (let i = 0; i < n; i++) {
    const si = scores[i] as number;
    let sum = 0;
    for (let j = 0; j < n; j++) {
      if (j !== i) sum += Math.log1p(Math.max(0, Math.abs(si - (scores[j] as number)) - margin));
    }
    factor[i] = 1 + sum / (n - 1);
  }
}

function createWengLinModel(name: string, constants: WengLinConstants, kernel: Kernel): WengLinModel {
  const scratch = new TeamScratch();
  const { tauSq, kappa } = constants;
  const capSigma = constants.limitSigma && constants.tau > 0;

  function update(match: RatedMatch<GaussianRating>, result: MatchResult): GaussianRating[][] {
    const n = summariseTeams(match, tauSq, scratch);
    readRanks(result, n, scratch);
    const factor = scratch.factor;
    if (constants.margin !== undefined && result.scores !== undefined) {
      writeMarginFactors(result.scores, constants.margin, factor);
    } else {
      factor.fill(1, 0, n);
    }
    const teams = match.teams;
    kernel(scratch, constants, teams);
    const { sigmaSq: teamSigmaSq, omega, delta } = scratch;
    const weights = match.weights;
    const updated = new Array<GaussianRating[]>(n);
    for (let t = 0; t < n; t++) {
      const team = teams[t] as readonly GaussianRating[];
      const row = weights?.[t];
      const muStep = ((factor[t] as number) * (omega[t] as number)) / (teamSigmaSq[t] as number);
      const shrink = (delta[t] as number) / (teamSigmaSq[t] as number);
      const out = new Array<GaussianRating>(team.length);
      for (let p = 0; p < team.length; p++) {
        const player = team[p] as GaussianRating;
        const w = row === undefined ? 1 : (row[p] as number);
        const variance = player.sigma * player.sigma + tauSq;
        let sigma = Math.sqrt(variance * Math.max(1 - w * w * variance * shrink, kappa));
        if (capSigma && sigma > player.sigma) sigma = player.sigma;
        out[p] = { mu: player.mu + w * variance * muStep, sigma };
      }
      updated[t] = out;
    }
    return updated;
  }

  return {
    name,
    initial: (): GaussianRating => ({ mu: constants.mu, sigma: constants.sigma }),
    validate: validateGaussianRating,
    estimate: (rating: GaussianRating): SkillEstimate => ({ mean: rating.mu, deviation: rating.sigma }),
    update,
    predict: (match: RatedMatch<GaussianRating>): Prediction =>
      predictOutcomeWengLin(match, constants, scratch),
    predictWin: (match: RatedMatch<GaussianRating>): number[] => predictWinWengLin(match, constants, scratch),
    predictDraw: (match: RatedMatch<GaussianRating>): number => predictDrawWengLin(match, constants, scratch),
    predictRank: (match: RatedMatch<GaussianRating>): [number, number][] =>
      predictRankWengLin(match, constants, scratch),
  };
}

/**
 * Weng-Lin Plackett-Luce (openskill's default model): one softmax over the whole ranking.
 * @example
 * const model = createPlackettLuce();
 * const [[winner], [loser]] = model.update(
 *   { teams: [[model.initial()], [model.initial()]] },
 *   { ranks: [1, 2] },
 * );
 * // winner.mu ~ 27.64, loser.mu ~ 22.36 (same as openskill's rate)
 */
export function createPlackettLuce(options?: WengLinOptions): WengLinModel {
  const name = 'weng-lin-plackett-luce';
  return createWengLinModel(name, resolveWengLinOptions(name, options, false), plackettLuceKernel);
}

/** Weng-Lin Bradley-Terry over every pair of teams (logistic pairwise comparisons). */
export function createBradleyTerryFull(options?: WengLinOptions): WengLinModel {
  const name = 'weng-lin-bradley-terry-full';
  return createWengLinModel(name, resolveWengLinOptions(name, options, false), bradleyTerryFullKernel);
}

/** Weng-Lin Bradley-Terry over adjacent teams in the ranking only: O(n) for n teams. */
export function createBradleyTerryPart(options?: WengLinOptions): WengLinModel {
  const name = 'weng-lin-bradley-terry-part';
  return createWengLinModel(name, resolveWengLinOptions(name, options, false), bradleyTerryPartKernel);
}

/** Weng-Lin Thurstone-Mosteller over every pair of teams (Gaussian pairwise comparisons, draws). */
export function createThurstoneMostellerFull(options?: ThurstoneMostellerOptions): WengLinModel {
  const name = 'weng-lin-thurstone-mosteller-full';
  return createWengLinModel(name, resolveWengLinOptions(name, options, true), thurstoneMostellerFullKernel);
}

/** Weng-Lin Thurstone-Mosteller over adjacent teams in the ranking only. */
export function createThurstoneMostellerPart(options?: ThurstoneMostellerOptions): WengLinModel {
  const name = 'weng-lin-thurstone-mosteller-part';
  return createWengLinModel(name, resolveWengLinOptions(name, options, true), thurstoneMostellerPartKernel);
}
