/**
 * Queues with an acceptance step: the match is proposed, players accept or decline over the API,
 * and the stream tells each ticket what happened (matched, or returned to the search, or
 * cancelled for the one who declined).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { QueueConfig } from '@matchd/engine';
import { eventually, keys, startTestServer, type TestServer } from './support/harness.ts';

const acceptDuel: QueueConfig = {
  id: 'accept-duel',
  teams: { count: 2, size: 1 },
  rating: { track: 'accept' },
  criteria: [{ kind: 'team-balance', weight: 1 }],
  threshold: { start: 0 },
  mode: { kind: 'continuous', maxWaitMs: 1000 },
  acceptance: { timeoutMs: 10_000 },
};

let server: TestServer;
before(async () => {
  server = await startTestServer({ ratings: 'memory', pool: 'memory', worker: true }, [acceptDuel]);
});
after(() => server.dispose());

/** Two players queue; resolves when both tickets are proposed. Returns ticket ids and tokens. */
async function proposedPair(a: string, b: string) {
  const tickets: { id: string; token: string; playerId: string }[] = [];
  for (const playerId of [a, b]) {
    const reply = await server.client.request('POST', '/v1/tickets', {
      credential: keys.server,
      body: { queueId: 'accept-duel', players: [{ playerId }] },
    });
    assert.equal(reply.status, 201);
    tickets.push({
      id: String(reply.body['ticketId']),
      token: await server.client.playerToken(playerId),
      playerId,
    });
  }
  for (const ticket of tickets) {
    await eventually(
      async () => {
        const reply = await server.client.request('GET', `/v1/tickets/${ticket.id}`, {
          credential: ticket.token,
        });
        return reply.body['state'] === 'proposed' ? true : undefined;
      },
      10_000,
      `${ticket.playerId} proposed`,
    );
  }
  return tickets as [(typeof tickets)[0], (typeof tickets)[0]];
}

test('both accept: the match forms and both streams end with matched', async () => {
  const [first, second] = await proposedPair('acc-a', 'acc-b');
  const watch = server.client.watch(first.id, first.token);
  await watch.opened;
  const accepted = await server.client.request('POST', `/v1/tickets/${first.id}/accept`, {
    credential: first.token,
    body: { playerId: first.playerId },
  });
  assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
  // A player may not answer for somebody else, even on a ticket of the same match.
  const forged = await server.client.request<{ error: { code: string } }>(
    'POST',
    `/v1/tickets/${second.id}/accept`,
    {
      credential: first.token,
      body: { playerId: second.playerId },
    },
  );
  assert.equal(forged.status, 403);
  await server.client.request('POST', `/v1/tickets/${second.id}/accept`, {
    credential: second.token,
    body: { playerId: second.playerId },
  });
  await watch.closed;
  const types = watch.messages.map((message) => message['type']);
  assert.deepEqual(types.slice(-1), ['matched'], JSON.stringify(watch.messages));
  const last = watch.messages.at(-1) as { match: { matchId: string } } | undefined;
  assert.ok(last);
  const matchId = last.match.matchId;
  const match = await server.client.request('GET', `/v1/matches/${matchId}`, { credential: keys.server });
  assert.equal(match.status, 200);
});

test('one declines: they are cancelled, the other returns to the search', async () => {
  const [first, second] = await proposedPair('dec-a', 'dec-b');
  const watch = server.client.watch(second.id, second.token);
  await watch.opened;
  const declined = await server.client.request('POST', `/v1/tickets/${first.id}/decline`, {
    credential: first.token,
    body: { playerId: first.playerId },
  });
  assert.equal(declined.status, 200, JSON.stringify(declined.body));
  assert.equal(declined.body['state'], 'cancelled');
  await eventually(async () =>
    watch.messages.some((message) => message['type'] === 'returned') ? true : undefined,
  );
  const back = await server.client.request('GET', `/v1/tickets/${second.id}`, { credential: second.token });
  assert.equal(back.body['state'], 'searching');
  watch.close();
  // The decliner may queue again at once.
  const again = await server.client.request('POST', '/v1/tickets', {
    credential: keys.server,
    body: { queueId: 'accept-duel', players: [{ playerId: first.playerId }] },
  });
  assert.equal(again.status, 201);
});
