/**
 * Weng-Lin's gamma for a team: the default sqrt(teamSigmaSq) / c (computed inline by the kernels,
 * so the hot path allocates nothing), or the caller's function, whose answer is checked here since
 * a bad gamma would silently turn every rating into NaN.
 */

import { ErrorCodes, MatchdError } from '../../errors.ts';
import type { TeamScratch } from './gaussian-match.ts';
import type { WengLinConstants } from './options.ts';
import type { GaussianRating } from './types.ts';

/** Where gamma is asked for: which team, and the normaliser c of its pair or match. */
export interface GammaSite {
  team: number;
  c: number;
}

/** Gamma of `site.team` for the normaliser `site.c` (see `WengLinGamma`). */
export function teamGamma(
  constants: WengLinConstants,
  scratch: TeamScratch,
  teams: readonly (readonly GaussianRating[])[],
  site: GammaSite,
): number {
  const sigmaSq = scratch.sigmaSq[site.team] as number;
  const gamma = constants.gamma;
  if (gamma === undefined) return Math.sqrt(sigmaSq) / site.c;
  const value = gamma({
    c: site.c,
    teamCount: teams.length,
    teamMu: scratch.mu[site.team] as number,
    teamSigmaSq: sigmaSq,
    team: teams[site.team] as readonly GaussianRating[],
    rank: scratch.rank[site.team] as number,
  });
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new MatchdError(ErrorCodes.INVALID_OPTION, 'gamma must return a finite number >= 0', {
      path: 'gamma',
      value: String(value),
    });
  }
  return value;
}
