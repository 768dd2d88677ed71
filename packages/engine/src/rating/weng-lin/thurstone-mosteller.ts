/**
 * The Thurstone-Mosteller kernels of the Weng-Lin family, full (every pair of teams) and partial
 * (only teams adjacent in the ranking).
 *
 * Source: Weng & Lin, JMLR 12 (2011), Algorithms 1 and 3, as openskill 5 implements them
 * (src/models/thurstone-mosteller-full.ts, thurstone-mosteller-part.ts): for teams i, q,
 * c_iq = sqrt(sigma_i^2 + sigma_q^2 + 2 beta^2) (openskill's partial model doubles it),
 * x = (mu_i - mu_q) / c_iq, draw band t = epsilon / c_iq; a win adds sigma_i^2 / c_iq v(x, t) to
 * Omega_i and gamma sigma_i^2 / c_iq^2 w(x, t) to Delta_i (signs flipped for a loss); a tie uses
 * the draw corrections vt / wt.
 * Complexity: O(n^2) (full) or O(n) (partial) in the number of teams.
 * Validation: parity.test.ts (openskill, with `truncation: 'openskill'`; and 'exact' where the two
 * agree).
 */

import { type GammaSite, teamGamma } from './gamma.ts';
import type { TeamScratch } from './gaussian-match.ts';
import type { WengLinConstants } from './options.ts';
import { exactTruncation, openskillTruncation, type TruncationFunctions } from './truncation.ts';
import type { GaussianRating } from './types.ts';

interface PairState {
  i: number;
  q: number;
  /** 1 for the full model, 2 for openskill's partial one. */
  scale: number;
  truncation: TruncationFunctions;
  at: GammaSite;
}

function addPair(
  scratch: TeamScratch,
  constants: WengLinConstants,
  teams: readonly (readonly GaussianRating[])[],
  pair: PairState,
): void {
  const { mu, sigmaSq, rank, omega, delta } = scratch;
  const { i, q, at, truncation } = pair;
  const sigmaSqI = sigmaSq[i] as number;
  const ciq = pair.scale * Math.sqrt(sigmaSqI + (sigmaSq[q] as number) + constants.twoBetaSq);
  const deltaMu = ((mu[i] as number) - (mu[q] as number)) / ciq;
  const drawMargin = constants.epsilon / ciq;
  const eta = sigmaSqI / ciq;
  at.team = i;
  at.c = ciq;
  const gamma = teamGamma(constants, scratch, teams, at);
  const rankI = rank[i] as number;
  const rankQ = rank[q] as number;
  if (rankQ === rankI) {
    omega[i] = (omega[i] as number) + eta * truncation.vt(deltaMu, drawMargin);
    delta[i] = (delta[i] as number) + ((gamma * eta) / ciq) * truncation.wt(deltaMu, drawMargin);
    return;
  }
  const sign = rankQ > rankI ? 1 : -1;
  const v = truncation.v(sign * deltaMu, drawMargin);
  omega[i] = (omega[i] as number) + sign * eta * v;
  delta[i] = (delta[i] as number) + ((gamma * eta) / ciq) * truncation.w(sign * deltaMu, drawMargin, v);
}

function pairState(constants: WengLinConstants, scale: number): PairState {
  const truncation = constants.truncation === 'openskill' ? openskillTruncation : exactTruncation;
  return { i: 0, q: 0, scale, truncation, at: { team: 0, c: 1 } };
}

/** Thurstone-Mosteller over every pair of teams. */
export function thurstoneMostellerFullKernel(
  scratch: TeamScratch,
  constants: WengLinConstants,
  teams: readonly (readonly GaussianRating[])[],
): void {
  const n = teams.length;
  const pair = pairState(constants, 1);
  for (let i = 0; i < n; i++) {
    scratch.omega[i] = 0;
    scratch.delta[i] = 0;
    pair.i = i;
    for (let q = 0; q < n; q++) {
      if (q === i) continue;
      pair.q = q;
      addPair(scratch, constants, teams, pair);
    }
  }
}

/** Thurstone-Mosteller over the pairs adjacent in the ranking (ties in input order). */
export function thurstoneMostellerPartKernel(
  scratch: TeamScratch,
  constants: WengLinConstants,
  teams: readonly (readonly GaussianRating[])[],
): void {
  const n = teams.length;
  const order = scratch.order;
  const pair = pairState(constants, 2);
  for (let k = 0; k < n; k++) {
    const i = order[k] as number;
    scratch.omega[i] = 0;
    scratch.delta[i] = 0;
    pair.i = i;
    if (k > 0) {
      pair.q = order[k - 1] as number;
      addPair(scratch, constants, teams, pair);
    }
    if (k < n - 1) {
      pair.q = order[k + 1] as number;
      addPair(scratch, constants, teams, pair);
    }
  }
}
