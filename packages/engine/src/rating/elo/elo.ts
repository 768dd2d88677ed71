/**
 * Elo with a pluggable K policy, for any number of teams of any size.
 *
 * Source: A. E. Elo, "The Rating of Chessplayers, Past and Present" (1978): expected score
 * E = 1 / (1 + 10^((R_opponent - R) / 400)), new R = R + K (S - E). Teams are rated by the mean
 * (or, configurably, the sum) of their players' ratings; more than two teams by pairwise
 * decomposition (see `pairwise.ts`): a team's S and E are the means over its games against every
 * other team. Ties score 0.5. Each player moves by K_player * weight * (S - E), so a player who
 * took part in half the match (weight 0.5) moves half as far, and the K policy may give every
 * player their own K (DomiNations).
 *
 * Complexity: O(n^2) in the number of teams plus O(players) per update.
 * Validation: elo.test.ts (hand-computed cases for each K policy branch, properties).
 */

import { ErrorCodes, MatchdError, requireFiniteOption } from '../../errors.ts';
import { sigmoid } from '../../stats/logistic-regression.ts';
import type {
  MatchResult,
  Prediction,
  RatedMatch,
  RatingModel,
  SkillEstimate,
  UpdateContext,
} from '../types.ts';
import { constantK, type EloRating, type KPolicy, streakAfter } from './k-policy.ts';
import {
  pairScore,
  pairwisePrediction,
  playerWeight,
  rejectUnknownOptions,
  validatePairwiseMatch,
  validateResult,
} from './pairwise.ts';

/** How a team's rating is formed from its players'. */
export type TeamStrength = 'mean' | 'sum';

/** Options of the Elo model. */
export interface EloOptions {
  /** K per player per match; default `constantK(32)`. */
  readonly kPolicy?: KPolicy;
  /** Logistic scale: a gap of `scale` points means 10:1 odds; default 400. */
  readonly scale?: number;
  /** Team rating as the mean (default) or sum of its players' ratings. */
  readonly teamStrength?: TeamStrength;
  /** Rating of a new player; default 1500. */
  readonly initialRating?: number;
}

const ELO_KEYS = ['kPolicy', 'scale', 'teamStrength', 'initialRating'] as const;

/** The Elo model, with `expectedScore` for callers that want the raw two-rating formula. */
export interface EloModel extends RatingModel<EloRating> {
  /** Expected score of a side rated `rating` against one rated `opponentRating` (team ratings). */
  expectedScore(rating: number, opponentRating: number): number;
  /** A team's rating (mean or sum of its players' ratings, by `teamStrength`). */
  teamRating(team: readonly EloRating[]): number;
}

/**
 * Creates an Elo model.
 * @example
 * const elo = createElo({ kPolicy: dominationsK({ highRatingThreshold: 2400 }) });
 * const [[a], [b]] = elo.update({ teams: [[elo.initial()], [elo.initial()]] }, { ranks: [1, 2] });
 * // a.rating === 1532 (new-player K 64 times 0.5), b.rating === 1468
 */
export function createElo(options: EloOptions = {}): EloModel {
  rejectUnknownOptions(options, ELO_KEYS, 'elo');
  const kPolicy = options.kPolicy ?? constantK(32);
  if (typeof kPolicy !== 'function') {
    throw new MatchdError(ErrorCodes.INVALID_OPTION, 'elo.kPolicy must be a function', {
      path: 'elo.kPolicy',
    });
  }
  const scale = requireFiniteOption('elo.scale', options.scale ?? 400, Number.MIN_VALUE);
  const teamStrength = options.teamStrength ?? 'mean';
  if (teamStrength !== 'mean' && teamStrength !== 'sum') {
    throw new MatchdError(ErrorCodes.INVALID_OPTION, "elo.teamStrength must be 'mean' or 'sum'", {
      path: 'elo.teamStrength',
      value: String(teamStrength),
    });
  }
  const initialRating = requireFiniteOption('elo.initialRating', options.initialRating ?? 1500);
  // 10^(d / scale) = e^(d * ln10 / scale): one multiplication inside the logistic.
  const slope = Math.LN10 / scale;

  function validate(rating: EloRating): void {
    const ok =
      typeof rating === 'object' &&
      rating !== null &&
      Number.isFinite(rating.rating) &&
      Number.isInteger(rating.games) &&
      rating.games >= 0 &&
      Number.isInteger(rating.streak);
    if (!ok) {
      throw new MatchdError(
        ErrorCodes.INVALID_RATING,
        'an Elo rating needs a finite rating, games >= 0, an integer streak',
        {
          value: JSON.stringify(rating) ?? String(rating),
        },
      );
    }
  }

  function teamRating(team: readonly EloRating[]): number {
    let sum = 0;
    for (const player of team) sum += player.rating;
    return teamStrength === 'mean' ? sum / team.length : sum;
  }

  function expectedScore(rating: number, opponentRating: number): number {
    return sigmoid((rating - opponentRating) * slope);
  }

  function predict(match: RatedMatch<EloRating>, context?: UpdateContext): Prediction {
    if (context?.ratingsValidated !== true) validatePairwiseMatch(match, validate);
    const teams = match.teams;
    // Two teams (most matches): `pairwisePrediction`'s exact two-team value, without its closure.
    if (teams.length === 2) {
      const p = expectedScore(
        teamRating(teams[0] as readonly EloRating[]),
        teamRating(teams[1] as readonly EloRating[]),
      );
      return { win: [p, 1 - p], draw: 0 };
    }
    const strengths = teams.map(teamRating);
    return pairwisePrediction(strengths.length, (t, u) =>
      expectedScore(strengths[t] as number, strengths[u] as number),
    );
  }

  function update(match: RatedMatch<EloRating>, result: MatchResult): EloRating[][] {
    validatePairwiseMatch(match, validate);
    validateResult(result, match.teams.length);
    const teams = match.teams;
    const teamCount = teams.length;
    const strengths = teams.map(teamRating);
    const out: EloRating[][] = new Array(teamCount);
    for (let t = 0; t < teamCount; t++) {
      let score = 0;
      let expected = 0;
      for (let u = 0; u < teamCount; u++) {
        if (u === t) continue;
        score += pairScore(result.ranks, t, u);
        expected += expectedScore(strengths[t] as number, strengths[u] as number);
      }
      score /= teamCount - 1;
      expected /= teamCount - 1;
      const team = teams[t] as readonly EloRating[];
      const row: EloRating[] = new Array(team.length);
      for (let p = 0; p < team.length; p++) {
        const player = team[p] as EloRating;
        const streak = streakAfter(player.streak, score);
        const k = kPolicy({
          player,
          score,
          expected,
          streakAfter: streak,
          teamCount,
          teamSize: team.length,
          match,
          result,
          team: t,
        });
        if (typeof k !== 'number' || !Number.isFinite(k) || k < 0) {
          throw new MatchdError(
            ErrorCodes.INVALID_OPTION,
            'elo.kPolicy returned a K that is not a finite number >= 0',
            {
              path: 'elo.kPolicy',
              value: String(k),
            },
          );
        }
        row[p] = {
          rating: player.rating + k * playerWeight(match, t, p) * (score - expected),
          games: player.games + 1,
          streak,
        };
      }
      out[t] = row;
    }
    return out;
  }

  return {
    name: 'elo',
    initial: () => ({ rating: initialRating, games: 0, streak: 0 }),
    predict,
    update,
    estimate: (rating: EloRating): SkillEstimate => ({ mean: rating.rating, deviation: 0 }),
    validate,
    expectedScore,
    teamRating,
  };
}
