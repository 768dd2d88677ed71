/**
 * Webhook delivery survives the death of the node that delivers it: two node processes on one
 * Redis and one PostgreSQL; the receiver refuses while the queue's node tries; that node is killed
 * (SIGKILL, no shutdown); the node that takes the queue over delivers the same event, with the same
 * idempotency key and a valid signature, and delivers what comes after.
 */
import assert from 'node:assert/strict';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { QueueConfig } from '@matchd/engine';
import { freshPostgresDatabase, freshRedisPrefix, redisUrl } from './support/backends.ts';
import { ApiClient, eventually, keys, testQueuesDir } from './support/harness.ts';
import { freePort, NodeProcess } from './support/node-process.ts';

const secret = 'fleet-webhook-secret-0123456789abcdef0123';

interface Delivery {
  readonly key: string;
  readonly type: string;
  readonly valid: boolean;
  readonly answered: number;
}

test('a webhook the dying node could not deliver is delivered by the node that takes its queue over', {
  timeout: 120_000,
}, async () => {
  const deliveries: Delivery[] = [];
  let up = false;
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const parts = Object.fromEntries(
        String(request.headers['matchd-signature'] ?? '')
          .split(',')
          .map((part) => part.split('=') as [string, string]),
      );
      const expected = createHmac('sha256', secret).update(`${parts['t']}.${raw}`).digest('hex');
      const given = Buffer.from(parts['v1'] ?? '');
      const valid = given.length === expected.length && timingSafeEqual(given, Buffer.from(expected));
      const answered = up && valid ? 204 : 503;
      deliveries.push({
        key: String(request.headers['matchd-idempotency-key']),
        type: String(request.headers['matchd-event-type']),
        valid,
        answered,
      });
      response.statusCode = answered;
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  const duel: QueueConfig = {
    id: 'duel',
    teams: { count: 2, size: 1 },
    rating: { track: 'duel' },
    criteria: [{ kind: 'team-balance', weight: 1 }],
    threshold: { start: 0 },
    mode: { kind: 'continuous', maxWaitMs: 1000 },
    handoff: { webhookUrl: hookUrl },
  };
  const database = await freshPostgresDatabase('hooks');
  const { prefix, drop } = freshRedisPrefix('hooks');
  const queuesDir = testQueuesDir([duel]);
  const dirs: string[] = [queuesDir];
  const nodes: NodeProcess[] = [];
  try {
    for (let index = 0; index < 2; index += 1) {
      const dataDir = mkdtempSync(join(tmpdir(), 'matchd-hooks-'));
      dirs.push(dataDir);
      const node = new NodeProcess(
        await freePort(),
        {
          MATCHD_DATA_DIR: dataDir,
          MATCHD_RATINGS_BACKEND: 'postgres',
          DATABASE_URL: database.url,
          MATCHD_POOL_BACKEND: 'redis',
          REDIS_URL: redisUrl,
          MATCHD_REDIS_PREFIX: prefix,
          MATCHD_API_KEYS: `admin:test-admin:${keys.admin},server:test-server:${keys.server}`,
          MATCHD_TOKEN_SECRET: 'test-token-secret-0123456789abcdef0123456789',
          MATCHD_QUEUES_DIR: queuesDir,
          MATCHD_TICK_INTERVAL_MS: '25',
          MATCHD_LEASE_MS: '1000',
          MATCHD_MATCH_WORKER: 'false',
          MATCHD_WEBHOOK_SECRET: secret,
          MATCHD_WEBHOOK_RETRY_BASE_MS: '100',
          MATCHD_LOG_LEVEL: 'warn',
        },
        join(dataDir, 'stderr.log'),
      );
      await node.start();
      nodes.push(node);
    }
    const owner = await eventually(
      async () => {
        for (const node of nodes) {
          const ready = await new ApiClient(node.url).request<{ ownedQueues?: string[] }>('GET', '/readyz');
          if (ready.body.ownedQueues?.includes('duel')) return node;
        }
        return undefined;
      },
      15_000,
      'a node running the queue',
    );
    const survivor = nodes.find((node) => node !== owner) as NodeProcess;
    const api = new ApiClient(survivor.url);
    const create = async (playerId: string) => {
      const reply = await api.request('POST', '/v1/tickets', {
        credential: keys.server,
        body: { queueId: 'duel', players: [{ playerId }] },
      });
      assert.equal(reply.status, 201, JSON.stringify(reply.body));
    };
    await create('ana');
    await create('ben');
    // The queue's node tries the `formed` event and fails while the receiver is down.
    const firstKey = await eventually(
      async () => deliveries.find((delivery) => delivery.type === 'formed')?.key,
      15_000,
      'a first attempt',
    );
    await eventually(async () =>
      deliveries.filter((d) => d.key === firstKey).length >= 2 ? true : undefined,
    );
    await owner.kill();
    up = true;
    const delivered = await eventually(
      async () => deliveries.find((delivery) => delivery.key === firstKey && delivery.answered === 204),
      20_000,
      'the event delivered by the other node',
    );
    assert.ok(delivered.valid);
    // The survivor runs the queue now, and delivers what comes after.
    await create('cy');
    await create('dee');
    await eventually(
      async () =>
        deliveries.some(
          (delivery) => delivery.type === 'formed' && delivery.key !== firstKey && delivery.answered === 204,
        )
          ? true
          : undefined,
      15_000,
      'the next match delivered',
    );
    const keysDelivered = deliveries
      .filter((delivery) => delivery.answered === 204)
      .map((delivery) => delivery.key);
    assert.equal(new Set(keysDelivered).size, 2, 'two events, each delivered');
    assert.ok(deliveries.every((delivery) => delivery.valid));
  } finally {
    for (const node of nodes) await node.kill();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
    await drop();
    await database.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
});
