/** Queue routes (list, config and live stats) and the admin routes. */
import { ErrorCodes, MatchdError, type QueueConfig, type SeasonResetPolicy } from '@matchd/engine';
import type { FastifyInstance } from 'fastify';
import { applySeasonReset, previewSeasonReset, recalibrate } from '../service/admin.ts';
import type { ServiceContext } from '../service/context.ts';
import { listQueues, putQueue, readQueue } from '../service/queues.ts';
import { idParams, queueConfigSchema, recalibrateSchema, seasonResetSchema } from './schemas.ts';

type SeasonResetBody = { track: string; policy: SeasonResetPolicy; limit?: number };

/** Registers the queue and admin routes. */
export function queueRoutes(app: FastifyInstance, context: ServiceContext): void {
  app.get(
    '/v1/queues',
    {
      config: { role: 'player' },
      schema: { tags: ['queues'], summary: 'Every queue: config and live stats' },
    },
    async () => ({ queues: await listQueues(context) }),
  );

  app.get<{ Params: { queueId: string } }>(
    '/v1/queues/:queueId',
    {
      config: { role: 'player' },
      schema: {
        tags: ['queues'],
        summary: 'A queue: config, tickets waiting, wait p50/p90, quality of recent matches',
        params: idParams('queueId'),
      },
    },
    async (request) => readQueue(context, request.params.queueId),
  );

  app.put<{ Params: { queueId: string }; Body: QueueConfig }>(
    '/v1/admin/queues/:queueId',
    {
      config: { role: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Create or replace a queue config (validated by the engine, applied without restart)',
        params: idParams('queueId'),
        body: queueConfigSchema,
      },
    },
    async (request) => {
      if (request.body.id !== request.params.queueId) {
        throw new MatchdError(ErrorCodes.INVALID_QUEUE_CONFIG, 'the body id must equal the path id', {
          path: 'id',
        });
      }
      return putQueue(context, request.body);
    },
  );

  app.post<{ Body: SeasonResetBody }>(
    '/v1/admin/season-reset/preview',
    {
      config: { role: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'What a season reset of a track would do (changes nothing)',
        body: seasonResetSchema,
      },
    },
    async (request) =>
      previewSeasonReset(context, {
        track: request.body.track,
        policy: request.body.policy,
        limit: request.body.limit ?? 20,
      }),
  );

  app.post<{ Body: SeasonResetBody }>(
    '/v1/admin/season-reset/apply',
    {
      config: { role: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Apply a season reset to every rating of a track (one transaction)',
        body: seasonResetSchema,
      },
    },
    async (request) => applySeasonReset(context, { track: request.body.track, policy: request.body.policy }),
  );

  app.post<{ Params: { playerId: string }; Body: { track?: string } | undefined }>(
    '/v1/admin/players/:playerId/recalibrate',
    {
      config: { role: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Re-open a player's calibration on one track (or all)",
        params: idParams('playerId'),
        body: recalibrateSchema,
      },
    },
    async (request) =>
      recalibrate(context, {
        playerId: request.params.playerId,
        ...(request.body?.track === undefined ? {} : { track: request.body.track }),
      }),
  );
}
