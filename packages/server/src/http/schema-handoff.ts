/** Schemas of the hand-off to game servers: running matches, assignments, backfill, match events. */
import { type Static, Type } from 'typebox';
import { EpochMs, Id, List, OneOfStrings } from './schema-common.ts';
import { Connection } from './schema-tickets.ts';

const Team = Type.Object({
  name: Type.Optional(
    Type.String({ description: "The team's name in a queue of named teams (who plays the monster)" }),
  ),
  playerIds: List(Type.String()),
  ticketIds: List(Type.String()),
  seats: Type.Integer({
    minimum: 0,
    description: 'Seats of the team in all (its size when the match formed)',
  }),
});

/** A running match as game servers see it. */
export const MatchHandoff = Type.Object(
  {
    matchId: Type.String(),
    queueId: Type.String(),
    phase: OneOfStrings(['ready', 'allocating', 'assigned', 'allocation-failed'] as const, {
      description:
        '`ready`: no allocation step; `allocating`: waiting for the allocator; `assigned`: the server address is set; ' +
        '`allocation-failed`: no address in time (the players were told)',
    }),
    version: Type.Integer({ minimum: 1 }),
    region: Type.Optional(Type.String()),
    teams: List(Team),
    connection: Type.Optional(Connection),
    allocateDeadlineMs: Type.Optional(EpochMs),
    backfillRequestId: Type.Optional(Type.String({ description: 'The live backfill request' })),
    createdAtMs: EpochMs,
    updatedAtMs: EpochMs,
  },
  { title: 'MatchHandoff' },
);

/** POST /v1/matches/{matchId}/backfill. */
export const BackfillRequest = Type.Object(
  {
    players: List(Id, {
      maxItems: 200,
      description: 'The players still in the match; every other seat of it is open',
    }),
  },
  {
    additionalProperties: false,
    examples: [{ players: ['ana', 'ben', 'cy', 'dee', 'eve', 'fay', 'gus', 'hal'] }],
  },
);

/** A backfill request. */
export const BackfillView = Type.Object(
  {
    requestId: Type.String(),
    matchId: Type.String(),
    queueId: Type.String(),
    openSeats: List(Type.Integer({ minimum: 0 }), { description: 'Open seats per team' }),
  },
  { title: 'BackfillView' },
);

/** POST /v1/matches/{matchId}/leave. */
export const LeaveRequest = Type.Object(
  { playerIds: List(Id, { minItems: 1, maxItems: 200, description: 'Players who left the match' }) },
  { additionalProperties: false, examples: [{ playerIds: ['ana'] }] },
);

export const LeaveReply = Type.Object(
  {
    match: MatchHandoff,
    backfill: Type.Optional({
      ...BackfillView,
      description: 'Made by itself when the queue has `backfill.auto`',
    }),
  },
  { title: 'LeaveReply' },
);

const matchEvent = <Name extends string>(
  type: Name,
  description: string,
  fields: Parameters<typeof Type.Object>[0] = {},
) =>
  Type.Object(
    {
      type: Type.Literal(type),
      matchId: Type.String(),
      atMs: EpochMs,
      match: MatchHandoff,
      eventId: Type.String({ description: 'Its id in the queue’s log: resume with `after=<eventId>`' }),
      ...fields,
    },
    { description },
  );

const Added = List(Type.Object({ playerIds: List(Type.String()), ticketIds: List(Type.String()) }));

/** Every message of a queue's match stream (and every webhook body's `event`), by type. */
export const MatchMessages = {
  formed: matchEvent('formed', 'A match formed (its phase says whether a server is being allocated)'),
  assigned: matchEvent('assigned', 'The allocator set the match’s server', { connection: Connection }),
  'allocation-failed': matchEvent('allocation-failed', 'No server address came in time; the match is off', {
    reason: Type.Literal('timeout'),
  }),
  'players-left': matchEvent('players-left', 'Players left the match (their seats are open)', {
    playerIds: List(Type.String()),
  }),
  'backfill-requested': matchEvent('backfill-requested', 'A backfill request waits for players', {
    requestId: Type.String(),
    openSeats: List(Type.Integer({ minimum: 0 })),
  }),
  backfilled: matchEvent('backfilled', 'New players took the open seats (teams kept)', {
    requestId: Type.String(),
    added: Added,
    quality: Type.Number(),
  }),
  'backfill-ended': matchEvent('backfill-ended', 'A backfill request ended unfilled', {
    requestId: Type.String(),
    reason: OneOfStrings(['cancelled', 'expired'] as const),
  }),
} as const;

export const MatchMessage = Type.Union(Object.values(MatchMessages));
export type MatchMessage = Static<typeof MatchMessage>;

/** The body of a webhook POST. */
export const WebhookBody = Type.Object(
  {
    id: Type.String({ description: 'The idempotency key: `<queueId>:<eventId>`, the same on every retry' }),
    queueId: Type.String(),
    eventId: Type.String(),
    attempt: Type.Integer({ minimum: 1 }),
    event: MatchMessage,
  },
  { title: 'WebhookBody' },
);

/** GET /v1/queues/{queueId}/match-events. */
export const MatchEventsQuery = Type.Object(
  {
    after: Type.Optional(
      Type.String({
        pattern: '^[0-9]{1,20}-[0-9]{1,20}$',
        description: 'Resume after this event id; without it the stream starts with the next event',
      }),
    ),
    access_token: Type.Optional(
      Type.String({ description: 'The server key, for clients that cannot set headers' }),
    ),
  },
  { additionalProperties: false },
);

export const AssignmentRequest = Type.Object(
  { connection: Connection },
  { additionalProperties: false, examples: [{ connection: { host: '10.0.4.17', port: 7777 } }] },
);
