/**
 * The ticket pool in process memory: the default for one process. Each method runs to completion
 * without awaiting, so `claim` is atomic by construction.
 */
import { ErrorCodes, MatchdError } from '@matchd/engine';
import type { PooledTicket } from '../records.ts';
import type { TicketPool } from '../ticket-pool.ts';

/** A TicketPool in memory. */
export function createMemoryTicketPool(): TicketPool {
  // Map keeps insertion order, which is creation order: `waiting()` needs no sort in the common case.
  const tickets = new Map<string, PooledTicket>();
  const claims = new Map<string, string>();
  return {
    backend: 'memory',
    async add(ticket) {
      if (tickets.has(ticket.ticketId)) {
        throw new MatchdError(ErrorCodes.DUPLICATE_TICKET, `ticket ${ticket.ticketId} already exists`, {
          ticketId: ticket.ticketId,
        });
      }
      tickets.set(ticket.ticketId, ticket);
    },
    async get(ticketId) {
      const ticket = tickets.get(ticketId);
      if (ticket === undefined) return undefined;
      const claimedBy = claims.get(ticketId);
      return claimedBy === undefined ? { ticket } : { ticket, claimedBy };
    },
    async remove(ticketId) {
      claims.delete(ticketId);
      return tickets.delete(ticketId);
    },
    async claim(ticketIds, matchId) {
      for (const id of ticketIds) {
        if (!tickets.has(id)) return false;
        const owner = claims.get(id);
        if (owner !== undefined && owner !== matchId) return false;
      }
      for (const id of ticketIds) claims.set(id, matchId);
      return true;
    },
    async release(ticketIds, matchId) {
      for (const id of ticketIds) if (claims.get(id) === matchId) claims.delete(id);
    },
    async waiting() {
      return [...tickets.values()]
        .filter((ticket) => !claims.has(ticket.ticketId))
        .sort((a, b) => a.createdAtMs - b.createdAtMs);
    },
    async waitingCounts() {
      const counts = new Map<string, number>();
      for (const ticket of tickets.values()) {
        if (!claims.has(ticket.ticketId)) counts.set(ticket.queueId, (counts.get(ticket.queueId) ?? 0) + 1);
      }
      return counts;
    },
    async close() {},
  };
}
