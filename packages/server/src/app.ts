/**
 * `buildServer(deps)`: the whole HTTP/WebSocket API on a fastify instance, without listening
 * (fastify's testing doctrine: tests call `inject` or listen on port 0; `main.ts` listens).
 *
 * @example
 * const { app, service } = await buildServer({ ratings, pool, host, system, auth, tokens, limits });
 * await app.listen({ port: 0 });
 */

import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import websocket from '@fastify/websocket';
import { ErrorCodes, MatchdError, type QueueConfig } from '@matchd/engine';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { AuthFailureLimiter } from './auth/failure-limiter.ts';
import type { PlayerTokens } from './auth/player-tokens.ts';
import { type Authenticator, principalLabel } from './auth/principals.ts';
import { registerCors } from './http/cors.ts';
import { sendError } from './http/error-map.ts';
import { numericQuery } from './http/query-numbers.ts';
import { authHook, redactedUrl } from './http/request-context.ts';
import { OneLinePerRequest } from './http/request-log.ts';
import { handoffRoutes } from './http/routes-handoff.ts';
import { insightRoutes } from './http/routes-insights.ts';
import { matchRoutes } from './http/routes-matches.ts';
import { modelRoutes } from './http/routes-models.ts';
import { playerRoutes } from './http/routes-players.ts';
import { queueRoutes } from './http/routes-queues.ts';
import { apiVersion, experimentsDir, systemRoutes } from './http/routes-system.ts';
import { ticketRoutes } from './http/routes-tickets.ts';
import { roleNotes, type TypedApp } from './http/typed-app.ts';
import type { TrackPolicies } from './rating/track-policies.ts';
import type { MatchmakerHost } from './runtime/matchmaker-host.ts';
import { observeHost, QueueActivity } from './service/activity.ts';
import type { FleetOptions } from './service/fleet.ts';
import type { FriendsSource } from './service/friends.ts';
import { createService, type MatchdService, type ServiceDeps } from './service/service.ts';
import type { FleetState } from './store/fleet-state.ts';
import type { RatingsStore } from './store/ratings-store.ts';

/** What the server is built from: real parts, chosen by `main.ts` (or a test). */
export interface ServerDeps {
  readonly ratings: RatingsStore;
  /** The state every node shares: tickets, queue logs, leases (memory for one process, Redis for a fleet). */
  readonly state: FleetState;
  readonly host: MatchmakerHost;
  /** The tracks' rating policies (`createTrackPolicies`). */
  readonly policies: TrackPolicies;
  /** A studio's own friends lists (the hook for `friends` visibility); default: matchd's lists. */
  readonly friends?: FriendsSource;
  readonly auth: Authenticator;
  readonly tokens: PlayerTokens;
  readonly limits: {
    readonly bodyLimitBytes: number;
    readonly rateLimitPerMinute: number;
    readonly tokenTtlSeconds: number;
    /** Failed authentications per client address and minute before its requests are refused. */
    readonly authFailuresPerMinute?: number;
    /** Live tickets a queue holds at most (MM_ERR_QUEUE_FULL beyond). */
    readonly queueCapacity?: number;
  };
  /** This node's queue runners: node id, lease time, tick interval, config poll. */
  readonly fleet?: Partial<FleetOptions>;
  /** The engagement estimator (to check engagement queues' configs on this node). */
  readonly expectedChurn?: ServiceDeps['expectedChurn'];
  /** Each queue's own churn estimator (its fitted model or table). */
  readonly expectedChurnFor?: ServiceDeps['expectedChurnFor'];
  /** The fitted models queues name (party bonus, churn models). */
  readonly models?: ServiceDeps['models'];
  readonly seedQueues?: readonly QueueConfig[];
  /** Origins whose pages may call the API from a browser (CORS), or `*`; none by default. */
  readonly corsOrigins?: readonly string[];
  /** fastify's logger option: pino options, or false. */
  readonly logger?: FastifyServerOptions['logger'];
  /** Epoch ms; default Date.now. */
  readonly clock?: () => number;
}

/** Builds the app and its service; nothing listens and the tick loop is not started. */
export async function buildServer(deps: ServerDeps): Promise<{ app: TypedApp; service: MatchdService }> {
  const app: TypedApp = Fastify({
    logger: withRedactedUrls(deps.logger ?? false),
    bodyLimit: deps.limits.bodyLimitBytes,
    // Strict edge validation: refuse unknown fields and wrong types instead of dropping or coercing them.
    ajv: {
      customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: false, allErrors: false },
    },
    return503OnClosing: true,
    // One line per request instead of two (http/request-log.ts).
    logController: new OneLinePerRequest(),
    // Router-level failures (bad URL encoding, over-long path parameters) get the registry's shape too.
    frameworkErrors: (error, request, reply) => sendError(error, request, reply),
  }).withTypeProvider<TypeBoxTypeProvider>();
  // The dashboard's view of recent activity sees every effect of the matchmakers.
  const activity = new QueueActivity();
  const tickIntervalMs = deps.fleet?.tickIntervalMs ?? 1000;
  const service = await createService({
    ratings: deps.ratings,
    state: deps.state,
    host: observeHost(deps.host, activity),
    policies: deps.policies,
    ...(deps.friends === undefined ? {} : { friends: deps.friends }),
    log: app.log,
    fleet: {
      nodeId: deps.fleet?.nodeId ?? `node-${process.pid}-${Math.random().toString(36).slice(2, 8)}`,
      leaseMs: deps.fleet?.leaseMs ?? 3000,
      tickIntervalMs,
      configPollMs: deps.fleet?.configPollMs ?? 500,
      ...(deps.fleet?.webhooks === undefined ? {} : { webhooks: deps.fleet.webhooks }),
    },
    queueCapacity: deps.limits.queueCapacity ?? 100_000,
    ...(deps.expectedChurn === undefined ? {} : { expectedChurn: deps.expectedChurn }),
    ...(deps.expectedChurnFor === undefined ? {} : { expectedChurnFor: deps.expectedChurnFor }),
    ...(deps.models === undefined ? {} : { models: deps.models }),
    ...(deps.seedQueues === undefined ? {} : { seedQueues: deps.seedQueues }),
    ...(deps.clock === undefined ? {} : { clock: deps.clock }),
  });
  app.addHook('onClose', async () => service.stop());
  const { context, metrics } = service;

  app.setErrorHandler((error, request, reply) => sendError(error, request, reply));
  app.setNotFoundHandler((request, reply) =>
    sendError(
      new MatchdError(ErrorCodes.ROUTE_NOT_FOUND, `no route ${request.method} ${request.url.split('?')[0]}`),
      request,
      reply,
    ),
  );
  // Every route says who may call it: in its description, and public routes need no credential.
  app.addHook('onRoute', (route) => {
    const role = route.config?.role ?? 'admin';
    if (route.schema === undefined || route.schema.hide === true) return;
    const note = `Role: ${roleNotes[role]}`;
    const description = route.schema.description;
    route.schema = {
      ...route.schema,
      description: description === undefined ? note : `${description}\n\n${note}`,
      ...(role === 'public' ? { security: [] } : {}),
    };
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'matchd',
        version: apiVersion,
        description:
          'Matchmaking service: tickets, matches, results and ratings, queues, admin. Every error has the shape ' +
          "`{ error: { code, message, details } }` with a stable code. The WebSocket streams (a ticket's events, a " +
          "queue's match events for game servers, also the `event` of each signed webhook) are described in AsyncAPI " +
          'at [/asyncapi.json](/asyncapi.json).',
        license: { name: 'MIT', identifier: 'MIT' },
      },
      // Relative: the address the document was read from, on any port and behind any proxy.
      servers: [{ url: '/', description: 'This server' }],
      tags: [
        { name: 'tickets', description: 'Players and parties enter queues; their tickets end exactly once' },
        { name: 'matches', description: 'Formed matches and their results' },
        {
          name: 'hand-off',
          description:
            'Game servers and allocators: running matches, server assignment, backfill, the match stream',
        },
        { name: 'players', description: 'Profiles, match history and leaderboards' },
        { name: 'queues', description: 'Queue configs and live stats' },
        { name: 'admin', description: 'Queue configs at run time, season resets, recalibration' },
        {
          name: 'insights',
          description: 'What the dashboard shows: live queues, recent matches, rating distributions',
        },
        { name: 'auth', description: 'Player tokens' },
        { name: 'system', description: 'Liveness, metrics and these documents' },
      ],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'An API key (server or admin role) or a player token from POST /v1/tokens',
          },
        },
      },
      security: [{ bearer: [] }],
    },
  });
  await app.register(websocket, { options: { maxPayload: 4096 } });
  // Before authentication: a browser's preflight carries no credential.
  await registerCors(app, deps.corsOrigins ?? []);
  app.addHook(
    'onRequest',
    authHook(deps.auth, context.now, new AuthFailureLimiter(deps.limits.authFailuresPerMinute ?? 30), () =>
      metrics.authFailures.inc(),
    ),
  );
  await app.register(rateLimit, {
    global: true,
    hook: 'preHandler',
    max: deps.limits.rateLimitPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) =>
      request.principal === undefined ? `ip:${request.ip}` : principalLabel(request.principal),
    errorResponseBuilder: (_request, context) =>
      new MatchdError(ErrorCodes.RATE_LIMITED, `rate limit of ${context.max} per minute exceeded`, {
        retryAfterMs: context.ttl,
      }),
  });
  app.addHook('preValidation', numericQuery);
  app.addHook('onResponse', async (request, reply) => {
    metrics.httpSeconds.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unknown',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });

  await systemRoutes(app, {
    context,
    ratings: deps.ratings,
    state: deps.state,
    tokens: deps.tokens,
    tokenTtlSeconds: deps.limits.tokenTtlSeconds,
    registry: metrics.registry,
    readiness: () => readiness(deps, service),
  });
  ticketRoutes(app, context);
  matchRoutes(app, context);
  handoffRoutes(app, context);
  playerRoutes(app, context);
  queueRoutes(app, context);
  modelRoutes(app, context);
  insightRoutes(app, context, activity, experimentsDir);
  return { app, service };
}

/** What `/readyz` checks; MM_ERR_UNAVAILABLE (503) with every failed check named when not ready. */
async function readiness(
  deps: ServerDeps,
  service: MatchdService,
): Promise<{ status: 'ready'; ownedQueues: readonly string[] }> {
  const within = <T>(work: Promise<T>): Promise<T> =>
    Promise.race([
      work,
      new Promise<never>((_resolve, reject) =>
        setTimeout(() => reject(new Error('no answer within 1 s')), 1000).unref(),
      ),
    ]);
  const failed: Record<string, string> = {};
  const check = async (name: string, work: () => Promise<unknown>): Promise<void> => {
    try {
      await within(work());
    } catch (error) {
      failed[name] = error instanceof Error ? error.message : String(error);
    }
  };
  await Promise.all([
    check('ratings', () => deps.ratings.ping()),
    check('state', () => deps.state.ping()),
    check('matchmaker', () => deps.host.sizes()),
  ]);
  const fleet = service.fleet.readiness();
  if (fleet.staleQueues.length > 0) failed['queues'] = `not ticked recently: ${fleet.staleQueues.join(', ')}`;
  if (Object.keys(failed).length > 0) {
    throw new MatchdError(ErrorCodes.UNAVAILABLE, `not ready: ${Object.keys(failed).join(', ')}`, {
      checks: failed,
      ownedQueues: fleet.ownedQueues,
    });
  }
  return { status: 'ready', ownedQueues: fleet.ownedQueues };
}

/** Logs request URLs with `access_token` values blanked (a secret must not reach the logs). */
type LoggerOption = Exclude<FastifyServerOptions['logger'], undefined>;
function withRedactedUrls(logger: LoggerOption): LoggerOption {
  if (typeof logger === 'boolean') return logger === true ? withRedactedUrls({}) : logger;
  return {
    ...logger,
    serializers: {
      ...(logger as { serializers?: Record<string, unknown> }).serializers,
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: redactedUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
  } as LoggerOption;
}
