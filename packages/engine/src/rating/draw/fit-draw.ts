/**
 * Fitting draw models by maximum likelihood from a data set of (skill-model P, observed outcome).
 *
 * EOMM rule: the likelihood is d^draws (1 - d)^decisive times terms free of d, so the maximum is
 * exactly d = draws / n.
 * Davidson's rule: with s_i = sqrt(P_i (1 - P_i)), the log-likelihood in nu is
 * draws ln nu - sum_i ln(1 + nu s_i) + const; its derivative is zero where
 * h(nu) = sum_i nu s_i / (1 + nu s_i) - draws = 0, and h increases strictly from -draws (nu = 0)
 * toward n - draws, so the root is unique (0 < draws < n); it is found by bisection on log nu.
 * Validation: draw.test.ts (recovers known d and nu from synthetic outcomes drawn with a seeded Random).
 */

import { ErrorCodes, MatchdError } from '../../errors.ts';
import { type DrawModel, davidsonDraw, eommDraw } from './draw-models.ts';

/** An observed outcome from team 0's side. */
export type DrawOutcome = 'win' | 'draw' | 'loss';

/** One data point: the skill model's P(team 0 wins) before the match, and what happened. */
export interface DrawSample {
  readonly p: number;
  readonly outcome: DrawOutcome;
}

/** A fitted draw model with its mean log-likelihood per sample on the data it was fitted to. */
export interface DrawFit {
  readonly model: DrawModel;
  readonly meanLogLikelihood: number;
}

function validateSamples(samples: readonly DrawSample[]): number {
  if (!Array.isArray(samples) || samples.length === 0) {
    throw new MatchdError(ErrorCodes.INVALID_DATA, 'fitting a draw model needs at least one sample', {});
  }
  let draws = 0;
  samples.forEach((sample, i) => {
    const p = sample?.p;
    if (typeof p !== 'number' || !Number.isFinite(p) || p < 0 || p > 1) {
      throw new MatchdError(ErrorCodes.INVALID_DATA, `sample ${i}: p must be in [0, 1]`, {
        index: i,
        value: String(p),
      });
    }
    if (sample.outcome !== 'win' && sample.outcome !== 'draw' && sample.outcome !== 'loss') {
      throw new MatchdError(ErrorCodes.INVALID_DATA, `sample ${i}: outcome must be win, draw or loss`, {
        index: i,
        value: String(sample.outcome),
      });
    }
    if (sample.outcome === 'draw') draws++;
  });
  return draws;
}

/** Mean log-likelihood of `samples` under `model` (probabilities floored at 1e-15 so one surprise stays finite). */
export function drawLogLikelihood(model: DrawModel, samples: readonly DrawSample[]): number {
  validateSamples(samples);
  let total = 0;
  for (const { p, outcome } of samples) {
    const split = model.split(p);
    total += Math.log(Math.max(split[outcome], 1e-15));
  }
  return total / samples.length;
}

/** The maximum-likelihood EOMM draw probability: the share of draws. */
export function fitEommDraw(samples: readonly DrawSample[]): DrawFit {
  const draws = validateSamples(samples);
  const model = eommDraw({ drawProbability: draws / samples.length });
  return { model, meanLogLikelihood: drawLogLikelihood(model, samples) };
}

const MIN_LOG_NU = Math.log(1e-9);
const MAX_LOG_NU = Math.log(1e9);

/**
 * The maximum-likelihood Davidson nu. No draws gives nu = 0; all draws (or no sample with
 * 0 < P < 1) has no finite maximum and gives the cap 1e9.
 */
export function fitDavidsonDraw(samples: readonly DrawSample[]): DrawFit {
  const draws = validateSamples(samples);
  const spread = samples.map(({ p }) => Math.sqrt(p * (1 - p)));
  const h = (nu: number) => spread.reduce((sum, s) => sum + (nu * s) / (1 + nu * s), 0) - draws;
  let nu: number;
  if (draws === 0) nu = 0;
  else if (h(Math.exp(MAX_LOG_NU)) <= 0) nu = Math.exp(MAX_LOG_NU);
  else if (h(Math.exp(MIN_LOG_NU)) >= 0) nu = Math.exp(MIN_LOG_NU);
  else {
    let lo = MIN_LOG_NU;
    let hi = MAX_LOG_NU;
    // 100 halvings of a width-41 interval reach far below double precision in log nu.
    for (let i = 0; i < 100 && hi - lo > 1e-13; i++) {
      const mid = (lo + hi) / 2;
      if (h(Math.exp(mid)) < 0) lo = mid;
      else hi = mid;
    }
    nu = Math.exp((lo + hi) / 2);
  }
  const model = davidsonDraw({ nu });
  return { model, meanLogLikelihood: drawLogLikelihood(model, samples) };
}
