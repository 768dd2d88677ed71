/**
 * The fastify instance the routes are registered on: TypeBox's type provider types each handler's
 * params, query, body and reply from the route's own schemas (one schema source per route).
 */

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ErrorCode } from '@matchd/engine';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';

export type TypedApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** Who may call a route, said in its OpenAPI description. */
export const roleNotes = {
  public: 'No credential needed.',
  player: 'A player token (for their own data), a server key or an admin key.',
  server: 'A server key (game servers) or an admin key.',
  admin: 'An admin key.',
} as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The code of a body that fails the route's schema, when a domain code says it better (queue configs). */
    invalidBodyCode?: ErrorCode;
  }
}
