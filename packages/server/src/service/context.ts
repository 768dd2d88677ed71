/**
 * What every part of the service shares: the stores (ratings in SQL, the fleet state), this node's
 * matchmaker host, the event fan-out, the metrics, the tracks' rating policies, the friends lists, the queues' configs (kept in
 * step with SQL), the limits, and a clock that never goes backwards (the engine refuses time that
 * does).
 */
import type { QueueConfig } from '@matchd/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { ModelCatalog } from '../models/model-catalog.ts';
import type { ServiceMetrics } from '../observability/metrics.ts';
import type { RatingSystem } from '../rating/rating-system.ts';
import type { TrackPolicies } from '../rating/track-policies.ts';
import type { EventFanout } from '../runtime/event-fanout.ts';
import type { MatchmakerHost } from '../runtime/matchmaker-host.ts';
import type { FleetState } from '../store/fleet-state.ts';
import type { RatingsStore } from '../store/ratings-store.ts';
import type { FriendsSource } from './friends.ts';

/** The shared parts. */
export interface ServiceContext {
  readonly ratings: RatingsStore;
  readonly state: FleetState;
  readonly host: MatchmakerHost;
  readonly events: EventFanout;
  readonly metrics: ServiceMetrics;
  /** The rating policies of the tracks (policy per track, declared with the queues). */
  readonly policies: TrackPolicies;
  /** Whose ratings a player may see on `friends` tracks (the store's lists, or a studio's own). */
  readonly friends: FriendsSource;
  readonly log: FastifyBaseLogger;
  /** Every queue's config, as SQL holds it (refreshed by the fleet). */
  readonly queues: Map<string, QueueConfig>;
  /** The fitted models queues name (party bonus, churn models), the shared store's newest versions. */
  readonly models: ModelCatalog;
  /** Live tickets a queue holds at most; more are refused with MM_ERR_QUEUE_FULL. */
  readonly queueCapacity: number;
  /** Checks a queue config as its matchmaker would (the engine's validation, the churn estimator). */
  validateQueue(config: QueueConfig): void;
  /** The queues whose matchmaker runs on this node (for ETAs and explanations). */
  ownsQueue(queueId: string): boolean;
  /** A queue's config changed here (already in `queues`): its runner takes it. */
  queueChanged(queueId: string): void;
  /** The rating system of a queue's track (its declared policy). */
  systemOfQueue(config: QueueConfig): RatingSystem;
  /** The rating system of a stored track, e.g. `ranked/solo`. */
  systemOfTrack(track: string): RatingSystem;
  /** Epoch ms, never decreasing. */
  now(): number;
}
