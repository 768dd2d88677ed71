/**
 * The one place where error codes become HTTP statuses. The engine's MM_ERR_* codes and the
 * service's own (auth, rate limit, body limit, schema validation) are all in the engine's registry;
 * fastify's own errors (malformed JSON, schema failures, body too large) are translated here too,
 * so every non-2xx response has the same shape: `{ error: { code, message, details } }`.
 */
import { type ErrorCode, ErrorCodes, isMatchdError, MatchdError } from '@matchd/engine';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/** HTTP status of every error code. `satisfies` makes a new code in the registry a type error here. */
export const httpStatusOf = {
  [ErrorCodes.INVALID_RATING]: 400,
  [ErrorCodes.INVALID_TEAMS]: 400,
  [ErrorCodes.INVALID_RESULT]: 400,
  [ErrorCodes.INVALID_OPTION]: 400,
  [ErrorCodes.INVALID_COSTS]: 400,
  [ErrorCodes.UNFILLABLE_TEAMS]: 400,
  [ErrorCodes.INVALID_QUEUE_CONFIG]: 400,
  [ErrorCodes.INVALID_TICKET]: 400,
  [ErrorCodes.PARTY_TOO_LARGE]: 400,
  [ErrorCodes.GATE_REJECTED]: 403,
  [ErrorCodes.DUPLICATE_TICKET]: 409,
  [ErrorCodes.PLAYER_ALREADY_QUEUED]: 409,
  [ErrorCodes.TICKET_NOT_FOUND]: 404,
  [ErrorCodes.INVALID_TICKET_STATE]: 409,
  [ErrorCodes.QUEUE_NOT_FOUND]: 404,
  [ErrorCodes.MATCH_NOT_FOUND]: 404,
  [ErrorCodes.INVALID_BACKFILL]: 400,
  [ErrorCodes.PLAYER_NOT_IN_MATCH]: 409,
  [ErrorCodes.MATCH_FULL]: 409,
  [ErrorCodes.BACKFILL_EXISTS]: 409,
  [ErrorCodes.BACKFILL_NOT_FOUND]: 404,
  [ErrorCodes.INVALID_MATCH_STATE]: 409,
  [ErrorCodes.PLAYER_NOT_FOUND]: 404,
  [ErrorCodes.RESULT_CONFLICT]: 409,
  [ErrorCodes.TIME_WENT_BACKWARDS]: 500,
  [ErrorCodes.INVALID_DATA]: 400,
  [ErrorCodes.INVALID_REQUEST]: 400,
  [ErrorCodes.UNAUTHORIZED]: 401,
  [ErrorCodes.FORBIDDEN]: 403,
  [ErrorCodes.RATE_LIMITED]: 429,
  [ErrorCodes.PAYLOAD_TOO_LARGE]: 413,
  [ErrorCodes.ROUTE_NOT_FOUND]: 404,
  [ErrorCodes.UNAVAILABLE]: 503,
  [ErrorCodes.QUEUE_FULL]: 503,
  [ErrorCodes.TIMEOUT]: 504,
} as const satisfies Record<ErrorCode, number>;

/** The JSON body of every error response. */
export interface ErrorBody {
  readonly error: {
    readonly code: ErrorCode;
    readonly message: string;
    readonly details: Record<string, unknown>;
  };
}

/** JSON schema of ErrorBody, for the OpenAPI document. */
export const errorBodySchema = {
  $id: 'ErrorBody',
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', enum: Object.values(ErrorCodes) },
        message: { type: 'string' },
        details: { type: 'object', additionalProperties: true },
      },
    },
  },
} as const;

/** Turns fastify's own error codes into registry codes; anything else unknown stays a 500. */
export function toMatchdError(error: unknown, invalidBodyCode?: ErrorCode): MatchdError | undefined {
  if (isMatchdError(error)) return error;
  const fastifyError = error as Partial<FastifyError> & {
    validation?: { instancePath?: string; params?: Record<string, unknown> }[];
  };
  if (Array.isArray(fastifyError.validation)) {
    const first = fastifyError.validation[0];
    const missing = first?.params?.['missingProperty'];
    const extra = first?.params?.['additionalProperty'];
    const base = (first?.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    const path = [fastifyError.validationContext ?? 'body', base, missing ?? extra]
      .filter((part) => typeof part === 'string' && part.length > 0)
      .join('.');
    const context = fastifyError.validationContext ?? 'body';
    return new MatchdError(
      context === 'body' && invalidBodyCode !== undefined ? invalidBodyCode : ErrorCodes.INVALID_REQUEST,
      `${path}: ${first === undefined ? 'invalid' : String(fastifyError.message)}`,
      { path },
    );
  }
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
    case 'FST_ERR_INVALID_URL':
    case 'FST_ERR_BAD_URL':
    case 'FST_ERR_MAX_PARAM_LENGTH':
    case 'FST_ERR_ASYNC_CONSTRAINT':
      return new MatchdError(ErrorCodes.INVALID_REQUEST, String(fastifyError.message).slice(0, 200), {
        path: fastifyError.code.startsWith('FST_ERR_CTP') ? 'body' : 'url',
      });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new MatchdError(ErrorCodes.PAYLOAD_TOO_LARGE, 'request body is over the size limit', {
        path: 'body',
      });
    default:
      break;
  }
  if (error instanceof SyntaxError) {
    return new MatchdError(ErrorCodes.INVALID_REQUEST, error.message, { path: 'body' });
  }
  const status = fastifyError.statusCode;
  if (status === 429) return new MatchdError(ErrorCodes.RATE_LIMITED, 'rate limit exceeded, retry later');
  if (status === 413)
    return new MatchdError(ErrorCodes.PAYLOAD_TOO_LARGE, 'request body is over the size limit');
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new MatchdError(ErrorCodes.INVALID_REQUEST, String(fastifyError.message), { path: 'request' });
  }
  return undefined;
}

/** Fastify error handler: registry errors get their status, everything else is logged and a 500. */
export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const matchd = toMatchdError(error, request.routeOptions.config?.invalidBodyCode);
  if (matchd === undefined) {
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ error: { code: 'MM_ERR_INTERNAL', message: 'internal error', details: {} } });
  }
  if (httpStatusOf[matchd.code] >= 500) request.log.error({ err: matchd }, 'server-side error');
  const body: ErrorBody = {
    error: { code: matchd.code, message: matchd.message, details: { ...matchd.details } },
  };
  return reply.status(httpStatusOf[matchd.code]).send(body);
}
