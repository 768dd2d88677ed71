/**
 * The Plackett-Luce kernel of the Weng-Lin family.
 *
 * Source: R. C. Weng, C.-J. Lin, "A Bayesian Approximation Method for Online Ranking", JMLR 12
 * (2011), Algorithm 4, with ties as openskill 5 implements them (openskill.js src/models/
 * plackett-luce.ts): c^2 = sum over teams of (sigma_t^2 + beta^2); for team i and every team q
 * ranked no better than... rather, every q with rank_q <= rank_i, the share
 * exp(mu_i / c) / sum_{s: rank_s >= rank_q} exp(mu_s / c), divided by the number of teams tied
 * with q.
 * Complexity: O(n^2) in the number of teams, n exponentials. Validation: parity.test.ts (openskill).
 */

import { teamGamma } from './gamma.ts';
import type { TeamScratch } from './gaussian-match.ts';
import type { WengLinConstants } from './options.ts';
import type { GaussianRating } from './types.ts';

/** Writes Omega (mean change) and Delta (variance shrink) of every team into `scratch`. */
export function plackettLuceKernel(
  scratch: TeamScratch,
  constants: WengLinConstants,
  teams: readonly (readonly GaussianRating[])[],
): void {
  const n = teams.length;
  const { mu, sigmaSq, rank, omega, delta } = scratch;
  const expo = scratch.work1;
  const sumQ = scratch.work2;
  const tieCount = scratch.work3;
  let cSq = 0;
  let maxMu = Number.NEGATIVE_INFINITY;
  for (let t = 0; t < n; t++) {
    cSq += (sigmaSq[t] as number) + constants.betaSq;
    if ((mu[t] as number) > maxMu) maxMu = mu[t] as number;
  }
  const c = Math.sqrt(cSq);
  // Shifting every exponent by max mu leaves each quotient unchanged and keeps exp() finite.
  for (let t = 0; t < n; t++) expo[t] = Math.exp(((mu[t] as number) - maxMu) / c);
  for (let q = 0; q < n; q++) {
    const rankQ = rank[q] as number;
    let sum = 0;
    let ties = 0;
    for (let s = 0; s < n; s++) {
      const rankS = rank[s] as number;
      if (rankS >= rankQ) sum += expo[s] as number;
      if (rankS === rankQ) ties++;
    }
    sumQ[q] = sum;
    tieCount[q] = ties;
  }
  const site = { team: 0, c };
  for (let i = 0; i < n; i++) {
    const rankI = rank[i] as number;
    const expoI = expo[i] as number;
    let omegaSum = 0;
    let deltaSum = 0;
    for (let q = 0; q < n; q++) {
      if ((rank[q] as number) > rankI) continue;
      const quotient = expoI / (sumQ[q] as number);
      const ties = tieCount[q] as number;
      omegaSum += (i === q ? 1 - quotient : -quotient) / ties;
      deltaSum += (quotient * (1 - quotient)) / ties;
    }
    const sigmaSqI = sigmaSq[i] as number;
    site.team = i;
    const gamma = teamGamma(constants, scratch, teams, site);
    omega[i] = (omegaSum * sigmaSqI) / c;
    delta[i] = ((deltaSum * sigmaSqI) / cSq) * gamma;
  }
}
