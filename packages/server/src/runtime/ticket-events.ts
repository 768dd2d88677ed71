/**
 * The events of a ticket's life, as clients see them over the WebSocket stream, and the bus that
 * fans them out to the subscribers of each ticket connected to this node. Events reach every node
 * through the queue's log in the fleet state (`event-fanout.ts`).
 */

/** One team of a formed match, as clients see it. */
export interface TeamView {
  readonly playerIds: readonly string[];
  readonly ticketIds: readonly string[];
}

import type { Connection } from './match-events.ts';

/** A match as the events describe it. */
export interface MatchView {
  readonly matchId: string;
  readonly queueId: string;
  readonly teams: readonly TeamView[];
  readonly region?: string;
  readonly quality: number;
}

/** What happened to a ticket. */
export type TicketEvent =
  | { readonly type: 'searching'; readonly ticketId: string; readonly atMs: number }
  | {
      readonly type: 'proposed';
      readonly ticketId: string;
      readonly atMs: number;
      readonly match: MatchView;
      readonly deadlineMs: number;
    }
  | {
      readonly type: 'matched';
      readonly ticketId: string;
      readonly atMs: number;
      readonly match: MatchView;
      readonly waitMs: number;
      /** The queue allocates servers: an `assigned` (or `allocation-failed`) event follows. */
      readonly allocating?: boolean;
      /** Set when the match already has its server (a backfill into an assigned match). */
      readonly connection?: Connection;
      /** Matched into a running match's open seats. */
      readonly backfill?: boolean;
    }
  | {
      readonly type: 'assigned';
      readonly ticketId: string;
      readonly atMs: number;
      readonly matchId: string;
      readonly connection: Connection;
    }
  | {
      readonly type: 'allocation-failed';
      readonly ticketId: string;
      readonly atMs: number;
      readonly matchId: string;
      readonly reason: 'timeout';
    }
  | {
      readonly type: 'returned';
      readonly ticketId: string;
      readonly atMs: number;
      readonly matchId: string;
      /** Another ticket declined or cancelled, the acceptance timed out, or the matchmaker moved to another node. */
      readonly reason: 'declined' | 'acceptance-timeout' | 'cancelled' | 'failover';
    }
  | { readonly type: 'expired'; readonly ticketId: string; readonly atMs: number; readonly waitMs: number }
  | { readonly type: 'cancelled'; readonly ticketId: string; readonly atMs: number; readonly reason: string };

/** The events after which a ticket sees no more events. */
export const finalEventTypes: ReadonlySet<TicketEvent['type']> = new Set([
  'matched',
  'expired',
  'cancelled',
  'assigned',
  'allocation-failed',
]);

/** True for a ticket's last event: a `matched` that waits for its server is not (`assigned` follows). */
export function isFinalEvent(event: TicketEvent): boolean {
  return finalEventTypes.has(event.type) && !(event.type === 'matched' && event.allocating === true);
}

/** An event with its id in the queue's log (clients resume a stream after it). */
export interface DeliveredEvent {
  readonly eventId: string;
  readonly event: TicketEvent;
}

/** A listener of one ticket's events. */
export type TicketListener = (delivered: DeliveredEvent) => void;

/** Fans events out to each ticket's subscribers on this node. */
export class TicketEventBus {
  readonly #listeners = new Map<string, Set<TicketListener>>();

  /** Subscribes to a ticket's events; returns the unsubscribe function. */
  subscribe(ticketId: string, listener: TicketListener): () => void {
    const set = this.#listeners.get(ticketId) ?? new Set<TicketListener>();
    set.add(listener);
    this.#listeners.set(ticketId, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.#listeners.delete(ticketId);
    };
  }

  /** Delivers an event to the ticket's subscribers. A throwing listener does not stop the others. */
  publish(delivered: DeliveredEvent): void {
    const set = this.#listeners.get(delivered.event.ticketId);
    if (set === undefined) return;
    for (const listener of [...set]) {
      try {
        listener(delivered);
      } catch {
        // A broken socket must not stop the other subscribers.
      }
    }
  }

  /** Number of live subscriptions (for metrics). */
  subscriptions(): number {
    let count = 0;
    for (const set of this.#listeners.values()) count += set.size;
    return count;
  }
}
