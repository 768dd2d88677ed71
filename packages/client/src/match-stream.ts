/**
 * A queue's match stream for game servers (server key), with reconnect and resume: every event
 * carries its `eventId`; after a drop the client reconnects with `after=<the last eventId it
 * handed on>` and the server replays what was missed, in order (any node serves it); a stream cut
 * before its first event resumes after where it started (the `after` of `subscribed`). The stream
 * runs until `close()`.
 */
import type { components } from './openapi.ts';
import type { OpenSocket, WebSocketLike } from './ticket-stream.ts';

/** A running match as game servers see it (GET /v1/matches/{matchId}/handoff). */
export type MatchHandoff = components['schemas']['MatchHandoff'];

/** Where players connect. */
export type { Connection } from './ticket-stream.ts';

interface MatchEventBase {
  readonly matchId: string;
  readonly atMs: number;
  readonly eventId: string;
  /** The match as it is after the event. */
  readonly match: MatchHandoff;
}

/** A match event (also the `event` of every webhook body). */
export type MatchEvent =
  | (MatchEventBase & { readonly type: 'formed' })
  | (MatchEventBase & { readonly type: 'assigned'; readonly connection: MatchHandoff['connection'] & {} })
  | (MatchEventBase & { readonly type: 'allocation-failed'; readonly reason: 'timeout' })
  | (MatchEventBase & { readonly type: 'players-left'; readonly playerIds: readonly string[] })
  | (MatchEventBase & {
      readonly type: 'backfill-requested';
      readonly requestId: string;
      readonly openSeats: readonly number[];
    })
  | (MatchEventBase & {
      readonly type: 'backfilled';
      readonly requestId: string;
      readonly added: readonly {
        readonly playerIds: readonly string[];
        readonly ticketIds: readonly string[];
      }[];
      readonly quality: number;
    })
  | (MatchEventBase & {
      readonly type: 'backfill-ended';
      readonly requestId: string;
      readonly reason: 'cancelled' | 'expired';
    });

/** Options of `watchMatches`. */
export interface MatchStreamOptions {
  readonly openSocket?: OpenSocket;
  /** Resume after this event id (the last one a previous run handled). */
  readonly after?: string;
  readonly retryDelayMs?: number;
  readonly maxDelayMs?: number;
  onEvent?(event: MatchEvent): void;
  /** Called each time a connection is live (after its replay was requested). */
  onSubscribed?(): void;
  onReconnect?(attempt: number): void;
}

/** A live match stream. */
export interface MatchStream {
  /** Every event handed on so far, in order. */
  readonly events: readonly MatchEvent[];
  /** The id of the last event handed on: persist it to resume after a restart. */
  readonly lastEventId: string | undefined;
  /** Drops the current connection (the stream reconnects and resumes). */
  interrupt(): void;
  close(): void;
}

const defaultOpenSocket: OpenSocket = (url) => {
  const Socket = (globalThis as { WebSocket?: new (url: string) => WebSocketLike }).WebSocket;
  if (Socket === undefined)
    throw new Error('no global WebSocket: pass openSocket (e.g. with the ws package)');
  return new Socket(url);
};

/** Watches a queue's matches (see the file comment). */
export function watchMatches(
  baseUrl: string,
  queueId: string,
  credential: string | undefined,
  options: MatchStreamOptions = {},
): MatchStream {
  const openSocket = options.openSocket ?? defaultOpenSocket;
  const usesHeaders = options.openSocket !== undefined;
  const wsBase = `${baseUrl.replace(/^http/, 'ws')}/v1/queues/${encodeURIComponent(queueId)}/match-events`;
  const headers: Record<string, string> =
    credential === undefined ? {} : { authorization: `Bearer ${credential}` };
  const events: MatchEvent[] = [];
  const delivered = new Set<string>();
  let lastEventId = options.after;
  let socket: WebSocketLike | undefined;
  let closed = false;
  let failures = 0;
  const urlAfter = (): string => {
    const query = new URLSearchParams();
    if (lastEventId !== undefined) query.set('after', lastEventId);
    if (credential !== undefined && !usesHeaders) query.set('access_token', credential);
    const text = query.toString();
    return text === '' ? wsBase : `${wsBase}?${text}`;
  };
  const connect = (): void => {
    if (closed) return;
    const current = openSocket(urlAfter(), headers);
    socket = current;
    current.onmessage = (message) => {
      failures = 0;
      const parsed = JSON.parse(String(message.data)) as MatchEvent | { type: 'subscribed'; after?: string };
      if (parsed.type === 'subscribed') {
        lastEventId ??= parsed.after;
        options.onSubscribed?.();
        return;
      }
      if (delivered.has(parsed.eventId)) return;
      delivered.add(parsed.eventId);
      lastEventId = parsed.eventId;
      events.push(parsed);
      options.onEvent?.(parsed);
    };
    current.onerror = () => {};
    current.onclose = () => {
      if (closed || socket !== current) return;
      failures += 1;
      options.onReconnect?.(failures);
      const delay = Math.min(
        (options.retryDelayMs ?? 200) * 2 ** Math.min(failures - 1, 10),
        options.maxDelayMs ?? 5000,
      );
      setTimeout(connect, delay);
    };
  };
  connect();
  return {
    events,
    get lastEventId() {
      return lastEventId;
    },
    interrupt() {
      socket?.close(4000, 'interrupted');
    },
    close() {
      closed = true;
      socket?.close(1000, 'closed');
    },
  };
}
