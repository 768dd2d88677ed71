/**
 * Engagement queues score a match by each player's churn after a win, draw or loss, keyed by the
 * player's recent outcomes (EOMM's churn table). A client may send them; when it does not, they
 * come from the player's stored match history, so an EOMM queue works with no client changes.
 */
import type { RatingsStore } from '../store/ratings-store.ts';
import type { MatchRecord } from '../store/records.ts';

/** Matches read per player: more than any churn table's key needs (EOMM's uses the last 2 or 3). */
export const RECENT_MATCHES_READ = 10;

/**
 * The player's outcome in a reported match: W when their team ranked first alone, D when it shared
 * first place, L otherwise; undefined when the match has no result yet or the player was not in it.
 */
export function outcomeOf(match: MatchRecord, playerId: string): 'W' | 'D' | 'L' | undefined {
  const ranks = match.outcome?.result.ranks;
  const team = match.teams.findIndex((seats) => seats.some((seat) => seat.playerId === playerId));
  if (ranks === undefined || team < 0) return undefined;
  const own = ranks[team] as number;
  const best = Math.min(...ranks);
  if (own !== best) return 'L';
  return ranks.filter((rank) => rank === best).length > 1 ? 'D' : 'W';
}

/** The player's reported outcomes among their last RECENT_MATCHES_READ matches, oldest first. */
export async function recentOutcomesFromHistory(
  ratings: RatingsStore,
  playerId: string,
): Promise<('W' | 'D' | 'L')[]> {
  const newestFirst = await ratings.history(playerId, { limit: RECENT_MATCHES_READ });
  const outcomes: ('W' | 'D' | 'L')[] = [];
  for (let index = newestFirst.length - 1; index >= 0; index--) {
    const outcome = outcomeOf(newestFirst[index] as MatchRecord, playerId);
    if (outcome !== undefined) outcomes.push(outcome);
  }
  return outcomes;
}
