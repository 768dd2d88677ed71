/**
 * @matchd/client: a typed client of the matchd API for game clients, game servers and tools.
 * Types come from the service's OpenAPI document (openapi.ts, generated); the WebSocket stream
 * reconnects and resumes (ticket-stream.ts). It runs in browsers and Node alike; the webhook check,
 * which needs Node's crypto, is its own entry: `@matchd/client/webhook`.
 */
export {
  type ClientOptions,
  type ErrorBody,
  MatchdApiError,
  MatchdClient,
  type OperationId,
  type Query,
  type RequestBody,
  routes,
  type Success,
} from './client.ts';
export {
  type MatchEvent,
  type MatchHandoff,
  type MatchStream,
  type MatchStreamOptions,
  watchMatches,
} from './match-stream.ts';
export type { components, operations, paths } from './openapi.ts';
export type {
  Connection,
  EventMatch,
  EventTeam,
  FinalTicketEvent,
  OpenSocket,
  StreamOptions,
  Ticket,
  TicketEvent,
  TicketMessage,
  TicketStream,
  WebSocketLike,
} from './ticket-stream.ts';
