/**
 * This node's part in the fleet: a runner per queue (each takes its queue's lease when it is free,
 * see queue-runner.ts), the queue configs and fitted models kept in step with SQL (a config stored by any node reaches
 * this one within `configPollMs`), and the spreading of queues: each node beats a heartbeat, takes
 * free queues only while it runs fewer than its share (queues / live nodes, rounded up), and hands
 * one over per heartbeat while it runs more.
 */
import type { QueueConfig } from '@matchd/engine';
import { syncModels } from '../models/model-sync.ts';
import type { ServiceContext } from './context.ts';
import { type LeasePolicy, QueueRunner, type RunnerOptions } from './queue-runner.ts';

/** Settings of the fleet part of a node. */
export interface FleetOptions extends RunnerOptions {
  /** How often SQL is read for queue configs changed on another node. */
  readonly configPollMs: number;
}

/** Whether this node is ready to serve, and why not. */
export interface Readiness {
  readonly ready: boolean;
  /** Queues this node runs whose last tick is older than the allowed delay. */
  readonly staleQueues: readonly string[];
  readonly ownedQueues: readonly string[];
}

/** This node's runners. */
export class Fleet implements LeasePolicy {
  readonly #context: ServiceContext;
  readonly #options: FleetOptions;
  readonly #runners = new Map<string, QueueRunner>();
  #configTimer: NodeJS.Timeout | undefined;
  #heartbeatTimer: NodeJS.Timeout | undefined;
  /** Live nodes at the last heartbeat (1 until the first answers). */
  #liveNodes = 1;
  #polling: Promise<void> = Promise.resolve();
  #stopped = false;

  constructor(context: ServiceContext, options: FleetOptions) {
    this.#context = context;
    this.#options = options;
  }

  /** Starts a runner for every known queue, the config poll and the heartbeat. */
  start(): void {
    for (const queueId of this.#context.queues.keys()) this.#runnerOf(queueId);
    const beat = (): void => {
      if (this.#stopped) return;
      this.#heartbeatTimer = setTimeout(
        () => {
          this.#heartbeat()
            .catch(() => {
              // The store is out of reach: the runners see it too; spreading waits.
            })
            .finally(beat);
        },
        Math.max(50, this.#options.leaseMs / 3),
      );
      this.#heartbeatTimer.unref();
    };
    void this.#heartbeat().catch(() => {});
    beat();
    const poll = (): void => {
      if (this.#stopped) return;
      this.#configTimer = setTimeout(() => {
        this.#polling = this.syncConfigs()
          .catch((error: unknown) => this.#context.log.warn({ err: error }, 'reading queue configs failed'))
          .finally(poll);
      }, this.#options.configPollMs);
      this.#configTimer.unref();
    };
    poll();
  }

  /** This node's share of the queues: all of them divided by the live nodes, rounded up. */
  #share(): number {
    return Math.ceil(this.#runners.size / Math.max(1, this.#liveNodes));
  }

  #ownedCount(): number {
    let owned = 0;
    for (const runner of this.#runners.values()) if (runner.owned) owned += 1;
    return owned;
  }

  /** Takes a free queue while it runs fewer than its share (LeasePolicy). */
  mayTake(): boolean {
    return this.#ownedCount() < this.#share();
  }

  /** Counts the live nodes; hands one queue over while it runs more than its share. */
  async #heartbeat(): Promise<void> {
    this.#liveNodes = await this.#context.state.heartbeat(this.#options.nodeId, this.#options.leaseMs);
    if (this.#liveNodes > 1 && this.#ownedCount() > this.#share()) {
      const runner = [...this.#runners.values()].find((candidate) => candidate.owned);
      runner?.handOver();
    }
  }

  /** True while this node runs the queue's matchmaker. */
  owns(queueId: string): boolean {
    return this.#runners.get(queueId)?.owned ?? false;
  }

  /** A queue's config changed on this node (already in the context's map). */
  queueChanged(queueId: string): void {
    if (this.#stopped) return;
    const runner = this.#runners.get(queueId);
    if (runner === undefined) this.#runnerOf(queueId);
    else runner.configChanged();
  }

  /** Reads the stored configs; new or changed ones replace this node's. */
  async syncConfigs(): Promise<void> {
    // Models first: a refit made on another node rebuilds the queues naming it (syncModels).
    await syncModels(this.#context);
    for (const stored of await this.#context.ratings.queueConfigs()) {
      const config = stored.config as unknown as QueueConfig;
      const known = this.#context.queues.get(stored.queueId);
      if (known !== undefined && JSON.stringify(known) === JSON.stringify(config)) continue;
      try {
        this.#context.validateQueue(config);
      } catch (error) {
        this.#context.log.error({ err: error, queueId: stored.queueId }, 'stored queue config refused');
        continue;
      }
      this.#context.queues.set(stored.queueId, config);
      this.queueChanged(stored.queueId);
    }
  }

  /** Ready when every queue this node runs made progress recently (a step done, or a commit). */
  readiness(): Readiness {
    const nowMs = this.#context.now();
    const allowedMs = Math.max(5 * this.#options.tickIntervalMs, 3000);
    const ownedQueues: string[] = [];
    const staleQueues: string[] = [];
    for (const runner of this.#runners.values()) {
      if (!runner.owned) continue;
      ownedQueues.push(runner.queueId);
      const progress = runner.lastProgressAtMs;
      if (progress === undefined || nowMs - progress > allowedMs) staleQueues.push(runner.queueId);
    }
    return { ready: staleQueues.length === 0, staleQueues, ownedQueues };
  }

  /** Stops every runner (each finishes its step and gives its lease up). */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#configTimer !== undefined) clearTimeout(this.#configTimer);
    if (this.#heartbeatTimer !== undefined) clearTimeout(this.#heartbeatTimer);
    await this.#polling;
    await Promise.all([...this.#runners.values()].map((runner) => runner.stop()));
    // Leave the count of live nodes at once, so the others take their larger share without waiting.
    await this.#context.state.heartbeat(this.#options.nodeId, 0).catch(() => {});
  }

  #runnerOf(queueId: string): QueueRunner {
    let runner = this.#runners.get(queueId);
    if (runner === undefined) {
      runner = new QueueRunner(this.#context, queueId, this.#options, this);
      this.#runners.set(queueId, runner);
      runner.start();
    }
    return runner;
  }
}
