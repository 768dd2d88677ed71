/**
 * Queue configs: listed with live sizes and stats, created or replaced at run time (validated by
 * the engine by building the matchmaker; the waiting tickets carry over), persisted in the ratings
 * store so they survive restarts, and seeded from a folder of examples on first start.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ErrorCodes, MatchdError, type QueueConfig } from '@matchd/engine';
import { parse as parseYaml } from 'yaml';
import type { Json } from '../store/records.ts';
import type { ServiceContext } from './context.ts';
import { QueueStats } from './queue-stats.ts';
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

/** Every queue with its live numbers, by id. */
export async function listQueues(context: ServiceContext): Promise<QueueView[]> {
  const sizes = await context.host.sizes();
  return [...context.queues.values()]
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .map((config) => ({
      queueId: config.id,
      config,
      ticketsWaiting: sizes[config.id]?.tickets ?? 0,
      playersWaiting: sizes[config.id]?.players ?? 0,
      ...(context.stats.get(config.id)?.summary() ?? { matchesFormed: 0 }),
    }));
}

/** One queue with its live numbers. */
export async function readQueue(context: ServiceContext, queueId: string): Promise<QueueView> {
  queueOf(context, queueId);
  const views = await listQueues(context);
  return views.find((view) => view.queueId === queueId) as QueueView;
}

/**
 * Creates or replaces a queue. The engine validates the config (MM_ERR_INVALID_QUEUE_CONFIG with
 * the field in `details.path`); nothing changes unless it is valid.
 */
export async function putQueue(
  context: ServiceContext,
  config: QueueConfig,
  persist = true,
): Promise<QueueView> {
  await context.host.putQueue(config);
  context.queues.set(config.id, config);
  if (!context.stats.has(config.id)) context.stats.set(config.id, new QueueStats());
  if (persist) {
    await context.ratings.putQueueConfig({
      queueId: config.id,
      config: config as unknown as Json,
      updatedAtMs: context.now(),
    });
  }
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
