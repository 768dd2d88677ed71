/**
 * Browsers on other origins (a game's web client, a studio's tools): with `corsOrigins` set, the
 * API answers CORS preflights from those origins only, and its answers carry the headers that let
 * such a page read them (@fastify/cors). Requests still authenticate as any other: a bearer key or
 * token in the Authorization header, never a cookie, so no credentials mode is offered. A
 * preflight from another origin gets no CORS answer (the 404 of an unknown route), and the browser
 * blocks the page's request. Without `corsOrigins` nothing is registered: OPTIONS is unknown.
 */
import cors from '@fastify/cors';
import type { TypedApp } from './typed-app.ts';

/** How long a browser may reuse a preflight's answer, seconds. */
const preflightMaxAgeSeconds = 600;

/** Registers CORS for `origins` (exact origins, or `*` for any). */
export async function registerCors(app: TypedApp, origins: readonly string[]): Promise<void> {
  if (origins.length === 0) return;
  const any = origins.includes('*');
  const allowed = new Set(origins);
  // The preflight route answers without a credential (browsers send none on a preflight).
  app.addHook('onRoute', (route) => {
    if (route.method === 'OPTIONS' && route.url === '*') route.config = { ...route.config, role: 'public' };
  });
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && (any || allowed.has(origin))),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
    maxAge: preflightMaxAgeSeconds,
    exposedHeaders: ['retry-after', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'],
  });
}
