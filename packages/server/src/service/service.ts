/**
 * The matchd service of one node: the operations the HTTP API exposes, over the shared context.
 * Building it migrates the schema and loads the queues; `start` starts this node's part in the
 * fleet (the queue runners and the config poll); `stop` ends it, giving every lease up.
 */
import {
  createMatchmaker,
  ErrorCodes,
  MatchdError,
  type QueueConfig,
  validateQueueConfig,
} from '@matchd/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { ChurnEstimatorFor } from '../models/churn-sources.ts';
import { ModelCatalog } from '../models/model-catalog.ts';
import { syncModels } from '../models/model-sync.ts';
import { createMetrics, instrumentRatingsStore, type ServiceMetrics } from '../observability/metrics.ts';
import { queueTracks, type TrackPolicies } from '../rating/track-policies.ts';
import { EventFanout } from '../runtime/event-fanout.ts';
import type { MatchmakerHost } from '../runtime/matchmaker-host.ts';
import { TicketEventBus } from '../runtime/ticket-events.ts';
import { batchRatingReads } from '../store/batched-reads.ts';
import type { FleetState } from '../store/fleet-state.ts';
import type { RatingsStore } from '../store/ratings-store.ts';
import type { ServiceContext } from './context.ts';
import { Fleet, type FleetOptions } from './fleet.ts';
import { type FriendsSource, storeFriends } from './friends.ts';
import { loadQueues } from './queues.ts';

/** What the service is built from. */
export interface ServiceDeps {
  readonly ratings: RatingsStore;
  readonly state: FleetState;
  readonly host: MatchmakerHost;
  readonly policies: TrackPolicies;
  /** Friends lists for `friends` visibility; default: the ratings store's own lists. */
  readonly friends?: FriendsSource;
  readonly log: FastifyBaseLogger;
  /** Queue configs to create when no stored config has their id (the examples). */
  readonly seedQueues?: readonly QueueConfig[];
  /** The engagement estimator, for checking engagement queues' configs on this node. */
  readonly expectedChurn?: Parameters<typeof createMatchmaker>[0]['expectedChurn'];
  /** Each queue's own churn estimator (its fitted model or table), as the matchmaker host uses it. */
  readonly expectedChurnFor?: ChurnEstimatorFor;
  /** The catalog of fitted models (the one `expectedChurnFor` reads); filled from the store. */
  readonly models?: ModelCatalog;
  readonly fleet: FleetOptions;
  readonly queueCapacity: number;
  /** Epoch ms; default Date.now. */
  readonly clock?: () => number;
}

/** A built service. */
export interface MatchdService {
  readonly context: ServiceContext;
  readonly metrics: ServiceMetrics;
  readonly fleet: Fleet;
  /** Stops the queue runners (each finishes its tick and gives its lease up). */
  stop(): Promise<void>;
}

/** Builds the service: migrates the store, loads queues, starts the queue runners. */
export async function createService(deps: ServiceDeps): Promise<MatchdService> {
  const clock = deps.clock ?? Date.now;
  let lastMs = Number.NEGATIVE_INFINITY;
  const queueCounts = async (): Promise<Map<string, number>> => {
    const counts = new Map<string, number>();
    for (const queueId of context.queues.keys()) {
      const live = await deps.state.queueCounts(queueId);
      counts.set(queueId, live.searching + live.proposed);
    }
    return counts;
  };
  const metrics = createMetrics(queueCounts);
  let fleet: Fleet | undefined;
  const context: ServiceContext = {
    ratings: batchRatingReads(instrumentRatingsStore(deps.ratings, metrics)),
    state: deps.state,
    host: deps.host,
    events: new EventFanout(deps.state, new TicketEventBus()),
    metrics,
    policies: deps.policies,
    friends: deps.friends ?? storeFriends(deps.ratings),
    log: deps.log,
    queues: new Map(),
    queueCapacity: deps.queueCapacity,
    models: deps.models ?? new ModelCatalog(),
    validateQueue(config) {
      // The engine validates by building the matchmaker, as the queue's runner will (its own
      // validation first, so a malformed engagement table is named before an estimator is built).
      validateQueueConfig(config);
      const system = deps.policies.ofQueue(config);
      // One track, one policy: a queue may not rate a track another queue rates differently.
      for (const other of context.queues.values()) {
        if (other.id === config.id) continue;
        const shared = queueTracks(other).find((track) => queueTracks(config).includes(track));
        if (shared !== undefined && deps.policies.ofQueue(other) !== system) {
          throw new MatchdError(
            ErrorCodes.INVALID_QUEUE_CONFIG,
            `rating.policy: track ${shared} is rated by queue ${other.id} with another policy`,
            { path: 'rating.policy', queueId: other.id },
          );
        }
      }
      const expectedChurn = deps.expectedChurnFor?.(config) ?? deps.expectedChurn;
      createMatchmaker({
        config,
        ratingModel: system.model,
        seed: 1,
        ...(expectedChurn === undefined ? {} : { expectedChurn }),
      });
      const party = config.rating.partyAdjustment;
      if (party !== undefined) context.models.require(party, 'party-bonus', 'rating.partyAdjustment');
    },
    systemOfQueue: (config) => deps.policies.ofQueue(config),
    systemOfTrack: (track) => deps.policies.ofTrack(track, context.queues.values()),
    ownsQueue: (queueId) => fleet?.owns(queueId) ?? false,
    queueChanged: (queueId) => fleet?.queueChanged(queueId),
    now() {
      // The engine refuses time that goes backwards; a wall clock may (NTP steps), so hold it.
      lastMs = Math.max(lastMs, clock());
      return lastMs;
    },
  };
  await context.ratings.migrate();
  // Models before queues: a stored queue naming a model is checked against it.
  await syncModels(context);
  fleet = new Fleet(context, deps.fleet);
  await loadQueues(context, deps.seedQueues ?? []);
  fleet.start();
  const started = fleet;
  return {
    context,
    metrics,
    fleet: started,
    async stop() {
      await started.stop();
      context.events.close();
    },
  };
}
