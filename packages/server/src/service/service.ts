/**
 * The matchd service: the operations the HTTP API exposes, over the shared context. Building it
 * loads the queues and restores waiting tickets; `tick` is one round of the tick loop.
 */
import type { QueueConfig } from '@matchd/engine';
import type { FastifyBaseLogger } from 'fastify';
import {
  createMetrics,
  instrumentRatingsStore,
  instrumentTicketPool,
  type ServiceMetrics,
} from '../observability/metrics.ts';
import type { RatingSystem } from '../rating/rating-system.ts';
import type { MatchmakerHost } from '../runtime/matchmaker-host.ts';
import { TicketEventBus } from '../runtime/ticket-events.ts';
import { batchRatingReads } from '../store/batched-reads.ts';
import type { RatingsStore } from '../store/ratings-store.ts';
import type { TicketPool } from '../store/ticket-pool.ts';
import { type ServiceContext, TicketRegistry } from './context.ts';
import { applyEffects } from './effects.ts';
import { loadQueues } from './queues.ts';
import { restoreTickets } from './tickets.ts';

/** What the service is built from. */
export interface ServiceDeps {
  readonly ratings: RatingsStore;
  readonly pool: TicketPool;
  readonly host: MatchmakerHost;
  readonly system: RatingSystem;
  readonly log: FastifyBaseLogger;
  /** Queue configs to create when no stored config has their id (the examples). */
  readonly seedQueues?: readonly QueueConfig[];
  /** Epoch ms; default Date.now. */
  readonly clock?: () => number;
}

/** A built service. */
export interface MatchdService {
  readonly context: ServiceContext;
  readonly metrics: ServiceMetrics;
  /** One tick: every queue's matchmaker at the current time, then its effects. */
  tick(): Promise<void>;
  /** Number of tickets restored from the pool at start. */
  readonly restoredTickets: number;
}

/** Builds the service: migrates the store, loads queues, restores waiting tickets. */
export async function createService(deps: ServiceDeps): Promise<MatchdService> {
  const clock = deps.clock ?? Date.now;
  let lastMs = Number.NEGATIVE_INFINITY;
  const tickets = new TicketRegistry();
  const metrics = createMetrics(async () => tickets.liveCounts());
  const context: ServiceContext = {
    ratings: batchRatingReads(instrumentRatingsStore(deps.ratings, metrics)),
    pool: instrumentTicketPool(deps.pool, metrics),
    host: deps.host,
    bus: new TicketEventBus(),
    metrics,
    system: deps.system,
    log: deps.log,
    queues: new Map(),
    stats: new Map(),
    tickets,
    matchIds: new Map(),
    now() {
      // The engine refuses time that goes backwards; a wall clock may (NTP steps), so hold it.
      lastMs = Math.max(lastMs, clock());
      return lastMs;
    },
  };
  await context.ratings.migrate();
  await loadQueues(context, deps.seedQueues ?? []);
  const restoredTickets = await restoreTickets(context);
  return {
    context,
    metrics,
    restoredTickets,
    async tick() {
      const ticks = await context.host.tick(context.now());
      for (const { queueId, effects, durationMs } of ticks) {
        metrics.tickSeconds.observe({ queue: queueId }, durationMs / 1000);
        await applyEffects(context, queueId, effects);
      }
    },
  };
}
