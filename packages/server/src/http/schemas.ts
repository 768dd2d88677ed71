/**
 * JSON schemas of the API's inputs: fastify validates every request at the edge with them (and
 * they document the API in OpenAPI). Bodies are strict: unknown fields are refused, not dropped,
 * numbers are bounded (which also refuses the Infinity that `1e400` parses to), and ids are short
 * printable strings. Query numbers arrive as strings and are parsed by the handlers.
 */

/** An id: tickets, players, queues, matches. */
export const idSchema = {
  type: 'string',
  minLength: 1,
  maxLength: 128,
  pattern: '^[A-Za-z0-9_.:@-]+$',
} as const;

/** A track name: `<queue>/solo`, `<queue>/party` or a queue's explicit track. */
export const trackSchema = {
  type: 'string',
  minLength: 1,
  maxLength: 160,
  pattern: '^[A-Za-z0-9_.:@/-]+$',
} as const;

const pingsSchema = {
  type: 'object',
  maxProperties: 32,
  propertyNames: { type: 'string', minLength: 1, maxLength: 64 },
  additionalProperties: { type: 'number', minimum: 0, maximum: 10_000 },
} as const;

const languagesSchema = {
  type: 'array',
  maxItems: 16,
  items: { type: 'string', minLength: 1, maxLength: 16 },
} as const;

const playerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['playerId'],
  properties: {
    playerId: idSchema,
    pingMsByRegion: pingsSchema,
    languages: languagesSchema,
    roles: { type: 'array', maxItems: 8, items: { type: 'string', minLength: 1, maxLength: 32 } },
    lowPriority: { type: 'boolean' },
    offenseRating: { type: 'number', exclusiveMinimum: 0, maximum: 1e9 },
    defenseRating: { type: 'number', exclusiveMinimum: 0, maximum: 1e9 },
    recentOutcomes: {
      type: 'array',
      maxItems: 50,
      items: { type: 'string', enum: ['W', 'L', 'D'] },
      description:
        'Oldest first, for engagement queues; when absent, read from the stored history (last 10 reported matches)',
    },
    lastMatch: {
      type: 'object',
      additionalProperties: false,
      required: ['teammateIds', 'opponentIds'],
      properties: {
        teammateIds: { type: 'array', maxItems: 100, items: idSchema },
        opponentIds: { type: 'array', maxItems: 100, items: idSchema },
      },
    },
  },
} as const;

/** POST /v1/tickets. */
export const ticketRequestSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['queueId', 'players'],
  properties: {
    queueId: idSchema,
    ticketId: idSchema,
    players: { type: 'array', minItems: 1, maxItems: 100, items: playerSchema },
    pingMsByRegion: pingsSchema,
    languages: languagesSchema,
    minQuality: { type: 'number', minimum: 0, maximum: 1 },
  },
} as const;

/** POST /v1/tickets/:ticketId/accept and /decline. */
export const answerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['playerId'],
  properties: { playerId: idSchema },
} as const;

/** POST /v1/matches/:matchId/result. */
export const resultSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['ranks'],
  properties: {
    ranks: { type: 'array', minItems: 2, maxItems: 64, items: { type: 'integer', minimum: 1, maximum: 64 } },
    scores: {
      type: 'array',
      minItems: 2,
      maxItems: 64,
      items: { type: 'number', minimum: -1e9, maximum: 1e9 },
    },
    participation: {
      type: 'array',
      minItems: 2,
      maxItems: 64,
      items: { type: 'array', minItems: 1, maxItems: 100, items: { type: 'number', minimum: 0, maximum: 1 } },
    },
    // Team sports: the home team's index, a neutral site, and the season (season regression).
    homeTeam: { type: 'integer', minimum: 0, maximum: 63 },
    neutral: { type: 'boolean' },
    season: { type: 'string', minLength: 1, maxLength: 64 },
  },
} as const;

/** POST /v1/tokens. */
export const tokenRequestSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['playerId'],
  properties: { playerId: idSchema, ttlSeconds: { type: 'integer', minimum: 10, maximum: 86_400 } },
} as const;

/** A season reset policy (the engine's SeasonResetPolicy). */
const seasonPolicySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['anchor', 'shape'],
  properties: {
    anchor: { type: 'number', minimum: -1e9, maximum: 1e9 },
    shape: {
      oneOf: [
        {
          type: 'object',
          additionalProperties: false,
          required: ['kind', 'keep'],
          properties: { kind: { const: 'linear' }, keep: { type: 'number', minimum: 0, maximum: 1 } },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['kind', 'scale'],
          properties: {
            kind: { const: 'log' },
            scale: { type: 'number', exclusiveMinimum: 0, maximum: 1e9 },
          },
        },
      ],
    },
    deviationAfter: { type: 'number', minimum: 0, maximum: 1e9 },
  },
} as const;

/** POST /v1/admin/season-reset/preview and /apply. */
export const seasonResetSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['track', 'policy'],
  properties: {
    track: trackSchema,
    policy: seasonPolicySchema,
    limit: { type: 'integer', minimum: 1, maximum: 1000 },
  },
} as const;

/** POST /v1/admin/players/:playerId/recalibrate. */
export const recalibrateSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { track: trackSchema },
} as const;

/** PUT /v1/admin/queues/:queueId: the shape is checked here, the meaning by the engine. */
export const queueConfigSchema = {
  type: 'object',
  required: ['id', 'teams', 'rating', 'criteria', 'threshold', 'mode'],
  properties: {
    id: idSchema,
    teams: {
      type: 'object',
      required: ['count', 'size'],
      properties: {
        count: { type: 'integer', minimum: 2, maximum: 64 },
        size: { type: 'integer', minimum: 1, maximum: 100 },
      },
    },
    rating: { type: 'object', required: ['track'], properties: { track: trackSchema } },
    criteria: { type: 'array', maxItems: 32, items: { type: 'object', required: ['kind', 'weight'] } },
    threshold: { type: 'object' },
    mode: { type: 'object', required: ['kind'], properties: { kind: { enum: ['continuous', 'rounds'] } } },
  },
} as const;

/** Path parameters with one id. */
export const idParams = (name: string) =>
  ({ type: 'object', required: [name], properties: { [name]: idSchema } }) as const;

/** A query number in [min, max]: digits only (parsed by `queryInt`). */
export const queryIntSchema = { type: 'string', pattern: '^[0-9]{1,13}$' } as const;
