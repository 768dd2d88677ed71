/** Player routes: profile, match history, leaderboards. */
import { ErrorCodes, MatchdError } from '@matchd/engine';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../service/context.ts';
import { isPrivateTrack, matchFor, readHistory, readLeaderboard, readProfile } from '../service/players.ts';
import { principalOf, queryInt } from './request-context.ts';
import { idParams, idSchema, queryIntSchema, trackSchema } from './schemas.ts';

/** Registers the player and leaderboard routes. */
export function playerRoutes(app: FastifyInstance, context: ServiceContext): void {
  app.get<{ Params: { playerId: string } }>(
    '/v1/players/:playerId',
    {
      config: { role: 'player' },
      schema: {
        tags: ['players'],
        summary:
          'Ratings per track (display value, calibration), games, experience. Ranked ratings: the player and admins only.',
        params: idParams('playerId'),
      },
    },
    async (request) => readProfile(context, request.params.playerId, principalOf(request)),
  );

  app.get<{ Params: { playerId: string }; Querystring: { limit?: string; beforeMs?: string } }>(
    '/v1/players/:playerId/matches',
    {
      config: { role: 'player' },
      schema: {
        tags: ['players'],
        summary: "The player's matches, newest first",
        params: idParams('playerId'),
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { limit: queryIntSchema, beforeMs: queryIntSchema },
        },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      if (principal.kind === 'player' && principal.playerId !== request.params.playerId) {
        throw new MatchdError(ErrorCodes.FORBIDDEN, 'a player token may only read its own history');
      }
      const beforeMs = request.query.beforeMs;
      const matches = await readHistory(context, request.params.playerId, {
        limit: queryInt(request.query.limit, 20, 1, 100),
        ...(beforeMs === undefined ? {} : { beforeMs: Number(beforeMs) }),
      });
      return matches.map((match) => matchFor(match, principal));
    },
  );

  app.get<{ Params: { '*': string }; Querystring: { limit?: string; offset?: string; around?: string } }>(
    '/v1/leaderboards/*',
    {
      config: { role: 'player' },
      schema: {
        tags: ['players'],
        summary:
          'A track leaderboard by display rating: the top N, or the page around a player (?around=playerId)',
        params: { type: 'object', properties: { '*': trackSchema } },
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { limit: queryIntSchema, offset: queryIntSchema, around: idSchema },
        },
      },
    },
    async (request) => {
      const track = request.params['*'];
      const principal = principalOf(request);
      // A private track's ratings are the players' own business: its leaderboard is for admins.
      if (isPrivateTrack(track) && !(principal.kind === 'key' && principal.role === 'admin')) {
        throw new MatchdError(ErrorCodes.FORBIDDEN, `the ${track} leaderboard is private`, { path: 'track' });
      }
      const around = request.query.around;
      return readLeaderboard(context, track, {
        limit: queryInt(request.query.limit, 20, 1, 200),
        offset: queryInt(request.query.offset, 0, 0, 10_000_000),
        ...(around === undefined ? {} : { aroundPlayerId: around }),
      });
    },
  );
}
