/**
 * Tickets: the request, the view (state, wait, ETA, why it waits), accept/decline, and the
 * WebSocket messages of a ticket's event stream (described for AsyncAPI in `asyncapi.ts`).
 */
import { type Static, Type } from 'typebox';
import { DurationMs, EpochMs, Finite, Id, List, OneOfStrings, Unit } from './schema-common.ts';

const Pings = Type.Record(
  Type.String({ minLength: 1, maxLength: 64 }),
  Type.Number({ minimum: 0, maximum: 10_000 }),
  {
    maxProperties: 32,
    description: 'Ping in ms to each region the player can play in',
  },
);

const Languages = List(Type.String({ minLength: 1, maxLength: 16 }), { maxItems: 16 });

const Outcome = Type.Union([Type.Literal('W'), Type.Literal('L'), Type.Literal('D')]);

/** FlexMatch's four attribute types, bounded like every number of a queue. */
const AttributeValue = Type.Union([
  Finite({ minimum: -1e12, maximum: 1e12 }),
  Type.String({ maxLength: 256 }),
  List(Type.String({ maxLength: 256 }), { maxItems: 256 }),
  Type.Record(Type.String({ maxLength: 256 }), Finite({ minimum: -1e12, maximum: 1e12 }), {
    maxProperties: 256,
  }),
]);

/**
 * One player of a ticket: what only the client knows. The service adds the rest from its own
 * records: the rating and games on the queue's track (experience), games on the track a gate counts,
 * whom the player met last match (opponent variation), recent matches (engagement), party bonus.
 */
const TicketPlayer = Type.Object(
  {
    playerId: Id,
    pingMsByRegion: Type.Optional(Pings),
    languages: Type.Optional({
      ...Languages,
      description: 'Languages the player accepts (common-language criterion); absent = any',
    }),
    roles: Type.Optional(
      List(Type.String({ minLength: 1, maxLength: 32 }), {
        maxItems: 8,
        description: 'Roles the player wants to play; a queue may refuse some (gates.disallowedRoles)',
      }),
    ),
    lowPriority: Type.Optional(
      Type.Boolean({ description: 'Low-priority pool (Dota): matched only with each other, or refused' }),
    ),
    offenseRating: Type.Optional(
      Type.Number({
        exclusiveMinimum: 0,
        maximum: 1e9,
        description: 'Base offensive rating (DomiNations offense-defense and variance-rating criteria)',
      }),
    ),
    defenseRating: Type.Optional(
      Type.Number({ exclusiveMinimum: 0, maximum: 1e9, description: 'Base defensive rating (DomiNations)' }),
    ),
    recentOutcomes: Type.Optional(
      List(Outcome, {
        maxItems: 50,
        description:
          'Oldest first, for engagement queues; when absent, read from the stored history (last 10 reported matches)',
      }),
    ),
    nat: Type.Optional(
      OneOfStrings(['open', 'moderate', 'strict'] as const, {
        description:
          'NAT class for peer-to-peer hosting, read by the hosts criterion: open reaches all, moderate reaches open and moderate, strict reaches open only; absent counts as open',
      }),
    ),
    attributes: Type.Optional(
      Type.Record(Type.String({ minLength: 1, maxLength: 64 }), AttributeValue, {
        maxProperties: 64,
        description:
          'Values of the player attributes the queue declares, each of its declared type (a number, a string, a list of strings, or strings to numbers); the queue’s rules read them, and an attribute left out takes the declared default (docs/rules.md)',
        examples: [{ skill: 23, build: '1.4.2', modes: ['ctf', 'tdm'], maps: { dust: 80 } }],
      }),
    ),
  },
  { additionalProperties: false },
);

/** POST /v1/tickets. Ratings are never taken from clients: the service looks them up. */
export const TicketRequest = Type.Object(
  {
    queueId: Id,
    ticketId: Type.Optional({ ...Id, description: 'Default: a fresh `t_<uuid>`' }),
    players: List(TicketPlayer, { minItems: 1, maxItems: 100, description: 'One player or a party' }),
    pingMsByRegion: Type.Optional(Pings),
    languages: Type.Optional(Languages),
    minQuality: Type.Optional({ ...Unit, description: 'A stricter minimum quality of this ticket' }),
  },
  {
    title: 'TicketRequest',
    additionalProperties: false,
    examples: [
      {
        queueId: 'quick-2v2',
        players: [{ playerId: 'ana' }, { playerId: 'ben' }],
        pingMsByRegion: { eu: 25 },
        languages: ['en'],
      },
    ],
  },
);
export type TicketRequest = Static<typeof TicketRequest>;

/** One criterion's verdict on a match. */
export const CriterionExplanation = Type.Object(
  {
    criterion: Type.String(),
    raw: Type.Number({ description: 'The raw value in the criterion’s unit' }),
    score: Unit,
    weight: Type.Number(),
    detail: Type.String({ examples: ['mean enemy ping 84 ms'] }),
  },
  { title: 'CriterionExplanation' },
);

export const TicketState = OneOfStrings([
  'searching',
  'proposed',
  'matched',
  'cancelled',
  'expired',
] as const);

const Eta = Type.Union(
  [
    Type.Object({ kind: Type.Literal('round'), atMs: EpochMs }),
    Type.Object({
      kind: Type.Literal('estimate'),
      remainingMedianMs: DurationMs,
      remainingP90Ms: DurationMs,
      samples: Type.Integer(),
    }),
    Type.Object({ kind: Type.Literal('unknown') }),
  ],
  { description: 'Rounds: the next round; continuous: recent waits of similar tickets' },
);

const HardLimitKind = OneOfStrings(
  ['gates', 'ping-cap', 'match-size', 'team-sizes', 'fairness-floor', 'rule'] as const,
  {
    description:
      'A hard limit (docs/queues.md, "The meaning of waiting"): never broken for any ticket of a match; `rule` is one of the queue’s hard rules (docs/rules.md)',
  },
);

const RuleName = Type.String({
  description: 'The hard rule that holds it back (`rules[].name`), for `rule`',
});

/** A hard limit that holds a candidate back, and for whom. */
const LimitHold = Type.Object({
  limit: HardLimitKind,
  rule: Type.Optional(RuleName),
  ticketIds: List(Type.String(), { description: 'Tickets of the candidate for which the limit fails' }),
  detail: Type.String({ examples: ['t7: 180 ms to eu, over its 150 ms cap'] }),
});

/** Why a ticket still waits. */
export const WaitExplanation = Type.Object(
  {
    thresholdNow: Type.Number({ description: 'The quality the ticket accepts now' }),
    bestCandidate: Type.Optional(
      Type.Object({
        quality: Type.Number(),
        ticketIds: List(Type.String()),
        criteria: List(CriterionExplanation),
        belowThreshold: List(CriterionExplanation),
        rejectedBy: List(Type.String()),
        heldBy: List(LimitHold, {
          description: 'Hard limits the candidate breaks (it cannot form until they hold)',
        }),
      }),
    ),
    alone: Type.Optional(
      Type.Object(
        {
          limit: HardLimitKind,
          rule: Type.Optional(RuleName),
          detail: Type.String({ examples: ['no waiting player within your 150 ms cap in eu or na'] }),
        },
        { description: 'No candidate at all: a hard limit of this ticket excludes every waiting ticket' },
      ),
    ),
    summary: Type.String(),
  },
  { title: 'WaitExplanation' },
);

/** A ticket as the API shows it. */
export const TicketView = Type.Object(
  {
    ticketId: Type.String(),
    queueId: Type.String(),
    playerIds: List(Type.String()),
    track: Type.String({ description: 'The rating track of the ticket’s players' }),
    state: TicketState,
    createdAtMs: EpochMs,
    waitMs: DurationMs,
    matchId: Type.Optional(Type.String()),
    lastEventId: Type.Optional(
      Type.String({ description: 'Id of the ticket’s latest event: a stream resumes after it (`after=`)' }),
    ),
    eta: Type.Optional(Eta),
    explanation: Type.Optional(WaitExplanation),
  },
  {
    title: 'TicketView',
    examples: [
      {
        ticketId: 't_1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed',
        queueId: 'quick-2v2',
        playerIds: ['ana', 'ben'],
        track: 'quick/party',
        state: 'searching',
        createdAtMs: 1_764_000_000_000,
        waitMs: 2074,
        eta: { kind: 'unknown' },
        explanation: {
          thresholdNow: 0.39,
          summary: 'no candidate match yet: not enough compatible tickets are waiting',
        },
      },
    ],
  },
);

/** POST /v1/tickets/{ticketId}/accept and /decline. */
export const AnswerRequest = Type.Object(
  { playerId: Id },
  { additionalProperties: false, examples: [{ playerId: 'ana' }] },
);

/** Where players connect (set by the studio's allocator). */
export const Connection = Type.Object(
  {
    host: Type.String({ minLength: 1, maxLength: 253 }),
    port: Type.Integer({ minimum: 1, maximum: 65535 }),
    properties: Type.Optional(
      Type.Record(Type.String({ minLength: 1, maxLength: 64 }), Type.String({ maxLength: 1024 }), {
        maxProperties: 32,
        description: 'Anything else the game client needs (a session token), passed on unchanged',
      }),
    ),
  },
  { additionalProperties: false, title: 'Connection', examples: [{ host: '10.0.4.17', port: 7777 }] },
);

/** One team of a formed match: its players and tickets, and its name in a queue of named teams. */
export const MatchTeamView = Type.Object({
  name: Type.Optional(Type.String({ description: "The team's name in a queue of named teams" })),
  playerIds: List(Type.String()),
  ticketIds: List(Type.String()),
});

/** A match as the events describe it. */
export const MatchView = Type.Object(
  {
    matchId: Type.String(),
    queueId: Type.String(),
    teams: List(MatchTeamView),
    region: Type.Optional(Type.String()),
    quality: Type.Number(),
  },
  { title: 'MatchView' },
);

const event = <Name extends string>(
  type: Name,
  description: string,
  fields: Parameters<typeof Type.Object>[0],
) =>
  Type.Object(
    {
      type: Type.Literal(type),
      ticketId: Type.String(),
      atMs: EpochMs,
      eventId: Type.String({
        description: 'The event’s id in its queue’s log: reconnect with `after=<eventId>` to resume after it',
      }),
      ...fields,
    },
    { description },
  );

/** Every message of a ticket's WebSocket stream, by type. */
export const TicketMessages = {
  state: Type.Object(
    { type: Type.Literal('state'), ticket: TicketView },
    { description: 'Sent first on every connection: the ticket now' },
  ),
  searching: event('searching', 'The ticket entered its queue', {}),
  proposed: event('proposed', 'A match is proposed; every player must accept before `deadlineMs`', {
    match: MatchView,
    deadlineMs: EpochMs,
  }),
  matched: event(
    'matched',
    'The match formed (final, unless `allocating`: then `assigned` or `allocation-failed` follows)',
    {
      match: MatchView,
      waitMs: DurationMs,
      allocating: Type.Optional(
        Type.Boolean({ description: 'The queue allocates a server: wait for `assigned`' }),
      ),
      connection: Type.Optional(Connection),
      backfill: Type.Optional(Type.Boolean({ description: 'Matched into a running match’s open seats' })),
    },
  ),
  assigned: event('assigned', 'The match’s server is allocated: connect to it (final)', {
    matchId: Type.String(),
    connection: Connection,
  }),
  'allocation-failed': event(
    'allocation-failed',
    'No server was allocated in time: the match is off, the players may queue again (final)',
    { matchId: Type.String(), reason: Type.Literal('timeout') },
  ),
  returned: event('returned', 'The proposal fell through; the ticket searches again', {
    matchId: Type.String(),
    reason: OneOfStrings(['declined', 'acceptance-timeout', 'cancelled', 'failover'] as const, {
      description:
        'Another player declined or cancelled, the acceptance timed out, or the queue’s matchmaker moved to another node',
    }),
  }),
  expired: event('expired', 'The ticket waited past the queue’s expiry (final)', { waitMs: DurationMs }),
  cancelled: event('cancelled', 'The ticket was cancelled (final)', { reason: Type.String() }),
} as const;

/** Any message of the stream. */
export const TicketMessage = Type.Union(Object.values(TicketMessages));
export type TicketMessage = Static<typeof TicketMessage>;

/** GET /v1/tickets/{ticketId}/events: the credential may also come as `?access_token=`. */
export const EventsQuery = Type.Object(
  {
    after: Type.Optional(
      Type.String({
        pattern: '^[0-9]{1,20}-[0-9]{1,20}$',
        description:
          'Resume after this event id (the last `eventId` the client saw, or the ticket’s `lastEventId`)',
      }),
    ),
    access_token: Type.Optional(
      Type.String({
        description: 'The key or player token, for browsers (which cannot set headers on WebSockets)',
      }),
    ),
  },
  { additionalProperties: false },
);
