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

/** A finished ticket remembered, with its number in the order tickets finished. */
interface RememberedFinish {
  readonly finished: FinishedTicket;
  readonly number: number;
}

export class TicketRegistry<TRating> {
  private readonly entries = new Map<string, Entry<TRating>>();
  private readonly playerTicket = new Map<string, string>();
  private readonly finished = new Map<string, RememberedFinish>();
  /**
   * The finished tickets in the order they finished, each with its number in `finished`, oldest
   * first from `oldestAt`: the one to forget is found here. (A map's first key is found by walking
   * from the start of its table past every key deleted since it last rebuilt it: thousands, once a
   * pool of 100,000 finishes its tickets steadily.) A ticket that finished again, or came back, has
   * a stale number here, and is passed over.
   */
  private finishOrder: { readonly ticketId: string; readonly number: number }[] = [];
  private oldestAt = 0;
  private finishCount = 0;
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
    if (entry.input.minQuality !== undefined) this.minQualities.delete(entry.input.ticketId);
    for (const player of entry.input.players) this.playerTicket.delete(player.playerId);
    // Not remembered as finished now (`add` forgot it): set at the end of the map's order.
    const number = this.finishCount++;
    this.finished.set(entry.input.ticketId, { finished, number });
    this.finishOrder.push({ ticketId: entry.input.ticketId, number });
    if (this.finished.size > FINISHED_MEMORY) this.forgetOldestFinished();
  }

  /** Forgets the ticket that finished longest ago among those remembered. */
  private forgetOldestFinished(): void {
    for (;;) {
      const oldest = this.finishOrder[this.oldestAt++] as { ticketId: string; number: number };
      if (this.finished.get(oldest.ticketId)?.number !== oldest.number) continue;
      this.finished.delete(oldest.ticketId);
      break;
    }
    // The order's forgotten head is dropped once it is most of the array.
    if (this.oldestAt > 1_024 && this.oldestAt * 2 > this.finishOrder.length) {
      this.finishOrder = this.finishOrder.slice(this.oldestAt);
      this.oldestAt = 0;
    }
  }

  finishedOf(ticketId: string): FinishedTicket | undefined {
    return this.finished.get(ticketId)?.finished;
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
