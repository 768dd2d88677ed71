/**
 * The scheduled refit of churn models (config `churnRefitIntervalMs`): every interval, each churn
 * model a queue names is fitted again from the service's own reported matches (of the queues that
 * name it), written to the models folder, and those queues' matchmakers are rebuilt on it (their
 * waiting tickets carry over). A history too short to fit leaves the model as it was (logged).
 * Fitting runs in this thread: keep the interval long (hours) on a large history.
 */
import { isMatchdError, queueUsesEngagement } from '@matchd/engine';
import type { ServiceContext } from '../service/context.ts';
import { fitChurnModel } from './fit-models.ts';
import { reportedMatches } from './stored-history.ts';

/** Options of the schedule. */
export interface ChurnRefitOptions {
  readonly intervalMs: number;
  readonly churnWindowMs: number;
  readonly seed: number;
}

/** Refits every named churn model once; returns the names written. */
export async function refitChurnModels(
  context: ServiceContext,
  options: Omit<ChurnRefitOptions, 'intervalMs'>,
): Promise<string[]> {
  const models = context.models;
  if (models === undefined) return [];
  const queuesByModel = new Map<string, string[]>();
  for (const config of context.queues.values()) {
    const name = config.engagement?.churnModel;
    if (name === undefined || !queueUsesEngagement(config)) continue;
    queuesByModel.set(name, [...(queuesByModel.get(name) ?? []), config.id]);
  }
  const written: string[] = [];
  for (const [name, queueIds] of queuesByModel) {
    const matches = await reportedMatches(context.ratings, (match) => queueIds.includes(match.queueId));
    const nowMs = context.now();
    try {
      const model = fitChurnModel(matches, {
        churnWindowMs: options.churnWindowMs,
        logEndMs: nowMs,
        seed: options.seed,
      });
      models.put(name, {
        kind: 'churn-model',
        fittedAtMs: nowMs,
        ...(queueIds.length === 1 ? { queueId: queueIds[0] as string } : {}),
        model,
      });
      written.push(name);
      context.log.info(
        { model: name, queues: queueIds, matches: model.trainingMatches },
        'churn model refitted',
      );
      for (const queueId of queueIds) context.queueChanged(queueId);
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
  const timer = setInterval(() => {
    running = running
      .then(() => refitChurnModels(context, options))
      .catch((error: unknown) => context.log.error({ err: error }, 'churn refit failed'));
  }, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
