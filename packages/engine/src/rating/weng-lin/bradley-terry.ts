/**
 * The Bradley-Terry kernels of the Weng-Lin family, full (every pair of teams) and partial (only
 * teams adjacent in the ranking).
 *
 * Source: Weng & Lin, JMLR 12 (2011), Algorithms 1 and 2, as openskill 5 implements them
 * (src/models/bradley-terry-full.ts, bradley-terry-part.ts): for teams i, q,
 * c_iq = sqrt(sigma_i^2 + sigma_q^2 + 2 beta^2), p_iq = 1 / (1 + exp((mu_q - mu_i) / c_iq)),
 * Omega_i += sigma_i^2 / c_iq (s_iq - p_iq) with s = 1 / 0.5 / 0 for a win / tie / loss,
 * Delta_i += gamma sigma_i^2 / c_iq^2 p_iq (1 - p_iq).
 * Complexity: O(n^2) (full) or O(n) (partial) in the number of teams.
 * Validation: parity.test.ts (openskill).
 */

import { type GammaSite, teamGamma } from './gamma.ts';
import type { TeamScratch } from './gaussian-match.ts';
import type { WengLinConstants } from './options.ts';
import type { GaussianRating } from './types.ts';

/** Adds team q's contribution to team i's Omega / Delta (`at` is reused to avoid allocation). */
function addPair(
  scratch: TeamScratch,
  constants: WengLinConstants,
  teams: readonly (readonly GaussianRating[])[],
  pair: { i: number; q: number; at: GammaSite },
): void {
  const { mu, sigmaSq, rank, omega, delta } = scratch;
  const { i, q, at } = pair;
  const sigmaSqI = sigmaSq[i] as number;
  const ciq = Math.sqrt(sigmaSqI + (sigmaSq[q] as number) + constants.twoBetaSq);
  const piq = 1 / (1 + Math.exp(((mu[q] as number) - (mu[i] as number)) / ciq));
  const eta = sigmaSqI / ciq;
  at.team = i;
  at.c = ciq;
  const gamma = teamGamma(constants, scratch, teams, at);
  const rankI = rank[i] as number;
  const rankQ = rank[q] as number;
  const score = rankQ > rankI ? 1 : rankQ < rankI ? 0 : 0.5;
  omega[i] = (omega[i] as number) + eta * (score - piq);
  delta[i] = (delta[i] as number) + ((gamma * eta) / ciq) * piq * (1 - piq);
}

/** Bradley-Terry over every pair of teams. */
export function bradleyTerryFullKernel(
  scratch: TeamScratch,
  constants: WengLinConstants,
  teams: readonly (readonly GaussianRating[])[],
): void {
  const n = teams.length;
  const pair = { i: 0, q: 0, at: { team: 0, c: 1 } };
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

/** Bradley-Terry over the pairs adjacent in the ranking (ties in input order). */
export function bradleyTerryPartKernel(
  scratch: TeamScratch,
  constants: WengLinConstants,
  teams: readonly (readonly GaussianRating[])[],
): void {
  const n = teams.length;
  const order = scratch.order;
  const pair = { i: 0, q: 0, at: { team: 0, c: 1 } };
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
