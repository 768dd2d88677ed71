/**
 * Fits a model on demand (the admin route): the history the request names is fitted in a fitting
 * thread, the result stored as the model's next version in the shared store and taken by every node
 * (this one at once). The answer comes when the model is stored; a fit takes seconds even on large
 * histories, and the API thread keeps serving meanwhile.
 */
import type { ModelFitRequest } from '../http/schema-models.ts';
import { type FitJob, fitInWorker } from '../models/fit-in-worker.ts';
import { publishModel } from '../models/model-sync.ts';
import type { ServiceContext } from './context.ts';

/** EOMM's churn window: eight hours. */
const DEFAULT_CHURN_WINDOW_MS = 8 * 3600 * 1000;

/** Fits and publishes; throws MM_ERR_INVALID_DATA when the history cannot fit the model. */
export async function fitModel(context: ServiceContext, name: string, request: ModelFitRequest) {
  const job: FitJob =
    request.kind === 'party'
      ? { kind: 'party', ...(request.track === undefined ? {} : { track: request.track }) }
      : {
          kind: 'churn',
          ...(request.queues === undefined ? {} : { queueIds: [...request.queues] }),
          churnWindowMs: request.churnWindowMs ?? DEFAULT_CHURN_WINDOW_MS,
          seed: request.seed ?? 1,
        };
  const { model, matches } = await fitInWorker(context.ratings, job, {
    nowMs: context.now(),
    window: {
      ...(request.fromMs === undefined ? {} : { fromMs: request.fromMs }),
      ...(request.toMs === undefined ? {} : { toMs: request.toMs }),
    },
  });
  const { version, fittedAtMs } = await publishModel(context, name, model);
  context.log.info({ model: name, version, matches }, 'model fitted on demand');
  return {
    name,
    version,
    fittedAtMs,
    kind: model.kind,
    matches,
    model: model as unknown as Record<string, unknown>,
  };
}
