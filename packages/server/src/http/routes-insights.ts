/** The dashboard's admin reads: live queues, recent matches, rating distributions, experiment plots. */
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { QueueActivity } from '../service/activity.ts';
import type { ServiceContext } from '../service/context.ts';
import { queueInsights, ratingDistributions, recentMatches } from '../service/insights.ts';
import { queryInt } from './request-context.ts';
import { errorResponses } from './schema-common.ts';
import {
  Experiments,
  InsightsQuery,
  QueueInsights,
  RatingDistributions,
  RecentMatches,
  RecentMatchesQuery,
} from './schema-queues.ts';
import type { TypedApp } from './typed-app.ts';

/** The experiments' plots (SVG files under `folder`), served under /experiments/. */
export function experimentPlots(folder: string): { experiment: string; name: string; url: string }[] {
  if (!existsSync(folder)) return [];
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.svg')) found.push(relative(folder, path));
    }
  };
  walk(folder);
  return found.sort().map((file) => {
    const parts = file.split(/[\\/]/);
    return {
      experiment: parts.slice(0, -1).join('/'),
      name: (parts.at(-1) ?? file).replace(/\.svg$/, ''),
      url: `/experiments/${parts.join('/')}`,
    };
  });
}

/** Registers the insight routes. */
export function insightRoutes(
  app: TypedApp,
  context: ServiceContext,
  activity: QueueActivity,
  experimentsDir: string,
): void {
  app.get(
    '/v1/admin/insights/queues',
    {
      config: { role: 'admin' },
      schema: {
        operationId: 'getQueueInsights',
        tags: ['insights'],
        summary:
          'Every queue live: waiting over time, matches per minute, waits, quality histogram, why tickets wait',
        querystring: InsightsQuery,
        response: { 200: QueueInsights, ...errorResponses(400, 403) },
      },
    },
    async (request) => ({
      atMs: context.now(),
      queues: await queueInsights(context, activity, queryInt(request.query.minutes, 30, 1, 60)),
    }),
  );

  app.get(
    '/v1/admin/insights/matches',
    {
      config: { role: 'admin' },
      schema: {
        operationId: 'getRecentMatches',
        tags: ['insights'],
        summary: 'The most recent matches with their quality and its per-criterion explanation',
        querystring: RecentMatchesQuery,
        response: { 200: RecentMatches, ...errorResponses(400, 403) },
      },
    },
    async (request) => ({
      matches: await recentMatches(context, activity, {
        limit: queryInt(request.query.limit, 20, 1, 200),
        ...(request.query.queueId === undefined ? {} : { queueId: request.query.queueId }),
      }),
    }),
  );

  app.get(
    '/v1/admin/insights/ratings',
    {
      config: { role: 'admin' },
      schema: {
        operationId: 'getRatingDistributions',
        tags: ['insights'],
        summary: 'The distribution of ratings per track, on its display scale',
        response: { 200: RatingDistributions, ...errorResponses(403) },
      },
    },
    async () => ({ tracks: await ratingDistributions(context, 20) }),
  );

  app.get(
    '/v1/admin/insights/experiments',
    {
      config: { role: 'admin' },
      schema: {
        operationId: 'listExperimentPlots',
        tags: ['insights'],
        summary: 'The experiments’ plots (docs/experiments), served as SVG',
        response: { 200: Experiments, ...errorResponses(403) },
      },
    },
    async () => ({ plots: experimentPlots(experimentsDir) }),
  );
}
