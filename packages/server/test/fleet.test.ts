/**
 * Several nodes on one PostgreSQL and one Redis, as a fleet: any node serves any ticket and any
 * queue, tickets of different nodes match each other, a player waits on one ticket fleet-wide, a
 * queue's matchmaker moves to another node when its node stops, and an event stream resumes.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startFleet, type TestFleet } from './support/fleet.ts';
import { duelQueue, eventually, holdQueue, keys } from './support/harness.ts';

type Ticket = {
  ticketId: string;
  state: string;
  matchId?: string;
  createdAtMs: number;
  waitMs: number;
  lastEventId?: string;
};

let fleet: TestFleet;
before(async () => {
  fleet = await startFleet(3, [duelQueue, holdQueue]);
});
after(() => fleet.dispose());

const node = (index: number) => fleet.nodes[index] as (typeof fleet.nodes)[number];

async function create(index: number, queueId: string, playerId: string): Promise<Ticket> {
  const reply = await node(index).client.request<Ticket>('POST', '/v1/tickets', {
    credential: keys.server,
    body: { queueId, players: [{ playerId }] },
  });
  assert.equal(reply.status, 201, JSON.stringify(reply.body));
  return reply.body;
}

/** The queues each of the first three nodes runs, as its /readyz names them (ready or not). */
async function owners(): Promise<string[][]> {
  return Promise.all(
    fleet.nodes.slice(0, 3).map(async (member) => {
      const reply = await member.client.request<{
        ownedQueues?: string[];
        error?: { details: { ownedQueues?: string[] } };
      }>('GET', '/readyz');
      return reply.body.ownedQueues ?? reply.body.error?.details.ownedQueues ?? [];
    }),
  );
}

async function read(index: number, ticketId: string): Promise<Ticket> {
  const reply = await node(index).client.request<Ticket>('GET', `/v1/tickets/${ticketId}`, {
    credential: keys.server,
  });
  assert.equal(reply.status, 200, JSON.stringify(reply.body));
  return reply.body;
}

describe('fleet: any node serves any ticket and queue', () => {
  test('a queue created on one node is served by the others within a second', async () => {
    const quad = { ...duelQueue, id: 'fleet-quad', teams: { count: 2, size: 2 }, rating: { track: 'quad' } };
    const put = await node(0).client.request('PUT', '/v1/admin/queues/fleet-quad', {
      credential: keys.admin,
      body: quad,
    });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    const started = Date.now();
    for (const index of [1, 2]) {
      await eventually(
        async () => {
          const reply = await node(index).client.request('GET', '/v1/queues/fleet-quad', {
            credential: keys.server,
          });
          return reply.status === 200 ? true : undefined;
        },
        5000,
        `node ${index} serves the new queue`,
      );
    }
    assert.ok(Date.now() - started < 2000, `took ${Date.now() - started} ms`);
    // Four players on three nodes form one match of the new queue.
    const tickets = await Promise.all(
      [0, 1, 2, 0].map((index, player) => create(index, 'fleet-quad', `quad-${player}`)),
    );
    const matchIds = await Promise.all(
      tickets.map((ticket, index) =>
        eventually(
          async () => {
            const seen = await read((index + 1) % 3, ticket.ticketId);
            return seen.state === 'matched' ? seen.matchId : undefined;
          },
          10_000,
          `quad ticket ${index} matched`,
        ),
      ),
    );
    assert.equal(new Set(matchIds).size, 1, 'one match holds all four');
  });

  test('a ticket created on one node is read, watched and cancelled through the others', async () => {
    const ticket = await create(0, 'hold', 'roamer');
    const seen = await read(1, ticket.ticketId);
    assert.equal(seen.state, 'searching');
    assert.equal(seen.createdAtMs, ticket.createdAtMs);
    const token = await node(2).client.playerToken('roamer');
    const watch = node(2).client.watch(ticket.ticketId, token);
    await watch.opened;
    await eventually(async () => (watch.messages.length > 0 ? true : undefined));
    const cancelled = await node(1).client.request<Ticket>('DELETE', `/v1/tickets/${ticket.ticketId}`, {
      credential: token,
    });
    assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
    assert.equal(cancelled.body.state, 'cancelled');
    await watch.closed;
    assert.deepEqual(
      watch.messages.map((message) => message['type']),
      ['state', 'cancelled'],
    );
    assert.equal((await read(2, ticket.ticketId)).state, 'cancelled');
    const again = await node(1).client.request('DELETE', `/v1/tickets/${ticket.ticketId}`, {
      credential: token,
    });
    assert.equal(again.status, 409);
  });

  test('tickets created on different nodes match each other; each node streams the match', async () => {
    const a = await create(1, 'duel', 'cross-a');
    const token = await node(0).client.playerToken('cross-a');
    const watch = node(0).client.watch(a.ticketId, token);
    await watch.opened;
    const b = await create(2, 'duel', 'cross-b');
    await watch.closed;
    const last = watch.messages.at(-1) as {
      type: string;
      match: { matchId: string; teams: { ticketIds: string[] }[] };
    };
    assert.equal(last.type, 'matched', JSON.stringify(watch.messages));
    assert.deepEqual(
      last.match.teams.flatMap((team) => team.ticketIds).sort(),
      [a.ticketId, b.ticketId].sort(),
    );
    const match = await node(1).client.request('GET', `/v1/matches/${last.match.matchId}`, {
      credential: keys.server,
    });
    assert.equal(match.status, 200);
  });

  test('the same player queued on two nodes at once: exactly one ticket is created', async () => {
    for (let round = 0; round < 10; round += 1) {
      const playerId = `twice-${round}`;
      const replies = await Promise.all(
        [0, 1, 2].map((index) =>
          node(index).client.request<{ error?: { code: string } }>('POST', '/v1/tickets', {
            credential: keys.server,
            body: { queueId: 'hold', players: [{ playerId }] },
          }),
        ),
      );
      const statuses = replies.map((reply) => reply.status).sort();
      assert.deepEqual(
        statuses,
        [201, 409, 409],
        `round ${round}: ${JSON.stringify(replies.map((r) => r.body))}`,
      );
      for (const reply of replies)
        if (reply.status === 409) assert.equal(reply.body.error?.code, 'MM_ERR_PLAYER_ALREADY_QUEUED');
    }
  });

  test('a lost stream resumes after its last event id, missing nothing', async () => {
    const ticket = await create(0, 'duel', 'resume-a');
    const token = await node(1).client.playerToken('resume-a');
    const first = node(1).client.watch(ticket.ticketId, token);
    await first.opened;
    await eventually(async () => (first.messages.length > 0 ? true : undefined));
    const state = first.messages[0] as { ticket: { lastEventId: string } };
    first.close();
    await first.closed;
    await create(2, 'duel', 'resume-b');
    await eventually(async () => ((await read(0, ticket.ticketId)).state === 'matched' ? true : undefined));
    const resumed = node(2).client.watch(ticket.ticketId, token, state.ticket.lastEventId);
    await resumed.closed;
    const types = resumed.messages.map((message) => message['type']);
    assert.deepEqual(types, ['state', 'matched'], JSON.stringify(resumed.messages));
    assert.ok(String(resumed.messages[1]?.['eventId']) > '');
  });

  test('the queues spread over the nodes: each runs its share, and a queue has one runner', async () => {
    // Three queues on three nodes: one each.
    const spread = await eventually(
      async () => {
        const owned = await owners();
        return owned.every((queues) => queues.length === 1) ? owned : undefined;
      },
      15_000,
      'one queue per node',
    );
    assert.deepEqual(spread.flat().sort(), ['duel', 'fleet-quad', 'hold']);
  });

  test('when the node running a queue stops, another takes it over; waits are kept, nothing is doubled', async () => {
    const holder = (await owners()).findIndex((queues) => queues.includes('duel'));
    assert.ok(holder >= 0, 'some node runs the duel queue');
    const waiting = await create((holder + 1) % 3, 'duel', 'survivor');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stoppedAt = Date.now();
    await fleet.stopNode(node(holder));
    const other = (holder + 1) % 3;
    const partner = await create(other, 'duel', 'survivor-partner');
    const matched = await eventually(
      async () => {
        const seen = await read(other, waiting.ticketId);
        return seen.state === 'matched' ? seen : undefined;
      },
      10_000,
      'the waiting ticket matched on the new owner',
    );
    assert.ok(Date.now() - stoppedAt < 10_000);
    assert.ok(matched.waitMs >= 300, `the wait counts from creation: ${matched.waitMs} ms`);
    assert.equal(matched.createdAtMs, waiting.createdAtMs);
    const partnerSeen = await read((holder + 2) % 3, partner.ticketId);
    assert.equal(partnerSeen.matchId, matched.matchId);
    // The history is PostgreSQL's: it holds the match once stored, moments after it is announced.
    const history = await eventually(async () => {
      const reply = await node(other).client.request<{ matchId: string }[]>(
        'GET',
        '/v1/players/survivor/matches',
        { credential: keys.server },
      );
      return reply.body.length > 0 ? reply.body : undefined;
    });
    assert.deepEqual(
      history.map((match) => match.matchId),
      [matched.matchId],
    );
  });
});
