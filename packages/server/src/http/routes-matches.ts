/** Match routes: read, and report a result (applied once). */
import type { ServiceContext } from '../service/context.ts';
import { matchFor, outcomeFor } from '../service/players.ts';
import { readMatch, reportResult } from '../service/results.ts';
import { principalOf } from './request-context.ts';
import { errorResponses, IdParams } from './schema-common.ts';
import { MatchRecord, ResultReply, ResultRequest } from './schema-ratings.ts';
import type { TypedApp } from './typed-app.ts';

const matchParams = IdParams('matchId', 'm_0c6f8a39-52b6-4c38-8d4b-3f1f4c0a7a11');

/** Registers the match routes. */
export function matchRoutes(app: TypedApp, context: ServiceContext): void {
  app.get(
    '/v1/matches/:matchId',
    {
      config: { role: 'server' },
      schema: {
        operationId: 'getMatch',
        tags: ['matches'],
        summary: 'A match: its teams (each seat with its rating track), quality and outcome',
        params: matchParams,
        response: { 200: MatchRecord, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      matchFor(context, await readMatch(context, request.params.matchId), principalOf(request)),
  );

  app.post(
    '/v1/matches/:matchId/result',
    {
      config: { role: 'server' },
      schema: {
        operationId: 'reportResult',
        tags: ['matches'],
        summary: 'Report a result (applied once)',
        description:
          'Ranks per team (1 = first, ties allowed), optional scores and participation. Applied once, in one ' +
          'transaction (201); the same report again returns the first outcome (200, applied: false); a different ' +
          'one is refused (409 MM_ERR_RESULT_CONFLICT). `performance` (a number per player the game defines) moves ratings ' +
          "on tracks whose policy asks for it. Changes are shown as the track's policy allows: hidden on tracks that are " +
          "not public, and no raw mean while a player calibrates (docs/ratings-policy.md). A result rates the match's " +
          'roster at its end: per team, the players in its hand-off record (those still in it and those backfilled ' +
          "into it); players who left are rated as the queue's `backfill.leavers` says (default `unrated`; `loss`: " +
          'lost to every other team), and the stored match shows the whole roster (docs/handoff.md).',
        params: matchParams,
        body: ResultRequest,
        response: {
          201: { ...ResultReply, description: 'Applied' },
          200: { ...ResultReply, description: 'The same report again: nothing changed' },
          ...errorResponses(400, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const reported = await reportResult(context, request.params.matchId, request.body);
      return reply.status(reported.applied ? 201 : 200).send({
        applied: reported.applied,
        outcome: await outcomeFor(context, reported.outcome, principalOf(request)),
      });
    },
  );
}
