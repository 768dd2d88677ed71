/**
 * Queue configs: listed with live sizes and stats (from the fleet state, the same on every node),
 * created or replaced at run time on any node (validated by the engine by building the matchmaker,
 * and against the tickets waiting in the queue, which carry over), stored in SQL, from where every
 * node takes them within a second, and seeded from a folder of examples on first start.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ErrorCodes,
  isMatchdError,
  MatchdError,
  type QueueConfig,
  type TicketInput,
  validateTicket,
} from '@matchd/engine';
import { parse as parseYaml } from 'yaml';
import type { Json } from '../store/records.ts';
import type { ServiceContext } from './context.ts';
import { summarizeQueue } from './queue-stats.ts';
import { queueOf } from './tickets.ts';

/** A queue with its live numbers. */
export interface QueueView {
  readonly queueId: string;
  readonly config: QueueConfig;
  readonly ticketsWaiting: number;
  readonly playersWaiting: number;
  readonly matchesFormed: number;
  readonly waitP50Ms?: number;
  readonly waitP90Ms?: number;
  readonly recentQualityMean?: number;
}

/** One queue's view from its config and the fleet state's live numbers. */
async function viewOf(context: ServiceContext, config: QueueConfig): Promise<QueueView> {
  const counts = await context.state.queueCounts(config.id);
  return {
    queueId: config.id,
    config,
    ticketsWaiting: counts.searching + counts.proposed,
    playersWaiting: counts.playersWaiting,
    ...summarizeQueue(counts),
  };
}

/** Every queue with its live numbers, by id. */
export async function listQueues(context: ServiceContext): Promise<QueueView[]> {
  const configs = [...context.queues.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
  return Promise.all(configs.map((config) => viewOf(context, config)));
}

/** One queue with its live numbers. */
export async function readQueue(context: ServiceContext, queueId: string): Promise<QueueView> {
  return viewOf(context, queueOf(context, queueId));
}

/**
 * Creates or replaces a queue. The engine validates the config (MM_ERR_INVALID_QUEUE_CONFIG with
 * the field in `details.path`), and every ticket waiting in the queue must fit it; nothing changes
 * unless both hold. The queue's matchmaker, on whichever node, takes it within a second.
 */
export async function putQueue(
  context: ServiceContext,
  config: QueueConfig,
  persist = true,
): Promise<QueueView> {
  context.validateQueue(config);
  const { tickets } = await context.state.liveTickets(config.id);
  const players = new Set<string>();
  for (const record of tickets) {
    try {
      validateTicket(
        record.ticket.ticket as unknown as TicketInput<unknown>,
        config,
        context.systemOfQueue(config).model,
        (id) => players.has(id),
      );
    } catch (error) {
      throw new MatchdError(
        ErrorCodes.INVALID_QUEUE_CONFIG,
        `waiting ticket ${record.ticket.ticketId} does not fit the new config: ${error instanceof Error ? error.message : String(error)}`,
        {
          path: isMatchdError(error) ? String(error.details['path'] ?? 'teams') : 'teams',
          ticketId: record.ticket.ticketId,
        },
      );
    }
    for (const playerId of record.ticket.playerIds) players.add(playerId);
  }
  if (persist) {
    await context.ratings.putQueueConfig({
      queueId: config.id,
      config: config as unknown as Json,
      updatedAtMs: context.now(),
    });
  }
  context.queues.set(config.id, config);
  context.queueChanged(config.id);
  return readQueue(context, config.id);
}

/** Reads every `.yaml`, `.yml` or `.json` queue config in a folder. */
export function readQueueFolder(folder: string): QueueConfig[] {
  return readdirSync(folder)
    .filter((name) => /\.(ya?ml|json)$/.test(name))
    .sort()
    .map((name) => {
      const parsed: unknown = parseYaml(readFileSync(join(folder, name), 'utf8'));
      if (
        parsed === null ||
        typeof parsed !== 'object' ||
        typeof (parsed as { id?: unknown }).id !== 'string'
      ) {
        throw new MatchdError(ErrorCodes.INVALID_QUEUE_CONFIG, `${name}: a queue config needs an id`, {
          path: 'id',
          file: name,
        });
      }
      return parsed as QueueConfig;
    });
}

/**
 * Loads the stored configs, then the seed configs that are not stored yet (a config changed
 * through the admin API wins over the file it came from).
 */
export async function loadQueues(context: ServiceContext, seeds: readonly QueueConfig[]): Promise<void> {
  // A queue the engine refuses (e.g. an engagement queue while the service has no churn
  // estimator) is logged and left out: one bad file must not keep every other queue down.
  const load = async (config: QueueConfig, persist: boolean): Promise<void> => {
    try {
      await putQueue(context, config, persist);
    } catch (error) {
      context.log.error({ err: error, queueId: config.id }, 'queue config refused; the queue is not served');
    }
  };
  for (const stored of await context.ratings.queueConfigs())
    await load(stored.config as unknown as QueueConfig, false);
  for (const seed of seeds) {
    if (!context.queues.has(seed.id)) await load(seed, true);
  }
}
