/** Match routes: read, and report a result (applied once). */
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../service/context.ts';
import { matchFor, outcomeFor } from '../service/players.ts';
import { readMatch, reportResult } from '../service/results.ts';
import type { ReportedResult } from '../store/records.ts';
import { principalOf } from './request-context.ts';
import { idParams, resultSchema } from './schemas.ts';

type MatchParams = { matchId: string };

/** Registers the match routes. */
export function matchRoutes(app: FastifyInstance, context: ServiceContext): void {
  app.get<{ Params: MatchParams }>(
    '/v1/matches/:matchId',
    {
      config: { role: 'server' },
      schema: { tags: ['matches'], summary: 'A match, its teams and outcome', params: idParams('matchId') },
    },
    async (request) => matchFor(await readMatch(context, request.params.matchId), principalOf(request)),
  );

  app.post<{ Params: MatchParams; Body: ReportedResult }>(
    '/v1/matches/:matchId/result',
    {
      config: { role: 'server' },
      schema: {
        tags: ['matches'],
        summary:
          'Report a result: ranks per team (1 = first, ties allowed), optional scores and participation. ' +
          'Applied once; the same report again returns the first outcome; a different one is refused (409).',
        params: idParams('matchId'),
        body: resultSchema,
      },
    },
    async (request, reply) => {
      const reported = await reportResult(context, request.params.matchId, request.body);
      return reply
        .status(reported.applied ? 201 : 200)
        .send({ applied: reported.applied, outcome: outcomeFor(reported.outcome, principalOf(request)) });
    },
  );
}
