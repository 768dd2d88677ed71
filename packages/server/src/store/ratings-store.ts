/**
 * The port for ratings, match history and queue configs. Adapters: memory (tests, ephemeral),
 * PGlite (embedded default) and PostgreSQL; all are held to `test/store-contract.ts`.
 * Each method states its edge cases, in the manner of open-match's statestore.
 */
import type {
  Json,
  MatchCursor,
  MatchOutcome,
  MatchRecord,
  MatchSeat,
  ModelRecord,
  QueueConfigRecord,
  RatingRecord,
  ReportedResult,
} from './records.ts';

/** The input of `reportResult`. */
export interface ReportInput {
  readonly matchId: string;
  readonly result: ReportedResult;
  readonly nowMs: number;
  /**
   * The match's roster at its end, when it differs from the teams it formed with (backfill, leave
   * reports): stored as the match's teams with the outcome, and every new player gets the match in
   * their history. Ignored for a repeated report (the first roster stays).
   */
  readonly roster?: readonly (readonly MatchSeat[])[];
  /**
   * Computes the new ratings from the current ones, inside the transaction with the players' rows
   * locked, so two reports touching the same player serialise. `match` has the roster's
   * teams when one is given. `current` holds one entry per seat, in seat order (team by team); `undefined` for a player never rated on that track.
   * Throwing aborts the transaction and changes nothing.
   */
  readonly compute: (
    match: MatchRecord,
    current: readonly (RatingRecord | undefined)[],
  ) => {
    readonly next: readonly RatingRecord[];
    readonly outcome: MatchOutcome;
  };
}

/** A leaderboard row: 1-based rank by display rating (ties broken by player id). */
export interface LeaderboardRow {
  readonly rank: number;
  readonly record: RatingRecord;
}

/** Ratings, history and configs. */
export interface RatingsStore {
  /** `memory`, `pglite` or `postgres`. */
  readonly backend: string;
  /** Creates or upgrades the schema. Safe to call from several processes at once. */
  migrate(): Promise<void>;
  /** The ratings of these (player, track) pairs that exist; pairs never rated are simply absent. */
  getRatings(keys: readonly { playerId: string; track: string }[]): Promise<RatingRecord[]>;
  /** Every track's rating of one player; empty for an unknown player. */
  playerRatings(playerId: string): Promise<RatingRecord[]>;
  /** Stores a new match. Succeeds without change if the id exists: a retried write keeps the first. */
  saveMatch(match: MatchRecord): Promise<void>;
  /** The match, or undefined. */
  getMatch(matchId: string): Promise<MatchRecord | undefined>;
  /**
   * Applies a result once, in one transaction: every player's rating and the match's outcome.
   * Throws MM_ERR_MATCH_NOT_FOUND for an unknown match. A second report equal to the first
   * (same ranks, scores, participation, performance, sides, season) changes nothing and returns the first outcome with
   * `applied: false`; a different second report throws MM_ERR_RESULT_CONFLICT.
   */
  reportResult(input: ReportInput): Promise<{ outcome: MatchOutcome; applied: boolean }>;
  /** The player's matches, newest first; empty for an unknown player. */
  history(playerId: string, options: { limit: number; beforeMs?: number }): Promise<MatchRecord[]>;
  /**
   * Up to `limit` matches created in [fromMs, toMs), oldest first (by creation time, then match id),
   * starting after `after` (the last match of the previous page); only those with a reported result
   * when `reportedOnly`. Empty when none is left. Served by an index on (created_at_ms, match_id).
   */
  matchesInWindow(options: {
    fromMs: number;
    toMs: number;
    limit: number;
    after?: MatchCursor;
    reportedOnly?: boolean;
  }): Promise<MatchRecord[]>;
  /** Rows `offset + 1 .. offset + limit` of the track's leaderboard (hidden ratings left out); empty past the end. */
  leaderboard(track: string, options: { offset: number; limit: number }): Promise<LeaderboardRow[]>;
  /** The player's 1-based rank on the track, or undefined if they have no visible rating there. */
  rankOf(track: string, playerId: string): Promise<number | undefined>;
  /** Every rating on a track, hidden ones included (season reset). Empty for an unknown track. */
  trackRatings(track: string): Promise<RatingRecord[]>;
  /** The names of every track that holds at least one rating. */
  tracks(): Promise<string[]>;
  /** Writes these ratings (insert or replace) in one transaction: all or nothing. */
  putRatings(records: readonly RatingRecord[]): Promise<void>;
  /**
   * Writes `transform(current)` (insert or replace), where `current` is every rating of the track in
   * trackRatings' order, in one transaction that no result on the track interleaves with: a report
   * touching the track waits and then reads the written ratings (a season reset loses no result,
   * and no result undoes it). Returns how many ratings were written; a throw changes nothing.
   */
  transformTrack(
    track: string,
    transform: (current: readonly RatingRecord[]) => readonly RatingRecord[],
  ): Promise<number>;
  /**
   * Writes `transform(current)` (insert or replace), where `current` is every rating of one player
   * in playerRatings' order, in one transaction that no result touching those ratings interleaves
   * with (re-opening calibration loses no result). Returns how many ratings were written; a throw
   * changes nothing.
   */
  transformPlayer(
    playerId: string,
    transform: (current: readonly RatingRecord[]) => readonly RatingRecord[],
  ): Promise<number>;
  /** The players `playerId` lists as friends, sorted; empty for an unknown player. */
  friendsOf(playerId: string): Promise<string[]>;
  /** Replaces the player's list (duplicates and the player themself are dropped). */
  setFriends(playerId: string, friendIds: readonly string[]): Promise<void>;
  /** Adds one friend; succeeds without change when already listed. */
  addFriend(playerId: string, friendId: string): Promise<void>;
  /** Removes one friend; succeeds without change when not listed. */
  removeFriend(playerId: string, friendId: string): Promise<void>;
  /** Inserts or replaces a queue config. */
  putQueueConfig(record: QueueConfigRecord): Promise<void>;
  /** Every stored queue config, by queue id. */
  queueConfigs(): Promise<QueueConfigRecord[]>;
  /**
   * Stores a new version of a named model (`version` of the input is ignored) and returns it: one
   * more than the name's newest, 1 for a new name. Writers of one name serialise.
   */
  putModel(record: Omit<ModelRecord, 'version'>): Promise<ModelRecord>;
  /** The newest version of each named model, without its content (cheap to poll), by name. */
  modelVersions(): Promise<Omit<ModelRecord, 'model'>[]>;
  /** The newest version of the named model, or undefined when none was stored. */
  getModel(name: string): Promise<ModelRecord | undefined>;
  /** Resolves when the store answers a trivial query (readiness). */
  ping(): Promise<void>;
  /** Releases connections; the store is unusable afterwards. Succeeds if already closed. */
  close(): Promise<void>;
}

/** True when two reports say the same thing (so the second is a harmless retry). */
export function sameReport(first: ReportedResult, second: ReportedResult): boolean {
  return canonical(first) === canonical(second);
}

function canonical(result: ReportedResult): string {
  const value: Json = {
    ranks: [...result.ranks],
    scores: result.scores === undefined ? null : [...result.scores],
    participation: result.participation === undefined ? null : result.participation.map((team) => [...team]),
    performance: result.performance === undefined ? null : result.performance.map((team) => [...team]),
    homeTeam: result.homeTeam ?? null,
    neutral: result.neutral ?? null,
    season: result.season ?? null,
  };
  return JSON.stringify(value);
}
