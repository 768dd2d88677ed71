/**
 * System routes: liveness, readiness, metrics, player tokens, the API documents (OpenAPI 3.1 at
 * /openapi.json, AsyncAPI 3.0 at /asyncapi.json, Swagger UI at /docs), the dashboard at / and the
 * experiments' plots under /experiments/.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import swaggerUi from '@fastify/swagger-ui';
import { Type } from 'typebox';
import type { PlayerTokens } from '../auth/player-tokens.ts';
import type { ServiceContext } from '../service/context.ts';
import type { FleetState } from '../store/fleet-state.ts';
import type { RatingsStore } from '../store/ratings-store.ts';
import { asyncApiDocument } from './asyncapi.ts';
import { withNamedSchemas } from './openapi-components.ts';
import { principalOf } from './request-context.ts';
import { errorResponses, errors, publicErrorResponses } from './schema-common.ts';
import { Health, Readiness } from './schema-queues.ts';
import { TokenReply, TokenRequest } from './schema-ratings.ts';
import type { TypedApp } from './typed-app.ts';

/** The API version in the documents. */
export const apiVersion = '0.1.0';

/** Where the built dashboard and the experiments' plots are (repository layout). */
export const dashboardDir = new URL('../../../dashboard/dist/', import.meta.url).pathname;
export const experimentsDir = new URL('../../../../docs/experiments/', import.meta.url).pathname;

const anyJson = Type.Record(Type.String(), Type.Unknown());

/**
 * What the dashboard's pages and files are sent with: its code and styles from this server only,
 * its calls to this server only, no framing by another site (clickjacking), no guessing of types,
 * and no address of the dashboard in the Referer of the links it opens.
 */
export const dashboardHeaders = {
  'content-security-policy': [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; '),
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
} as const;

/** Registers the system routes. */
export async function systemRoutes(
  app: TypedApp,
  deps: {
    context: ServiceContext;
    ratings: RatingsStore;
    state: FleetState;
    tokens: PlayerTokens;
    tokenTtlSeconds: number;
    registry: { contentType: string; metrics(): Promise<string> };
    /** Resolves when this node is ready; throws MM_ERR_UNAVAILABLE naming the failed checks. */
    readiness: () => Promise<{ status: 'ready'; ownedQueues: readonly string[] }>;
  },
): Promise<void> {
  const { context } = deps;
  app.get(
    '/healthz',
    {
      config: { role: 'public' },
      schema: {
        operationId: 'health',
        tags: ['system'],
        summary: 'Liveness: the backends in use and the number of queues',
        response: { 200: Health, ...publicErrorResponses },
      },
    },
    async () => ({
      status: 'ok' as const,
      ratingsBackend: deps.ratings.backend,
      poolBackend: deps.state.backend,
      queues: context.queues.size,
    }),
  );

  app.get(
    '/readyz',
    {
      config: { role: 'public' },
      schema: {
        operationId: 'readiness',
        tags: ['system'],
        summary:
          'Readiness: stores reachable, the matchmaker worker up, every queue this node runs ticked recently',
        description:
          'For a load balancer: 200 when this node can serve; 503 MM_ERR_UNAVAILABLE with `details.checks` naming ' +
          'each failed check (ratings, state, matchmaker, queues) otherwise.',
        response: { 200: Readiness, 503: errors[503], ...publicErrorResponses },
      },
    },
    async () => deps.readiness(),
  );

  app.get(
    '/metrics',
    {
      config: { role: 'public' },
      schema: {
        operationId: 'metrics',
        tags: ['system'],
        summary: 'Prometheus metrics (matchd_*: tickets, matches, waits, quality, ticks, HTTP)',
        produces: ['text/plain'],
        response: {
          200: {
            description: 'Prometheus text exposition format',
            content: { 'text/plain': { schema: Type.String() } },
          },
          ...publicErrorResponses,
        },
      },
    },
    async (_request, reply) => reply.type(deps.registry.contentType).send(await deps.registry.metrics()),
  );

  app.post(
    '/v1/tokens',
    {
      config: { role: 'server' },
      schema: {
        operationId: 'issueToken',
        tags: ['auth'],
        summary: 'Issue a short-lived player token (server key)',
        description:
          'A player token lets a game client read and cancel its own tickets, watch their events, and read its own ' +
          'profile and history. Its lifetime is at most MATCHD_TOKEN_TTL_SECONDS.',
        body: TokenRequest,
        response: { 201: TokenReply, ...errorResponses(400, 403) },
      },
    },
    async (request, reply) => {
      principalOf(request);
      const ttl = Math.min(request.body.ttlSeconds ?? deps.tokenTtlSeconds, deps.tokenTtlSeconds);
      const issued = deps.tokens.issue(request.body.playerId, context.now(), ttl);
      return reply.status(201).send({ playerId: request.body.playerId, ...issued });
    },
  );

  app.get(
    '/openapi.json',
    {
      config: { role: 'public' },
      schema: {
        operationId: 'openApiDocument',
        tags: ['system'],
        summary: 'This OpenAPI 3.1 document',
        response: { 200: anyJson, ...publicErrorResponses },
      },
    },
    async () => withNamedSchemas(app.swagger() as unknown as Record<string, unknown>),
  );

  app.get(
    '/asyncapi.json',
    {
      config: { role: 'public' },
      schema: {
        operationId: 'asyncApiDocument',
        tags: ['system'],
        summary: 'The AsyncAPI 3.0 document of the WebSocket event stream',
        response: { 200: anyJson, ...publicErrorResponses },
      },
    },
    async (request) => asyncApiDocument(request.host, apiVersion),
  );

  // Third-party pages (Swagger UI, the built dashboard, the plots) are public and not API operations.
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, role: 'public' };
      route.schema = { ...route.schema, hide: true };
    });
    await scope.register(swaggerUi, {
      routePrefix: '/docs',
      uiConfig: { deepLinking: true, docExpansion: 'list', tryItOutEnabled: true, url: '/openapi.json' },
      staticCSP: false,
    });
    if (existsSync(experimentsDir)) {
      await scope.register(fastifyStatic, {
        root: experimentsDir,
        prefix: '/experiments/',
        wildcard: false,
        allowedPath: (path) => path.endsWith('.svg'),
      });
    }
    if (existsSync(join(dashboardDir, 'index.html'))) {
      await scope.register(fastifyStatic, {
        root: dashboardDir,
        prefix: '/',
        wildcard: false,
        decorateReply: false,
        setHeaders: (response) => {
          response.headers(dashboardHeaders);
        },
      });
    } else {
      scope.get('/', async (_request, reply) =>
        reply
          .headers(dashboardHeaders)
          .type('text/html')
          .send(
            '<!doctype html><title>matchd</title><p>The dashboard is not built: run <code>npm run build:dashboard</code>. ' +
              'The API reference is at <a href="/docs">/docs</a>.</p>',
          ),
      );
    }
  });
}
