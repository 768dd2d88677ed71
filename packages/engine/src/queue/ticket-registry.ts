/**
 * Who is waiting: tickets by id, the ticket each queued player is on (a player waits on one ticket
 * at a time), and a bounded memory of finished tickets so that `status` can still answer after a
 * ticket was matched, cancelled or expired.
 */

import { ErrorCodes, MatchdError } from '../errors.ts';
import type { Entry } from './entry.ts';
import type { TicketState } from './types.ts';

/** Finished tickets remembered for `status` (oldest forgotten first). */
const FINISHED_MEMORY = 100_000;

/** A finished ticket as `status` reports it. */
export interface FinishedTicket {
  readonly state: TicketState;
  readonly waitMs: number;
  readonly matchId?: string;
}

export class TicketRegistry<TRating> {
  private readonly entries = new Map<string, Entry<TRating>>();
  private readonly playerTicket = new Map<string, string>();
  private readonly finished = new Map<string, FinishedTicket>();
  /**
   * The own quality floor of the waiting tickets that set one: the handshake asks for it for every
   * ticket of every candidate, and a map of the few that have one answers faster than the whole pool's.
   */
  private readonly minQualities = new Map<string, number>();

  get size(): number {
    return this.entries.size;
  }

  /** Players of the waiting tickets: a player waits in at most one ticket, so this is their count. */
  get playerCount(): number {
    return this.playerTicket.size;
  }

  get(ticketId: string): Entry<TRating> | undefined {
    return this.entries.get(ticketId);
  }

  has(ticketId: string): boolean {
    return this.entries.has(ticketId);
  }

  values(): IterableIterator<Entry<TRating>> {
    return this.entries.values();
  }

  isPlayerQueued(playerId: string): boolean {
    return this.playerTicket.has(playerId);
  }

  /** Waiting (searching or proposed) entries, oldest first. */
  oldestFirst(): Entry<TRating>[] {
    return [...this.entries.values()].sort(
      (a, b) => a.scored.enqueuedAtMs - b.scored.enqueuedAtMs || a.seq - b.seq,
    );
  }

  /** A waiting ticket's own `minQuality`, if it set one. */
  minQualityOf(ticketId: string): number | undefined {
    return this.minQualities.size === 0 ? undefined : this.minQualities.get(ticketId);
  }

  add(entry: Entry<TRating>): void {
    this.finished.delete(entry.input.ticketId);
    this.entries.set(entry.input.ticketId, entry);
    if (entry.input.minQuality !== undefined)
      this.minQualities.set(entry.input.ticketId, entry.input.minQuality);
    for (const player of entry.input.players) this.playerTicket.set(player.playerId, entry.input.ticketId);
  }

  /** Ends a ticket: it leaves the registry and is remembered as finished. */
  finish(entry: Entry<TRating>, finished: FinishedTicket): void {
    this.entries.delete(entry.input.ticketId);
    this.minQualities.delete(entry.input.ticketId);
    for (const player of entry.input.players) this.playerTicket.delete(player.playerId);
    this.finished.set(entry.input.ticketId, finished);
    if (this.finished.size > FINISHED_MEMORY) {
      const oldest = this.finished.keys().next().value as string;
      this.finished.delete(oldest);
    }
  }

  finishedOf(ticketId: string): FinishedTicket | undefined {
    return this.finished.get(ticketId);
  }

  /** The waiting entry, or MM_ERR_INVALID_TICKET_STATE (finished) / MM_ERR_TICKET_NOT_FOUND. */
  require(ticketId: string): Entry<TRating> {
    const entry = this.entries.get(ticketId);
    if (entry !== undefined) return entry;
    if (this.finished.has(ticketId)) {
      throw new MatchdError(ErrorCodes.INVALID_TICKET_STATE, `ticket ${ticketId} is no longer waiting`, {
        ticketId,
      });
    }
    throw new MatchdError(ErrorCodes.TICKET_NOT_FOUND, `ticket ${ticketId} not found`, { ticketId });
  }
}
