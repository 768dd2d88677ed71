/**
 * Checking and summarising a match of Gaussian ratings ({ mu, sigma }), shared by the Weng-Lin
 * models and TrueSkill. Each check throws a MatchdError before anything is computed; the summary
 * (per-team weighted sums) goes into reusable typed arrays so that an update allocates only its
 * result.
 */

import { ErrorCodes, MatchdError } from '../../errors.ts';
import type { MatchResult, RatedMatch } from '../types.ts';
import type { GaussianRating } from './types.ts';

/** Throws MM_ERR_INVALID_RATING unless `rating` has a finite `mu` and a finite `sigma` > 0. */
export function validateGaussianRating(rating: GaussianRating): void {
  const mu = rating?.mu;
  const sigma = rating?.sigma;
  if (typeof mu !== 'number' || !Number.isFinite(mu)) {
    throw new MatchdError(ErrorCodes.INVALID_RATING, 'mu must be a finite number', { value: String(mu) });
  }
  if (typeof sigma !== 'number' || !Number.isFinite(sigma) || sigma <= 0) {
    throw new MatchdError(ErrorCodes.INVALID_RATING, 'sigma must be a finite number > 0', {
      value: String(sigma),
    });
  }
}

/**
 * Per-team working memory, grown on demand and reused across calls, so that the hot path of an
 * update allocates nothing but its result. One instance per model: not shared between models.
 */
export class TeamScratch {
  /** Weighted sum of the players' mu. */
  mu = new Float64Array(8);
  /** Weighted sum of the players' variances (sigma^2 + tau^2 where the caller adds tau). */
  sigmaSq = new Float64Array(8);
  /** The team's rank from the result. */
  rank = new Float64Array(8);
  /** Weng-Lin's Omega (mean change of the team) and Delta (variance shrink of the team). */
  omega = new Float64Array(8);
  delta = new Float64Array(8);
  /** Team indices sorted by rank (stable: ties keep their input order). */
  order = new Int32Array(8);
  /** Per-team multiplier of the mu change (score margins); 1 when unused. */
  factor = new Float64Array(8);
  /** Free per-team work space for the models' kernels. */
  work1 = new Float64Array(8);
  work2 = new Float64Array(8);
  work3 = new Float64Array(8);

  /** Makes room for `teamCount` teams. */
  ensure(teamCount: number): void {
    if (this.mu.length >= teamCount) return;
    const size = Math.max(teamCount, this.mu.length * 2);
    this.mu = new Float64Array(size);
    this.sigmaSq = new Float64Array(size);
    this.rank = new Float64Array(size);
    this.omega = new Float64Array(size);
    this.delta = new Float64Array(size);
    this.order = new Int32Array(size);
    this.factor = new Float64Array(size);
    this.work1 = new Float64Array(size);
    this.work2 = new Float64Array(size);
    this.work3 = new Float64Array(size);
  }
}

function invalidTeams(message: string, details: Record<string, unknown> = {}): MatchdError {
  return new MatchdError(ErrorCodes.INVALID_TEAMS, message, details);
}

/**
 * Validates `match` (at least `minTeams` teams, none empty, ratings valid, weights in [0, 1] shaped
 * like the teams with at least one positive weight per team) and writes each team's weighted sums
 * into `scratch`: mu[t] = sum w mu, sigmaSq[t] = sum w^2 (sigma^2 + extraVariance). Returns the
 * number of teams.
 */
export function summariseTeams(
  match: RatedMatch<GaussianRating>,
  extraVariance: number,
  scratch: TeamScratch,
  minTeams = 2,
): number {
  const teams = match?.teams;
  if (!Array.isArray(teams) || teams.length < minTeams) {
    throw invalidTeams(`a match needs at least ${minTeams} teams`, {
      teamCount: Array.isArray(teams) ? teams.length : 0,
    });
  }
  const n = teams.length;
  const weights = match.weights;
  if (weights !== undefined && (!Array.isArray(weights) || weights.length !== n)) {
    throw invalidTeams('weights must have one row per team', { teamCount: n });
  }
  scratch.ensure(n);
  const teamMu = scratch.mu;
  const teamSigmaSq = scratch.sigmaSq;
  for (let t = 0; t < n; t++) {
    const team = teams[t] as readonly GaussianRating[];
    if (!Array.isArray(team) || team.length === 0) throw invalidTeams(`team ${t} is empty`, { team: t });
    const row = weights?.[t];
    if (weights !== undefined && (!Array.isArray(row) || row.length !== team.length)) {
      throw invalidTeams(`weights of team ${t} must have one entry per player`, { team: t });
    }
    let muSum = 0;
    let varianceSum = 0;
    let weightSum = 0;
    for (let p = 0; p < team.length; p++) {
      const rating = team[p] as GaussianRating;
      validateGaussianRating(rating);
      const variance = rating.sigma * rating.sigma + extraVariance;
      if (row === undefined) {
        muSum += rating.mu;
        varianceSum += variance;
        weightSum += 1;
      } else {
        const w = row[p];
        if (typeof w !== 'number' || !(w >= 0 && w <= 1)) {
          throw invalidTeams(`weight of team ${t} player ${p} must be in [0, 1]`, {
            team: t,
            player: p,
            value: String(w),
          });
        }
        muSum += w * rating.mu;
        varianceSum += w * w * variance;
        weightSum += w;
      }
    }
    if (weightSum === 0) throw invalidTeams(`team ${t} has no player with a positive weight`, { team: t });
    teamMu[t] = muSum;
    teamSigmaSq[t] = varianceSum;
  }
  return n;
}

/**
 * Validates `result` for `teamCount` teams (one finite rank per team; scores, if any, one finite
 * number per team), copies the ranks into `scratch.rank` and sorts `scratch.order` by rank
 * (stable insertion sort: team counts are small).
 */
export function readRanks(result: MatchResult, teamCount: number, scratch: TeamScratch): void {
  const ranks = result?.ranks;
  if (!Array.isArray(ranks) || ranks.length !== teamCount) {
    throw new MatchdError(ErrorCodes.INVALID_RESULT, 'a result needs one rank per team', {
      teamCount,
      rankCount: Array.isArray(ranks) ? ranks.length : 0,
    });
  }
  const rank = scratch.rank;
  const order = scratch.order;
  for (let t = 0; t < teamCount; t++) {
    const r = ranks[t];
    if (typeof r !== 'number' || !Number.isFinite(r)) {
      throw new MatchdError(ErrorCodes.INVALID_RESULT, `rank of team ${t} must be a finite number`, {
        team: t,
        value: String(r),
      });
    }
    rank[t] = r;
    let k = t;
    while (k > 0 && (rank[order[k - 1] as number] as number) > r) {
      order[k] = order[k - 1] as number;
      k--;
    }
    order[k] = t;
  }
  const scores = result.scores;
  if (scores !== undefined) {
    if (!Array.isArray(scores) || scores.length !== teamCount) {
      throw new MatchdError(ErrorCodes.INVALID_RESULT, 'scores must have one entry per team', { teamCount });
    }
    for (let t = 0; t < teamCount; t++) {
      const s = scores[t];
      if (typeof s !== 'number' || !Number.isFinite(s)) {
        throw new MatchdError(ErrorCodes.INVALID_RESULT, `score of team ${t} must be a finite number`, {
          team: t,
          value: String(s),
        });
      }
    }
  }
  const homeTeam = result.homeTeam;
  if (homeTeam !== undefined && (!Number.isInteger(homeTeam) || homeTeam < 0 || homeTeam >= teamCount)) {
    throw new MatchdError(ErrorCodes.INVALID_RESULT, 'homeTeam must be a team index', {
      value: String(homeTeam),
    });
  }
}

/**
 * Throws MM_ERR_INVALID_OPTION if `options` is not an object or carries a key not in `allowed`
 * (a misspelt option must not silently fall back to its default).
 */
export function rejectUnknownKeys(options: unknown, allowed: readonly string[], where: string): void {
  if (options === undefined) return;
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new MatchdError(ErrorCodes.INVALID_OPTION, `${where} options must be an object`, { path: where });
  }
  for (const key of Object.keys(options)) {
    if (!allowed.includes(key)) {
      throw new MatchdError(ErrorCodes.INVALID_OPTION, `unknown ${where} option '${key}'`, {
        path: `${where}.${key}`,
        allowed: allowed.join(', '),
      });
    }
  }
}
