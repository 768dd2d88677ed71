/**
 * A ticket's event stream over WebSocket, with reconnect and resume. Every connection starts with
 * the ticket's current state; every event carries its `eventId` in the queue's log. After a drop
 * the client reconnects with backoff and `after=<the last eventId it handed on>`, so the server
 * replays exactly what was missed, in order (any node serves any ticket); an event is handed on
 * once. The stream ends at a final event (matched, expired, cancelled; in a queue that allocates
 * servers, `matched` carries `allocating: true` and `assigned` or `allocation-failed` ends it).
 */
import type { operations } from './openapi.ts';

/** A ticket as GET /v1/tickets/{ticketId} shows it. */
export type Ticket = operations['getTicket']['responses'][200]['content']['application/json'];

/** A team of a match event. */
export interface EventTeam {
  readonly playerIds: readonly string[];
  readonly ticketIds: readonly string[];
}

/** The match an event carries. */
export interface EventMatch {
  readonly matchId: string;
  readonly queueId: string;
  readonly teams: readonly EventTeam[];
  readonly region?: string;
  readonly quality: number;
}

/** Every message of the stream (the AsyncAPI document at /asyncapi.json describes them). */
export type TicketMessage =
  | { readonly type: 'state'; readonly ticket: Ticket }
  | (EventBase & { readonly type: 'searching' })
  | (EventBase & { readonly type: 'proposed'; readonly match: EventMatch; readonly deadlineMs: number })
  | (EventBase & {
      readonly type: 'matched';
      readonly match: EventMatch;
      readonly waitMs: number;
      /** The queue allocates a server: `assigned` (or `allocation-failed`) follows. */
      readonly allocating?: boolean;
      /** The server, when the match already has one (a backfill into a running match). */
      readonly connection?: Connection;
      /** Matched into a running match's open seats. */
      readonly backfill?: boolean;
    })
  | (EventBase & { readonly type: 'assigned'; readonly matchId: string; readonly connection: Connection })
  | (EventBase & { readonly type: 'allocation-failed'; readonly matchId: string; readonly reason: 'timeout' })
  | (EventBase & {
      readonly type: 'returned';
      readonly matchId: string;
      readonly reason: 'declined' | 'acceptance-timeout' | 'cancelled' | 'failover';
    })
  | (EventBase & { readonly type: 'expired'; readonly waitMs: number })
  | (EventBase & { readonly type: 'cancelled'; readonly reason: string });

/** Where players connect, as the studio's allocator set it. */
export interface Connection {
  readonly host: string;
  readonly port: number;
  readonly properties?: Readonly<Record<string, string>>;
}

/** The events that end a ticket's stream. */
export type FinalTicketEvent = Extract<
  TicketEvent,
  { type: 'matched' | 'expired' | 'cancelled' | 'assigned' | 'allocation-failed' }
>;

/** What every event has: its ticket, its time and its id in the queue's log. */
interface EventBase {
  readonly ticketId: string;
  readonly atMs: number;
  readonly eventId: string;
}

/** An event of the ticket's life (every message but `state`). */
export type TicketEvent = Exclude<TicketMessage, { type: 'state' }>;

const finalTypes = new Set(['matched', 'expired', 'cancelled', 'assigned', 'allocation-failed']);

/** True for a ticket's last event (a `matched` still allocating is not). */
function isFinal(event: TicketEvent): boolean {
  return finalTypes.has(event.type) && !(event.type === 'matched' && event.allocating === true);
}

/** The WebSocket a stream needs: the browser's, Node 22's global, or the `ws` package's. */
export interface WebSocketLike {
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  close(code?: number, reason?: string): void;
}

/**
 * Opens a socket. `headers` holds the Authorization header for implementations that can send it
 * (`ws`: `(url, headers) => new WebSocket(url, { headers })`); the default (a browser WebSocket)
 * cannot, so the credential goes in `?access_token=` instead.
 */
export type OpenSocket = (url: string, headers: Readonly<Record<string, string>>) => WebSocketLike;

/** Options of `watchTicket`. */
export interface StreamOptions {
  readonly openSocket?: OpenSocket;
  /** Reconnect delays grow from this (ms), doubling, up to `maxDelayMs`. Default 200. */
  readonly retryDelayMs?: number;
  readonly maxDelayMs?: number;
  /** Give up after this many reconnects in a row without a message. Default 8. */
  readonly maxRetries?: number;
  onState?(ticket: Ticket): void;
  onEvent?(event: TicketEvent): void;
  /** Called before each reconnect, with the attempt number (1, 2, ...). */
  onReconnect?(attempt: number): void;
}

/** A live stream. `done` resolves with the final event, or rejects when reconnecting gives up. */
export interface TicketStream {
  readonly done: Promise<FinalTicketEvent>;
  /** Every event delivered so far, in order. */
  readonly events: readonly TicketEvent[];
  /** Drops the current connection (the stream reconnects): for tests and network changes. */
  interrupt(): void;
  /** Stops watching. */
  close(): void;
}

const defaultOpenSocket: OpenSocket = (url) => {
  const Socket = (globalThis as { WebSocket?: new (url: string) => WebSocketLike }).WebSocket;
  if (Socket === undefined) {
    throw new Error('no global WebSocket: pass openSocket (e.g. with the ws package) to watchTicket');
  }
  return new Socket(url);
};

/** Watches a ticket (see the file comment). */
export function watchTicket(
  baseUrl: string,
  ticketId: string,
  credential: string | undefined,
  options: StreamOptions = {},
): TicketStream {
  const openSocket = options.openSocket ?? defaultOpenSocket;
  const usesHeaders = options.openSocket !== undefined;
  const wsBase = `${baseUrl.replace(/^http/, 'ws')}/v1/tickets/${encodeURIComponent(ticketId)}/events`;
  const urlAfter = (lastEventId: string | undefined): string => {
    const query = new URLSearchParams();
    if (lastEventId !== undefined) query.set('after', lastEventId);
    if (credential !== undefined && !usesHeaders) query.set('access_token', credential);
    const text = query.toString();
    return text === '' ? wsBase : `${wsBase}?${text}`;
  };
  const headers: Record<string, string> =
    credential === undefined ? {} : { authorization: `Bearer ${credential}` };
  const events: TicketEvent[] = [];
  const delivered = new Set<string>();
  let lastEventId: string | undefined;
  let socket: WebSocketLike | undefined;
  let closed = false;
  let failures = 0;
  let settle!: { resolve: (event: never) => void; reject: (error: Error) => void };
  const done = new Promise<FinalTicketEvent>((resolve, reject) => {
    settle = { resolve: resolve as (event: never) => void, reject };
  });
  // A caller that only listens through the callbacks never awaits `done`: its failure must not
  // become an unhandled rejection (those who await it still see it).
  done.catch(() => {});

  const deliver = (event: TicketEvent): void => {
    // A reconnect resumes after the last event handed on; a replayed one is still handed on once.
    if (delivered.has(event.eventId)) return;
    delivered.add(event.eventId);
    lastEventId = event.eventId;
    events.push(event);
    options.onEvent?.(event);
    if (isFinal(event)) {
      closed = true;
      socket?.close(1000, 'done');
      settle.resolve(event as never);
    }
  };

  const connect = (): void => {
    if (closed) return;
    const current = openSocket(urlAfter(lastEventId), headers);
    socket = current;
    current.onmessage = (message) => {
      failures = 0;
      const parsed = JSON.parse(String(message.data)) as TicketMessage;
      if (parsed.type === 'state') options.onState?.(parsed.ticket);
      else deliver(parsed);
    };
    current.onerror = () => {};
    current.onclose = () => {
      if (closed || socket !== current) return;
      failures += 1;
      if (failures > (options.maxRetries ?? 8)) {
        closed = true;
        settle.reject(new Error(`ticket ${ticketId}: the event stream could not be re-established`));
        return;
      }
      options.onReconnect?.(failures);
      const delay = Math.min((options.retryDelayMs ?? 200) * 2 ** (failures - 1), options.maxDelayMs ?? 5000);
      setTimeout(connect, delay);
    };
  };
  connect();

  return {
    done,
    events,
    interrupt() {
      socket?.close(4000, 'interrupted');
    },
    close() {
      closed = true;
      socket?.close(1000, 'closed');
    },
  };
}
