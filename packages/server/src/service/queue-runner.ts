/**
 * One queue's matchmaker on one node, for as long as this node holds the queue's lease. Every node
 * runs a runner per queue; at most one of them owns the queue at a time (the lease, with its
 * fencing token on every change). A runner that does not own its queue tries to take the lease;
 * once it has it, it rebuilds the matchmaker from the fleet state (the waiting tickets keep their
 * wait; proposals go back to the search), then at each tick feeds it the queue's log (tickets
 * created, cancelled, declined, accepted on any node), ticks it, and commits its effects.
 *
 * Each queue runs on its own: an error in one queue (the engine, a commit, the worker) is logged
 * with the queue id and counted in `matchd_queue_errors_total`, and the queue's matchmaker is
 * rebuilt from the fleet state, where every change is whole; no other queue waits for it.
 */
import {
  isMatchdError,
  type MatchmakerEffect,
  type QueueConfig,
  type TicketInput,
  validateBackfillRequest,
  validateTicket,
  type WaitingBackfill,
  type WaitingTicket,
} from '@matchd/engine';
import type { TicketRecord } from '../store/fleet-state.ts';
import type { PooledTicket } from '../store/records.ts';
import { backfillOf } from './backfill.ts';
import type { ServiceContext } from './context.ts';
import { applyEffects, type Ownership, storeMatch } from './effects.ts';
import { changeMatch, without } from './handoff.ts';
import { type WebhookOptions, WebhookSender } from './webhooks.ts';

/** Settings shared by every runner of a node. */
export interface RunnerOptions {
  readonly nodeId: string;
  readonly leaseMs: number;
  readonly tickIntervalMs: number;
  /** Webhook delivery of the queues this node runs; without a secret none is sent. */
  readonly webhooks?: WebhookOptions;
}

/** Whether this node should take one more queue now (it runs fewer than its share of them). */
export interface LeasePolicy {
  mayTake(): boolean;
}

/** Engine refusals that only mean the log told the matchmaker something it already knows. */
const staleCodes = new Set([
  'MM_ERR_DUPLICATE_TICKET',
  'MM_ERR_TICKET_NOT_FOUND',
  'MM_ERR_INVALID_TICKET_STATE',
  'MM_ERR_PLAYER_NOT_FOUND',
]);

const logPage = 500;

/** The runner of one queue on this node. */
export class QueueRunner {
  readonly queueId: string;
  readonly #context: ServiceContext;
  readonly #options: RunnerOptions;
  readonly #policy: LeasePolicy;
  #owner: (Ownership & { cursor: string; leaseUntilMs: number }) | undefined;
  #needsRebuild = true;
  #stopped = false;
  #timer: NodeJS.Timeout | undefined;
  #renewTimer: NodeJS.Timeout | undefined;
  #running: Promise<void> = Promise.resolve();
  #consecutiveErrors = 0;
  #nextDrainAtMs = 0;
  /** Set to give the queue to another node at the next step. */
  #handOver = false;
  /** After a hand-over, this node leaves the queue to the others until then. */
  #cooldownUntilMs = 0;
  /** Since when the queue's lease has been seen free while this node held back (orphan guard). */
  #freeSinceMs: number | undefined;
  /** Delivers the queue's webhooks while this node runs it. */
  readonly #webhooks: WebhookSender | undefined;
  /** When the last step of an owned queue completed (epoch ms). */
  lastTickAtMs: number | undefined;

  /** When the queue last made progress: a step completed, or a change committed within a long step. */
  get lastProgressAtMs(): number | undefined {
    const committed = this.#owner?.progressAtMs;
    if (this.lastTickAtMs === undefined) return committed;
    return committed === undefined ? this.lastTickAtMs : Math.max(committed, this.lastTickAtMs);
  }

  constructor(context: ServiceContext, queueId: string, options: RunnerOptions, policy: LeasePolicy) {
    this.#context = context;
    this.queueId = queueId;
    this.#options = options;
    this.#policy = policy;
    this.#webhooks =
      options.webhooks === undefined ? undefined : new WebhookSender(context, queueId, options.webhooks);
  }

  /** Gives the queue up at the next step (its lease released, so another node takes it at once). */
  handOver(): void {
    if (this.#owner !== undefined) this.#handOver = true;
  }

  /** True while this node holds the queue's lease (as far as its last renewal tells). */
  get owned(): boolean {
    return this.#owner !== undefined && this.#context.now() <= this.#owner.leaseUntilMs;
  }

  /** Starts the loop (first step at once). */
  start(): void {
    this.#schedule(0);
  }

  /** The queue's config changed: the matchmaker takes it, keeping its tickets (or is rebuilt). */
  configChanged(): void {
    if (this.#owner === undefined) return;
    const config = this.#context.queues.get(this.queueId);
    if (config === undefined) return;
    this.#running = this.#running.then(async () => {
      try {
        await this.#context.host.putQueue(config);
      } catch (error) {
        this.#failed(error, 'config');
      }
    });
  }

  /** Stops after the step in progress, and gives the lease up so another node takes over at once. */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    if (this.#renewTimer !== undefined) clearInterval(this.#renewTimer);
    await this.#running;
    await this.#webhooks?.stop();
    const owner = this.#owner;
    this.#owner = undefined;
    if (owner !== undefined) {
      await this.#context.state.releaseLease(this.queueId, this.#options.nodeId, owner.fence).catch(() => {});
    }
  }

  #schedule(delayMs: number): void {
    if (this.#stopped) return;
    this.#timer = setTimeout(() => {
      this.#running = this.#step().then(
        () => {
          this.#consecutiveErrors = 0;
          this.#schedule(this.#owner === undefined ? this.#acquireDelayMs() : this.#options.tickIntervalMs);
        },
        (error: unknown) => {
          this.#failed(error, 'tick');
          // Back off while it keeps failing, so a broken queue does not spin; others are not affected.
          const delayMs = Math.min(
            5000,
            this.#options.tickIntervalMs * 2 ** Math.min(this.#consecutiveErrors, 8),
          );
          this.#schedule(delayMs);
        },
      );
    }, delayMs);
    this.#timer.unref();
  }

  /** How often a runner without the lease tries to take it: a few times per lease time. */
  #acquireDelayMs(): number {
    return Math.max(50, Math.min(this.#options.tickIntervalMs * 4, this.#options.leaseMs / 5));
  }

  #failed(error: unknown, stage: string): void {
    this.#consecutiveErrors += 1;
    this.#needsRebuild = true;
    this.#context.metrics.queueErrors.inc({ queue: this.queueId, stage });
    this.#context.log.error({ err: error, queueId: this.queueId, stage }, 'queue step failed; rebuilding it');
  }

  async #step(): Promise<void> {
    if (this.#stopped) return;
    const context = this.#context;
    const config = context.queues.get(this.queueId);
    if (config === undefined) return;
    if (this.#owner !== undefined && context.now() > this.#owner.leaseUntilMs)
      await this.#lose('lease lapsed');
    if (this.#owner !== undefined && this.#handOver) {
      const { fence } = this.#owner;
      await this.#lose('handed over to spread the queues');
      await context.state.releaseLease(this.queueId, this.#options.nodeId, fence);
      this.#cooldownUntilMs = context.now() + 2 * this.#options.leaseMs;
      return;
    }
    if (this.#owner === undefined) {
      if (!(await this.#shouldTry())) return;
      const fence = await context.state.acquireLease(
        this.queueId,
        this.#options.nodeId,
        this.#options.leaseMs,
      );
      if (fence === undefined) return;
      this.#owner = {
        queueId: this.queueId,
        fence,
        known: new Map(),
        matchIds: new Map(),
        progressAtMs: undefined,
        cursor: '0',
        leaseUntilMs: context.now() + this.#options.leaseMs,
      };
      this.#needsRebuild = true;
      this.#startRenewing(fence);
      this.#webhooks?.start();
      context.metrics.leasesTaken.inc({ queue: this.queueId });
      context.log.info({ queueId: this.queueId, fence, node: this.#options.nodeId }, 'took the queue');
    }
    if (this.#needsRebuild) await this.#rebuild(config);
    if (this.#owner === undefined) return;
    await this.#feedLog(config);
    if (this.#owner === undefined || this.#needsRebuild) return;
    const tick = await context.host.tickQueue(this.queueId, context.now());
    context.metrics.tickSeconds.observe({ queue: this.queueId }, tick.durationMs / 1000);
    await this.#apply(config, tick.effects);
    if (context.now() >= this.#nextDrainAtMs) await this.#drainOutbox();
    await this.#failLateAllocations(config);
    this.lastTickAtMs = context.now();
  }

  /**
   * Matches whose allocator gave no address in time fail (docs/handoff.md): the game server hears
   * `allocation-failed`, each ticket's stream ends with it, and its players may queue again.
   */
  async #failLateAllocations(config: QueueConfig): Promise<void> {
    if (config.handoff?.allocation === undefined) return;
    const nowMs = this.#context.now();
    for (const matchId of await this.#context.state.dueAllocations(this.queueId, nowMs)) {
      await changeMatch(this.#context, this.queueId, matchId, (current) =>
        current.phase !== 'allocating'
          ? undefined
          : {
              next: { ...without(current, 'allocateDeadlineMs'), phase: 'allocation-failed' },
              event: (match) => ({
                type: 'allocation-failed',
                matchId,
                atMs: nowMs,
                match,
                reason: 'timeout',
              }),
              ticketEvents: current.teams
                .flatMap((team) => team.ticketIds)
                .map((ticketId) => ({
                  type: 'allocation-failed',
                  ticketId,
                  atMs: nowMs,
                  matchId,
                  reason: 'timeout',
                })),
            },
      );
    }
  }

  /**
   * A node holds back from a free queue while it runs its share of the queues (or just handed this
   * one over), so the queues spread over the nodes; but a queue seen free on two tries in a row is
   * taken all the same: a queue is never left without a matchmaker for long.
   */
  async #shouldTry(): Promise<boolean> {
    const nowMs = this.#context.now();
    if (nowMs >= this.#cooldownUntilMs && this.#policy.mayTake()) {
      this.#freeSinceMs = undefined;
      return true;
    }
    if ((await this.#context.state.leaseHolder(this.queueId)) !== undefined) {
      this.#freeSinceMs = undefined;
      return false;
    }
    this.#freeSinceMs ??= nowMs;
    return nowMs - this.#freeSinceMs >= this.#acquireDelayMs();
  }

  #startRenewing(fence: number): void {
    if (this.#renewTimer !== undefined) clearInterval(this.#renewTimer);
    const { leaseMs, nodeId } = this.#options;
    this.#renewTimer = setInterval(
      () => {
        const owner = this.#owner;
        if (owner === undefined || owner.fence !== fence) return;
        const startedMs = this.#context.now();
        this.#context.state.renewLease(this.queueId, nodeId, fence, leaseMs).then(
          (renewed) => {
            if (this.#owner !== owner) return;
            if (renewed) owner.leaseUntilMs = startedMs + leaseMs;
            else owner.leaseUntilMs = 0;
          },
          () => {
            // Unreachable store: the lease lapses by itself at leaseUntilMs.
          },
        );
      },
      Math.max(20, Math.floor(leaseMs / 3)),
    );
    this.#renewTimer.unref();
  }

  async #lose(why: string): Promise<void> {
    const owner = this.#owner;
    if (owner === undefined) return;
    this.#owner = undefined;
    this.#handOver = false;
    if (this.#renewTimer !== undefined) clearInterval(this.#renewTimer);
    this.#renewTimer = undefined;
    this.lastTickAtMs = undefined;
    await this.#webhooks?.stop();
    this.#context.log.warn({ queueId: this.queueId, fence: owner.fence, why }, 'gave the queue up');
    await this.#context.host.dropQueue(this.queueId).catch(() => {});
  }

  /** Carries effects out; a conflict rebuilds the matchmaker, a lost fence gives the queue up. */
  async #apply(config: QueueConfig, effects: readonly MatchmakerEffect[]): Promise<void> {
    const owner = this.#owner;
    if (owner === undefined || effects.length === 0) return;
    const result = await applyEffects(this.#context, owner, config, effects);
    if (result === 'fenced') await this.#lose('fenced by a newer lease');
    else if (result === 'conflict') {
      this.#needsRebuild = true;
      this.#context.metrics.queueErrors.inc({ queue: this.queueId, stage: 'conflict' });
    }
  }

  /** Builds the matchmaker from the fleet state: waiting tickets keep their wait, proposals return. */
  async #rebuild(config: QueueConfig): Promise<void> {
    const owner = this.#owner;
    if (owner === undefined) return;
    const context = this.#context;
    const { logId, tickets } = await context.state.liveTickets(this.queueId);
    owner.known.clear();
    owner.matchIds.clear();
    for (const record of tickets) owner.known.set(record.ticket.ticketId, record.ticket);
    const nowMs = context.now();
    const proposed = tickets.filter((record) => record.state === 'proposed');
    if (proposed.length > 0) {
      const result = await context.state.commit(this.queueId, owner.fence, {
        mode: 'each',
        from: ['proposed'],
        to: 'searching',
        nowMs,
        tickets: proposed.map((record) => ({
          ticketId: record.ticket.ticketId,
          playerIds: record.ticket.playerIds,
          event: {
            type: 'returned',
            ticketId: record.ticket.ticketId,
            atMs: nowMs,
            matchId: record.matchId ?? '',
            reason: 'failover',
          },
        })),
      });
      if (result === 'fenced') return this.#lose('fenced by a newer lease');
    }
    const waiting: WaitingTicket<unknown>[] = [];
    const backfills: WaitingBackfill<unknown>[] = [];
    const refused: TicketRecord[] = [];
    const players = new Set<string>();
    for (const record of tickets) {
      const request = backfillOf(record.ticket);
      if (request !== undefined) {
        try {
          validateBackfillRequest(request, config, context.systemOfQueue(config).model);
          backfills.push({ ...request, requestedAtMs: Math.min(record.ticket.createdAtMs, nowMs) });
        } catch {
          refused.push(record);
        }
        continue;
      }
      const input = record.ticket.ticket as unknown as TicketInput<unknown>;
      try {
        validateTicket(input, config, context.systemOfQueue(config).model, (playerId) =>
          players.has(playerId),
        );
        for (const playerId of record.ticket.playerIds) players.add(playerId);
        waiting.push({ ...input, enqueuedAtMs: Math.min(record.ticket.createdAtMs, nowMs) });
      } catch (error) {
        context.log.warn(
          { err: error, queueId: this.queueId, ticketId: record.ticket.ticketId },
          'a waiting ticket no longer fits its queue',
        );
        refused.push(record);
      }
    }
    for (const record of refused) await this.#refuse(record.ticket, 'MM_ERR_INVALID_TICKET');
    await context.host.restoreQueue(config, waiting, backfills);
    owner.cursor = logId;
    this.#needsRebuild = false;
    this.#nextDrainAtMs = 0;
    context.metrics.queueRebuilds.inc({ queue: this.queueId });
  }

  /** The matchmaker refused a ticket the API had accepted (its config changed meanwhile). */
  async #refuse(ticket: PooledTicket, code: string): Promise<void> {
    const owner = this.#owner;
    if (owner === undefined) return;
    const nowMs = this.#context.now();
    owner.known.delete(ticket.ticketId);
    const result = await this.#context.state.commit(this.queueId, owner.fence, {
      mode: 'each',
      from: ['searching', 'proposed'],
      to: 'cancelled',
      nowMs,
      tickets: [
        {
          ticketId: ticket.ticketId,
          playerIds: ticket.playerIds,
          event: { type: 'cancelled', ticketId: ticket.ticketId, atMs: nowMs, reason: `refused: ${code}` },
        },
      ],
    });
    if (result === 'fenced') await this.#lose('fenced by a newer lease');
  }

  /** Feeds the matchmaker what the API nodes logged since the cursor, in log order. */
  async #feedLog(config: QueueConfig): Promise<void> {
    const context = this.#context;
    for (;;) {
      const owner = this.#owner;
      if (owner === undefined || this.#needsRebuild) return;
      const entries = await context.state.readLog(this.queueId, owner.cursor, logPage);
      if (entries.length === 0) return;
      const nowMs = context.now();
      // Sent together (one message to the worker), answered in order.
      const calls: { ticket?: PooledTicket; reply: Promise<readonly MatchmakerEffect[]> }[] = [];
      for (const entry of entries) {
        if (entry.source !== 'api') continue;
        const { host } = context;
        if (entry.ticket !== undefined) {
          if (owner.known.has(entry.ticketId)) continue;
          owner.known.set(entry.ticketId, entry.ticket);
          const request = backfillOf(entry.ticket);
          const input = entry.ticket.ticket as unknown as TicketInput<unknown>;
          calls.push({
            ticket: entry.ticket,
            reply:
              request === undefined
                ? host.enqueue(this.queueId, input, nowMs)
                : host.requestBackfill(this.queueId, request, nowMs),
          });
        } else if (entry.event?.type === 'cancelled') {
          calls.push({
            reply:
              entry.playerId === undefined
                ? host.cancel(this.queueId, entry.ticketId, nowMs)
                : host.decline(this.queueId, entry.ticketId, entry.playerId, nowMs),
          });
        } else if (entry.event === undefined && entry.playerId !== undefined) {
          calls.push({ reply: host.accept(this.queueId, entry.ticketId, entry.playerId, nowMs) });
        }
      }
      const settled = await Promise.allSettled(calls.map((call) => call.reply));
      for (const [index, outcome] of settled.entries()) {
        const call = calls[index] as (typeof calls)[number];
        if (outcome.status === 'fulfilled') {
          await this.#apply(config, outcome.value);
          if (this.#owner === undefined || this.#needsRebuild) return;
          continue;
        }
        const error = outcome.reason as unknown;
        if (isMatchdError(error) && staleCodes.has(error.code)) continue;
        if (call.ticket !== undefined && isMatchdError(error) && error.code !== 'MM_ERR_UNAVAILABLE') {
          await this.#refuse(call.ticket, error.code);
          continue;
        }
        throw error;
      }
      owner.cursor = (entries.at(-1) as { eventId: string }).eventId;
      if (entries.length < logPage) return;
    }
  }

  /** Stores in SQL the formed matches a crash left in the outbox. */
  async #drainOutbox(): Promise<void> {
    this.#nextDrainAtMs = this.#context.now() + 1000;
    for (const record of await this.#context.state.unsavedMatches(this.queueId))
      await storeMatch(this.#context, record);
  }
}
