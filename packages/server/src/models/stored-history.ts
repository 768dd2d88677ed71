/**
 * The service's own match history, read back for fitting models: the reported matches of a time
 * window, oldest first, and each player's part in it (outcome, score difference, rating before the
 * match). The store pages through the window in creation order (`matchesInWindow`, an index scan).
 */
import type { RatingsStore } from '../store/ratings-store.ts';
import type { MatchRecord } from '../store/records.ts';

/** Matches read per page. */
const PAGE = 500;

/** The window read: [fromMs, toMs); the whole history by default. */
export interface HistoryWindow {
  readonly fromMs?: number;
  readonly toMs?: number;
}

/**
 * Every match with a reported result in the window, oldest first, page by page: `onPage` receives
 * each page's kept matches (so a caller can hand them on without holding them all).
 */
export async function forEachReportedPage(
  ratings: RatingsStore,
  keep: (match: MatchRecord) => boolean,
  window: HistoryWindow,
  onPage: (matches: MatchRecord[]) => void | Promise<void>,
): Promise<void> {
  const fromMs = window.fromMs ?? 0;
  const toMs = window.toMs ?? Number.MAX_SAFE_INTEGER;
  let after: MatchRecord | undefined;
  for (;;) {
    const page = await ratings.matchesInWindow({
      fromMs,
      toMs,
      limit: PAGE,
      reportedOnly: true,
      ...(after === undefined ? {} : { after: { createdAtMs: after.createdAtMs, matchId: after.matchId } }),
    });
    const kept = page.filter(keep);
    if (kept.length > 0) await onPage(kept);
    if (page.length < PAGE) return;
    after = page[page.length - 1] as MatchRecord;
  }
}

/** Every match with a reported result in the window, oldest first; `keep` filters them. */
export async function reportedMatches(
  ratings: RatingsStore,
  keep: (match: MatchRecord) => boolean = () => true,
  window: HistoryWindow = {},
): Promise<MatchRecord[]> {
  const matches: MatchRecord[] = [];
  await forEachReportedPage(ratings, keep, window, (page) => {
    matches.push(...page);
  });
  return matches;
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
