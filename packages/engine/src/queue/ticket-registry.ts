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

/**
 * Whether a ticket's slot holds its waiting entry or its finish. (A finish is the matchmaker's
 * record of state and wait; only an entry has the ticket's input.)
 */
function isEntry<TRating>(slot: Entry<TRating> | FinishedTicket): slot is Entry<TRating> {
  return (slot as Partial<Entry<TRating>>).input !== undefined;
}

export class TicketRegistry<TRating> {
  /**
   * Each ticket's waiting entry, or its finish while remembered: one map, so that a ticket that
   * finishes changes its slot in place (one lookup, and no slot freed in one map and taken in
   * another for each of the thousands of tickets a busy queue finishes a second).
   */
  private readonly tickets = new Map<string, Entry<TRating> | FinishedTicket>();
  private waiting = 0;
  private remembered = 0;
  /** The players of the waiting tickets (a player waits on one ticket at a time). */
  private readonly queuedPlayers = new Set<string>();
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
    return this.waiting;
  }

  /** Players of the waiting tickets: a player waits in at most one ticket, so this is their count. */
  get playerCount(): number {
    return this.queuedPlayers.size;
  }

  get(ticketId: string): Entry<TRating> | undefined {
    const slot = this.tickets.get(ticketId);
    return slot !== undefined && isEntry(slot) ? slot : undefined;
  }

  has(ticketId: string): boolean {
    const slot = this.tickets.get(ticketId);
    return slot !== undefined && isEntry(slot);
  }

  /** The waiting entries, in the order they were added. */
  *values(): IterableIterator<Entry<TRating>> {
    for (const slot of this.tickets.values()) if (isEntry(slot)) yield slot;
  }

  isPlayerQueued(playerId: string): boolean {
    return this.queuedPlayers.has(playerId);
  }

  /** Waiting (searching or proposed) entries, oldest first. */
  oldestFirst(): Entry<TRating>[] {
    return [...this.values()].sort((a, b) => a.scored.enqueuedAtMs - b.scored.enqueuedAtMs || a.seq - b.seq);
  }

  /** A waiting ticket's own `minQuality`, if it set one. */
  minQualityOf(ticketId: string): number | undefined {
    return this.minQualities.size === 0 ? undefined : this.minQualities.get(ticketId);
  }

  add(entry: Entry<TRating>): void {
    const { ticketId, players, minQuality } = entry.input;
    const slot = this.tickets.get(ticketId);
    if (slot === undefined) this.waiting++;
    else if (!isEntry(slot)) {
      // Its finish is forgotten, and it waits again at the end of the order.
      this.tickets.delete(ticketId);
      this.remembered--;
      this.waiting++;
    }
    this.tickets.set(ticketId, entry);
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
    const slot = this.tickets.get(ticketId);
    if (slot !== undefined && isEntry(slot)) this.waiting--;
    else if (slot !== undefined) this.remembered--;
    if (minQuality !== undefined) this.minQualities.delete(ticketId);
    for (let p = 0; p < players.length; p++)
      this.queuedPlayers.delete((players[p] as { readonly playerId: string }).playerId);
    this.tickets.set(ticketId, finished);
    this.remembered++;
    this.finishedIds.push(ticketId);
    this.finishedRecords.push(finished);
    if (this.remembered > FINISHED_MEMORY) this.forgetOldestFinished();
  }

  /** Forgets the ticket that finished longest ago among those remembered. */
  private forgetOldestFinished(): void {
    for (;;) {
      const at = this.oldestAt++;
      const ticketId = this.finishedIds[at] as string;
      if (this.tickets.get(ticketId) !== this.finishedRecords[at]) continue;
      this.tickets.delete(ticketId);
      this.remembered--;
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
    const slot = this.tickets.get(ticketId);
    return slot === undefined || isEntry(slot) ? undefined : slot;
  }

  /** The waiting entry, or MM_ERR_INVALID_TICKET_STATE (finished) / MM_ERR_TICKET_NOT_FOUND. */
  require(ticketId: string): Entry<TRating> {
    const slot = this.tickets.get(ticketId);
    if (slot !== undefined && isEntry(slot)) return slot;
    if (slot !== undefined) {
      throw new MatchdError(ErrorCodes.INVALID_TICKET_STATE, `ticket ${ticketId} is no longer waiting`, {
        ticketId,
      });
    }
    throw new MatchdError(ErrorCodes.TICKET_NOT_FOUND, `ticket ${ticketId} not found`, { ticketId });
  }
}
