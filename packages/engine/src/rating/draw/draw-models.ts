/**
 * Draw models layered on any two-team win probability P (from Elo, Glicko-2, Weng-Lin, ...).
 *
 * - EOMM rule. Source: Z. Chen et al., "EOMM: An Engagement Optimized Matchmaking Framework"
 *   (WWW 2017), section 5.2, Eqs. 11 to 13: P(draw) = 20% "regardless of skill gaps" (draws had
 *   -0.05 correlation with the skill gap in their 36.9M matches), and win / loss share the rest
 *   by the skill model: win = (1 - d) P, loss = (1 - d)(1 - P). Here d is a parameter.
 * - Davidson's rule. Source: R. R. Davidson, "On extending the Bradley-Terry model to accommodate
 *   ties in paired comparison experiments", JASA 65 (1970) 317-328: with win strengths p, q,
 *   P(win) = p / (p + q + nu sqrt(pq)), P(draw) = nu sqrt(pq) / (p + q + nu sqrt(pq)), P(loss) =
 *   q / (...). The draw mass is largest between equals and shrinks with the gap. We take p = P and
 *   q = 1 - P, so that P(win) / P(loss) = P / (1 - P): the skill model's odds are kept exactly.
 *
 * Both are exact closed forms; the fitting of d and nu from data is in fit-draw.ts.
 */

import { requireFiniteOption } from '../../errors.ts';
import { rejectUnknownOptions } from '../elo/pairwise.ts';

/** Outcome probabilities of a two-team match, from team 0's side. They sum to 1. */
export interface WinDrawLoss {
  readonly win: number;
  readonly draw: number;
  readonly loss: number;
}

/** A draw model: turns the skill model's P(team 0 beats team 1) into win / draw / loss. */
export interface DrawModel {
  /** `eomm` or `davidson`. */
  readonly kind: string;
  /** The model's parameter (d or nu), for reports. */
  readonly parameter: number;
  /** Win / draw / loss for a skill-model win probability `p` in [0, 1]. */
  split(p: number): WinDrawLoss;
}

/**
 * The EOMM rule: a fixed draw probability `drawProbability` (EOMM used 0.2), the rest split by P.
 * @example eommDraw({ drawProbability: 0.2 }).split(0.75) // { win: 0.6, draw: 0.2, loss: 0.2 }
 */
export function eommDraw(options: { readonly drawProbability: number }): DrawModel {
  rejectUnknownOptions(options, ['drawProbability'], 'eommDraw');
  const d = requireFiniteOption('eommDraw.drawProbability', options.drawProbability, 0, 1);
  return {
    kind: 'eomm',
    parameter: d,
    split: (p) => ({ win: (1 - d) * p, draw: d, loss: (1 - d) * (1 - p) }),
  };
}

/**
 * Davidson's rule with tie parameter `nu` >= 0 (0: no draws; between equals P(draw) = nu / (2 + nu)).
 * @example davidsonDraw({ nu: 0.5 }).split(0.5).draw // 0.2
 */
export function davidsonDraw(options: { readonly nu: number }): DrawModel {
  rejectUnknownOptions(options, ['nu'], 'davidsonDraw');
  const nu = requireFiniteOption('davidsonDraw.nu', options.nu, 0);
  return {
    kind: 'davidson',
    parameter: nu,
    split: (p) => {
      const tie = nu * Math.sqrt(p * (1 - p));
      const total = 1 + tie;
      return { win: p / total, draw: tie / total, loss: (1 - p) / total };
    },
  };
}
