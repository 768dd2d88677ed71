/**
 * Which churn estimator an engagement queue runs on, in order: the churn model the queue names
 * (fitted from the service's history, kept in the shared store), the queue's own churn table,
 * the service's churn table (config `churnTableFile`). A queue that names a model not fitted yet
 * and has no table of its own is refused, naming the model.
 */
import {
  churnModelEstimator,
  churnTableEstimator,
  createChurnTable,
  type ExpectedChurn,
  type QueueConfig,
  queueUsesEngagement,
} from '@matchd/engine';
import type { ModelSource } from './model-catalog.ts';

/** A queue's estimator, or undefined when it has none (the engine then refuses an engagement queue). */
export type ChurnEstimatorFor = (config: QueueConfig) => ExpectedChurn<unknown> | undefined;

/** The resolver over the fitted models and the service's table (see the file comment). */
export function churnEstimatorFor(
  models: ModelSource | undefined,
  serviceTable: Readonly<Record<string, unknown>> | undefined,
): ChurnEstimatorFor {
  const serviceEstimator =
    serviceTable === undefined ? undefined : churnTableEstimator<unknown>(createChurnTable(serviceTable));
  return (config) => {
    const engagement = config.engagement;
    if (engagement?.churnModel !== undefined && queueUsesEngagement(config)) {
      const model = models?.get(engagement.churnModel);
      if (model?.kind === 'churn-model') return churnModelEstimator(model.model);
      if (engagement.churnTable === undefined) {
        // Throws MM_ERR_INVALID_QUEUE_CONFIG naming the model and the folder.
        if (models !== undefined)
          models.require(engagement.churnModel, 'churn-model', 'engagement.churnModel');
        return undefined;
      }
    }
    if (engagement?.churnTable !== undefined)
      return churnTableEstimator(createChurnTable(engagement.churnTable));
    return serviceEstimator;
  };
}
