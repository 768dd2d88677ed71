/** Player routes: profile, match history, leaderboards. */
import { ErrorCodes, MatchdError } from '@matchd/engine';
import { type Static, Type } from 'typebox';
import type { Principal } from '../auth/principals.ts';
import type { ServiceContext } from '../service/context.ts';
import { isPrivateTrack, matchFor, readHistory, readLeaderboard, readProfile } from '../service/players.ts';
import { principalOf, queryInt } from './request-context.ts';
import { errorResponses, IdParams, List, Track } from './schema-common.ts';
import { HistoryQuery, Leaderboard, LeaderboardQuery, MatchRecord, Profile } from './schema-ratings.ts';
import type { TypedApp } from './typed-app.ts';

const playerParams = IdParams('playerId', 'ana');

/** Registers the player and leaderboard routes. */
export function playerRoutes(app: TypedApp, context: ServiceContext): void {
  app.get(
    '/v1/players/:playerId',
    {
      config: { role: 'player' },
      schema: {
        operationId: 'getPlayer',
        tags: ['players'],
        summary: 'Ratings per track (display value, calibration), games, experience',
        description:
          'Ranked (private) ratings are shown to the player and admins only. A track stays `calibrating` (no display ' +
          'value, not on leaderboards) until the player has played the calibration games (MATCHD_CALIBRATION_GAMES).',
        params: playerParams,
        response: { 200: Profile, ...errorResponses(400, 403) },
      },
    },
    async (request) => readProfile(context, request.params.playerId, principalOf(request)),
  );

  app.get(
    '/v1/players/:playerId/matches',
    {
      config: { role: 'player' },
      schema: {
        operationId: 'getPlayerMatches',
        tags: ['players'],
        summary: "The player's matches, newest first",
        params: playerParams,
        querystring: HistoryQuery,
        response: { 200: List(MatchRecord), ...errorResponses(400, 403) },
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

  const leaderboard = (track: string, query: Static<typeof LeaderboardQuery>, principal: Principal) => {
    // A private track's ratings are the players' own business: its leaderboard is for admins.
    if (isPrivateTrack(track) && !(principal.kind === 'key' && principal.role === 'admin')) {
      throw new MatchdError(ErrorCodes.FORBIDDEN, `the ${track} leaderboard is private`, { path: 'track' });
    }
    return readLeaderboard(context, track, {
      limit: queryInt(query.limit, 20, 1, 200),
      offset: queryInt(query.offset, 0, 0, 10_000_000),
      ...(query.around === undefined ? {} : { aroundPlayerId: query.around }),
    });
  };
  const leaderboardSchema = {
    tags: ['players'],
    querystring: LeaderboardQuery,
    response: { 200: Leaderboard, ...errorResponses(400, 403) },
  };
  const leaderboardNote =
    'Players still calibrating are not listed: their rating is hidden until they have played the calibration games. ' +
    'Private (ranked) tracks are for admins.';

  app.get(
    '/v1/leaderboards/:track',
    {
      config: { role: 'player' },
      schema: {
        ...leaderboardSchema,
        operationId: 'getLeaderboard',
        summary: 'A track leaderboard by display rating: the top N, or the page around a player',
        description: `The track as one path segment: \`quick%2Fsolo\` for quick/solo. ${leaderboardNote}`,
        params: Type.Object(
          { track: { ...Track, examples: ['quick/solo'] } },
          { additionalProperties: false },
        ),
      },
    },
    async (request) => leaderboard(request.params.track, request.query, principalOf(request)),
  );

  app.get(
    '/v1/leaderboards/:group/:kind',
    {
      config: { role: 'player' },
      schema: {
        ...leaderboardSchema,
        operationId: 'getTrackLeaderboard',
        summary: 'The leaderboard of track `{group}/{kind}`, e.g. /v1/leaderboards/quick/solo',
        description: `The same leaderboard as getLeaderboard, with the track written as a path. ${leaderboardNote}`,
        params: Type.Object(
          {
            group: { ...Track, pattern: '^[A-Za-z0-9_.:@-]+$', examples: ['quick'] },
            kind: { ...Track, pattern: '^[A-Za-z0-9_.:@-]+$', examples: ['solo'] },
          },
          { additionalProperties: false },
        ),
      },
    },
    async (request) =>
      leaderboard(`${request.params.group}/${request.params.kind}`, request.query, principalOf(request)),
  );
}
