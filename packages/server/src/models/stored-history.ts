/**
 * The service's own match history, read back for fitting models: every reported match, oldest
 * first, and each player's part in it (outcome, score difference, rating before the match). The
 * store has no "all matches" query, so the players are found through the tracks they are rated on
 * and their histories read page by page; matches are kept once.
 */
import type { RatingsStore } from '../store/ratings-store.ts';
import type { MatchRecord } from '../store/records.ts';

/** Matches read per page of a player's history. */
const PAGE = 500;

/** Every match with a reported result, oldest first; `keep` filters them. */
export async function reportedMatches(
  ratings: RatingsStore,
  keep: (match: MatchRecord) => boolean = () => true,
): Promise<MatchRecord[]> {
  const players = new Set<string>();
  for (const track of await ratings.tracks())
    for (const record of await ratings.trackRatings(track)) players.add(record.playerId);
  const byId = new Map<string, MatchRecord>();
  for (const playerId of players) {
    let beforeMs: number | undefined;
    for (;;) {
      const page = await ratings.history(playerId, {
        limit: PAGE,
        ...(beforeMs === undefined ? {} : { beforeMs }),
      });
      for (const match of page)
        if (match.outcome !== undefined && !byId.has(match.matchId) && keep(match))
          byId.set(match.matchId, match);
      if (page.length < PAGE) break;
      beforeMs = (page[page.length - 1] as MatchRecord).createdAtMs;
    }
  }
  return [...byId.values()].sort((a, b) => a.createdAtMs - b.createdAtMs || (a.matchId < b.matchId ? -1 : 1));
}

/** True when `track` is `name` itself or one of its solo/party tracks (`normal` covers `normal/solo`). */
export function onTrack(track: string, name: string): boolean {
  return track === name || track.startsWith(`${name}/`);
}

/** The index of the player's team in the match, or -1. */
export function teamOf(match: MatchRecord, playerId: string): number {
  return match.teams.findIndex((seats) => seats.some((seat) => seat.playerId === playerId));
}

/**
 * A team's result in a reported match: W when it ranked first alone, D when it shared first place,
 * L otherwise; undefined without a result.
 */
export function teamOutcome(match: MatchRecord, team: number): 'W' | 'D' | 'L' | undefined {
  const ranks = match.outcome?.result.ranks;
  if (ranks === undefined || team < 0 || team >= ranks.length) return undefined;
  const own = ranks[team] as number;
  const best = Math.min(...ranks);
  if (own !== best) return 'L';
  return ranks.filter((rank) => rank === best).length > 1 ? 'D' : 'W';
}

/** A team's score minus the best other team's score; 0 when the result has no scores. */
export function scoreDifference(match: MatchRecord, team: number): number {
  const scores = match.outcome?.result.scores;
  if (scores === undefined || scores.length < 2) return 0;
  const own = scores[team] ?? 0;
  let best = Number.NEGATIVE_INFINITY;
  scores.forEach((score, index) => {
    if (index !== team) best = Math.max(best, score);
  });
  return own - best;
}
