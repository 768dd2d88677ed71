/**
 * Where the queues' matchmakers run. The API talks to them only through this port, asynchronously,
 * so the same service runs them in its own thread (tests, small deployments) or in a worker
 * thread (the default), where a round of hundreds of players is optimised without stalling HTTP.
 * `createLocalHost` is the implementation; the worker thread runs one of these behind messages.
 */
import {
  type BackfillRequest,
  ErrorCodes,
  MatchdError,
  type Matchmaker,
  type MatchmakerEffect,
  type MatchmakerOptions,
  type MatchmakerSnapshot,
  type QueueConfig,
  type TicketInput,
  type TicketStatus,
  type WaitingBackfill,
  type WaitingTicket,
} from '@matchd/engine';
import type { ModelCatalog } from '../models/model-catalog.ts';
import type { ModelFile } from '../models/model-files.ts';

/** Builds a matchmaker (the engine's `createMatchmaker`), injected so hosts stay engine-agnostic. */
export type MatchmakerFactory = (options: MatchmakerOptions<unknown>) => Matchmaker<unknown>;

/** What one queue's tick did. */
export interface QueueTick {
  readonly queueId: string;
  readonly effects: readonly MatchmakerEffect[];
  /** Time the matchmaker spent in this tick, ms (measured by the host's clock). */
  readonly durationMs: number;
}

/** The matchmakers of every queue, behind async calls. */
export interface MatchmakerHost {
  /**
   * Creates a queue, or replaces its config keeping its waiting tickets. Throws
   * MM_ERR_INVALID_QUEUE_CONFIG (from the engine) and changes nothing if the config is invalid or
   * the waiting tickets do not fit it.
   */
  putQueue(config: QueueConfig, snapshot?: MatchmakerSnapshot<unknown>): Promise<void>;
  /**
   * Takes a version of a fitted model (from the shared store) for matchmakers built from now on;
   * an older version than the one held is ignored. Put it before the queues naming it are put again.
   */
  putModel(name: string, version: number, model: ModelFile): Promise<void>;
  enqueue(queueId: string, ticket: TicketInput<unknown>, nowMs: number): Promise<readonly MatchmakerEffect[]>;
  /** Adds a backfill request (the engine's `requestBackfill`). */
  requestBackfill(
    queueId: string,
    request: BackfillRequest<unknown>,
    nowMs: number,
  ): Promise<readonly MatchmakerEffect[]>;
  cancel(queueId: string, ticketId: string, nowMs: number): Promise<readonly MatchmakerEffect[]>;
  accept(
    queueId: string,
    ticketId: string,
    playerId: string,
    nowMs: number,
  ): Promise<readonly MatchmakerEffect[]>;
  decline(
    queueId: string,
    ticketId: string,
    playerId: string,
    nowMs: number,
  ): Promise<readonly MatchmakerEffect[]>;
  /**
   * Builds a queue's matchmaker afresh around these waiting tickets (each keeps its wait from
   * `enqueuedAtMs`) and backfill requests; the random state and recent waits of the previous one,
   * if any, carry over.
   */
  restoreQueue(
    config: QueueConfig,
    tickets: readonly WaitingTicket<unknown>[],
    backfills?: readonly WaitingBackfill<unknown>[],
  ): Promise<void>;
  /** Forgets a queue's matchmaker (another node runs it now). */
  dropQueue(queueId: string): Promise<void>;
  /** Ticks one queue at `nowMs`. */
  tickQueue(queueId: string, nowMs: number): Promise<QueueTick>;
  status(queueId: string, ticketId: string, nowMs: number): Promise<TicketStatus>;
  /** Tickets and players waiting, per queue. */
  sizes(): Promise<Record<string, { tickets: number; players: number }>>;
  snapshot(queueId: string): Promise<MatchmakerSnapshot<unknown>>;
  close(): Promise<void>;
}

/** Inputs of `createLocalHost`. */
export interface LocalHostOptions {
  readonly factory: MatchmakerFactory;
  /** The rating model of a queue's track (its rating policy's model). */
  readonly ratingModelFor: (config: QueueConfig) => MatchmakerOptions<unknown>['ratingModel'];
  /** Seed of each queue's Random (mixed with the queue id so queues differ). */
  readonly seed: number;
  /** A ms clock for the rounds search budget and tick durations. */
  readonly clock: () => number;
  /** The engagement estimator for queues with an engagement criterion or objective. */
  readonly expectedChurn?: MatchmakerOptions<unknown>['expectedChurn'];
  /**
   * Each queue's own estimator (its fitted churn model or table), asked every time a queue's
   * matchmaker is built, so a refitted model takes effect when the queue is put again.
   */
  readonly expectedChurnFor?: (config: QueueConfig) => MatchmakerOptions<unknown>['expectedChurn'];
  /** The models `putModel` fills (the ones `expectedChurnFor` reads). */
  readonly models?: ModelCatalog;
}

function seedFor(seed: number, queueId: string): number {
  let hash = seed | 0;
  for (let index = 0; index < queueId.length; index += 1)
    hash = Math.imul(hash ^ queueId.charCodeAt(index), 0x01000193);
  return hash >>> 0;
}

/** A host that runs the matchmakers in the calling thread. */
export function createLocalHost(options: LocalHostOptions): MatchmakerHost {
  const matchmakers = new Map<string, Matchmaker<unknown>>();
  const get = (queueId: string): Matchmaker<unknown> => {
    const matchmaker = matchmakers.get(queueId);
    if (matchmaker === undefined)
      throw new MatchdError(ErrorCodes.QUEUE_NOT_FOUND, `no queue ${queueId}`, { queueId });
    return matchmaker;
  };
  const churnOf = (config: QueueConfig) => {
    const expectedChurn = options.expectedChurnFor?.(config) ?? options.expectedChurn;
    return expectedChurn === undefined ? {} : { expectedChurn };
  };
  return {
    async putQueue(config, snapshot) {
      const previous = matchmakers.get(config.id);
      const carried = snapshot ?? previous?.exportSnapshot();
      const matchmaker = options.factory({
        config,
        ratingModel: options.ratingModelFor(config),
        seed: seedFor(options.seed, config.id),
        clock: options.clock,
        ...churnOf(config),
        ...(carried === undefined ? {} : { snapshot: carried }),
      });
      matchmakers.set(config.id, matchmaker);
    },
    async putModel(name, version, model) {
      options.models?.set(name, version, model);
    },
    async enqueue(queueId, ticket, nowMs) {
      return get(queueId).enqueue(ticket, nowMs);
    },
    async requestBackfill(queueId, request, nowMs) {
      return get(queueId).requestBackfill(request, nowMs);
    },
    async cancel(queueId, ticketId, nowMs) {
      return get(queueId).cancel(ticketId, nowMs);
    },
    async accept(queueId, ticketId, playerId, nowMs) {
      return get(queueId).accept(ticketId, playerId, nowMs);
    },
    async decline(queueId, ticketId, playerId, nowMs) {
      return get(queueId).decline(ticketId, playerId, nowMs);
    },
    async restoreQueue(config, tickets, backfills = []) {
      const build = (snapshot?: MatchmakerSnapshot<unknown>) =>
        options.factory({
          config,
          ratingModel: options.ratingModelFor(config),
          seed: seedFor(options.seed, config.id),
          clock: options.clock,
          ...churnOf(config),
          ...(snapshot === undefined ? {} : { snapshot }),
        });
      const previous = matchmakers.get(config.id)?.exportSnapshot();
      const base = previous ?? build().exportSnapshot();
      matchmakers.set(config.id, build({ ...base, queueId: config.id, tickets, proposals: [], backfills }));
    },
    async dropQueue(queueId) {
      matchmakers.delete(queueId);
    },
    async tickQueue(queueId, nowMs) {
      const matchmaker = get(queueId);
      const started = options.clock();
      const effects = matchmaker.tick(nowMs);
      return { queueId, effects, durationMs: options.clock() - started };
    },
    async status(queueId, ticketId, nowMs) {
      return get(queueId).status(ticketId, nowMs);
    },
    async sizes() {
      const sizes: Record<string, { tickets: number; players: number }> = {};
      for (const [queueId, matchmaker] of matchmakers) sizes[queueId] = { ...matchmaker.size() };
      return sizes;
    },
    async snapshot(queueId) {
      return get(queueId).exportSnapshot();
    },
    async close() {
      matchmakers.clear();
    },
  };
}
