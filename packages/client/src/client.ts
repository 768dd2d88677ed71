/**
 * `MatchdClient`: one method per operation of the matchd API, named by its operationId, typed by
 * the types generated from the OpenAPI document (`openapi.ts`). Every method resolves to the
 * answer's body; every failure (a non-2xx answer, no answer, a wait that ran out) is a
 * `MatchdApiError` with the HTTP `status` and the service's stable error `code`. Works in Node (20+) and browsers:
 * it needs only `fetch` (and a WebSocket for `watchTicket`, see `ticket-stream.ts`).
 *
 * @example
 * const game = new MatchdClient({ baseUrl: 'http://127.0.0.1:8080', credential: serverKey });
 * const ticket = await game.createTicket({ queueId: 'quick-2v2', players: [{ playerId: 'ana' }] });
 * const match = await game.waitForMatch(ticket.ticketId);
 * await game.reportResult(match.matchId, { ranks: [1, 2] });
 */

import { type MatchStream, type MatchStreamOptions, watchMatches } from './match-stream.ts';
import type { operations } from './openapi.ts';
import { type StreamOptions, type TicketStream, watchTicket } from './ticket-stream.ts';

/** Every operationId of the API. */
export type OperationId = keyof operations;

type JsonOf<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
type Responses<Id extends OperationId> = operations[Id]['responses'];

/** The JSON body an operation takes. */
export type RequestBody<Id extends OperationId> = operations[Id] extends {
  requestBody?: infer Body;
}
  ? JsonOf<NonNullable<Body>>
  : never;

/** The JSON an operation answers on success (any of its 2xx statuses). */
export type Success<Id extends OperationId> = {
  [Status in keyof Responses<Id>]: Status extends 200 | 201 ? JsonOf<Responses<Id>[Status]> : never;
}[keyof Responses<Id>];

/** The query parameters of an operation. */
export type Query<Id extends OperationId> = operations[Id]['parameters'] extends { query?: infer Q }
  ? NonNullable<Q>
  : never;

/** The error body of every non-2xx answer. */
export interface ErrorBody {
  readonly error: {
    readonly code: string;
    readonly message: string;
    readonly details: Record<string, unknown>;
  };
}

/**
 * Every failure of a client call: a non-2xx answer (its HTTP status and the service's stable error
 * code, message and details), and the failures that have no answer, with status 0: the service
 * could not be reached (`MM_ERR_UNAVAILABLE`, the cause kept) or a wait ran out (`MM_ERR_TIMEOUT`).
 */
export class MatchdApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: Record<string, unknown>;

  constructor(status: number, body: ErrorBody | undefined, fallback: string, options?: { cause?: unknown }) {
    super(body?.error.message ?? fallback, options);
    this.name = 'MatchdApiError';
    this.status = status;
    this.code = body?.error.code ?? `HTTP_${status}`;
    this.details = body?.error.details ?? {};
  }
}

/** A failure without an HTTP answer (status 0), with a code of the service's registry. */
function failure(code: string, message: string, details: Record<string, unknown>, cause?: unknown) {
  return new MatchdApiError(0, { error: { code, message, details } }, message, { cause });
}

/**
 * Method and path template of each operation (checked against /openapi.json in the server's
 * tests). The WebSocket stream, `/v1/tickets/{ticketId}/events`, is in /asyncapi.json.
 */
export const routes = {
  createTicket: ['POST', '/v1/tickets'],
  getTicket: ['GET', '/v1/tickets/{ticketId}'],
  cancelTicket: ['DELETE', '/v1/tickets/{ticketId}'],
  acceptMatch: ['POST', '/v1/tickets/{ticketId}/accept'],
  declineMatch: ['POST', '/v1/tickets/{ticketId}/decline'],
  getMatch: ['GET', '/v1/matches/{matchId}'],
  reportResult: ['POST', '/v1/matches/{matchId}/result'],
  getMatchHandoff: ['GET', '/v1/matches/{matchId}/handoff'],
  setAssignment: ['POST', '/v1/matches/{matchId}/assignment'],
  requestBackfill: ['POST', '/v1/matches/{matchId}/backfill'],
  cancelBackfill: ['DELETE', '/v1/matches/{matchId}/backfill'],
  reportLeave: ['POST', '/v1/matches/{matchId}/leave'],
  getPlayer: ['GET', '/v1/players/{playerId}'],
  getPlayerMatches: ['GET', '/v1/players/{playerId}/matches'],
  getFriends: ['GET', '/v1/players/{playerId}/friends'],
  putFriends: ['PUT', '/v1/players/{playerId}/friends'],
  addFriend: ['PUT', '/v1/players/{playerId}/friends/{friendId}'],
  removeFriend: ['DELETE', '/v1/players/{playerId}/friends/{friendId}'],
  getLeaderboard: ['GET', '/v1/leaderboards/{track}'],
  getTrackLeaderboard: ['GET', '/v1/leaderboards/{group}/{kind}'],
  listQueues: ['GET', '/v1/queues'],
  getQueue: ['GET', '/v1/queues/{queueId}'],
  putQueue: ['PUT', '/v1/admin/queues/{queueId}'],
  previewSeasonReset: ['POST', '/v1/admin/season-reset/preview'],
  applySeasonReset: ['POST', '/v1/admin/season-reset/apply'],
  recalibratePlayer: ['POST', '/v1/admin/players/{playerId}/recalibrate'],
  fitModel: ['POST', '/v1/admin/models/{name}/fit'],
  getQueueInsights: ['GET', '/v1/admin/insights/queues'],
  getRecentMatches: ['GET', '/v1/admin/insights/matches'],
  getRatingDistributions: ['GET', '/v1/admin/insights/ratings'],
  listExperimentPlots: ['GET', '/v1/admin/insights/experiments'],
  issueToken: ['POST', '/v1/tokens'],
  health: ['GET', '/healthz'],
  readiness: ['GET', '/readyz'],
  metrics: ['GET', '/metrics'],
  openApiDocument: ['GET', '/openapi.json'],
  asyncApiDocument: ['GET', '/asyncapi.json'],
} as const satisfies Record<OperationId, readonly [string, string]>;

/** How a client is made. */
export interface ClientOptions {
  /** `http://host:port` of the service. */
  readonly baseUrl: string;
  /** An API key (server or admin) or a player token; none for public routes only. */
  readonly credential?: string;
  /** Default: the global fetch. */
  readonly fetch?: typeof fetch;
}

type Params = Readonly<Record<string, string>>;

/** A typed client of the matchd API (see the file comment). */
export class MatchdClient {
  readonly baseUrl: string;
  readonly credential: string | undefined;
  readonly #fetch: typeof fetch;

  constructor(options: ClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.credential = options.credential;
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  /** The same client with another credential (e.g. a player's token). */
  withCredential(credential: string): MatchdClient {
    return new MatchdClient({ baseUrl: this.baseUrl, credential, fetch: this.#fetch });
  }

  /** Calls an operation by its id; resolves to its 2xx JSON with the status, or throws MatchdApiError. */
  async call<Id extends OperationId>(
    operationId: Id,
    request: { params?: Params; query?: Query<Id>; body?: RequestBody<Id> } = {},
  ): Promise<{ status: number; body: Success<Id> }> {
    const [method, template] = routes[operationId];
    const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = request.params?.[name];
      if (value === undefined) throw new TypeError(`${operationId}: missing path parameter ${name}`);
      return encodeURIComponent(value);
    });
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
      if (value !== undefined) search.set(key, String(value));
    }
    const headers: Record<string, string> = {};
    if (this.credential !== undefined) headers['authorization'] = `Bearer ${this.credential}`;
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    const query = search.size === 0 ? '' : `?${search}`;
    let response: Response;
    try {
      response = await this.#fetch(`${this.baseUrl}${path}${query}`, {
        method,
        headers,
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw failure('MM_ERR_UNAVAILABLE', `${method} ${path}: no answer (${reason})`, { path }, error);
    }
    const text = await response.text();
    const type = response.headers.get('content-type') ?? '';
    const parsed: unknown = type.includes('json') && text.length > 0 ? JSON.parse(text) : text;
    if (!response.ok) {
      throw new MatchdApiError(
        response.status,
        typeof parsed === 'object' && parsed !== null && 'error' in parsed
          ? (parsed as ErrorBody)
          : undefined,
        `${method} ${path}: HTTP ${response.status}`,
      );
    }
    return { status: response.status, body: parsed as Success<Id> };
  }

  async #body<Id extends OperationId>(
    operationId: Id,
    request: { params?: Params; query?: Query<Id>; body?: RequestBody<Id> } = {},
  ): Promise<Success<Id>> {
    return (await this.call(operationId, request)).body;
  }

  // Tickets

  /** Creates a ticket for one player or a party (server key). */
  createTicket(body: RequestBody<'createTicket'>) {
    return this.#body('createTicket', { body });
  }

  getTicket(ticketId: string) {
    return this.#body('getTicket', { params: { ticketId } });
  }

  cancelTicket(ticketId: string) {
    return this.#body('cancelTicket', { params: { ticketId } });
  }

  acceptMatch(ticketId: string, playerId: string) {
    return this.#body('acceptMatch', { params: { ticketId }, body: { playerId } });
  }

  declineMatch(ticketId: string, playerId: string) {
    return this.#body('declineMatch', { params: { ticketId }, body: { playerId } });
  }

  /**
   * Watches a ticket over WebSocket: the state, then each event; reconnects (with backoff) when
   * the connection drops before a final event, and resumes without repeating events.
   */
  watchTicket(ticketId: string, options: StreamOptions = {}): TicketStream {
    return watchTicket(this.baseUrl, ticketId, this.credential, options);
  }

  /**
   * Resolves with the match once the ticket is matched (by polling, every `intervalMs`); rejects
   * when it ends otherwise (expired, cancelled: 409 `MM_ERR_INVALID_TICKET_STATE`) or after
   * `timeoutMs` (`MM_ERR_TIMEOUT`).
   */
  async waitForMatch(
    ticketId: string,
    options: { timeoutMs?: number; intervalMs?: number } = {},
  ): Promise<Success<'getMatch'>> {
    const deadline = Date.now() + (options.timeoutMs ?? 60_000);
    for (;;) {
      const ticket = await this.getTicket(ticketId);
      if (ticket.state === 'matched' && ticket.matchId !== undefined) return this.getMatch(ticket.matchId);
      if (ticket.state === 'expired' || ticket.state === 'cancelled') {
        throw new MatchdApiError(
          409,
          {
            error: {
              code: 'MM_ERR_INVALID_TICKET_STATE',
              message: `ticket ${ticketId} ended ${ticket.state} without a match`,
              details: { ticketId, state: ticket.state },
            },
          },
          'ended without a match',
        );
      }
      if (Date.now() > deadline) {
        throw failure('MM_ERR_TIMEOUT', `ticket ${ticketId} not matched in time (${ticket.state})`, {
          ticketId,
          state: ticket.state,
        });
      }
      await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 100));
    }
  }

  // Matches and results

  getMatch(matchId: string) {
    return this.#body('getMatch', { params: { matchId } });
  }

  /** Reports a result; `applied` is false when the same report was already applied. */
  reportResult(matchId: string, body: RequestBody<'reportResult'>) {
    return this.#body('reportResult', { params: { matchId }, body });
  }

  // Players and leaderboards

  /** A running match: phase, roster by team, server address, live backfill request (server key). */
  getMatchHandoff(matchId: string) {
    return this.#body('getMatchHandoff', { params: { matchId } });
  }

  /** The allocator sets an allocating match's server; its players get `assigned` (server key). */
  setAssignment(matchId: string, connection: RequestBody<'setAssignment'>['connection']) {
    return this.#body('setAssignment', { params: { matchId }, body: { connection } });
  }

  /** Fills the match's open seats: `players` are those still in it (server key). */
  requestBackfill(matchId: string, players: readonly string[]) {
    return this.#body('requestBackfill', { params: { matchId }, body: { players: [...players] } });
  }

  cancelBackfill(matchId: string) {
    return this.#body('cancelBackfill', { params: { matchId } });
  }

  /** Players left the match (their seats open; the queue may backfill by itself). */
  reportLeave(matchId: string, playerIds: readonly string[]) {
    return this.#body('reportLeave', { params: { matchId }, body: { playerIds: [...playerIds] } });
  }

  /** A queue's match stream for game servers (reconnects and resumes; see match-stream.ts). */
  watchMatches(queueId: string, options: MatchStreamOptions = {}): MatchStream {
    return watchMatches(this.baseUrl, queueId, this.credential, options);
  }

  getPlayer(playerId: string) {
    return this.#body('getPlayer', { params: { playerId } });
  }

  getPlayerMatches(playerId: string, query: Query<'getPlayerMatches'> = {}) {
    return this.#body('getPlayerMatches', { params: { playerId }, query });
  }

  /** Who may see the player's ratings on `friends` tracks (the player's own token, or a key). */
  getFriends(playerId: string) {
    return this.#body('getFriends', { params: { playerId } });
  }

  /** Replaces the player's friends list. */
  putFriends(playerId: string, friends: readonly string[]) {
    return this.#body('putFriends', { params: { playerId }, body: { friends } });
  }

  addFriend(playerId: string, friendId: string) {
    return this.#body('addFriend', { params: { playerId, friendId } });
  }

  removeFriend(playerId: string, friendId: string) {
    return this.#body('removeFriend', { params: { playerId, friendId } });
  }

  /** A track's leaderboard (the track, e.g. `quick/solo`, is encoded as one path segment). */
  getLeaderboard(track: string, query: Query<'getLeaderboard'> = {}) {
    return this.#body('getLeaderboard', { params: { track }, query });
  }

  // Queues and admin

  listQueues() {
    return this.#body('listQueues');
  }

  getQueue(queueId: string) {
    return this.#body('getQueue', { params: { queueId } });
  }

  /** Creates or replaces a queue (admin key). */
  putQueue(config: RequestBody<'putQueue'>) {
    return this.#body('putQueue', { params: { queueId: config.id }, body: config });
  }

  previewSeasonReset(body: RequestBody<'previewSeasonReset'>) {
    return this.#body('previewSeasonReset', { body });
  }

  applySeasonReset(body: RequestBody<'applySeasonReset'>) {
    return this.#body('applySeasonReset', { body });
  }

  recalibratePlayer(playerId: string, body: RequestBody<'recalibratePlayer'> = {}) {
    return this.#body('recalibratePlayer', { params: { playerId }, body });
  }

  /** Fits a model from the stored history and publishes it to every node (admin key). */
  fitModel(name: string, body: RequestBody<'fitModel'>) {
    return this.#body('fitModel', { params: { name }, body });
  }

  getQueueInsights(query: Query<'getQueueInsights'> = {}) {
    return this.#body('getQueueInsights', { query });
  }

  getRecentMatches(query: Query<'getRecentMatches'> = {}) {
    return this.#body('getRecentMatches', { query });
  }

  getRatingDistributions() {
    return this.#body('getRatingDistributions');
  }

  listExperimentPlots() {
    return this.#body('listExperimentPlots');
  }

  // Auth and system

  /** A short-lived player token (server key). */
  issueToken(playerId: string, ttlSeconds?: number) {
    return this.#body('issueToken', {
      body: ttlSeconds === undefined ? { playerId } : { playerId, ttlSeconds },
    });
  }

  health() {
    return this.#body('health');
  }

  /** Ready to serve (stores, worker, this node's queues), or MatchdApiError 503 naming the failed checks. */
  readiness() {
    return this.#body('readiness');
  }

  /** The Prometheus text. */
  async metrics(): Promise<string> {
    return String(await this.#body('metrics'));
  }

  openApiDocument() {
    return this.#body('openApiDocument');
  }

  asyncApiDocument() {
    return this.#body('asyncApiDocument');
  }
}
