/**
 * Kreimeier's ladder: a ranking without a scale, kept by pairwise exchange. A baseline to measure
 * rating models against.
 *
 * Source: B. Kreimeier, "Rising from the Ranks" (2000), section "Jacob's Ladder": "Each time two
 * players fight, the winner gets the rank of the loser, or keeps her own rank, whichever being
 * the higher rank. Draws will be ignored." Players "join ... from the bottom". That is
 * iterative improvement by pairwise exchange: swap only when the lower-placed player wins.
 * The ladder says nothing about how much better a player is, so its prediction is rank-based only:
 * the higher-placed player wins with one fixed probability (fitted from history by
 * `fitLadderHigherPlacedWinRate`), equal places (unplaced players) are even.
 *
 * The ladder is a value (an ordered list of player ids, best first); every operation returns a new
 * one. Cost: O(players) per operation (copy and lookup), fine for a baseline.
 */

import { ErrorCodes, MatchdError, requireFiniteOption } from '../../errors.ts';

/** A ladder: player ids, best first. */
export interface Ladder {
  readonly order: readonly string[];
}

/** An empty ladder. */
export function emptyLadder(): Ladder {
  return { order: [] };
}

/** The ladder with `playerId` added at the bottom (unchanged if already on it). */
export function ladderJoin(ladder: Ladder, playerId: string): Ladder {
  if (typeof playerId !== 'string' || playerId.length === 0) {
    throw new MatchdError(ErrorCodes.INVALID_TEAMS, 'a ladder player id must be a non-empty string', {});
  }
  return ladder.order.includes(playerId) ? ladder : { order: [...ladder.order, playerId] };
}

/** 1-based place of `playerId`, or undefined if not on the ladder. */
export function ladderPlace(ladder: Ladder, playerId: string): number | undefined {
  const index = ladder.order.indexOf(playerId);
  return index < 0 ? undefined : index + 1;
}

function placeOrThrow(ladder: Ladder, playerId: string): number {
  const place = ladderPlace(ladder, playerId);
  if (place === undefined) {
    throw new MatchdError(ErrorCodes.PLAYER_NOT_FOUND, `player ${playerId} is not on the ladder`, {
      playerId,
    });
  }
  return place;
}

/** One game for the ladder: who won and who lost, or a draw (which the ladder ignores). */
export interface LadderGame {
  readonly winner: string;
  readonly loser: string;
  readonly draw?: boolean;
}

/**
 * The ladder after `game`: if the winner was placed below the loser they swap places; otherwise
 * (or on a draw) nothing changes. Unknown players throw MM_ERR_PLAYER_NOT_FOUND.
 */
export function ladderRecord(ladder: Ladder, game: LadderGame): Ladder {
  if (game.winner === game.loser) {
    throw new MatchdError(ErrorCodes.INVALID_RESULT, 'a ladder game needs two different players', {
      playerId: game.winner,
    });
  }
  const winnerPlace = placeOrThrow(ladder, game.winner);
  const loserPlace = placeOrThrow(ladder, game.loser);
  if (game.draw === true || winnerPlace < loserPlace) return ladder;
  const order = [...ladder.order];
  order[winnerPlace - 1] = game.loser;
  order[loserPlace - 1] = game.winner;
  return { order };
}

/**
 * P(a beats b) from places alone: `higherPlacedWinRate` (default 0.6) for the higher-placed player,
 * 0.5 if both are unplaced. A player not on the ladder counts as below everyone on it.
 */
export function ladderWinProbability(
  ladder: Ladder,
  players: { readonly a: string; readonly b: string },
  higherPlacedWinRate = 0.6,
): number {
  requireFiniteOption('higherPlacedWinRate', higherPlacedWinRate, 0, 1);
  const a = ladderPlace(ladder, players.a) ?? Number.POSITIVE_INFINITY;
  const b = ladderPlace(ladder, players.b) ?? Number.POSITIVE_INFINITY;
  if (a === b) return 0.5;
  return a < b ? higherPlacedWinRate : 1 - higherPlacedWinRate;
}

/**
 * The maximum-likelihood `higherPlacedWinRate` for a history of decided games between players of
 * different places: the share won by the higher-placed player (0.5 with no such games).
 */
export function fitLadderHigherPlacedWinRate(
  history: readonly { readonly higherPlacedWon: boolean }[],
): number {
  if (history.length === 0) return 0.5;
  let wins = 0;
  for (const game of history) if (game.higherPlacedWon) wins++;
  return wins / history.length;
}
