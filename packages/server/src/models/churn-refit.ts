/**
 * The scheduled refit of churn models (config `churnRefitIntervalMs`): every interval, each churn
 * model a queue names is fitted again from the service's own reported matches (of the queues that
 * name it) in a fitting thread (fit-in-worker.ts: the API thread keeps serving), stored as the
 * model's next version in the shared store, and the queues naming it are rebuilt on it on every
 * node (this one at once, the others on their config poll). A history too short to fit leaves the
 * model as it was (logged).
 */
import { isMatchdError, queueUsesEngagement } from '@matchd/engine';
import type { ServiceContext } from '../service/context.ts';
import { fitInWorker } from './fit-in-worker.ts';
import { publishModel } from './model-sync.ts';

/** Options of the schedule. */
export interface ChurnRefitOptions {
  readonly intervalMs: number;
  readonly churnWindowMs: number;
  readonly seed: number;
}

/** Refits every named churn model once; returns the names written. */
export async function refitChurnModels(
  context: ServiceContext,
  options: Omit<ChurnRefitOptions, 'intervalMs'> & { signal?: AbortSignal },
): Promise<string[]> {
  const queuesByModel = new Map<string, string[]>();
  for (const config of context.queues.values()) {
    const name = config.engagement?.churnModel;
    if (name === undefined || !queueUsesEngagement(config)) continue;
    queuesByModel.set(name, [...(queuesByModel.get(name) ?? []), config.id]);
  }
  const written: string[] = [];
  for (const [name, queueIds] of queuesByModel) {
    try {
      const { model, matches } = await fitInWorker(
        context.ratings,
        { kind: 'churn', queueIds, churnWindowMs: options.churnWindowMs, seed: options.seed },
        { nowMs: context.now(), ...(options.signal === undefined ? {} : { signal: options.signal }) },
      );
      const { version } = await publishModel(context, name, model);
      written.push(name);
      context.log.info({ model: name, version, queues: queueIds, matches }, 'churn model refitted');
    } catch (error) {
      if (!isMatchdError(error)) throw error;
      context.log.warn(
        { model: name, err: error },
        'churn model not refitted; the queue keeps its current estimates',
      );
    }
  }
  return written;
}

/** Starts the schedule; `stop` ends it (waiting for a refit under way). */
export function startChurnRefit(
  context: ServiceContext,
  options: ChurnRefitOptions,
): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const stopping = new AbortController();
  let busy = false;
  const timer = setInterval(() => {
    // A fit longer than the interval is not queued behind: the next tick after it starts the next.
    if (busy) return;
    busy = true;
    running = running
      .then(() =>
        stopping.signal.aborted ? [] : refitChurnModels(context, { ...options, signal: stopping.signal }),
      )
      .catch((error: unknown) => {
        if (!stopping.signal.aborted) context.log.error({ err: error }, 'churn refit failed');
      })
      .finally(() => {
        busy = false;
      });
  }, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      stopping.abort();
      await running;
    },
  };
}
