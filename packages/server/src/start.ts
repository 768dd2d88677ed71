/**
 * Starts a whole server from a config: takes the data folder (owner-only, locked), opens the stores
 * (migrating the schema), builds the matchmaker host (a supervised worker thread by default),
 * builds the app (whose queue runners take the leases of free queues), and listens. `stop()` shuts
 * down gracefully: each queue finishes its tick and gives its lease up (another node takes it at
 * once), in-flight requests complete, stores close. Used by `main.ts` and by the restart tests
 * (which must not read process.env).
 */

import { existsSync, readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { churnTableEstimator, createChurnTable } from '@matchd/engine';
import type { FastifyInstance } from 'fastify';
import { buildServer } from './app.ts';
import { createPlayerTokens } from './auth/player-tokens.ts';
import { createAuthenticator } from './auth/principals.ts';
import type { ApiKeyConfig, ServerConfig } from './config.ts';
import { loggerOptions } from './logging.ts';
import { startChurnRefit } from './models/churn-refit.ts';
import { churnEstimatorFor } from './models/churn-sources.ts';
import { ModelCatalog } from './models/model-catalog.ts';
import { defaultDeclaration } from './rating/rating-system.ts';
import { createTrackPolicies, type TrackPoliciesData } from './rating/track-policies.ts';
import { engineMatchmakerFactory } from './runtime/engine-factory.ts';
import { startIdleMemoryRelease } from './runtime/idle-memory.ts';
import { createLocalHost, type MatchmakerHost } from './runtime/matchmaker-host.ts';
import { startWorkerHost } from './runtime/worker-host.ts';
import { readQueueFolder } from './service/queues.ts';
import type { MatchdService } from './service/service.ts';
import { fileSecret, lockDataDir, prepareDataDir } from './store/data-dir.ts';
import type { FleetState } from './store/fleet-state.ts';
import { createMemoryFleetState } from './store/memory/memory-fleet-state.ts';
import { createMemoryRatingsStore } from './store/memory/memory-ratings-store.ts';
import type { RatingsStore } from './store/ratings-store.ts';
import { openRedisFleetState } from './store/redis/redis-fleet-state.ts';
import { openPglite } from './store/sql/pglite-client.ts';
import { openPostgres } from './store/sql/postgres-client.ts';
import { createSqlRatingsStore } from './store/sql/sql-ratings-store.ts';

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

/** Opens the configured ratings store (also used by the model-fitting commands). */
export async function openRatings(config: ServerConfig): Promise<RatingsStore> {
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

async function openState(config: ServerConfig): Promise<FleetState> {
  return config.poolBackend === 'redis'
    ? openRedisFleetState(config.redisUrl as string, config.redisPrefix)
    : createMemoryFleetState();
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
  prepareDataDir(config.dataDir);
  // PGlite keeps its database in the folder: one server at a time (a second start fails naming it).
  const lock = config.ratingsBackend === 'pglite' ? lockDataDir(config.dataDir) : undefined;
  const opened: { close(): Promise<void> }[] = [];
  try {
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
    const policiesData: TrackPoliciesData = {
      fallback: defaultDeclaration(config.ratingModel, {
        calibrationGames: config.calibrationGames,
        ...(config.ratingTerms === undefined ? {} : { terms: config.ratingTerms }),
      }),
      ...(config.ratingPolicies === undefined ? {} : { named: config.ratingPolicies }),
      ...(config.tracks === undefined ? {} : { tracks: config.tracks }),
    };
    const policies = createTrackPolicies(policiesData);
    const queuesDir = config.queuesDir ?? (existsSync(exampleQueuesDir) ? exampleQueuesDir : undefined);
    const churnTable = readChurnTable(
      config.churnTableFile ??
        (queuesDir === exampleQueuesDir && existsSync(exampleChurnTable) ? exampleChurnTable : undefined),
    );
    const expectedChurn =
      churnTable === undefined ? undefined : churnTableEstimator(createChurnTable(churnTable));
    // Fitted models come from the shared store (the service fills the catalog before its queues).
    const models = new ModelCatalog();
    const expectedChurnFor = churnEstimatorFor(models, churnTable);
    const ratings = await openRatings(config);
    opened.push(ratings);
    const state = await openState(config);
    opened.push(state);
    const host: MatchmakerHost = config.matchWorker
      ? await startWorkerHost({
          policies: policiesData,
          seed: config.seed,
          ...(churnTable === undefined ? {} : { churnTable }),
        })
      : createLocalHost({
          factory: engineMatchmakerFactory,
          ratingModelFor: (queue) => policies.ofQueue(queue).model,
          seed: config.seed,
          clock: () => performance.now(),
          expectedChurnFor,
          models,
        });
    opened.push(host);
    const { app, service } = await buildServer({
      ratings,
      state,
      host,
      policies,
      auth: createAuthenticator(keys, tokens),
      tokens,
      limits: config,
      fleet: {
        nodeId: `${hostname()}:${config.port === 0 ? process.pid : config.port}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`,
        leaseMs: config.leaseMs,
        tickIntervalMs: config.tickIntervalMs,
        webhooks: {
          ...(config.webhookSecret === undefined ? {} : { secret: config.webhookSecret }),
          retryBaseMs: config.webhookRetryBaseMs,
          maxAttempts: config.webhookMaxAttempts,
        },
      },
      ...(expectedChurn === undefined ? {} : { expectedChurn }),
      expectedChurnFor,
      models,
      seedQueues: queuesDir === undefined ? [] : readQueueFolder(queuesDir),
      corsOrigins: config.corsOrigins,
      logger: loggerOptions(config),
    });
    const refit =
      config.churnRefitIntervalMs > 0
        ? startChurnRefit(service.context, {
            intervalMs: config.churnRefitIntervalMs,
            churnWindowMs: config.churnWindowMs,
            seed: config.seed,
          })
        : undefined;
    opened.push({ close: async () => refit?.stop() });
    const address = await app.listen({ host: config.host, port: config.port });
    const idleMemory = startIdleMemoryRelease();
    opened.push({ close: async () => idleMemory.stop() });
    let stopping: Promise<void> | undefined;
    return {
      app,
      service,
      address,
      ...(localAdminKeyFile === undefined ? {} : { localAdminKeyFile }),
      stop() {
        stopping ??= (async () => {
          // Closing the app stops the queue runners first: each finishes its tick, gives its lease up.
          await app.close();
          for (const part of opened.reverse()) await part.close();
          lock?.release();
        })();
        return stopping;
      },
    };
  } catch (error) {
    for (const part of opened.reverse()) await part.close().catch(() => {});
    lock?.release();
    throw error;
  }
}
