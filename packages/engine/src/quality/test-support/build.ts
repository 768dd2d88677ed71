/** Builders for quality and queue tests: tickets and candidate matches from short descriptions. */

import { createElo } from '../../rating/elo/elo.ts';
import type { EloRating } from '../../rating/elo/k-policy.ts';
import { scoreTicket } from '../prepare.ts';
import type { CandidateMatch, PlayerProfile, ScoredTicket } from '../types.ts';

export const elo = createElo();

/** An Elo rating record. */
export function eloRating(rating: number, games = 200): EloRating {
  return { rating, games, streak: 0 };
}

/** A player with an Elo rating and optional extra fields. */
export function player(
  playerId: string,
  rating: number,
  extra: Partial<Omit<PlayerProfile<EloRating>, 'playerId' | 'rating'>> = {},
): PlayerProfile<EloRating> {
  return { playerId, rating: eloRating(rating, extra.gamesPlayed ?? 200), ...extra };
}

/** A scored ticket of the given players, enqueued at `enqueuedAtMs`. */
export function ticket(
  ticketId: string,
  players: PlayerProfile<EloRating>[],
  enqueuedAtMs = 0,
): ScoredTicket<EloRating> {
  return scoreTicket({ ticketId, players }, enqueuedAtMs, { ratingModel: elo });
}

/** A candidate match from tickets per team. */
export function match(...teams: ScoredTicket<EloRating>[][]): CandidateMatch<EloRating> {
  return { teams };
}
