/**
 * A creation takes two paths in Redis: on one server, one script checks and writes everything; on a
 * Redis Cluster, the ticket and player indexes live in other slots than the queue, so each index is
 * reserved by its own script first. Both must answer alike: random streams of creations (duplicate
 * ids, shared players, full queues), cancels, and index entries left behind by a node that died
 * half-way through a creation (fresh ones block, stale ones do not) run on the machine's Redis and on
 * a Redis Cluster started here, and every outcome and the whole visible state must agree (fast-check).
 * Racing creations of overlapping parties keep one live ticket per player on both.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { isMatchdError } from '@matchd/engine';
import fc from 'fast-check';
import { Cluster, Redis } from 'ioredis';
import type { FleetState } from '../src/store/fleet-state.ts';
import { openRedisFleetState, reservationStaleMs } from '../src/store/redis/redis-fleet-state.ts';
import { freshRedisPrefix, redisUrl } from './support/backends.ts';
import { type RedisCluster, startRedisCluster } from './support/redis-cluster.ts';

const queues = ['qa', 'qb'] as const;
const players = ['p0', 'p1', 'p2', 'p3', 'p4'] as const;
const ticketIds = ['t0', 't1', 't2', 't3', 't4', 't5'] as const;
const capacity = 3;
const separator = '\u001f';

type Op =
  | { kind: 'create'; ticket: number; queue: number; players: number[] }
  | { kind: 'cancel'; ticket: number }
  // What a node that died between reserving an index and creating its ticket leaves behind.
  | { kind: 'leftover'; index: 'ticket' | 'player'; of: number; by: number; queue: number; stale: boolean };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      ticket: fc.nat(ticketIds.length - 1),
      queue: fc.nat(queues.length - 1),
      players: fc.uniqueArray(fc.nat(players.length - 1), { minLength: 1, maxLength: 3 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('cancel' as const), ticket: fc.nat(ticketIds.length - 1) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('leftover' as const),
      index: fc.constantFrom('ticket' as const, 'player' as const),
      of: fc.nat(Math.max(ticketIds.length, players.length) - 1),
      by: fc.nat(ticketIds.length - 1),
      queue: fc.nat(queues.length - 1),
      stale: fc.boolean(),
    }),
  },
);

/** One Redis deployment under test: its fleet state and a raw client for what a dead node leaves. */
interface Side {
  readonly state: FleetState;
  readonly prefix: string;
  readonly raw: Redis | Cluster;
}

/** Runs one operation; the outcome as text (refusals by code and details) for comparison. */
async function apply(side: Side, operation: Op, step: number): Promise<string> {
  try {
    switch (operation.kind) {
      case 'create': {
        const ticketId = ticketIds[operation.ticket] as string;
        const queueId = queues[operation.queue] as string;
        const playerIds = operation.players.map((index) => players[index] as string);
        await side.state.createTicket(
          { ticketId, queueId, playerIds, createdAtMs: step, ticket: { ticketId, players: [] } },
          { capacity, event: { type: 'searching', ticketId, atMs: step } },
        );
        return 'created';
      }
      case 'cancel': {
        const ticketId = ticketIds[operation.ticket] as string;
        const record = await side.state.getTicket(ticketId, queues);
        if (record === undefined) return 'absent';
        await side.state.cancelTicket(record, {
          event: { type: 'cancelled', ticketId, atMs: step, reason: 'cancelled' },
        });
        return 'cancelled';
      }
      case 'leftover': {
        const key =
          operation.index === 'ticket'
            ? `${side.prefix}tix:${ticketIds[operation.of % ticketIds.length]}`
            : `${side.prefix}player:${players[operation.of % players.length]}`;
        // The reserving creation's ticket id is new, so its ticket never exists.
        const owner = `${queues[operation.queue]}${separator}dead-${ticketIds[operation.by]}-${step}`;
        const [seconds, micros] = (await side.raw.time()) as [number | string, number | string];
        const nowMs = Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
        const reservedAtMs = operation.stale ? nowMs - 2 * reservationStaleMs : nowMs;
        await side.raw.set(key, `${owner}${separator}${reservedAtMs}`);
        return 'left';
      }
    }
  } catch (error) {
    if (!isMatchdError(error)) throw error;
    return `${error.code} ${JSON.stringify(error.details)}`;
  }
}

/** Everything a caller can see: each ticket's queue and state, each player's ticket, the counts. */
async function observe(state: FleetState): Promise<string> {
  const tickets = await Promise.all(
    ticketIds.map(async (ticketId) => {
      const record = await state.getTicket(ticketId, queues);
      return record === undefined
        ? null
        : [record.ticket.queueId, record.state, record.ticket.playerIds, record.lastEvent?.event.type];
    }),
  );
  const owners = await Promise.all(players.map((playerId) => state.ticketOfPlayer(playerId)));
  const counts = await Promise.all(
    queues.map(async (queueId) => {
      const { searching, proposed, playersWaiting } = await state.queueCounts(queueId);
      return [searching, proposed, playersWaiting];
    }),
  );
  return JSON.stringify({ tickets, owners, counts });
}

let cluster: RedisCluster;
const opened: { state: FleetState; drop: () => Promise<void> }[] = [];
before(async () => {
  cluster = await startRedisCluster();
});
after(async () => {
  for (const { state, drop } of opened) {
    await state.close();
    await drop();
  }
  await cluster?.stop();
});

/** A fresh fleet state on one Redis server and one on the cluster, each with a raw client. */
async function openBoth(label: string): Promise<{ alone: Side; across: Side; close: () => Promise<void> }> {
  const single = freshRedisPrefix(`${label}_one`);
  const spread = freshRedisPrefix(`${label}_cluster`);
  const alone: Side = {
    state: await openRedisFleetState(redisUrl, single.prefix),
    prefix: single.prefix,
    raw: new Redis(redisUrl),
  };
  const across: Side = {
    state: await openRedisFleetState(cluster.url, spread.prefix),
    prefix: spread.prefix,
    raw: new Cluster([{ host: '127.0.0.1', port: cluster.ports[0] as number }]),
  };
  opened.push({ state: alone.state, drop: single.drop });
  // The cluster's keys go with the cluster, which is stopped after.
  opened.push({ state: across.state, drop: async () => {} });
  return {
    alone,
    across,
    close: async () => {
      alone.raw.disconnect();
      across.raw.disconnect();
    },
  };
}

describe('creation on one Redis server and on a Redis Cluster', () => {
  test('the two paths are the ones meant: one server and a cluster', async () => {
    const { alone, across, close } = await openBoth('kind');
    await close();
    assert.equal(alone.state.backend, 'redis');
    assert.equal(across.state.backend, 'redis-cluster');
  });

  test('both answer every creation, cancel and leftover reservation alike, and end in the same state', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 4, maxLength: 25 }), async (operations) => {
        const { alone, across, close } = await openBoth('paths');
        try {
          for (const [step, operation] of operations.entries()) {
            const outcome = await apply(alone, operation, step);
            assert.equal(
              await apply(across, operation, step),
              outcome,
              `step ${step} ${JSON.stringify(operation)}: the paths disagree`,
            );
            assert.equal(
              await observe(across.state),
              await observe(alone.state),
              `step ${step} ${JSON.stringify(operation)}: the states differ`,
            );
          }
        } finally {
          await close();
        }
      }),
      { numRuns: 40 },
    );
  });

  test('racing creations sharing players: one live ticket per player on both, and its players point at it', async () => {
    const { alone, across, close } = await openBoth('race');
    try {
      for (const side of [alone, across]) {
        for (let round = 0; round < 4; round += 1) {
          // Overlapping parties: each shares a player with the next.
          const parties = Array.from({ length: 6 }, (_, index) => [
            `r${round}-${index}`,
            `r${round}-${index + 1}`,
          ]);
          const results = await Promise.allSettled(
            parties.map((playerIds, index) =>
              side.state.createTicket(
                {
                  ticketId: `race-${round}-${index}`,
                  queueId: 'qa',
                  playerIds,
                  createdAtMs: round,
                  ticket: { ticketId: `race-${round}-${index}`, players: [] },
                },
                {
                  capacity: 1000,
                  event: { type: 'searching', ticketId: `race-${round}-${index}`, atMs: round },
                },
              ),
            ),
          );
          const won = results.flatMap((result, index) => (result.status === 'fulfilled' ? [index] : []));
          // One script runs at a time on one server, so the first always wins; across slots two
          // half-made creations may block each other and both be refused (the caller retries).
          if (side === alone) assert.ok(won.length >= 1, `round ${round}: someone wins`);
          for (const index of won) {
            assert.ok(!won.includes(index + 1), `${side.state.backend} round ${round}: neighbours both won`);
            for (const playerId of parties[index] as string[])
              assert.equal(await side.state.ticketOfPlayer(playerId), `race-${round}-${index}`);
          }
          for (const result of results)
            if (result.status === 'rejected')
              assert.ok(isMatchdError(result.reason), `${side.state.backend}: ${String(result.reason)}`);
        }
      }
    } finally {
      await close();
    }
  });
});

/** The port of the cluster master serving `key`'s slot. */
async function portServing(raw: Cluster, key: string): Promise<number> {
  const slot = Number(await raw.call('CLUSTER', 'KEYSLOT', key));
  const ranges = (await raw.call('CLUSTER', 'SLOTS')) as [number, number, [string, number]][];
  const range = ranges.find(([first, last]) => slot >= first && slot <= last);
  assert.ok(range, `slot ${slot} is served`);
  return Number(range[2][1]);
}

describe('a creation across slots that reaches the queue late', () => {
  test("a caller told 503 never finds the ticket written later, when the queue's node answers again", async () => {
    const { across, close } = await openBoth('late');
    const queueId = 'qa';
    const queuePort = await portServing(across.raw as Cluster, `{q:${queueId}}`);
    // Ids whose indexes another node serves: their reservations answer while the queue's node hangs.
    const elsewhere = async (make: (index: number) => string, indexKey: (id: string) => string) => {
      for (let index = 0; ; index += 1)
        if ((await portServing(across.raw as Cluster, indexKey(make(index)))) !== queuePort)
          return make(index);
    };
    const ticketId = await elsewhere(
      (index) => `late-${index}`,
      (id) => `${across.prefix}tix:${id}`,
    );
    const playerId = await elsewhere(
      (index) => `late-player-${index}`,
      (id) => `${across.prefix}player:${id}`,
    );
    const queueNode = new Redis(queuePort, '127.0.0.1');
    const pid = Number(/process_id:(\d+)/.exec(await queueNode.info('server'))?.[1]);
    queueNode.disconnect();
    assert.ok(pid > 0, 'the queue node names its process');
    try {
      process.kill(pid, 'SIGSTOP');
      let refusal: unknown;
      try {
        await across.state.createTicket(
          { ticketId, queueId, playerIds: [playerId], createdAtMs: 1, ticket: { ticketId, players: [] } },
          { capacity, event: { type: 'searching', ticketId, atMs: 1 } },
        );
      } catch (error) {
        refusal = error;
      } finally {
        process.kill(pid, 'SIGCONT');
      }
      assert.ok(isMatchdError(refusal), `refused: ${String(refusal)}`);
      assert.equal(refusal.code, 'MM_ERR_UNAVAILABLE');
      // The writing script, queued while the node hung, has run by the time a read answers.
      assert.equal(await across.state.getTicket(ticketId, queues), undefined, 'nothing was written late');
      assert.equal((await across.state.queueCounts(queueId)).searching, 0);
      // The player's reservation was given back: the same creation now succeeds.
      await across.state.createTicket(
        { ticketId, queueId, playerIds: [playerId], createdAtMs: 2, ticket: { ticketId, players: [] } },
        { capacity, event: { type: 'searching', ticketId, atMs: 2 } },
      );
      assert.equal(await across.state.ticketOfPlayer(playerId), ticketId);
    } finally {
      await close();
    }
  });
});
