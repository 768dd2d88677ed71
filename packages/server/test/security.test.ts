/**
 * The security defects, each shown fixed through the API: a secret in `?access_token=` works only
 * on the event stream and never reaches the log; failed authentications are limited per address
 * (before the per-key limit, which only sees authenticated requests); a token's signature has one
 * spelling.
 */
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { test } from 'node:test';
import WebSocket from 'ws';
import { buildServer } from '../src/app.ts';
import { createPlayerTokens } from '../src/auth/player-tokens.ts';
import { createAuthenticator } from '../src/auth/principals.ts';
import { createRatingSystem } from '../src/rating/rating-system.ts';
import { engineMatchmakerFactory } from '../src/runtime/engine-factory.ts';
import { createLocalHost } from '../src/runtime/matchmaker-host.ts';
import { createMemoryFleetState } from '../src/store/memory/memory-fleet-state.ts';
import { createMemoryRatingsStore } from '../src/store/memory/memory-ratings-store.ts';
import { ApiClient, duelQueue, keys } from './support/harness.ts';

const tokenSecret = 'test-token-secret-0123456789abcdef0123456789';

async function server(options: { authFailuresPerMinute?: number } = {}) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const system = createRatingSystem('weng-lin');
  const tokens = createPlayerTokens(tokenSecret);
  const { app } = await buildServer({
    ratings: createMemoryRatingsStore(),
    state: createMemoryFleetState(),
    host: createLocalHost({
      factory: engineMatchmakerFactory,
      ratingModel: system.model,
      seed: 1,
      clock: () => performance.now(),
    }),
    system,
    auth: createAuthenticator(
      [
        { role: 'admin', name: 'admin', key: keys.admin },
        { role: 'server', name: 'server', key: keys.server },
      ],
      tokens,
    ),
    tokens,
    limits: {
      bodyLimitBytes: 65536,
      rateLimitPerMinute: 1_000_000,
      tokenTtlSeconds: 600,
      ...(options.authFailuresPerMinute === undefined
        ? {}
        : { authFailuresPerMinute: options.authFailuresPerMinute }),
    },
    fleet: { tickIntervalMs: 50 },
    seedQueues: [duelQueue],
    logger: { level: 'info', stream },
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return { client: new ApiClient(address), address, lines, close: () => app.close() };
}

test('?access_token= is refused outside the event stream, works there, and never reaches the log', async () => {
  const { client, address, lines, close } = await server();
  try {
    const viaQuery = await client.request('GET', `/v1/queues?access_token=${keys.admin}`);
    assert.equal(viaQuery.status, 401, 'a key in the URL is not a credential for ordinary routes');
    const created = await client.request<{ ticketId: string }>('POST', '/v1/tickets', {
      credential: keys.server,
      body: { queueId: 'duel', players: [{ playerId: 'url-token' }] },
    });
    const token = await client.playerToken('url-token');
    const socket = new WebSocket(
      `${address.replace(/^http/, 'ws')}/v1/tickets/${created.body.ticketId}/events?access_token=${token}`,
    );
    const first = await new Promise<Record<string, unknown>>((resolve, reject) => {
      socket.once('message', (data) => resolve(JSON.parse(String(data)) as Record<string, unknown>));
      socket.once('error', reject);
    });
    assert.equal(first['type'], 'state');
    socket.close();
    const log = lines.join('');
    assert.ok(log.includes('access_token=[redacted]'), 'the URL is logged with the secret blanked');
    assert.ok(!log.includes(keys.admin), 'the admin key is not in the log');
    assert.ok(!log.includes(token), 'the player token is not in the log');
  } finally {
    await close();
  }
});

test('failed authentications are limited per address: past the limit even a good key waits', async () => {
  const { client, close } = await server({ authFailuresPerMinute: 5 });
  try {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const reply = await client.request('GET', '/v1/queues', { credential: `guess-${attempt}-0123456789` });
      assert.equal(reply.status, 401);
    }
    const limited = await client.request<{ error: { code: string; details: { retryAfterMs: number } } }>(
      'GET',
      '/v1/queues',
      { credential: 'guess-again-0123456789' },
    );
    assert.equal(limited.status, 429);
    assert.equal(limited.body.error.code, 'MM_ERR_RATE_LIMITED');
    assert.ok(limited.body.error.details.retryAfterMs > 0);
    const good = await client.request('GET', '/v1/queues', { credential: keys.admin });
    assert.equal(good.status, 429, 'the address is refused before its credential is checked');
    const metrics = await client.request('GET', '/metrics');
    assert.match(String(metrics.body), /matchd_auth_failures_total 5/);
  } finally {
    await close();
  }
});

test('a token whose signature is re-spelled (other trailing bits, same bytes) is refused', async () => {
  const { client, close } = await server();
  try {
    const token = await client.playerToken('canon');
    assert.equal((await client.request('GET', '/v1/players/canon', { credential: token })).status, 200);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(token.at(-1) as string);
    const respelled = `${token.slice(0, -1)}${alphabet[last ^ 1]}`;
    assert.deepEqual(
      Buffer.from(respelled.split('.')[2] as string, 'base64url'),
      Buffer.from(token.split('.')[2] as string, 'base64url'),
    );
    const reply = await client.request<{ error: { code: string } }>('GET', '/v1/players/canon', {
      credential: respelled,
    });
    assert.equal(reply.status, 401);
    assert.equal(reply.body.error.code, 'MM_ERR_UNAUTHORIZED');
  } finally {
    await close();
  }
});
