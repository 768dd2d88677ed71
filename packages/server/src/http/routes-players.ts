/** Player routes: profile, match history, leaderboards. */
import { ErrorCodes, MatchdError } from '@matchd/engine';
import { type Static, Type } from 'typebox';
import type { Principal } from '../auth/principals.ts';
import type { ServiceContext } from '../service/context.ts';
import { matchFor, readHistory, readLeaderboard, readProfile } from '../service/players.ts';
import { principalOf, queryInt } from './request-context.ts';
import { errorResponses, Id, IdParams, List, Track } from './schema-common.ts';
import {
  FriendsList,
  HistoryQuery,
  Leaderboard,
  LeaderboardQuery,
  MatchRecord,
  Profile,
} from './schema-ratings.ts';
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
          "Each track's policy says who sees its rating (`visibility`: public, self, friends, hidden; admins always). A " +
          'track stays `calibrating` (no raw mean, no display value or a `provisional` one, not on leaderboards) until ' +
          "the player has played the policy's calibration games.",
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
        ...(beforeMs === undefined ? {} : { beforeMs }),
      });
      return Promise.all(matches.map((match) => matchFor(context, match, principal)));
    },
  );

  /** A player's list is theirs to read and change, and any key's (a game server syncing its social graph). */
  const ownList = (principal: Principal, playerId: string) => {
    if (principal.kind === 'player' && principal.playerId !== playerId) {
      throw new MatchdError(
        ErrorCodes.FORBIDDEN,
        'a player token may only read or change its own friends list',
        {
          path: 'playerId',
        },
      );
    }
  };
  const lists = () => {
    const editable = context.friends.lists;
    if (editable === undefined) {
      throw new MatchdError(
        ErrorCodes.FORBIDDEN,
        "friends lists come from the studio's own service here; change them there",
        { path: 'friends' },
      );
    }
    return editable;
  };
  const friendParams = Type.Object(
    { playerId: { ...Id, examples: ['ana'] }, friendId: { ...Id, examples: ['ben'] } },
    { additionalProperties: false },
  );
  const friendsDescription =
    "The players who may see this player's ratings on tracks whose policy is `friends` (one-way: ana listing ben lets " +
    "ben see ana's). A player token reads and changes its own list; server and admin keys any list. A deployment " +
    'that passes its own FriendsSource to buildServer answers reads from it and refuses changes (403).';

  app.get(
    '/v1/players/:playerId/friends',
    {
      config: { role: 'player' },
      schema: {
        operationId: 'getFriends',
        tags: ['players'],
        summary: "The player's friends list",
        description: friendsDescription,
        params: playerParams,
        response: { 200: FriendsList, ...errorResponses(400, 403) },
      },
    },
    async (request) => {
      ownList(principalOf(request), request.params.playerId);
      return { friends: [...(await context.friends.friendsOf(request.params.playerId))] };
    },
  );

  app.put(
    '/v1/players/:playerId/friends',
    {
      config: { role: 'player' },
      schema: {
        operationId: 'putFriends',
        tags: ['players'],
        summary: "Replace the player's friends list",
        description: friendsDescription,
        params: playerParams,
        body: FriendsList,
        response: { 200: FriendsList, ...errorResponses(400, 403) },
      },
    },
    async (request) => {
      const { playerId } = request.params;
      ownList(principalOf(request), playerId);
      await lists().replace(playerId, request.body.friends);
      return { friends: [...(await context.friends.friendsOf(playerId))] };
    },
  );

  app.put(
    '/v1/players/:playerId/friends/:friendId',
    {
      config: { role: 'player' },
      schema: {
        operationId: 'addFriend',
        tags: ['players'],
        summary: 'Add one player to the friends list (no change if listed)',
        description: friendsDescription,
        params: friendParams,
        response: { 200: FriendsList, ...errorResponses(400, 403) },
      },
    },
    async (request) => {
      const { playerId, friendId } = request.params;
      ownList(principalOf(request), playerId);
      await lists().add(playerId, friendId);
      return { friends: [...(await context.friends.friendsOf(playerId))] };
    },
  );

  app.delete(
    '/v1/players/:playerId/friends/:friendId',
    {
      config: { role: 'player' },
      schema: {
        operationId: 'removeFriend',
        tags: ['players'],
        summary: 'Remove one player from the friends list (no change if absent)',
        description: friendsDescription,
        params: friendParams,
        response: { 200: FriendsList, ...errorResponses(400, 403) },
      },
    },
    async (request) => {
      const { playerId, friendId } = request.params;
      ownList(principalOf(request), playerId);
      await lists().remove(playerId, friendId);
      return { friends: [...(await context.friends.friendsOf(playerId))] };
    },
  );

  const leaderboard = (track: string, query: Static<typeof LeaderboardQuery>, principal: Principal) =>
    readLeaderboard(
      context,
      track,
      {
        limit: queryInt(query.limit, 20, 1, 200),
        offset: queryInt(query.offset, 0, 0, 10_000_000),
        ...(query.around === undefined ? {} : { aroundPlayerId: query.around }),
      },
      principal,
    );
  const leaderboardSchema = {
    tags: ['players'],
    querystring: LeaderboardQuery,
    response: { 200: Leaderboard, ...errorResponses(400, 403) },
  };
  const leaderboardNote =
    'Players still calibrating are not listed: their rating is hidden until they have played the calibration games. ' +
    "A track's policy says who sees it: public tracks everyone; on `friends` tracks a player sees the board of " +
    'themself and the friends who let them (scope `friends`); `self` and `hidden` tracks are for admins.';

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
