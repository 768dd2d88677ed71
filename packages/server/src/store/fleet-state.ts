/**
 * The port for the state every node of a deployment shares: the tickets (waiting and recently
 * finished), which player waits on which ticket, each queue's log of ticket events, the lease that
 * names the one matchmaker of each queue, and matches formed but not yet stored in SQL (an outbox).
 * The queue's matchmaker keeps a working copy in memory; this is the truth it is rebuilt from.
 *
 * Adapters: memory (the embedded default, one process) and Redis (a fleet; one Redis or a Redis
 * Cluster, every key of a queue under one hash tag). Both are held to `test/fleet-state-contract.ts`.
 *
 * Every change is one atomic step: a ticket is created, cancelled, proposed, matched, returned or
 * expired whole, with its event in the queue's log, or not at all. Changes made by the matchmaker
 * carry its lease's fencing token and are refused once another node holds the lease.
 */
import { ErrorCodes, MatchdError } from '@matchd/engine';
import type { MatchEvent, MatchHandoff } from '../runtime/match-events.ts';
import type { TicketEvent } from '../runtime/ticket-events.ts';
import type { MatchRecord, PooledTicket } from './records.ts';

/** A ticket's lifecycle state as the fleet keeps it. */
export type FleetTicketState = 'searching' | 'proposed' | 'matched' | 'cancelled' | 'expired';

/** The states in which a ticket still waits (its players may not queue again). */
export const liveStates: ReadonlySet<FleetTicketState> = new Set(['searching', 'proposed']);

/** An event as the log keeps it: its id orders it within the queue's log. */
export interface LoggedEvent {
  readonly eventId: string;
  readonly event: TicketEvent;
}

/** A ticket as the fleet keeps it. */
export interface TicketRecord {
  readonly ticket: PooledTicket;
  readonly state: FleetTicketState;
  /** The match it is proposed for or matched in. */
  readonly matchId?: string;
  /** When it was matched, cancelled or expired. */
  readonly finishedAtMs?: number;
  /** Its latest event (replayed to a subscriber that connects late). */
  readonly lastEvent?: LoggedEvent;
}

/** One entry of a queue's log. */
export interface LogEntry {
  readonly eventId: string;
  readonly ticketId: string;
  /** `api` entries (created, cancelled, declined, accepted) are the matchmaker's input. */
  readonly source: 'api' | 'matchmaker';
  /** A ticket event; absent for an acceptance, which only the matchmaker reads. */
  readonly event?: TicketEvent;
  /** The created ticket (with its `searching` event). */
  readonly ticket?: PooledTicket;
  /** The player who accepted, or who declined (with a `cancelled` event of reason `declined`). */
  readonly playerId?: string;
  /** A match event (`ticketId` is then the match's id). */
  readonly matchEvent?: MatchEvent;
}

/**
 * A change of a match's hand-off record, made only if the stored one has `expectedVersion`
 * (0: none is stored yet), with its match event and each ticket's event logged in the same step
 * (a ticket's event becomes its latest one; its state does not change).
 */
export interface HandoffChange {
  readonly expectedVersion: number;
  readonly next: MatchHandoff;
  readonly event: MatchEvent;
  readonly ticketEvents?: readonly TicketEvent[];
}

/** One ticket's part in a matchmaker change. */
export interface TicketChange {
  readonly ticketId: string;
  /** Its players (their index entries are released when the ticket finishes). */
  readonly playerIds: readonly string[];
  readonly event: TicketEvent;
  /** Its wait when matched (recorded for the queue's wait statistics). */
  readonly waitMs?: number;
}

/**
 * A change by the queue's matchmaker. `all`: every ticket must be in a `from` state, else nothing
 * changes (a match is never formed without all of its tickets). `each`: the tickets in a `from`
 * state change, the others are left alone (an expiry of a ticket that was cancelled meanwhile).
 */
export interface MatchmakerChange {
  readonly mode: 'all' | 'each';
  readonly from: readonly FleetTicketState[];
  readonly to: FleetTicketState;
  /** Proposed tickets must be proposed for this match (when set); the new state records it. */
  readonly matchId?: string;
  readonly tickets: readonly TicketChange[];
  /** A formed match, kept in the outbox until it is stored in SQL. */
  readonly match?: MatchRecord;
  /** The match's hand-off record and event, written in the same step (refused as `conflict` on a version change). */
  readonly handoff?: HandoffChange;
  readonly nowMs: number;
}

/** What a matchmaker change did. */
export type CommitResult = 'applied' | 'conflict' | 'fenced';

/** Live numbers of one queue. */
export interface QueueCounts {
  readonly searching: number;
  readonly proposed: number;
  readonly playersWaiting: number;
  readonly matchesFormed: number;
  /** Waits (ms) of the tickets of the most recent matches, newest first. */
  readonly recentWaitsMs: readonly number[];
  /** Qualities of the most recent matches, newest first. */
  readonly recentQualities: readonly number[];
}

/** The shared state. Errors of an unreachable store are MM_ERR_UNAVAILABLE. */
export interface FleetState {
  /** `memory`, `redis` or `redis-cluster`. */
  readonly backend: string;
  /**
   * Creates a waiting ticket and logs its `searching` event. Refuses, changing nothing:
   * MM_ERR_DUPLICATE_TICKET (the id is taken), MM_ERR_PLAYER_ALREADY_QUEUED (a player waits on
   * another live ticket: `details.ticketId`), MM_ERR_QUEUE_FULL (the queue holds `capacity` live tickets).
   */
  createTicket(ticket: PooledTicket, options: { capacity: number; event: TicketEvent }): Promise<LoggedEvent>;
  /** The ticket, live or finished (finished ones are kept for a retention time), or undefined. */
  getTicket(ticketId: string, queueIds: Iterable<string>): Promise<TicketRecord | undefined>;
  /** The live ticket the player waits on, if any. */
  ticketOfPlayer(playerId: string): Promise<string | undefined>;
  /**
   * Cancels a searching or proposed ticket (`declined` by `playerId`: a proposed one only) and logs
   * it for the matchmaker. MM_ERR_INVALID_TICKET_STATE (details.state) for any other state.
   */
  cancelTicket(
    record: TicketRecord,
    options: { event: TicketEvent; declinedBy?: string },
  ): Promise<TicketRecord>;
  /** Logs a player's acceptance of a proposed ticket. MM_ERR_INVALID_TICKET_STATE otherwise. */
  acceptTicket(record: TicketRecord, playerId: string): Promise<void>;
  /** Log entries after `afterId` (`0` for the start), oldest first, at most `limit`. */
  readLog(queueId: string, afterId: string, limit: number): Promise<LogEntry[]>;
  /**
   * Calls `listener` with each batch of the queue's log entries logged after `ready` resolves, until
   * `stop` is called. `ready` resolves with the id of the log's last entry when the follower started
   * (`0-0` for an empty log): it hears every entry after that one.
   */
  followLog(
    queueId: string,
    listener: (entries: readonly LogEntry[]) => void,
  ): { readonly ready: Promise<string>; stop(): void };

  /** Takes the queue's lease if nobody holds it: its fencing token, or undefined. */
  acquireLease(queueId: string, nodeId: string, ttlMs: number): Promise<number | undefined>;
  /** Extends the lease if `fence` still holds it. */
  renewLease(queueId: string, nodeId: string, fence: number, ttlMs: number): Promise<boolean>;
  /** Gives the lease up if `fence` holds it. */
  releaseLease(queueId: string, nodeId: string, fence: number): Promise<void>;
  /** The node holding the queue's lease, if any. */
  leaseHolder(queueId: string): Promise<string | undefined>;
  /**
   * Marks the node alive for `ttlMs` (0: it leaves now); returns how many nodes are alive now
   * (itself included, unless it left).
   */
  heartbeat(nodeId: string, ttlMs: number): Promise<number>;
  /**
   * The queue's live tickets (searching and proposed, oldest first) and the id of the log's last
   * entry read before them: a matchmaker rebuilt from them and then fed the log after that id
   * misses nothing.
   */
  liveTickets(queueId: string): Promise<{ logId: string; tickets: TicketRecord[] }>;
  /** Applies a matchmaker change if `fence` holds the queue's lease. */
  commit(queueId: string, fence: number, change: MatchmakerChange): Promise<CommitResult>;
  /** Matches formed but not yet marked stored in SQL. */
  unsavedMatches(queueId: string): Promise<MatchRecord[]>;
  /** A formed match still in an outbox, looked up in the given queues. */
  findUnsavedMatch(matchId: string, queueIds: Iterable<string>): Promise<MatchRecord | undefined>;
  /** Removes a match from the outbox once SQL holds it. */
  matchSaved(queueId: string, matchId: string): Promise<void>;
  /** The queue's live numbers. */
  queueCounts(queueId: string): Promise<QueueCounts>;
  /** A running match's hand-off record (kept for the finished-ticket retention time), or undefined. */
  readHandoff(queueId: string, matchId: string): Promise<MatchHandoff | undefined>;
  /** Applies a hand-off change: its log id, or `conflict` when the record's version moved. */
  changeHandoff(queueId: string, change: HandoffChange): Promise<{ eventId: string } | 'conflict'>;
  /** Matches still allocating whose deadline is at or before `nowMs`. */
  dueAllocations(queueId: string, nowMs: number): Promise<string[]>;
  /** The id of the last match event the queue's webhook delivered (or gave up on); undefined at first. */
  webhookCursor(queueId: string): Promise<string | undefined>;
  setWebhookCursor(queueId: string, eventId: string): Promise<void>;
  /** Resolves when the store answers; MM_ERR_UNAVAILABLE otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** MM_ERR_TICKET_NOT_FOUND, or MM_ERR_INVALID_TICKET_STATE naming the state it is in. */
export function ticketRefusal(ticketId: string, state?: string): MatchdError {
  return state === undefined
    ? new MatchdError(ErrorCodes.TICKET_NOT_FOUND, `no ticket ${ticketId}`, { ticketId })
    : new MatchdError(ErrorCodes.INVALID_TICKET_STATE, `ticket ${ticketId} is ${state}`, { ticketId, state });
}

/** How many recent waits and qualities each queue keeps for its statistics. */
export const recentStatsKept = 500;
/** How long a finished ticket stays readable. */
export const finishedTicketRetentionMs = 24 * 3600 * 1000;

/** Orders log ids (`<ms>-<seq>`, as Redis Streams); negative when a < b. */
export function compareEventIds(a: string, b: string): number {
  const [aMs = 0, aSeq = 0] = a.split('-').map(Number);
  const [bMs = 0, bSeq = 0] = b.split('-').map(Number);
  return aMs === bMs ? aSeq - bSeq : aMs - bMs;
}
