/**
 * A queue's match stream for game servers, on any node: each match event as it is logged, with its
 * `eventId`. A server that lost the connection reconnects with `after=<eventId>` and gets what it
 * missed, in order (as far back as the queue's log keeps), then the live events. The first message
 * (`subscribed`) says the stream is live, and `after` where it starts: the client's `after`, or for
 * a new stream the log's last entry then. A client cut before its first event resumes from there,
 * so the events of the cut are not lost.
 */
import type { MatchEvent } from '../runtime/match-events.ts';
import { compareEventIds } from '../store/fleet-state.ts';
import type { ServiceContext } from './context.ts';
import type { EventSink } from './ticket-stream.ts';
import { queueOf } from './tickets.ts';

const resumePages = 50;
const pageSize = 1000;

/** Streams the queue's match events to `sink` (see the file comment). */
export async function streamMatches(
  context: ServiceContext,
  sink: EventSink,
  input: { queueId: string; after?: string },
): Promise<void> {
  const { queueId } = input;
  queueOf(context, queueId);
  let lastSent = input.after ?? '0-0';
  let replaying = true;
  let closed = false;
  const buffered: { eventId: string; event: MatchEvent }[] = [];
  const deliver = (eventId: string, event: MatchEvent): void => {
    if (closed || compareEventIds(eventId, lastSent) <= 0) return;
    lastSent = eventId;
    sink.send({ ...event, eventId });
  };
  const follower = context.state.followLog(queueId, (entries) => {
    for (const entry of entries) {
      if (entry.matchEvent === undefined) continue;
      if (replaying) buffered.push({ eventId: entry.eventId, event: entry.matchEvent });
      else deliver(entry.eventId, entry.matchEvent);
    }
  });
  sink.onClose(() => {
    closed = true;
    follower.stop();
  });
  try {
    const start = await follower.ready;
    if (input.after !== undefined) {
      let cursor = input.after;
      for (let page = 0; page < resumePages && !closed; page += 1) {
        const entries = await context.state.readLog(queueId, cursor, pageSize);
        for (const entry of entries)
          if (entry.matchEvent !== undefined) deliver(entry.eventId, entry.matchEvent);
        if (entries.length < pageSize) break;
        cursor = (entries.at(-1) as { eventId: string }).eventId;
      }
    }
    replaying = false;
    if (!closed) sink.send({ type: 'subscribed', queueId, after: input.after ?? start });
    for (const { eventId, event } of buffered) deliver(eventId, event);
    buffered.length = 0;
  } catch {
    if (!closed) {
      closed = true;
      follower.stop();
      sink.close(1011, 'state unavailable');
    }
  }
}
