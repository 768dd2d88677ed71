/** Fitted-model routes: fit a named model on demand from the stored history (admin). */
import type { ServiceContext } from '../service/context.ts';
import { fitModel } from '../service/model-fits.ts';
import { errorResponses } from './schema-common.ts';
import { ModelFitRequest, ModelFitted, ModelParams } from './schema-models.ts';
import type { TypedApp } from './typed-app.ts';

/** Registers the model routes. */
export function modelRoutes(app: TypedApp, context: ServiceContext): void {
  app.post(
    '/v1/admin/models/:name/fit',
    {
      config: { role: 'admin' },
      schema: {
        operationId: 'fitModel',
        tags: ['admin'],
        summary: 'Fit a model from the stored history and publish it to every node',
        description:
          'Fits the party bonus (kind party) or the churn model (kind churn) from the reported matches, in a ' +
          'fitting thread, and stores it as the name’s next version; queues naming it on every node are rebuilt ' +
          'on it. Answers when the model is stored. MM_ERR_INVALID_DATA: the history cannot fit the model ' +
          '(too few matches, one class of label).',
        params: ModelParams,
        body: ModelFitRequest,
        response: { 200: ModelFitted, ...errorResponses(400, 403) },
      },
    },
    async (request) => fitModel(context, request.params.name, request.body),
  );
}
