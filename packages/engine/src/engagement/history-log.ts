/**
 * A match-history log (one row per player per match) and its churn labels. A player "churns"
 * after a match when they play no match within the churn window (EOMM: eight hours) after it.
 * Matches whose window runs past the end of the log are censored: their label is unknown, so
 * they are left out rather than counted as churn.
 */
import { ErrorCodes, MatchdError } from '../errors.ts';
import { isMatchOutcome, type MatchOutcome } from './outcomes.ts';

/** One player's view of one match in a log. */
export interface HistoryEntry {
  readonly playerId: string;
  readonly timeMs: number;
  readonly outcome: MatchOutcome;
  /** The player's score minus the opponent's (goal difference); 0 when the game has none. */
  readonly scoreDifference?: number;
}

/** One past match of a player. */
export interface PastMatch {
  readonly timeMs: number;
  readonly outcome: MatchOutcome;
  readonly scoreDifference: number;
}

/** A match with the player's history before it and whether they churned after it. */
export interface LabelledMatch {
  readonly playerId: string;
  readonly match: PastMatch;
  /** Earlier matches of the same player, oldest first (at least the last 10, and all of the last 31 days). */
  readonly previous: readonly PastMatch[];
  readonly churned: boolean;
}

/** Options of `labelChurn`. */
export interface ChurnLabelOptions {
  /** No match within this long after a match = churn (EOMM: 8 hours). */
  readonly churnWindowMs: number;
  /** The end of the observed period; default: the log's last match time. */
  readonly logEndMs?: number;
}

/** Earlier matches kept per labelled match: the features look at the last 10 matches and 31 days. */
const KEEP_LAST_MATCHES = 10;
const KEEP_WINDOW_MS = 31 * 24 * 3600 * 1000;

/** Throws MM_ERR_INVALID_DATA for a malformed log entry (reports its index). */
export function validateHistoryLog(log: readonly HistoryEntry[]): void {
  log.forEach((entry, index) => {
    const bad = (field: string): MatchdError =>
      new MatchdError(ErrorCodes.INVALID_DATA, `history entry ${index}: bad ${field}`, {
        index,
        path: field,
      });
    if (typeof entry.playerId !== 'string' || entry.playerId.length === 0) throw bad('playerId');
    if (!Number.isFinite(entry.timeMs)) throw bad('timeMs');
    if (!isMatchOutcome(entry.outcome)) throw bad('outcome');
    if (entry.scoreDifference !== undefined && !Number.isFinite(entry.scoreDifference))
      throw bad('scoreDifference');
  });
}

/** Groups a log by player, each player's matches in time order (stable for equal times). */
export function groupHistoryByPlayer(log: readonly HistoryEntry[]): Map<string, PastMatch[]> {
  validateHistoryLog(log);
  const byPlayer = new Map<string, PastMatch[]>();
  for (const entry of log) {
    const list = byPlayer.get(entry.playerId) ?? [];
    list.push({ timeMs: entry.timeMs, outcome: entry.outcome, scoreDifference: entry.scoreDifference ?? 0 });
    byPlayer.set(entry.playerId, list);
  }
  for (const list of byPlayer.values()) list.sort((a, b) => a.timeMs - b.timeMs);
  return byPlayer;
}

/** Labels every uncensored match of the log with churned / retained. */
export function labelChurn(log: readonly HistoryEntry[], options: ChurnLabelOptions): LabelledMatch[] {
  const { churnWindowMs } = options;
  if (!(Number.isFinite(churnWindowMs) && churnWindowMs > 0)) {
    throw new MatchdError(ErrorCodes.INVALID_OPTION, 'churnWindowMs must be a positive finite number', {
      path: 'churnWindowMs',
    });
  }
  if (options.logEndMs !== undefined && !Number.isFinite(options.logEndMs)) {
    throw new MatchdError(ErrorCodes.INVALID_OPTION, 'logEndMs must be finite', { path: 'logEndMs' });
  }
  const byPlayer = groupHistoryByPlayer(log);
  let logEndMs = options.logEndMs ?? -Infinity;
  if (options.logEndMs === undefined) for (const entry of log) logEndMs = Math.max(logEndMs, entry.timeMs);
  const labelled: LabelledMatch[] = [];
  for (const [playerId, matches] of byPlayer) {
    let windowStart = 0;
    for (let i = 0; i < matches.length; i++) {
      const match = matches[i] as PastMatch;
      const next = matches[i + 1];
      let churned: boolean;
      if (next !== undefined) churned = next.timeMs - match.timeMs > churnWindowMs;
      else if (logEndMs - match.timeMs >= churnWindowMs) churned = true;
      else continue; // censored
      while (windowStart < i && match.timeMs - (matches[windowStart] as PastMatch).timeMs > KEEP_WINDOW_MS)
        windowStart++;
      const from = Math.max(0, Math.min(windowStart, i - KEEP_LAST_MATCHES));
      labelled.push({ playerId, match, previous: matches.slice(from, i), churned });
    }
  }
  return labelled;
}
