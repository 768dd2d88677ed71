/**
 * What every pairwise rating model (Elo, Glicko-2, Kreimeier's Fermi model) shares: checking a
 * match and its result before anything is computed, turning ranks into pairwise scores, and
 * turning pairwise win probabilities into a `Prediction` for any number of teams.
 *
 * Pairwise decomposition (Elo's classic extension to more than two teams): a match of n teams is
 * read as the n(n-1)/2 two-team games between every pair of teams, each scored 1 / 0.5 / 0 by the
 * ranks (lower rank is better, equal ranks are a draw). A team's change is the mean over its n-1
 * games, so that one match moves a rating at most as far as one two-team game does.
 */

import { ErrorCodes, MatchdError } from '../../errors.ts';
import type { MatchResult, Prediction, RatedMatch } from '../types.ts';

/**
 * Throws MM_ERR_INVALID_TEAMS unless the match has at least two teams, none empty, and weights
 * (if given) that match the teams' shape and lie in [0, 1]; then checks every rating with
 * `validateRating` (which throws MM_ERR_INVALID_RATING).
 */
export function validatePairwiseMatch<TRating>(
  match: RatedMatch<TRating>,
  validateRating: (rating: TRating) => void,
): void {
  const teams = match.teams;
  if (!Array.isArray(teams) || teams.length < 2) {
    throw new MatchdError(ErrorCodes.INVALID_TEAMS, 'a match needs at least two teams', {
      teamCount: Array.isArray(teams) ? teams.length : 0,
    });
  }
  for (let t = 0; t < teams.length; t++) {
    const team = teams[t];
    if (!Array.isArray(team) || team.length === 0) {
      throw new MatchdError(ErrorCodes.INVALID_TEAMS, `team ${t} is empty`, { team: t });
    }
  }
  const weights = match.weights;
  if (weights !== undefined) {
    if (!Array.isArray(weights) || weights.length !== teams.length) {
      throw new MatchdError(ErrorCodes.INVALID_TEAMS, 'weights must have one row per team', {
        teamCount: teams.length,
      });
    }
    for (let t = 0; t < teams.length; t++) {
      const row = weights[t];
      const team = teams[t] as readonly TRating[];
      if (!Array.isArray(row) || row.length !== team.length) {
        throw new MatchdError(
          ErrorCodes.INVALID_TEAMS,
          `weights of team ${t} must have one entry per player`,
          {
            team: t,
          },
        );
      }
      for (let p = 0; p < row.length; p++) {
        const w = row[p];
        if (typeof w !== 'number' || !Number.isFinite(w) || w < 0 || w > 1) {
          throw new MatchdError(
            ErrorCodes.INVALID_TEAMS,
            `weight of team ${t} player ${p} must be in [0, 1]`,
            {
              team: t,
              player: p,
              value: String(w),
            },
          );
        }
      }
    }
  }
  for (const team of teams) for (const rating of team) validateRating(rating);
}

/**
 * Throws MM_ERR_INVALID_RESULT unless `result` fits a match of `teamCount` teams: one finite rank
 * per team, scores (if any) one finite number per team, `homeTeam` (if any) a team index.
 */
export function validateResult(result: MatchResult, teamCount: number): void {
  const ranks = result?.ranks;
  if (!Array.isArray(ranks) || ranks.length !== teamCount) {
    throw new MatchdError(ErrorCodes.INVALID_RESULT, 'a result needs one rank per team', {
      teamCount,
      rankCount: Array.isArray(ranks) ? ranks.length : 0,
    });
  }
  for (let t = 0; t < ranks.length; t++) {
    const rank = ranks[t];
    if (typeof rank !== 'number' || !Number.isFinite(rank)) {
      throw new MatchdError(ErrorCodes.INVALID_RESULT, `rank of team ${t} must be a finite number`, {
        team: t,
        value: String(rank),
      });
    }
  }
  const scores = result.scores;
  if (scores !== undefined) {
    if (!Array.isArray(scores) || scores.length !== teamCount) {
      throw new MatchdError(ErrorCodes.INVALID_RESULT, 'scores must have one entry per team', { teamCount });
    }
    for (const score of scores) {
      if (typeof score !== 'number' || !Number.isFinite(score)) {
        throw new MatchdError(ErrorCodes.INVALID_RESULT, 'scores must be finite numbers', {
          value: String(score),
        });
      }
    }
  }
  if (result.neutral !== undefined && typeof result.neutral !== 'boolean') {
    throw new MatchdError(ErrorCodes.INVALID_RESULT, 'neutral must be true or false', {
      value: String(result.neutral),
    });
  }
  const homeTeam = result.homeTeam;
  if (homeTeam !== undefined && (!Number.isInteger(homeTeam) || homeTeam < 0 || homeTeam >= teamCount)) {
    throw new MatchdError(ErrorCodes.INVALID_RESULT, 'homeTeam must be a team index', {
      value: String(homeTeam),
    });
  }
}

/** The score of team `t` in its game against team `u`: 1 if t ranked better, 0.5 if equal, 0 if worse. */
export function pairScore(ranks: readonly number[], t: number, u: number): number {
  const a = ranks[t] as number;
  const b = ranks[u] as number;
  return a < b ? 1 : a === b ? 0.5 : 0;
}

/**
 * A `Prediction` from pairwise win probabilities. For two teams it is exact: win = [P, 1 - P],
 * draw 0 (these models have no draw of their own; see `rating/draw/` to add one). For n > 2 teams
 * the chance that team t comes first is taken proportional to the product of its pairwise win
 * probabilities, prod_u P(t beats u), normalised over the teams; that is exact for Bradley-Terry
 * strengths (Elo, Fermi) only up to the independence of the pairwise games, and reduces to the
 * exact two-team value when n = 2.
 */
export function pairwisePrediction(teamCount: number, beats: (t: number, u: number) => number): Prediction {
  if (teamCount === 2) {
    const p = beats(0, 1);
    return { win: [p, 1 - p], draw: 0 };
  }
  const products = new Array<number>(teamCount);
  let total = 0;
  for (let t = 0; t < teamCount; t++) {
    let product = 1;
    for (let u = 0; u < teamCount; u++) if (u !== t) product *= beats(t, u);
    products[t] = product;
    total += product;
  }
  // All products underflow only when every team is hopeless against some other: call it even.
  const win = products.map((product) => (total > 0 ? product / total : 1 / teamCount));
  return { win, draw: 0 };
}

/**
 * Throws MM_ERR_INVALID_OPTION if `options` carries a key not in `allowed` (a misspelt option must
 * not silently fall back to a default).
 */
export function rejectUnknownOptions(
  options: object | undefined,
  allowed: readonly string[],
  where: string,
): void {
  if (options === undefined) return;
  if (typeof options !== 'object' || options === null) {
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

/** The weight of player p of team t (1 when the match carries no weights). */
export function playerWeight<TRating>(match: RatedMatch<TRating>, t: number, p: number): number {
  return match.weights?.[t]?.[p] ?? 1;
}
