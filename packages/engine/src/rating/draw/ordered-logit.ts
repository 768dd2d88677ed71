/**
 * Draws as a third outcome by an ordered logit: the skill model's log-odds z = logit(P) is a latent
 * advantage, and the game is drawn when it lands within a threshold of zero:
 * P(win) = sigmoid(z - threshold), P(loss) = sigmoid(-z - threshold), P(draw) = the rest.
 * Source: the cumulative-link model of P. McCullagh, "Regression models for ordinal data" (JRSS B,
 * 1980), as used for football results (home win / draw / away win).
 *
 * Unlike Davidson's rule (which keeps P(win) / P(loss) = P / (1 - P)), the ordered logit moves the
 * expected score toward 1/2 more for close games than for mismatches: the expected score is
 * (sigmoid(z - threshold) + sigmoid(z + threshold)) / 2, flatter than sigmoid(z) near 0.
 * The threshold has a closed form from the draw rate between equals, d: threshold = logit((1 + d) / 2).
 */
import { requireFiniteOption } from '../../errors.ts';
import { sigmoid } from '../../stats/logistic-regression.ts';
import { rejectUnknownOptions } from '../elo/pairwise.ts';
import type { DrawModel } from './draw-models.ts';

/** The threshold that gives draw rate `drawRate` (in [0, 1)) between equals. */
export function orderedLogitThreshold(drawRate: number): number {
  const d = requireFiniteOption('drawRate', drawRate, 0, 1 - 1e-9);
  return Math.log((1 + d) / (1 - d));
}

/**
 * The ordered-logit draw model with `threshold` >= 0 in log-odds (0: no draws).
 * @example orderedLogitDraw({ threshold: orderedLogitThreshold(0.25) }).split(0.5).draw // 0.25
 */
export function orderedLogitDraw(options: { readonly threshold: number }): DrawModel {
  rejectUnknownOptions(options, ['threshold'], 'orderedLogitDraw');
  const threshold = requireFiniteOption('orderedLogitDraw.threshold', options.threshold, 0);
  return {
    kind: 'ordered-logit',
    parameter: threshold,
    split: (p) => {
      const clamped = Math.min(1 - 1e-15, Math.max(1e-15, p));
      const z = Math.log(clamped / (1 - clamped));
      const win = sigmoid(z - threshold);
      const loss = sigmoid(-z - threshold);
      return { win, draw: Math.max(0, 1 - win - loss), loss };
    },
  };
}
