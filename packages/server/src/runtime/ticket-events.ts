/**
 * The events of a ticket's life, as clients see them over the WebSocket stream, and the bus that
 * fans them out to subscribers of each ticket. In one process the bus is in memory; subscribers of
 * a ticket must be connected to the process that holds the ticket.
 */

/** One team of a formed match, as clients see it. */
export interface TeamView {
  readonly playerIds: readonly string[];
  readonly ticketIds: readonly string[];
}

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
    }
  | {
      readonly type: 'returned';
      readonly ticketId: string;
      readonly atMs: number;
      readonly matchId: string;
      readonly reason: 'declined' | 'acceptance-timeout';
    }
  | { readonly type: 'expired'; readonly ticketId: string; readonly atMs: number; readonly waitMs: number }
  | { readonly type: 'cancelled'; readonly ticketId: string; readonly atMs: number; readonly reason: string };

/** The states after which a ticket sees no more events. */
export const finalEventTypes: ReadonlySet<TicketEvent['type']> = new Set(['matched', 'expired', 'cancelled']);

/** A listener of one ticket's events. */
export type TicketListener = (event: TicketEvent) => void;

/** Fans events out to each ticket's subscribers. */
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
  publish(event: TicketEvent): void {
    const set = this.#listeners.get(event.ticketId);
    if (set === undefined) return;
    for (const listener of [...set]) {
      try {
        listener(event);
      } catch {
        // A broken socket must not stop the other subscribers or the tick loop.
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
