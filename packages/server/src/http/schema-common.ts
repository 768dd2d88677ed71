/**
 * The API's shared schema vocabulary, in TypeBox: each schema is at once the JSON Schema fastify
 * validates with (and @fastify/swagger turns into OpenAPI 3.1), and, through `Static`, the
 * TypeScript type the handlers and `@matchd/client` use. Bodies are strict: unknown fields are
 * refused, not dropped; numbers are bounded (which also refuses the Infinity that `1e400` parses
 * to); ids are short printable strings.
 */
import { ErrorCodes } from '@matchd/engine';
import { type TArray, type TSchema, Type } from 'typebox';

/** An id: tickets, players, queues, matches. */
export const Id = Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_.:@-]+$' });

/** A track name: `<queue>/solo`, `<queue>/party` or a queue's explicit track. */
export const Track = Type.String({
  minLength: 1,
  maxLength: 160,
  pattern: '^[A-Za-z0-9_.:@/-]+$',
  description: 'A rating track: `<track>/solo`, `<track>/party`, or a queue’s explicit track',
  examples: ['quick/solo'],
});

/**
 * An array whose TypeScript type is readonly: the service hands out readonly arrays, and a
 * client's readonly input is as good as a mutable one.
 */
export const List = <Item extends TSchema>(item: Item, options: Parameters<typeof Type.Array>[1] = {}) =>
  Type.Immutable(Type.Array(item, options) as TArray<Item>);

/** One of these strings (a JSON Schema `enum`), typed as their union. */
export const OneOfStrings = <Value extends string>(
  values: readonly Value[],
  options: { description?: string } = {},
) => Type.Enum([...values] as Value[], { type: 'string', ...options });

/** Epoch milliseconds. */
export const EpochMs = Type.Number({ description: 'Epoch milliseconds' });

/** A duration in milliseconds. */
export const DurationMs = Type.Number({ minimum: 0, description: 'Milliseconds' });

/** A number in [0, 1]. */
export const Unit = Type.Number({ minimum: 0, maximum: 1 });

/** A bounded finite number (JSON has no Infinity; 1e400 parses to it and is refused here). */
export const Finite = (options: { minimum?: number; maximum?: number; description?: string } = {}) =>
  Type.Number({ minimum: -1e9, maximum: 1e9, ...options });

/**
 * A query number: a whole number (the query's digits become a number before validation,
 * `http/query-numbers.ts`); the handler clamps it to its range (`queryInt`).
 */
export const QueryInt = (description: string) =>
  Type.Integer({ minimum: 0, maximum: 9_999_999_999_999, description });

/** Path parameters with one id. */
export const IdParams = <Name extends string>(name: Name, example: string) =>
  Type.Object({ [name]: { ...Id, examples: [example] } } as unknown as { [K in Name]: typeof Id }, {
    additionalProperties: false,
  });

/** The body of every non-2xx response. */
export const ErrorBody = Type.Object(
  {
    error: Type.Object({
      code: OneOfStrings([...Object.values(ErrorCodes), 'MM_ERR_INTERNAL'], {
        description: 'Stable error code (docs/server.md lists them)',
      }),
      message: Type.String(),
      details: Type.Record(Type.String(), Type.Unknown(), {
        description: 'Where and why: `path` of the refused field, ids, limits',
      }),
    }),
  },
  {
    title: 'ErrorBody',
    description: 'An error: a stable code, a message and details',
    examples: [
      {
        error: {
          code: 'MM_ERR_INVALID_REQUEST',
          message: 'body.players: must NOT have fewer than 1 items',
          details: { path: 'body.players' },
        },
      },
    ],
  },
);

/**
 * An error response: the ErrorBody schema, with an example of this status (not the schema's).
 * Typed as a schema, as the ErrorBody it answers with: handlers return successes only (errors are
 * thrown and answered by `sendError`).
 */
const errorResponse = (
  description: string,
  example: { code: string; message: string; details: Record<string, unknown> },
): TSchema =>
  ({
    description,
    content: { 'application/json': { schema: ErrorBody, example: { error: example } } },
  }) as unknown as TSchema;

/** The error responses a route may give, by status. */
export const errors = {
  400: errorResponse('Invalid request: malformed JSON, a field out of bounds, an unknown field', {
    code: 'MM_ERR_INVALID_REQUEST',
    message: 'body.players: must NOT have fewer than 1 items',
    details: { path: 'body.players' },
  }),
  401: errorResponse('No credential, or an unknown, expired or malformed one', {
    code: 'MM_ERR_UNAUTHORIZED',
    message: 'missing credentials: send Authorization: Bearer <key or token>',
    details: {},
  }),
  403: errorResponse('The credential’s role may not do this', {
    code: 'MM_ERR_FORBIDDEN',
    message: 'this operation needs a admin credential',
    details: { role: 'admin' },
  }),
  404: errorResponse('No such ticket, match, player, queue or route', {
    code: 'MM_ERR_TICKET_NOT_FOUND',
    message: 'no ticket t_5f0c2a9e',
    details: { ticketId: 't_5f0c2a9e' },
  }),
  409: errorResponse('Conflicts with the current state (duplicate, already queued, result conflict)', {
    code: 'MM_ERR_RESULT_CONFLICT',
    message: 'match m_81d2 already has a different result',
    details: { matchId: 'm_81d2' },
  }),
  413: errorResponse('Body over the size limit', {
    code: 'MM_ERR_PAYLOAD_TOO_LARGE',
    message: 'request body is over the size limit',
    details: { path: 'body' },
  }),
  429: errorResponse('Rate limit exceeded (details.retryAfterMs)', {
    code: 'MM_ERR_RATE_LIMITED',
    message: 'rate limit of 60000 per minute exceeded',
    details: { retryAfterMs: 41250 },
  }),
  503: errorResponse(
    'Unavailable: a store cannot be reached (MM_ERR_UNAVAILABLE) or the queue is at its capacity (MM_ERR_QUEUE_FULL); nothing was changed, retry later',
    { code: 'MM_ERR_UNAVAILABLE', message: 'matchmaker worker is restarting', details: {} },
  ),
} as const;

type Status = keyof typeof errors;

/** The listed error responses plus 401, 429 and 503, which every authenticated route may answer. */
export function errorResponses<S extends Status>(...statuses: S[]): { [K in S | 401 | 429 | 503]: TSchema } {
  const result: Partial<Record<Status, TSchema>> = { 401: errors[401], 429: errors[429], 503: errors[503] };
  for (const status of statuses) result[status] = errors[status];
  return result as { [K in S | 401 | 429 | 503]: TSchema };
}

/** What a public route may answer besides success: the rate limit covers every route. */
export const publicErrorResponses = { 429: errors[429] } as const;
