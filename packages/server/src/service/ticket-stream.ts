/**
 * A ticket's event stream, on any node: first the ticket as it is now (`state`, with the id of its
 * latest event), then that latest event again unless the ticket is searching, then each event as it
 * is logged, each with its `eventId`. A client that lost the connection reconnects with
 * `after=<eventId>` and gets the events it missed, in order, then the live ones: the queue's log
 * keeps them. The stream ends after a final event.
 */
import type { Principal } from '../auth/principals.ts';
import { type DeliveredEvent, isFinalEvent } from '../runtime/ticket-events.ts';
import { compareEventIds } from '../store/fleet-state.ts';
import type { ServiceContext } from './context.ts';
import { ticketFor, viewWithStatus } from './tickets.ts';

/** Where the stream's messages go (a WebSocket). */
export interface EventSink {
  send(message: unknown): void;
  close(code: number, reason: string): void;
  onClose(listener: () => void): void;
}

/** How far back a resume may reach in the log, in entries of the queue. */
const resumePages = 20;
const pageSize = 1000;

/** Streams a ticket's events to `sink` (see the file comment). */
export async function streamTicket(
  context: ServiceContext,
  sink: EventSink,
  input: { ticketId: string; principal: Principal; after?: string },
): Promise<void> {
  const { ticketId, principal } = input;
  const { ticket } = await ticketFor(context, ticketId, principal);
  let lastSent = input.after ?? '0-0';
  let replaying = true;
  let closed = false;
  const buffered: DeliveredEvent[] = [];
  const deliver = (delivered: DeliveredEvent): void => {
    if (closed || compareEventIds(delivered.eventId, lastSent) <= 0) return;
    lastSent = delivered.eventId;
    sink.send({ ...delivered.event, eventId: delivered.eventId });
    if (isFinalEvent(delivered.event)) {
      closed = true;
      sink.close(1000, delivered.event.type);
    }
  };
  const subscription = context.events.subscribe(ticket.queueId, ticketId, (delivered) => {
    if (replaying) buffered.push(delivered);
    else deliver(delivered);
  });
  sink.onClose(() => {
    closed = true;
    subscription.unsubscribe();
  });
  try {
    await subscription.ready;
    // One read for both the state and the latest event, so the two always agree.
    const record = await ticketFor(context, ticketId, principal);
    sink.send({ type: 'state', ticket: await viewWithStatus(context, record) });
    if (input.after === undefined) {
      // The state stands for every event up to its latest; the subscription brings the later ones.
      lastSent = record.lastEvent?.eventId ?? lastSent;
      // A ticket past its search holds in its latest event what the state lacks: the proposal and
      // its deadline, the match and its teams, `allocating`, the server's address. However late the
      // subscription went live (on a shared fleet state it takes a connection of its own), the
      // stream gets that event, then the end of the stream if it was final.
      if (record.lastEvent !== undefined && record.state !== 'searching') {
        lastSent = '0-0';
        deliver(record.lastEvent);
      }
    } else {
      let cursor = input.after;
      for (let page = 0; page < resumePages && !closed; page += 1) {
        const entries = await context.state.readLog(ticket.queueId, cursor, pageSize);
        for (const entry of entries)
          if (entry.ticketId === ticketId && entry.event !== undefined)
            deliver({ eventId: entry.eventId, event: entry.event });
        if (entries.length < pageSize) break;
        cursor = (entries.at(-1) as { eventId: string }).eventId;
      }
    }
    replaying = false;
    for (const delivered of buffered) deliver(delivered);
    buffered.length = 0;
  } catch {
    if (!closed) {
      closed = true;
      sink.close(1011, 'state unavailable');
    }
  }
}
