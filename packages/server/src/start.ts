/**
 * Starts a whole server from a config: opens the stores (migrating the schema), builds the
 * matchmaker host (a worker thread by default), builds the app, listens, and starts the tick loop.
 * `stop()` shuts down gracefully: the running tick finishes, in-flight requests complete, stores
 * close. Used by `main.ts` and by the restart tests (which must not read process.env).
 */

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { churnTableEstimator, createChurnTable } from '@matchd/engine';
import type { FastifyInstance } from 'fastify';
import { buildServer } from './app.ts';
import { createPlayerTokens } from './auth/player-tokens.ts';
import { createAuthenticator } from './auth/principals.ts';
import type { ApiKeyConfig, ServerConfig } from './config.ts';
import { loggerOptions } from './logging.ts';
import { createRatingSystem } from './rating/rating-system.ts';
import { engineMatchmakerFactory } from './runtime/engine-factory.ts';
import { createLocalHost, type MatchmakerHost } from './runtime/matchmaker-host.ts';
import { startTickLoop } from './runtime/tick-loop.ts';
import { startWorkerHost } from './runtime/worker-host.ts';
import { readQueueFolder } from './service/queues.ts';
import type { MatchdService } from './service/service.ts';
import { createMemoryRatingsStore } from './store/memory/memory-ratings-store.ts';
import { createMemoryTicketPool } from './store/memory/memory-ticket-pool.ts';
import type { RatingsStore } from './store/ratings-store.ts';
import { openRedisTicketPool } from './store/redis/redis-ticket-pool.ts';
import { openPglite } from './store/sql/pglite-client.ts';
import { openPostgres } from './store/sql/postgres-client.ts';
import { createSqlRatingsStore } from './store/sql/sql-ratings-store.ts';
import type { TicketPool } from './store/ticket-pool.ts';

/** A running server. */
export interface RunningServer {
  readonly app: FastifyInstance;
  readonly service: MatchdService;
  /** `http://host:port`. */
  readonly address: string;
  /** Where the generated local admin key was written, when one was generated. */
  readonly localAdminKeyFile?: string;
  stop(): Promise<void>;
}

/** A secret kept in a file of the data folder, created (random, owner-only) on first use. */
function fileSecret(dataDir: string, name: string, bytes: number): { value: string; file: string } {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, name);
  if (!existsSync(file))
    writeFileSync(file, `${randomBytes(bytes).toString('base64url')}\n`, { mode: 0o600 });
  return { value: readFileSync(file, 'utf8').trim(), file };
}

async function openRatings(config: ServerConfig): Promise<RatingsStore> {
  switch (config.ratingsBackend) {
    case 'memory':
      return createMemoryRatingsStore();
    case 'pglite':
      return createSqlRatingsStore(await openPglite(join(config.dataDir, 'pglite')));
    case 'postgres':
      return createSqlRatingsStore(await openPostgres(config.databaseUrl as string));
    default:
      return config.ratingsBackend satisfies never;
  }
}

async function openPool(config: ServerConfig): Promise<TicketPool> {
  return config.poolBackend === 'redis'
    ? openRedisTicketPool(config.redisUrl as string, config.redisPrefix)
    : createMemoryTicketPool();
}

/** The example queues shipped with the repository, when the config names no folder. */
export const exampleQueuesDir = new URL('../../../examples/queues/', import.meta.url).pathname;
/** The EOMM paper's churn table (examples), used with the example queues when no table is configured. */
export const exampleChurnTable = new URL('../../../examples/eomm-table2.json', import.meta.url).pathname;

/** The churn record of a churn table file (`{ churn: {...} }` or the record itself). */
function readChurnTable(file: string | undefined): Readonly<Record<string, unknown>> | undefined {
  if (file === undefined) return undefined;
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { churn?: Record<string, unknown> } & Record<
    string,
    unknown
  >;
  const churn = parsed.churn ?? parsed;
  createChurnTable(churn); // validates now: a bad file stops the start with its error
  return churn;
}

/** Starts a server (see the file comment). */
export async function startServer(config: ServerConfig): Promise<RunningServer> {
  let keys: readonly ApiKeyConfig[] = config.apiKeys;
  let localAdminKeyFile: string | undefined;
  if (keys.length === 0) {
    // No keys configured: the embedded start makes a local admin key, readable only by this user.
    const admin = fileSecret(config.dataDir, 'admin-key', 24);
    keys = [{ role: 'admin', name: 'local-admin', key: admin.value }];
    localAdminKeyFile = admin.file;
  }
  const tokenSecret = config.tokenSecret ?? fileSecret(config.dataDir, 'token-secret', 32).value;
  const tokens = createPlayerTokens(tokenSecret);
  const system = createRatingSystem(config.ratingModel, {
    calibrationGames: config.calibrationGames,
    ...(config.ratingTerms === undefined ? {} : { terms: config.ratingTerms }),
  });
  const ratings = await openRatings(config);
  const pool = await openPool(config);
  const queuesDir = config.queuesDir ?? (existsSync(exampleQueuesDir) ? exampleQueuesDir : undefined);
  const churnTable = readChurnTable(
    config.churnTableFile ??
      (queuesDir === exampleQueuesDir && existsSync(exampleChurnTable) ? exampleChurnTable : undefined),
  );
  const host: MatchmakerHost = config.matchWorker
    ? await startWorkerHost({
        ratingModel: config.ratingModel,
        seed: config.seed,
        ...(churnTable === undefined ? {} : { churnTable }),
      })
    : createLocalHost({
        factory: engineMatchmakerFactory,
        ratingModel: system.model,
        seed: config.seed,
        clock: () => performance.now(),
        ...(churnTable === undefined
          ? {}
          : { expectedChurn: churnTableEstimator(createChurnTable(churnTable)) }),
      });
  const { app, service } = await buildServer({
    ratings,
    pool,
    host,
    system,
    auth: createAuthenticator(keys, tokens),
    tokens,
    limits: config,
    seedQueues: queuesDir === undefined ? [] : readQueueFolder(queuesDir),
    logger: loggerOptions(config),
  });
  const address = await app.listen({ host: config.host, port: config.port });
  const loop = startTickLoop({
    intervalMs: config.tickIntervalMs,
    tick: () => service.tick(),
    onError: (error) => app.log.error({ err: error }, 'tick failed'),
  });
  let stopping: Promise<void> | undefined;
  return {
    app,
    service,
    address,
    ...(localAdminKeyFile === undefined ? {} : { localAdminKeyFile }),
    stop() {
      stopping ??= (async () => {
        await loop.stop();
        await app.close();
        await host.close();
        await pool.close();
        await ratings.close();
      })();
      return stopping;
    },
  };
}
