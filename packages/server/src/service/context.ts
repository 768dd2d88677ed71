/**
 * What every part of the service shares: the stores, the matchmaker host, the event bus, the
 * metrics, the rating system, the queues' configs, the registry of live tickets, and a clock that
 * never goes backwards (the engine refuses time that does).
 */
import type { QueueConfig, TicketState } from '@matchd/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { ServiceMetrics } from '../observability/metrics.ts';
import type { RatingSystem } from '../rating/rating-system.ts';
import type { MatchmakerHost } from '../runtime/matchmaker-host.ts';
import type { TicketEvent, TicketEventBus } from '../runtime/ticket-events.ts';
import type { RatingsStore } from '../store/ratings-store.ts';
import type { TicketPool } from '../store/ticket-pool.ts';
import type { QueueStats } from './queue-stats.ts';

/** A ticket the service knows: live, or recently finished (kept for reads). */
export interface TicketEntry {
  readonly ticketId: string;
  readonly queueId: string;
  readonly playerIds: readonly string[];
  /** The rating track of this ticket's players (solo or party track of the queue). */
  readonly track: string;
  readonly createdAtMs: number;
  state: TicketState;
  matchId?: string;
  /** When the ticket was matched, expired or cancelled; its wait stops there. */
  finishedAtMs?: number;
  /** The last event, replayed to a WebSocket subscriber that connects late. */
  lastEvent?: TicketEvent;
}

/** The shared parts. */
export interface ServiceContext {
  readonly ratings: RatingsStore;
  readonly pool: TicketPool;
  readonly host: MatchmakerHost;
  readonly bus: TicketEventBus;
  readonly metrics: ServiceMetrics;
  readonly system: RatingSystem;
  readonly log: FastifyBaseLogger;
  readonly queues: Map<string, QueueConfig>;
  readonly stats: Map<string, QueueStats>;
  readonly tickets: TicketRegistry;
  /**
   * Engine match id (per queue) -> the service's match id, from proposal until the match forms.
   * Engine ids restart with the process; service ids are unique across restarts and processes.
   */
  readonly matchIds: Map<string, string>;
  /** Epoch ms, never decreasing. */
  now(): number;
}

/** How many finished tickets stay readable (oldest are forgotten first). */
export const finishedTicketsKept = 100_000;

/** Live and recently finished tickets, and which player waits on which ticket. */
export class TicketRegistry {
  readonly #entries = new Map<string, TicketEntry>();
  readonly #waitingByPlayer = new Map<string, string>();
  readonly #finished: string[] = [];
  #finishedHead = 0;

  get(ticketId: string): TicketEntry | undefined {
    return this.#entries.get(ticketId);
  }

  /** The ticket a player waits on, if any. */
  ticketOfPlayer(playerId: string): string | undefined {
    return this.#waitingByPlayer.get(playerId);
  }

  /** Registers a live ticket and its players. */
  add(entry: TicketEntry): void {
    this.#entries.set(entry.ticketId, entry);
    for (const playerId of entry.playerIds) this.#waitingByPlayer.set(playerId, entry.ticketId);
  }

  /** Forgets a ticket that never made it into the queue (its creation failed). */
  discard(ticketId: string): void {
    const entry = this.#entries.get(ticketId);
    if (entry === undefined) return;
    this.#entries.delete(ticketId);
    this.#releasePlayers(entry);
  }

  /** Marks a ticket finished (matched, expired, cancelled): its players may queue again. */
  finish(entry: TicketEntry): void {
    this.#releasePlayers(entry);
    this.#finished.push(entry.ticketId);
    if (this.#finished.length - this.#finishedHead > finishedTicketsKept) {
      const oldest = this.#finished[this.#finishedHead] as string;
      this.#finishedHead += 1;
      const old = this.#entries.get(oldest);
      if (old !== undefined && old.state !== 'searching' && old.state !== 'proposed')
        this.#entries.delete(oldest);
      // Compact the array now and then so it does not grow without bound.
      if (this.#finishedHead > finishedTicketsKept) {
        this.#finished.splice(0, this.#finishedHead);
        this.#finishedHead = 0;
      }
    }
  }

  /** Number of live (searching or proposed) tickets per queue. */
  liveCounts(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const ticketId of new Set(this.#waitingByPlayer.values())) {
      const entry = this.#entries.get(ticketId);
      if (entry !== undefined) counts.set(entry.queueId, (counts.get(entry.queueId) ?? 0) + 1);
    }
    return counts;
  }

  #releasePlayers(entry: TicketEntry): void {
    for (const playerId of entry.playerIds) {
      if (this.#waitingByPlayer.get(playerId) === entry.ticketId) this.#waitingByPlayer.delete(playerId);
    }
  }
}
