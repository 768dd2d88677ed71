/**
 * A server built in this process on memory stores (unless given others), with a real engine in a
 * matchmaker host the test may wrap to inject faults, and the test keys. For tests that need the
 * parts themselves: a host around the engine, a logger stream, limits.
 */

import type { QueueConfig } from '@matchd/engine';
import type { FastifyServerOptions } from 'fastify';
import { buildServer, type ServerDeps } from '../../src/app.ts';
import { createPlayerTokens } from '../../src/auth/player-tokens.ts';
import { createAuthenticator } from '../../src/auth/principals.ts';
import { defaultDeclaration } from '../../src/rating/rating-system.ts';
import { createTrackPolicies, type TrackPoliciesData } from '../../src/rating/track-policies.ts';
import { engineMatchmakerFactory } from '../../src/runtime/engine-factory.ts';
import { createLocalHost, type MatchmakerHost } from '../../src/runtime/matchmaker-host.ts';
import type { FriendsSource } from '../../src/service/friends.ts';
import type { FleetState } from '../../src/store/fleet-state.ts';
import { createMemoryFleetState } from '../../src/store/memory/memory-fleet-state.ts';
import { createMemoryRatingsStore } from '../../src/store/memory/memory-ratings-store.ts';
import { ApiClient, keys } from './harness.ts';

/** The token secret of these servers. */
export const tokenSecret = 'test-token-secret-0123456789abcdef0123456789';

/** The tests' rating policies: Weng-Lin calibrated after one game, plus any named ones. */
export function testPolicies(named?: TrackPoliciesData['named']): TrackPoliciesData {
  return {
    fallback: defaultDeclaration('weng-lin', { calibrationGames: 1 }),
    ...(named === undefined ? {} : { named }),
  };
}

/** A matchmaker host running the engine in this thread. */
export function localHost(policies: TrackPoliciesData = testPolicies()): MatchmakerHost {
  const registry = createTrackPolicies(policies);
  return createLocalHost({
    factory: engineMatchmakerFactory,
    ratingModelFor: (config) => registry.ofQueue(config).model,
    seed: 1,
    clock: () => performance.now(),
  });
}

/** Builds and starts the server; `close` stops it. */
export async function memoryServer(options: {
  queues: readonly QueueConfig[];
  host?: MatchmakerHost;
  state?: FleetState;
  limits?: Partial<ServerDeps['limits']>;
  logger?: FastifyServerOptions['logger'];
  /** Named rating policies queues may reference, beside the presets. */
  ratingPolicies?: TrackPoliciesData['named'];
  /** A studio's own friends lists. */
  friends?: FriendsSource;
  /** Epoch ms; default Date.now. */
  clock?: () => number;
}) {
  const policies = testPolicies(options.ratingPolicies);
  const tokens = createPlayerTokens(tokenSecret);
  const { app, service } = await buildServer({
    ratings: createMemoryRatingsStore(),
    state: options.state ?? createMemoryFleetState(),
    host: options.host ?? localHost(policies),
    policies: createTrackPolicies(policies),
    ...(options.friends === undefined ? {} : { friends: options.friends }),
    ...(options.clock === undefined ? {} : { clock: options.clock }),
    auth: createAuthenticator(
      [
        { role: 'admin', name: 'admin', key: keys.admin },
        { role: 'server', name: 'server', key: keys.server },
      ],
      tokens,
    ),
    tokens,
    limits: { bodyLimitBytes: 65536, rateLimitPerMinute: 1_000_000, tokenTtlSeconds: 600, ...options.limits },
    fleet: { tickIntervalMs: 25, leaseMs: 2000 },
    seedQueues: options.queues,
    ...(options.logger === undefined ? {} : { logger: options.logger }),
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, service, address, client: new ApiClient(address), close: () => app.close() };
}
