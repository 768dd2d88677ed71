/** Hand-off routes for game servers and allocators: running matches, assignment, backfill, the match stream. */
import {
  cancelBackfill,
  readHandoff,
  reportLeave,
  requestBackfill,
  setAssignment,
} from '../service/backfill.ts';
import type { ServiceContext } from '../service/context.ts';
import { streamMatches } from '../service/match-stream.ts';
import { queueOf } from '../service/tickets.ts';
import { errorResponses, IdParams } from './schema-common.ts';
import {
  AssignmentRequest,
  BackfillRequest,
  BackfillView,
  LeaveReply,
  LeaveRequest,
  MatchEventsQuery,
  MatchHandoff,
} from './schema-handoff.ts';
import type { TypedApp } from './typed-app.ts';

const matchParams = IdParams('matchId', 'm_0c6f8a39-52b6-4c38-8d4b-3f1f4c0a7a11');
const queueParams = IdParams('queueId', 'arena-5v5');

/** Registers the hand-off routes. */
export function handoffRoutes(app: TypedApp, context: ServiceContext): void {
  app.get(
    '/v1/matches/:matchId/handoff',
    {
      config: { role: 'server' },
      schema: {
        operationId: 'getMatchHandoff',
        tags: ['hand-off'],
        summary: 'A running match: its phase, roster by team, server address and live backfill request',
        params: matchParams,
        response: { 200: MatchHandoff, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => readHandoff(context, request.params.matchId),
  );

  app.post(
    '/v1/matches/:matchId/assignment',
    {
      config: { role: 'server' },
      schema: {
        operationId: 'setAssignment',
        tags: ['hand-off'],
        summary: 'The allocator sets the server address of an allocating match',
        description:
          'For queues with `handoff.allocation`: the match leaves `allocating` for `assigned`; the game server hears ' +
          '`assigned` on its match stream and webhook, and every ticket of the match gets `assigned` with the ' +
          'connection. The same address again changes nothing; a match in any other phase is refused (409 ' +
          'MM_ERR_INVALID_MATCH_STATE).',
        params: matchParams,
        body: AssignmentRequest,
        response: { 200: MatchHandoff, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => setAssignment(context, request.params.matchId, request.body.connection),
  );

  app.post(
    '/v1/matches/:matchId/backfill',
    {
      config: { role: 'server' },
      schema: {
        operationId: 'requestBackfill',
        tags: ['hand-off'],
        summary: 'Fill the open seats of a running match with waiting players',
        description:
          'Name the players still in the match: every other seat is open. The request waits in the match’s queue ' +
          'and is filled with waiting tickets under the queue’s hard limits and quality, together with the present ' +
          'players (teams kept, only open seats filled); it goes before new matches, and expires like a ticket. ' +
          'Refused: 404 MM_ERR_MATCH_NOT_FOUND, 409 MM_ERR_PLAYER_NOT_IN_MATCH, MM_ERR_MATCH_FULL, ' +
          'MM_ERR_BACKFILL_EXISTS (details.requestId), MM_ERR_INVALID_MATCH_STATE.',
        params: matchParams,
        body: BackfillRequest,
        response: { 201: BackfillView, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await requestBackfill(context, request.params.matchId, request.body.players)),
  );

  app.delete(
    '/v1/matches/:matchId/backfill',
    {
      config: { role: 'server' },
      schema: {
        operationId: 'cancelBackfill',
        tags: ['hand-off'],
        summary: 'Cancel the match’s live backfill request',
        params: matchParams,
        response: { 200: BackfillView, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => cancelBackfill(context, request.params.matchId),
  );

  app.post(
    '/v1/matches/:matchId/leave',
    {
      config: { role: 'server' },
      schema: {
        operationId: 'reportLeave',
        tags: ['hand-off'],
        summary: 'Report players who left a running match (their seats open)',
        description:
          'With the queue’s `backfill.auto`, a backfill request for the open seats is made at once (unless one is live).',
        params: matchParams,
        body: LeaveRequest,
        response: { 200: LeaveReply, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => reportLeave(context, request.params.matchId, request.body.playerIds),
  );

  app.get(
    '/v1/queues/:queueId/match-events',
    {
      websocket: true,
      config: { role: 'server', queryToken: true },
      preHandler: async (request) => {
        queueOf(context, request.params.queueId);
      },
      schema: {
        operationId: 'matchEvents',
        tags: ['hand-off'],
        summary: 'WebSocket: the queue’s match events for game servers; `after=<eventId>` resumes',
        description:
          'Upgrade to a WebSocket with a server key. The first message is `{"type":"subscribed"}`; then one message ' +
          'per match event (formed, assigned, allocation-failed, players-left, backfill-requested, backfilled, ' +
          'backfill-ended), each with its `eventId` and the match as it is after it. Reconnect with `after=<eventId>` ' +
          'to get what was missed, in order. Any node serves it. Described in /asyncapi.json.',
        params: queueParams,
        querystring: MatchEventsQuery,
      },
    },
    (socket, request) => {
      void streamMatches(
        context,
        {
          send: (message) => {
            if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
          },
          close: (code, reason) => socket.close(code, reason),
          onClose: (listener) => socket.on('close', listener),
        },
        {
          queueId: request.params.queueId,
          ...(request.query.after === undefined ? {} : { after: request.query.after }),
        },
      );
    },
  );
}
