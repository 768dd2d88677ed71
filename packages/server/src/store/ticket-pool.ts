/**
 * The port for the pool of waiting tickets. The matchmaker holds its working copy in memory; the
 * pool is the durable, shared copy: with Redis, tickets survive a restart and several processes
 * share one pool, and `claim` makes sure a ticket can never be in two matches.
 * Adapters: memory (the default) and Redis; both are held to `test/store-contract.ts`.
 */
import type { PooledTicket } from './records.ts';

/** The pool of waiting and claimed tickets. */
export interface TicketPool {
  /** `memory` or `redis`. */
  readonly backend: string;
  /** Adds a waiting ticket. Throws MM_ERR_DUPLICATE_TICKET if the id is already in the pool. */
  add(ticket: PooledTicket): Promise<void>;
  /** The ticket and the match that claimed it, if any; undefined if it is not in the pool. */
  get(ticketId: string): Promise<{ ticket: PooledTicket; claimedBy?: string } | undefined>;
  /** Removes a ticket, waiting or claimed. Succeeds (returning false) if it is not in the pool. */
  remove(ticketId: string): Promise<boolean>;
  /**
   * Claims tickets for a match, atomically: all of them or none. False if any is missing or
   * claimed by another match; claiming again for the same match succeeds (a retry).
   */
  claim(ticketIds: readonly string[], matchId: string): Promise<boolean>;
  /** Returns tickets claimed by `matchId` to waiting. Tickets not claimed by it are left alone. */
  release(ticketIds: readonly string[], matchId: string): Promise<void>;
  /** Every unclaimed ticket, oldest first (to restore the matchmaker after a restart). */
  waiting(): Promise<PooledTicket[]>;
  /** The number of unclaimed tickets per queue id. */
  waitingCounts(): Promise<Map<string, number>>;
  /** Releases connections. Succeeds if already closed. */
  close(): Promise<void>;
}
