/**
 * The one registry of matchd's error codes. Every error the engine throws is a `MatchdError`
 * with one of these codes; the server maps codes to HTTP statuses in one place. Codes are
 * stable: clients may switch on them. Add new codes here, never inline.
 */
export const ErrorCodes = {
  /** A rating, RD, sigma or volatility is NaN, infinite, or out of its domain (e.g. negative). */
  INVALID_RATING: 'MM_ERR_INVALID_RATING',
  /** A match's teams are malformed: no teams, an empty team, weights that do not fit. */
  INVALID_TEAMS: 'MM_ERR_INVALID_TEAMS',
  /** A result does not fit the match: wrong number of ranks, non-finite ranks or scores. */
  INVALID_RESULT: 'MM_ERR_INVALID_RESULT',
  /** A model, policy or algorithm option is unknown or out of range. */
  INVALID_OPTION: 'MM_ERR_INVALID_OPTION',
  /** A cost matrix or cost function is malformed (NaN, -Infinity, non-square, asymmetric). */
  INVALID_COSTS: 'MM_ERR_INVALID_COSTS',
  /** Team sizes that the pool's tickets and parties cannot fill. */
  UNFILLABLE_TEAMS: 'MM_ERR_UNFILLABLE_TEAMS',
  /** A queue configuration fails validation; `details.path` names the field. */
  INVALID_QUEUE_CONFIG: 'MM_ERR_INVALID_QUEUE_CONFIG',
  /** A ticket fails validation; `details.path` names the field. */
  INVALID_TICKET: 'MM_ERR_INVALID_TICKET',
  /** A party larger than the queue allows or than a team can hold. */
  PARTY_TOO_LARGE: 'MM_ERR_PARTY_TOO_LARGE',
  /** A ticket or player fails a queue gate (ranked unlock, low priority, roles). */
  GATE_REJECTED: 'MM_ERR_GATE_REJECTED',
  /** A ticket id that is already in use. */
  DUPLICATE_TICKET: 'MM_ERR_DUPLICATE_TICKET',
  /** A player who is already waiting in a queue on another ticket. */
  PLAYER_ALREADY_QUEUED: 'MM_ERR_PLAYER_ALREADY_QUEUED',
  /** No ticket with that id. */
  TICKET_NOT_FOUND: 'MM_ERR_TICKET_NOT_FOUND',
  /** The ticket is not in a state that allows the operation (e.g. accepting while searching). */
  INVALID_TICKET_STATE: 'MM_ERR_INVALID_TICKET_STATE',
  /** No queue with that id. */
  QUEUE_NOT_FOUND: 'MM_ERR_QUEUE_NOT_FOUND',
  /** No match with that id. */
  MATCH_NOT_FOUND: 'MM_ERR_MATCH_NOT_FOUND',
  /** No player with that id. */
  PLAYER_NOT_FOUND: 'MM_ERR_PLAYER_NOT_FOUND',
  /** A second result report for a match that differs from the first. */
  RESULT_CONFLICT: 'MM_ERR_RESULT_CONFLICT',
  /** Time went backwards: a tick or event older than the engine's last time. */
  TIME_WENT_BACKWARDS: 'MM_ERR_TIME_WENT_BACKWARDS',
  /** A service request that fails validation at the edge (malformed JSON, wrong type); `details.path` names the field. */
  INVALID_REQUEST: 'MM_ERR_INVALID_REQUEST',
  /** A service request without a valid API key or player token. */
  UNAUTHORIZED: 'MM_ERR_UNAUTHORIZED',
  /** A valid key or token whose role or owner does not allow the operation. */
  FORBIDDEN: 'MM_ERR_FORBIDDEN',
  /** Too many requests for one key in the current window. */
  RATE_LIMITED: 'MM_ERR_RATE_LIMITED',
  /** A request body over the service's size limit. */
  PAYLOAD_TOO_LARGE: 'MM_ERR_PAYLOAD_TOO_LARGE',
  /** No service route with that method and path. */
  ROUTE_NOT_FOUND: 'MM_ERR_ROUTE_NOT_FOUND',
  /** The service is shutting down or a backing store is unreachable. */
  UNAVAILABLE: 'MM_ERR_UNAVAILABLE',
  /** A queue holds its capacity of waiting tickets; retry later (`details.capacity`). */
  QUEUE_FULL: 'MM_ERR_QUEUE_FULL',
  /** A backfill request that is malformed (teams, seats, players); `details.path` names the field. */
  INVALID_BACKFILL: 'MM_ERR_INVALID_BACKFILL',
  /** A backfill names a player who is not in the match (`details.playerId`). */
  PLAYER_NOT_IN_MATCH: 'MM_ERR_PLAYER_NOT_IN_MATCH',
  /** A backfill of a match with no open seat. */
  MATCH_FULL: 'MM_ERR_MATCH_FULL',
  /** The match already has a live backfill request (`details.requestId`). */
  BACKFILL_EXISTS: 'MM_ERR_BACKFILL_EXISTS',
  /** No live backfill request with that id. */
  BACKFILL_NOT_FOUND: 'MM_ERR_BACKFILL_NOT_FOUND',
  /** The match is not in a state that allows the operation (`details.state`), e.g. assigning one that is not allocating. */
  INVALID_MATCH_STATE: 'MM_ERR_INVALID_MATCH_STATE',
  /** Input data (a match file, a history log) that cannot be parsed. */
  INVALID_DATA: 'MM_ERR_INVALID_DATA',
  /** A wait that ran out before its event: a client waiting for a match (`waitForMatch`). */
  TIMEOUT: 'MM_ERR_TIMEOUT',
} as const;

export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

/** The error every part of matchd throws for bad input; `code` is stable, `details` is JSON. */
export class MatchdError extends Error {
  readonly code: ErrorCode;
  readonly details: Readonly<Record<string, unknown>>;

  constructor(code: ErrorCode, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = 'MatchdError';
    this.code = code;
    this.details = details;
  }
}

/** True when `error` is a MatchdError, optionally with the given code. */
export function isMatchdError(error: unknown, code?: ErrorCode): error is MatchdError {
  return error instanceof MatchdError && (code === undefined || error.code === code);
}

/** Throws INVALID_OPTION unless `value` is a finite number within [min, max]. */
export function requireFiniteOption(name: string, value: number, min = -Infinity, max = Infinity): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    throw new MatchdError(ErrorCodes.INVALID_OPTION, `${name} must be a finite number in [${min}, ${max}]`, {
      path: name,
      value: String(value),
    });
  }
  return value;
}
