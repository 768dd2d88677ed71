/**
 * Who is waiting: tickets by id, the players queued on them (a player waits on one ticket at a
 * time), and a bounded memory of finished tickets so that `status` can still answer after a
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
  /** The players of the waiting tickets (a player waits on one ticket at a time). */
  private readonly queuedPlayers = new Set<string>();
  private readonly finished = new Map<string, FinishedTicket>();
  /**
   * The finished tickets in the order they finished (ids, and the record each finished with), oldest
   * first from `oldestAt`: the one to forget is found here. (A map's first key is found by walking
   * from the start of its table past every key deleted since it last rebuilt it: thousands, once a
   * pool of 100,000 finishes its tickets steadily.) A ticket that finished again, or came back, is
   * remembered with another record than its place here holds, and that place is passed over. Two
   * flat arrays, not an object per finish: every ticket that leaves a busy queue passes here.
   */
  private finishedIds: string[] = [];
  private finishedRecords: FinishedTicket[] = [];
  private oldestAt = 0;
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
    return this.queuedPlayers.size;
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
    return this.queuedPlayers.has(playerId);
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
    const { ticketId, players, minQuality } = entry.input;
    this.finished.delete(ticketId);
    this.entries.set(ticketId, entry);
    if (minQuality !== undefined) this.minQualities.set(ticketId, minQuality);
    for (let p = 0; p < players.length; p++)
      this.queuedPlayers.add((players[p] as { readonly playerId: string }).playerId);
  }

  /**
   * Ends a ticket: it leaves the registry and is remembered as finished. Each finish is given a
   * record of its own (a record given again would be taken for the ticket's earlier finish).
   */
  finish(entry: Entry<TRating>, finished: FinishedTicket): void {
    const { ticketId, players, minQuality } = entry.input;
    this.entries.delete(ticketId);
    if (minQuality !== undefined) this.minQualities.delete(ticketId);
    for (let p = 0; p < players.length; p++)
      this.queuedPlayers.delete((players[p] as { readonly playerId: string }).playerId);
    // Not remembered as finished now (`add` forgot it): set at the end of the map's order.
    this.finished.set(ticketId, finished);
    this.finishedIds.push(ticketId);
    this.finishedRecords.push(finished);
    if (this.finished.size > FINISHED_MEMORY) this.forgetOldestFinished();
  }

  /** Forgets the ticket that finished longest ago among those remembered. */
  private forgetOldestFinished(): void {
    for (;;) {
      const at = this.oldestAt++;
      const ticketId = this.finishedIds[at] as string;
      if (this.finished.get(ticketId) !== this.finishedRecords[at]) continue;
      this.finished.delete(ticketId);
      break;
    }
    // The order's forgotten head is dropped once it is most of the arrays.
    if (this.oldestAt > 1_024 && this.oldestAt * 2 > this.finishedIds.length) {
      this.finishedIds = this.finishedIds.slice(this.oldestAt);
      this.finishedRecords = this.finishedRecords.slice(this.oldestAt);
      this.oldestAt = 0;
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
