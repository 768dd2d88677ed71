/**
 * A property over random interleavings of API operations (create, cancel, decline, accept) and
 * matchmaker changes (propose, match, return, expire, cancel) under random leases, some with stale
 * fencing tokens, run on the memory and the Redis fleet states side by side (fast-check). The two
 * adapters must agree on every outcome and on the whole state after each step (the memory one is the
 * reference), and the invariants must hold throughout: a fenced change changes nothing, a ticket is
 * matched at most once and never leaves a final state, a live ticket's players point at it, and the
 * queue's counts equal a recount of its tickets.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { isMatchdError } from '@matchd/engine';
import fc from 'fast-check';
import type { TicketEvent } from '../src/runtime/ticket-events.ts';
import type { FleetState, FleetTicketState, MatchmakerChange } from '../src/store/fleet-state.ts';
import { createMemoryFleetState } from '../src/store/memory/memory-fleet-state.ts';
import { openRedisFleetState } from '../src/store/redis/redis-fleet-state.ts';
import { freshRedisPrefix, redisUrl } from './support/backends.ts';

const queues = ['qa', 'qb'] as const;
const players = ['p0', 'p1', 'p2', 'p3', 'p4', 'p5'] as const;
const ticketIds = ['t0', 't1', 't2', 't3', 't4', 't5', 't6'] as const;
const nodes = ['n1', 'n2'] as const;
const finalStates = new Set<FleetTicketState>(['matched', 'cancelled', 'expired']);

type Op =
  | { kind: 'create'; ticket: number; queue: number; players: number[] }
  | { kind: 'cancel'; ticket: number }
  | { kind: 'decline'; ticket: number }
  | { kind: 'accept'; ticket: number }
  | { kind: 'acquire'; queue: number; node: number }
  | { kind: 'release'; queue: number; node: number }
  | {
      kind: 'commit';
      queue: number;
      node: number;
      stale: boolean;
      change: 'propose' | 'match' | 'return' | 'expire' | 'cancel';
      tickets: number[];
      match: number;
    };

const ticketIndex = fc.integer({ min: 0, max: ticketIds.length - 1 });
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      ticket: ticketIndex,
      queue: fc.integer({ min: 0, max: 1 }),
      players: fc.uniqueArray(fc.integer({ min: 0, max: players.length - 1 }), {
        minLength: 1,
        maxLength: 2,
      }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), ticket: ticketIndex }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('decline' as const), ticket: ticketIndex }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('accept' as const), ticket: ticketIndex }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('acquire' as const),
      queue: fc.integer({ min: 0, max: 1 }),
      node: fc.integer({ min: 0, max: 1 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('release' as const),
      queue: fc.integer({ min: 0, max: 1 }),
      node: fc.integer({ min: 0, max: 1 }),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('commit' as const),
      queue: fc.integer({ min: 0, max: 1 }),
      node: fc.integer({ min: 0, max: 1 }),
      stale: fc.boolean(),
      change: fc.constantFrom(
        'propose' as const,
        'match' as const,
        'return' as const,
        'expire' as const,
        'cancel' as const,
      ),
      tickets: fc.uniqueArray(ticketIndex, { minLength: 1, maxLength: 3 }),
      match: fc.integer({ min: 0, max: 2 }),
    }),
  },
);

/** The change a commit op asks for, as the queue runner would build it. */
function changeOf(
  operation: Extract<Op, { kind: 'commit' }>,
  queueId: string,
  nowMs: number,
): MatchmakerChange {
  const matchId = `m${operation.match}`;
  const ids = operation.tickets.map((index) => ticketIds[index] as string);
  const event = (ticketId: string): TicketEvent => {
    switch (operation.change) {
      case 'propose':
        return {
          type: 'proposed',
          ticketId,
          atMs: nowMs,
          deadlineMs: nowMs + 1000,
          match: { matchId, queueId, teams: [], quality: 1 },
        };
      case 'match':
        return {
          type: 'matched',
          ticketId,
          atMs: nowMs,
          waitMs: 5,
          match: { matchId, queueId, teams: [], quality: 0.5 },
        };
      case 'return':
        return { type: 'returned', ticketId, atMs: nowMs, matchId, reason: 'declined' };
      case 'expire':
        return { type: 'expired', ticketId, atMs: nowMs, waitMs: 5 };
      default:
        return { type: 'cancelled', ticketId, atMs: nowMs, reason: 'acceptance-timeout' };
    }
  };
  const tickets = ids.map((ticketId) => ({
    ticketId,
    playerIds: [],
    event: event(ticketId),
    ...(operation.change === 'match' ? { waitMs: 5 } : {}),
  }));
  switch (operation.change) {
    case 'propose':
      return { mode: 'all', from: ['searching'], to: 'proposed', matchId, nowMs, tickets };
    case 'match':
      return {
        mode: 'all',
        from: ['searching', 'proposed'],
        to: 'matched',
        matchId,
        nowMs,
        tickets,
        match: { matchId, queueId, createdAtMs: nowMs, teams: [], quality: 0.5 },
      };
    case 'return':
      return { mode: 'each', from: ['proposed'], to: 'searching', matchId, nowMs, tickets };
    case 'expire':
      return { mode: 'each', from: ['searching'], to: 'expired', nowMs, tickets };
    default:
      return { mode: 'each', from: ['searching', 'proposed'], to: 'cancelled', nowMs, tickets };
  }
}

/** Everything observable of a state, ids of log entries left out (each adapter numbers its own). */
async function observe(state: FleetState): Promise<string> {
  const view: Record<string, unknown> = {};
  for (const queueId of queues) {
    const live = await state.liveTickets(queueId);
    const log = await state.readLog(queueId, '0', 10_000);
    view[queueId] = {
      live: live.tickets.map((record) => [record.ticket.ticketId, record.state]),
      counts: await state.queueCounts(queueId),
      outbox: (await state.unsavedMatches(queueId)).map((match) => match.matchId).sort(),
      log: log.map((entry) => [
        entry.ticketId,
        entry.source,
        entry.event?.type ?? 'accept',
        entry.playerId ?? '',
      ]),
      lease: (await state.leaseHolder(queueId)) ?? null,
    };
  }
  for (const ticketId of ticketIds) {
    const record = await state.getTicket(ticketId, queues);
    view[ticketId] =
      record === undefined
        ? null
        : [
            record.ticket.queueId,
            record.state,
            record.matchId ?? null,
            record.finishedAtMs ?? null,
            record.lastEvent?.event.type,
          ];
  }
  for (const playerId of players) view[playerId] = (await state.ticketOfPlayer(playerId)) ?? null;
  return JSON.stringify(view);
}

/** Applies one op; its outcome as a comparable string. */
async function apply(
  state: FleetState,
  operation: Op,
  fences: Map<string, number>,
  step: number,
): Promise<string> {
  const nowMs = 1000 + step;
  const outcome = async (work: () => Promise<unknown>): Promise<string> => {
    try {
      return `ok:${JSON.stringify((await work()) ?? null)}`;
    } catch (error) {
      if (isMatchdError(error)) return `error:${error.code}`;
      throw error;
    }
  };
  switch (operation.kind) {
    case 'create': {
      const ticketId = ticketIds[operation.ticket] as string;
      const queueId = queues[operation.queue] as string;
      const playerIds = operation.players.map((index) => players[index] as string);
      return outcome(async () => {
        await state.createTicket(
          {
            ticketId,
            queueId,
            playerIds,
            createdAtMs: nowMs,
            ticket: { ticketId, players: playerIds.map((playerId) => ({ playerId })) },
          },
          { capacity: 3, event: { type: 'searching', ticketId, atMs: nowMs } },
        );
      });
    }
    case 'cancel':
    case 'decline':
    case 'accept': {
      const ticketId = ticketIds[operation.ticket] as string;
      const record = await state.getTicket(ticketId, queues);
      if (record === undefined) return 'absent';
      const playerId = record.ticket.playerIds[0] as string;
      if (operation.kind === 'accept') return outcome(() => state.acceptTicket(record, playerId));
      return outcome(async () => {
        const next = await state.cancelTicket(record, {
          event: {
            type: 'cancelled',
            ticketId,
            atMs: nowMs,
            reason: operation.kind === 'decline' ? 'declined' : 'cancelled',
          },
          ...(operation.kind === 'decline' ? { declinedBy: playerId } : {}),
        });
        return next.state;
      });
    }
    case 'acquire': {
      const queueId = queues[operation.queue] as string;
      const node = nodes[operation.node] as string;
      const fence = await state.acquireLease(queueId, node, 600_000);
      if (fence !== undefined) fences.set(`${queueId}|${node}`, fence);
      return `fence:${fence ?? 'none'}`;
    }
    case 'release': {
      const queueId = queues[operation.queue] as string;
      const node = nodes[operation.node] as string;
      const fence = fences.get(`${queueId}|${node}`);
      if (fence !== undefined) await state.releaseLease(queueId, node, fence);
      return 'released';
    }
    default: {
      const queueId = queues[operation.queue] as string;
      const fence = fences.get(`${queueId}|${nodes[operation.node]}`);
      if (fence === undefined) return 'no-fence';
      return state.commit(queueId, operation.stale ? fence - 1 : fence, changeOf(operation, queueId, nowMs));
    }
  }
}

/** The invariants of one state after a step. */
async function checkInvariants(
  state: FleetState,
  matchedIn: Map<string, string>,
  label: string,
): Promise<void> {
  for (const queueId of queues) {
    const { tickets } = await state.liveTickets(queueId);
    const counts = await state.queueCounts(queueId);
    assert.equal(
      counts.searching,
      tickets.filter((record) => record.state === 'searching').length,
      `${label}: searching count`,
    );
    assert.equal(
      counts.proposed,
      tickets.filter((record) => record.state === 'proposed').length,
      `${label}: proposed count`,
    );
    assert.equal(
      counts.playersWaiting,
      tickets.reduce((sum, record) => sum + record.ticket.playerIds.length, 0),
      `${label}: players waiting`,
    );
    for (const record of tickets)
      for (const playerId of record.ticket.playerIds)
        assert.equal(
          await state.ticketOfPlayer(playerId),
          record.ticket.ticketId,
          `${label}: ${playerId} points at its ticket`,
        );
  }
  for (const ticketId of ticketIds) {
    const record = await state.getTicket(ticketId, queues);
    if (record?.state !== 'matched') continue;
    const before = matchedIn.get(ticketId);
    assert.ok(before === undefined || before === record.matchId, `${label}: ${ticketId} matched twice`);
    matchedIn.set(ticketId, record.matchId as string);
  }
}

let redisPrefixes: { drop: () => Promise<void> }[] = [];
let redis: FleetState[] = [];
before(() => {
  redisPrefixes = [];
  redis = [];
});
after(async () => {
  for (const state of redis) await state.close();
  for (const prefix of redisPrefixes) await prefix.drop();
});

test('memory and Redis fleet states agree on random interleavings; fenced changes change nothing; no ticket matched twice', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 40 }), async (operations) => {
      const memory = createMemoryFleetState();
      const prefix = freshRedisPrefix('prop');
      redisPrefixes.push(prefix);
      const remote = await openRedisFleetState(redisUrl, prefix.prefix);
      redis.push(remote);
      const fences = [new Map<string, number>(), new Map<string, number>()];
      const matchedIn = [new Map<string, string>(), new Map<string, string>()];
      const finals = new Map<string, FleetTicketState>();
      try {
        for (const [step, operation] of operations.entries()) {
          const before = await observe(memory);
          const outcomes = [
            await apply(memory, operation, fences[0] as Map<string, number>, step),
            await apply(remote, operation, fences[1] as Map<string, number>, step),
          ];
          assert.equal(
            outcomes[1],
            outcomes[0],
            `step ${step} ${JSON.stringify(operation)}: the adapters disagree`,
          );
          const seen = await observe(memory);
          assert.equal(
            await observe(remote),
            seen,
            `step ${step} ${JSON.stringify(operation)}: the states differ`,
          );
          if (outcomes[0] === 'fenced' || outcomes[0] === 'conflict')
            assert.equal(seen, before, `step ${step}: a ${outcomes[0]} change changed something`);
          await checkInvariants(memory, matchedIn[0] as Map<string, string>, `memory step ${step}`);
          await checkInvariants(remote, matchedIn[1] as Map<string, string>, `redis step ${step}`);
          for (const ticketId of ticketIds) {
            const state = (await memory.getTicket(ticketId, queues))?.state;
            const final = finals.get(ticketId);
            if (final !== undefined) assert.equal(state, final, `step ${step}: ${ticketId} left ${final}`);
            if (state !== undefined && finalStates.has(state)) finals.set(ticketId, state);
          }
        }
      } finally {
        await remote.close();
        redis.splice(redis.indexOf(remote), 1);
      }
    }),
    { numRuns: 60 },
  );
});
