/**
 * Per-request auth: every route declares the role it needs in its `config.role`; an onRequest
 * hook authenticates the bearer credential and attaches the principal to the request. Only the
 * WebSocket stream (`config.queryToken`), which browsers cannot give headers, also takes
 * `?access_token=`; URLs end up in logs and proxies, so no other route reads a secret from one.
 * Failed authentications are limited per address before any credential is checked.
 */
import { ErrorCodes, MatchdError } from '@matchd/engine';
import type { FastifyRequest } from 'fastify';
import type { AuthFailureLimiter } from '../auth/failure-limiter.ts';
import type { Authenticator, Principal, RequiredRole } from '../auth/principals.ts';
import { requireRole } from '../auth/principals.ts';

/** The role a route needs, or `public`. */
export type RouteRole = RequiredRole | 'public';

declare module 'fastify' {
  interface FastifyContextConfig {
    role?: RouteRole;
    /** The route takes `?access_token=` (the WebSocket stream only). */
    queryToken?: boolean;
  }
  interface FastifyRequest {
    principal?: Principal;
  }
}

/** The credential of a request: the bearer token, or (where the route allows) `?access_token=`. */
export function credentialOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (match === null)
      throw new MatchdError(ErrorCodes.UNAUTHORIZED, 'Authorization must be "Bearer <key or token>"');
    return match[1];
  }
  if (request.routeOptions.config.queryToken !== true) return undefined;
  const query = request.query as Record<string, unknown> | undefined;
  const token = query?.['access_token'];
  return typeof token === 'string' ? token : undefined;
}

/** The request URL with the value of `access_token` blanked, for logs. */
export function redactedUrl(url: string): string {
  return url.replace(/([?&]access_token=)[^&#]*/gi, '$1[redacted]');
}

/** The hook: authenticates unless the route is public; throws 401/403 registry errors. */
export function authHook(
  authenticator: Authenticator,
  now: () => number,
  failures: AuthFailureLimiter,
  onFailure: () => void = () => {},
) {
  return async (request: FastifyRequest): Promise<void> => {
    // Unknown routes answer 404 whoever asks; every known route names its role (admin if it forgets).
    if (request.is404) return;
    const role = request.routeOptions.config.role ?? 'admin';
    if (role === 'public') return;
    failures.check(request.ip, now());
    let principal: Principal;
    try {
      principal = await authenticator.authenticate(credentialOf(request), now());
    } catch (error) {
      failures.failed(request.ip, now());
      onFailure();
      throw error;
    }
    requireRole(principal, role);
    request.principal = principal;
  };
}

/** The request's principal (set by the hook on every non-public route). */
export function principalOf(request: FastifyRequest): Principal {
  if (request.principal === undefined) throw new MatchdError(ErrorCodes.UNAUTHORIZED, 'not authenticated');
  return request.principal;
}

/** A query number clamped to [min, max]; `fallback` when absent. */
export function queryInt(value: number | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  return Math.min(max, Math.max(min, value));
}
