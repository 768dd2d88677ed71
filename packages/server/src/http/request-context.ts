/**
 * Per-request auth: every route declares the role it needs in its `config.role`; an onRequest
 * hook authenticates the bearer credential (or `?access_token=` for WebSockets, which browsers
 * cannot give headers) and attaches the principal to the request.
 */
import { ErrorCodes, MatchdError } from '@matchd/engine';
import type { FastifyRequest } from 'fastify';
import type { Authenticator, Principal, RequiredRole } from '../auth/principals.ts';
import { requireRole } from '../auth/principals.ts';

/** The role a route needs, or `public`. */
export type RouteRole = RequiredRole | 'public';

declare module 'fastify' {
  interface FastifyContextConfig {
    role?: RouteRole;
  }
  interface FastifyRequest {
    principal?: Principal;
  }
}

/** The credential of a request: the bearer token, or the `access_token` query parameter. */
export function credentialOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (match === null)
      throw new MatchdError(ErrorCodes.UNAUTHORIZED, 'Authorization must be "Bearer <key or token>"');
    return match[1];
  }
  const query = request.query as Record<string, unknown> | undefined;
  const token = query?.['access_token'];
  return typeof token === 'string' ? token : undefined;
}

/** The hook: authenticates unless the route is public; throws 401/403 registry errors. */
export function authHook(authenticator: Authenticator, now: () => number) {
  return async (request: FastifyRequest): Promise<void> => {
    // Unknown routes answer 404 whoever asks; every known route names its role (admin if it forgets).
    if (request.is404) return;
    const role = request.routeOptions.config.role ?? 'admin';
    if (role === 'public') return;
    const principal = authenticator.authenticate(credentialOf(request), now());
    requireRole(principal, role);
    request.principal = principal;
  };
}

/** The request's principal (set by the hook on every non-public route). */
export function principalOf(request: FastifyRequest): Principal {
  if (request.principal === undefined) throw new MatchdError(ErrorCodes.UNAUTHORIZED, 'not authenticated');
  return request.principal;
}

/** A digits-only query value as an integer, clamped to [min, max]; `fallback` when absent. */
export function queryInt(value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  return Math.min(max, Math.max(min, Number.parseInt(value, 10)));
}
