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
import { duelQueue, keys } from './support/harness.ts';
import { memoryServer } from './support/memory-server.ts';

async function server(options: { authFailuresPerMinute?: number } = {}) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const built = await memoryServer({
    queues: [duelQueue],
    limits:
      options.authFailuresPerMinute === undefined
        ? {}
        : { authFailuresPerMinute: options.authFailuresPerMinute },
    logger: { level: 'info', stream },
  });
  return { ...built, lines };
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
