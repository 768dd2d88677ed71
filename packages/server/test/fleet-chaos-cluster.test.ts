/**
 * The same chaos run on a Redis Cluster of three masters started here from the machine's
 * redis-server (`--cluster-enabled yes`, `redis-cli --cluster create`): every key of a queue under
 * its hash tag, each script in one slot, queues spread over the masters. The fleet state's
 * contract runs on the cluster too. The cluster is stopped after.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Cluster } from 'ioredis';
import { deleteRedisPrefix, openRedisFleetState } from '../src/store/redis/redis-fleet-state.ts';
import { fleetStateContract } from './fleet-state-contract.ts';
import { freshRedisPrefix } from './support/backends.ts';
import { runChaos } from './support/chaos.ts';
import { type RedisCluster, startRedisCluster } from './support/redis-cluster.ts';

let cluster: RedisCluster;
before(async () => {
  cluster = await startRedisCluster();
});
after(() => cluster?.stop());

describe('Redis Cluster', () => {
  test("the state sees a cluster; each queue's keys share one slot, queues spread over masters", async () => {
    const state = await openRedisFleetState(cluster.url, 'slots:');
    const client = new Cluster([{ host: '127.0.0.1', port: cluster.ports[0] as number }]);
    try {
      assert.equal(state.backend, 'redis-cluster');
      const queues = Array.from({ length: 12 }, (_, index) => `queue${index}`);
      for (const queueId of queues) {
        const ticketId = `t-${queueId}`;
        await state.createTicket(
          {
            ticketId,
            queueId,
            playerIds: [`p-${queueId}`],
            createdAtMs: 1,
            ticket: { ticketId, players: [] },
          },
          { capacity: 10, event: { type: 'searching', ticketId, atMs: 1 } },
        );
      }
      const slotsByQueue = new Map<string, Set<number>>();
      for (const node of client.nodes('master')) {
        const [, keys] = await node.scan('0', 'MATCH', 'slots:{q:*', 'COUNT', '10000');
        for (const key of keys) {
          const queueId = /\{q:([^}]+)\}/.exec(key)?.[1] as string;
          const slot = Number(await client.cluster('KEYSLOT', key));
          slotsByQueue.set(queueId, (slotsByQueue.get(queueId) ?? new Set()).add(slot));
        }
      }
      assert.deepEqual([...slotsByQueue.keys()].sort(), [...queues].sort());
      for (const [queueId, slots] of slotsByQueue)
        assert.equal(slots.size, 1, `${queueId} spans slots ${[...slots]}`);
      const holders = new Set<string>();
      for (const node of client.nodes('master')) {
        const [, keys] = await node.scan('0', 'MATCH', 'slots:{q:*', 'COUNT', '10000');
        if (keys.length > 0) holders.add(`${node.options.port}`);
      }
      assert.ok(holders.size >= 2, `12 queues on ${holders.size} master(s)`);
    } finally {
      await state.close();
      client.disconnect();
      await deleteRedisPrefix(cluster.url, 'slots:');
    }
  });

  fleetStateContract({
    name: 'redis-cluster',
    async open() {
      const { prefix } = freshRedisPrefix('cluster');
      const store = await openRedisFleetState(cluster.url, prefix);
      return { store, dispose: () => store.close() };
    },
  });

  test('chaos on a Redis Cluster: 3 nodes, kill -9 every few seconds: nothing lost, nothing doubled, nothing stuck', {
    timeout: 180_000,
  }, async () => {
    const report = await runChaos({
      redisUrl: cluster.url,
      label: 'redis-cluster',
      loadMs: Number(process.env['MATCHD_CHAOS_LOAD_MS'] ?? 25_000),
      killEveryMs: 3500,
    });
    process.stdout.write(`chaos on redis-cluster: ${JSON.stringify(report)}\n`);
    assert.ok(report.kills >= 4, `killed ${report.kills} times`);
    assert.ok(report.matches > 20, `formed ${report.matches} matches`);
  });
});
