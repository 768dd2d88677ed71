/**
 * The records the stores keep. They are plain JSON-safe values so every adapter (memory, SQL,
 * Redis) stores the same thing; model-specific rating state travels as opaque JSON.
 */

/** Any JSON value. */
export type Json = string | number | boolean | null | readonly Json[] | { readonly [key: string]: Json };

/** One player's rating on one track (Dota: queue x solo/party). */
export interface RatingRecord {
  readonly playerId: string;
  readonly track: string;
  /**
   * The player's standing on the track as the rating policy keeps it (the model's rating and the
   * calibration state), opaque to the store.
   */
  readonly state: Json;
  /** The model's skill estimate and its uncertainty. */
  readonly mean: number;
  readonly deviation: number;
  /** The number shown to players and ranked on leaderboards; undefined while calibrating (hidden). */
  readonly display?: number;
  readonly games: number;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
  readonly lastPlayedAtMs: number;
  readonly updatedAtMs: number;
}

/**
 * One player's seat in a match: who, from which ticket, and the track their rating is kept on.
 * Once a result is reported, the match's seats are its whole roster: players who left before the
 * end are marked `left`, players who joined by backfill `backfilled` (docs/handoff.md).
 */
export interface MatchSeat {
  readonly playerId: string;
  readonly ticketId: string;
  readonly track: string;
  readonly left?: boolean;
  readonly backfilled?: boolean;
}

/** What a game server reports: a rank per team (1 = first, ties allowed), optional scores and partial play. */
export interface ReportedResult {
  readonly ranks: readonly number[];
  readonly scores?: readonly number[];
  /** Per team, per player: the share of the match played, in [0, 1]; missing means 1. */
  readonly participation?: readonly (readonly number[])[];
  /** The team that played at home (rating terms: home advantage). */
  readonly homeTeam?: number;
  /** Played at a neutral site: no home advantage. */
  readonly neutral?: boolean;
  /** The season the match belongs to (rating terms: regression to the mean between seasons). */
  readonly season?: string;
  /**
   * Per team, per player: a number the game defines for how well the player played (a policy with
   * `performance` moves ratings by it, relative to the team).
   */
  readonly performance?: readonly (readonly number[])[];
}

/** A rating as a change reports it. `display` is undefined while the player calibrates. */
export interface RatingSnapshot {
  readonly mean: number;
  readonly deviation: number;
  readonly display?: number;
}

/** One player's rating change from a result. */
export interface RatingChange {
  readonly playerId: string;
  readonly track: string;
  readonly before: RatingSnapshot;
  readonly after: RatingSnapshot;
}

/** What applying a result did; stored with the match and returned again for a repeated report. */
export interface MatchOutcome {
  readonly reportedAtMs: number;
  readonly result: ReportedResult;
  readonly changes: readonly RatingChange[];
}

/** A formed match. `outcome` is set once, when its result is reported. */
export interface MatchRecord {
  readonly matchId: string;
  readonly queueId: string;
  readonly createdAtMs: number;
  readonly teams: readonly (readonly MatchSeat[])[];
  /** The name of each team, in `teams` order, when the queue declares named teams. */
  readonly teamNames?: readonly string[];
  /** The match's quality in [0, 1] when the engine scored it. */
  readonly quality?: number;
  readonly outcome?: MatchOutcome;
}

/** A stored queue configuration (validated by the engine before it is stored). */
export interface QueueConfigRecord {
  readonly queueId: string;
  readonly config: Json;
  readonly updatedAtMs: number;
}

/** A ticket as the pool keeps it: the engine's ticket as JSON plus what the pool indexes. */
export interface PooledTicket {
  readonly ticketId: string;
  readonly queueId: string;
  readonly playerIds: readonly string[];
  readonly createdAtMs: number;
  /** The full ticket as the engine takes it, so a restart can re-enqueue it unchanged. */
  readonly ticket: Json;
}

/** Where a page of `matchesInWindow` resumes: the last match of the previous page. */
export interface MatchCursor {
  readonly createdAtMs: number;
  readonly matchId: string;
}

/**
 * One version of a fitted model (the party bonus, a churn model), shared by every node through the
 * store: versions of one name count up from 1, and queues read the newest.
 */
export interface ModelRecord {
  readonly name: string;
  readonly version: number;
  readonly fittedAtMs: number;
  /** The model file's content (kind, coefficients or churn model), validated before it is stored. */
  readonly model: Json;
}
