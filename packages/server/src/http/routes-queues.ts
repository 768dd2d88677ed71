/** Queue routes (list, config and live stats) and the admin routes. */
import { ErrorCodes, MatchdError, type QueueConfig } from '@matchd/engine';
import { applySeasonReset, previewSeasonReset, recalibrate } from '../service/admin.ts';
import type { ServiceContext } from '../service/context.ts';
import { listQueues, putQueue, readQueue } from '../service/queues.ts';
import { errorResponses, IdParams } from './schema-common.ts';
import { QueueConfigSchema } from './schema-queue-config.ts';
import { QueueList, QueueView } from './schema-queues.ts';
import {
  Recalibrated,
  RecalibrateRequest,
  SeasonResetApplied,
  SeasonResetPreview,
  SeasonResetRequest,
} from './schema-ratings.ts';
import type { TypedApp } from './typed-app.ts';

const queueParams = IdParams('queueId', 'quick-2v2');

/** Registers the queue and admin routes. */
export function queueRoutes(app: TypedApp, context: ServiceContext): void {
  app.get(
    '/v1/queues',
    {
      config: { role: 'player' },
      schema: {
        operationId: 'listQueues',
        tags: ['queues'],
        summary: 'Every queue: config and live stats',
        response: { 200: QueueList, ...errorResponses() },
      },
    },
    async () => ({ queues: await listQueues(context) }),
  );

  app.get(
    '/v1/queues/:queueId',
    {
      config: { role: 'player' },
      schema: {
        operationId: 'getQueue',
        tags: ['queues'],
        summary: 'A queue: config, tickets waiting, wait p50/p90, quality of recent matches',
        params: queueParams,
        response: { 200: QueueView, ...errorResponses(400, 404) },
      },
    },
    async (request) => readQueue(context, request.params.queueId),
  );

  app.put(
    '/v1/admin/queues/:queueId',
    {
      config: { role: 'admin', invalidBodyCode: ErrorCodes.INVALID_QUEUE_CONFIG },
      schema: {
        operationId: 'putQueue',
        tags: ['admin'],
        summary: 'Create or replace a queue config (validated by the engine, applied without restart)',
        description:
          'The waiting tickets carry over to the new config; the config is stored and wins over the file it came ' +
          'from at the next start. A config the engine refuses changes nothing (400 MM_ERR_INVALID_QUEUE_CONFIG ' +
          'with details.path).',
        params: queueParams,
        body: QueueConfigSchema,
        response: { 200: QueueView, ...errorResponses(400, 403) },
      },
    },
    async (request) => {
      if (request.body.id !== request.params.queueId) {
        throw new MatchdError(ErrorCodes.INVALID_QUEUE_CONFIG, 'the body id must equal the path id', {
          path: 'id',
        });
      }
      // The schema checked the shape; the engine checks the meaning when the host builds the queue.
      return putQueue(context, request.body as unknown as QueueConfig);
    },
  );

  app.post(
    '/v1/admin/season-reset/preview',
    {
      config: { role: 'admin' },
      schema: {
        operationId: 'previewSeasonReset',
        tags: ['admin'],
        summary: 'What a season reset of a track would do (changes nothing)',
        body: SeasonResetRequest,
        response: { 200: SeasonResetPreview, ...errorResponses(400, 403) },
      },
    },
    async (request) =>
      previewSeasonReset(context, {
        track: request.body.track,
        ...(request.body.policy === undefined ? {} : { policy: request.body.policy }),
        limit: request.body.limit ?? 20,
      }),
  );

  app.post(
    '/v1/admin/season-reset/apply',
    {
      config: { role: 'admin' },
      schema: {
        operationId: 'applySeasonReset',
        tags: ['admin'],
        summary: 'Apply a season reset to every rating of a track (one transaction)',
        body: SeasonResetRequest,
        response: { 200: SeasonResetApplied, ...errorResponses(400, 403) },
      },
    },
    async (request) =>
      applySeasonReset(context, {
        track: request.body.track,
        ...(request.body.policy === undefined ? {} : { policy: request.body.policy }),
      }),
  );

  app.post(
    '/v1/admin/players/:playerId/recalibrate',
    {
      config: { role: 'admin' },
      schema: {
        operationId: 'recalibratePlayer',
        tags: ['admin'],
        summary: "Re-open a player's calibration on one track (or all)",
        params: IdParams('playerId', 'ana'),
        body: RecalibrateRequest,
        response: { 200: Recalibrated, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      recalibrate(context, {
        playerId: request.params.playerId,
        ...(request.body?.track === undefined ? {} : { track: request.body.track }),
      }),
  );
}
