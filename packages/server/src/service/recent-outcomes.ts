/**
 * What the criteria read from a player's stored match history, so no client has to send it:
 * - engagement queues score a match by each player's churn after a win, draw or loss, keyed by their
 *   recent outcomes (EOMM's churn table); a client may send them, else they come from the history;
 * - a fitted churn model reads the recent matches themselves (time, outcome, score difference);
 * - opponent variation (Awesomenauts) reads whom the player met in their last match.
 */
import type { LastMatchMemory, RecentMatch } from '@matchd/engine';
import { scoreDifference, teamOf, teamOutcome } from '../models/stored-history.ts';
import type { RatingsStore } from '../store/ratings-store.ts';
import type { MatchRecord } from '../store/records.ts';

/** Matches read per player: more than any churn table's key needs (EOMM's uses the last 2 or 3). */
export const RECENT_MATCHES_READ = 10;
/** Matches read for a fitted churn model: its last 10 one by one, and counts over 30 days. */
export const CHURN_MODEL_MATCHES_READ = 50;

/**
 * The player's outcome in a reported match: W when their team ranked first alone, D when it shared
 * first place, L otherwise; undefined when the match has no result yet or the player was not in it.
 */
export function outcomeOf(match: MatchRecord, playerId: string): 'W' | 'D' | 'L' | undefined {
  return teamOutcome(match, teamOf(match, playerId));
}

/** The player's latest matches, newest first (at most `limit`). */
export function readRecentHistory(
  ratings: RatingsStore,
  playerId: string,
  limit: number,
): Promise<MatchRecord[]> {
  return ratings.history(playerId, { limit });
}

/** The player's reported outcomes in `newestFirst`, oldest first. */
export function outcomesOf(newestFirst: readonly MatchRecord[], playerId: string): ('W' | 'D' | 'L')[] {
  const outcomes: ('W' | 'D' | 'L')[] = [];
  for (let index = newestFirst.length - 1; index >= 0; index--) {
    const outcome = outcomeOf(newestFirst[index] as MatchRecord, playerId);
    if (outcome !== undefined) outcomes.push(outcome);
  }
  return outcomes;
}

/** The player's reported matches in `newestFirst` as the churn model reads them, oldest first. */
export function recentMatchesOf(newestFirst: readonly MatchRecord[], playerId: string): RecentMatch[] {
  const matches: RecentMatch[] = [];
  for (let index = newestFirst.length - 1; index >= 0; index--) {
    const match = newestFirst[index] as MatchRecord;
    const team = teamOf(match, playerId);
    const outcome = teamOutcome(match, team);
    if (outcome !== undefined)
      matches.push({ timeMs: match.createdAtMs, outcome, scoreDifference: scoreDifference(match, team) });
  }
  return matches;
}

/** Whom the player met in the newest match of `newestFirst` (reported or not), if any. */
export function lastMatchOf(
  newestFirst: readonly MatchRecord[],
  playerId: string,
): LastMatchMemory | undefined {
  const match = newestFirst[0];
  if (match === undefined) return undefined;
  const team = teamOf(match, playerId);
  if (team < 0) return undefined;
  const teammateIds: string[] = [];
  const opponentIds: string[] = [];
  match.teams.forEach((seats, index) => {
    for (const seat of seats) {
      if (seat.playerId === playerId) continue;
      (index === team ? teammateIds : opponentIds).push(seat.playerId);
    }
  });
  return { teammateIds, opponentIds };
}

/** The player's reported outcomes among their last RECENT_MATCHES_READ matches, oldest first. */
export async function recentOutcomesFromHistory(
  ratings: RatingsStore,
  playerId: string,
): Promise<('W' | 'D' | 'L')[]> {
  return outcomesOf(await readRecentHistory(ratings, playerId, RECENT_MATCHES_READ), playerId);
}
