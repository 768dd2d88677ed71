/**
 * Starts real servers for tests: port 0, real stores (memory, PGlite, PostgreSQL, Redis), a real
 * matchmaker (worker thread or in-thread), and a small client that speaks the API as a game
 * server, an admin or a player would.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MatchdClient, type OpenSocket, type WebSocketLike } from '@matchd/client';
import type { QueueConfig } from '@matchd/engine';
import WebSocket from 'ws';
import { configFrom, type ServerConfig } from '../../src/config.ts';
import { type RunningServer, startServer } from '../../src/start.ts';
import { freshPostgresDatabase, freshRedisPrefix, redisUrl } from './backends.ts';

/** The keys every test server accepts. */
export const keys = {
  admin: 'test-admin-key-0123456789abcdef',
  server: 'test-server-key-0123456789abcdef',
} as const;

/** A 1v1 queue that matches any two players at once (ticks every 25 ms). */
export const duelQueue = {
  id: 'duel',
  teams: { count: 2, size: 1 },
  rating: { track: 'duel' },
  criteria: [{ kind: 'team-balance', weight: 1 }],
  threshold: { start: 0 },
  mode: { kind: 'continuous', maxWaitMs: 1000 },
} satisfies QueueConfig;

/** A 2v2 queue (parties of up to 2) that matches any four players at once. */
export const squadQueue: QueueConfig = {
  id: 'squad',
  teams: { count: 2, size: 2 },
  rating: { track: 'ranked' },
  criteria: [{ kind: 'team-balance', weight: 1 }],
  threshold: { start: 0 },
  mode: { kind: 'continuous', maxWaitMs: 1000 },
};

/** A 1v1 queue whose rounds are an hour apart: tickets just wait. */
export const holdQueue: QueueConfig = {
  id: 'hold',
  teams: { count: 2, size: 1 },
  rating: { track: 'hold' },
  criteria: [{ kind: 'team-balance', weight: 1 }],
  threshold: { start: 1 },
  mode: { kind: 'rounds', periodMs: 3_600_000, maxWaitMs: 3_600_000 },
};

/** Which backends a test server uses. */
export interface Backends {
  readonly ratings: 'memory' | 'pglite' | 'postgres';
  readonly pool: 'memory' | 'redis';
  readonly worker?: boolean;
}

/** A test server plus what is needed to restart it on the same data and to clean up. */
export interface TestServer {
  readonly server: RunningServer;
  /** Raw requests (bad input, headers, metrics text). */
  readonly client: ApiClient;
  /** The typed client (@matchd/client) with a credential: a key or a player token. */
  api(credential: string): MatchdClient;
  /** Stops the server and starts another on the same data (database, Redis prefix, data folder). */
  restart(): Promise<TestServer>;
  /** Stops the server and removes its data. */
  dispose(): Promise<void>;
}

interface Resources {
  readonly config: ServerConfig;
  readonly cleanup: () => Promise<void>;
}

async function resources(
  backends: Backends,
  queuesDir: string,
  overrides: Record<string, unknown>,
): Promise<Resources> {
  const dataDir = mkdtempSync(join(tmpdir(), 'matchd-test-'));
  const cleanups: (() => Promise<void>)[] = [async () => rmSync(dataDir, { recursive: true, force: true })];
  const raw: Record<string, unknown> = {
    host: '127.0.0.1',
    port: 0,
    dataDir,
    ratingsBackend: backends.ratings,
    poolBackend: backends.pool,
    apiKeys: `admin:test-admin:${keys.admin},server:test-server:${keys.server}`,
    tokenSecret: 'test-token-secret-0123456789abcdef0123456789',
    queuesDir,
    tickIntervalMs: 25,
    calibrationGames: 1,
    matchWorker: backends.worker ?? false,
    // TEST_LOG=error (or another level) shows a test server's log when a test needs explaining.
    logLevel: (process.env['TEST_LOG'] as 'error' | undefined) ?? 'silent',
    ...overrides,
  };
  if (backends.ratings === 'postgres') {
    const database = await freshPostgresDatabase('e2e');
    raw['databaseUrl'] = database.url;
    cleanups.push(database.drop);
  }
  if (backends.pool === 'redis') {
    const { prefix, drop } = freshRedisPrefix('e2e');
    raw['redisUrl'] = redisUrl;
    raw['redisPrefix'] = prefix;
    cleanups.push(drop);
  }
  return {
    config: configFrom(raw),
    cleanup: async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    },
  };
}

/** A folder holding the test queues as JSON files (as an operator would ship them). */
export function testQueuesDir(queues: readonly QueueConfig[] = [duelQueue, squadQueue]): string {
  const dir = mkdtempSync(join(tmpdir(), 'matchd-queues-'));
  return writeQueues(dir, queues);
}

function writeQueues(dir: string, queues: readonly QueueConfig[]): string {
  for (const queue of queues) writeFileSync(join(dir, `${queue.id}.json`), JSON.stringify(queue));
  return dir;
}

/** Starts a test server on the given backends. */
export async function startTestServer(
  backends: Backends,
  queues?: readonly QueueConfig[],
  overrides: Record<string, unknown> = {},
): Promise<TestServer> {
  const queuesDir = testQueuesDir(queues);
  const { config, cleanup } = await resources(backends, queuesDir, overrides);
  const launch = async (): Promise<TestServer> => {
    const server = await startServer(config);
    let stopped = false;
    const stop = async () => {
      if (!stopped) {
        stopped = true;
        await server.stop();
      }
    };
    return {
      server,
      client: new ApiClient(server.address),
      api: (credential) => new MatchdClient({ baseUrl: server.address, credential }),
      async restart() {
        await stop();
        return launch();
      },
      async dispose() {
        await stop();
        await cleanup();
        rmSync(queuesDir, { recursive: true, force: true });
      },
    };
  };
  return launch();
}

/** A response: status and parsed JSON body. */
export interface Reply<T = Record<string, unknown>> {
  readonly status: number;
  readonly body: T;
}

/** A minimal API client over fetch. */
export class ApiClient {
  readonly baseUrl: string;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  /** Sends a request; `credential` is an API key or a player token (none when undefined). */
  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: { credential?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
  ): Promise<Reply<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.credential !== undefined) headers['authorization'] = `Bearer ${options.credential}`;
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined && headers['content-type'] === undefined)
      headers['content-type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body }),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text.length === 0 ? {} : JSON.parse(text);
    } catch {
      // Non-JSON bodies (metrics) stay text.
    }
    return { status: response.status, body: parsed as T };
  }

  /** A player token issued through the server key. */
  async playerToken(playerId: string): Promise<string> {
    const reply = await this.request<{ token: string }>('POST', '/v1/tokens', {
      credential: keys.server,
      body: { playerId },
    });
    if (reply.status !== 201)
      throw new Error(`token for ${playerId}: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body.token;
  }

  /** Opens the ticket's event stream (resuming after `after`, an event id) and collects its messages. */
  watch(ticketId: string, credential: string, after?: string): TicketWatch {
    const query = after === undefined ? '' : `?after=${encodeURIComponent(after)}`;
    const url = `${this.baseUrl.replace(/^http/, 'ws')}/v1/tickets/${ticketId}/events${query}`;
    const socket = new WebSocket(url, { headers: { authorization: `Bearer ${credential}` } });
    const messages: Record<string, unknown>[] = [];
    const opened = new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
      socket.once('unexpected-response', (_request, response) =>
        reject(new Error(`upgrade refused: ${response.statusCode}`)),
      );
    });
    socket.on('message', (data) => messages.push(JSON.parse(String(data)) as Record<string, unknown>));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    return { messages, opened, closed, close: () => socket.close() };
  }
}

/** A live WebSocket subscription. */
export interface TicketWatch {
  readonly messages: Record<string, unknown>[];
  readonly opened: Promise<void>;
  /** Resolves when the server closes the stream (after a final event). */
  readonly closed: Promise<void>;
  close(): void;
}

/**
 * Polls `check` until it returns a value (not undefined) or `timeoutMs` passes. A label given as a
 * function is read at the time-out, so it can tell what was seen by then.
 */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  timeoutMs = 10_000,
  label: string | (() => string) = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${typeof label === 'string' ? label : label()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Node 20 has no global WebSocket: the client's streams open `ws` sockets, with the bearer header. */
export const openSocket: OpenSocket = (url, headers) =>
  new WebSocket(url, { headers }) as unknown as WebSocketLike;
