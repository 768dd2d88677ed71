/**
 * Restarts: stop the server and start another on the same data. Ratings, history and queue
 * configs survive on PGlite (a folder) and PostgreSQL; with Redis, waiting tickets survive too,
 * keep their wait, and still match.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { duelQueue, eventually, keys, startTestServer, type TestServer } from './support/harness.ts';

type Profile = { tracks: { track: string; games: number; mean?: number }[] };

/** Plays one duel and reports it; returns the match id and the winner's mean. */
async function playDuel(test: TestServer, a: string, b: string): Promise<{ matchId: string; mean: number }> {
  for (const playerId of [a, b]) {
    const reply = await test.client.request('POST', '/v1/tickets', {
      credential: keys.server,
      body: { queueId: 'duel', players: [{ playerId }] },
    });
    assert.equal(reply.status, 201);
  }
  const matchId = await eventually(async () => {
    const history = await test.client.request<{ matchId: string }[]>('GET', `/v1/players/${a}/matches`, {
      credential: keys.server,
    });
    return history.body[0]?.matchId;
  });
  const match = await test.client.request<{ teams: { playerId: string }[][] }>(
    'GET',
    `/v1/matches/${matchId}`,
    { credential: keys.server },
  );
  const aFirst = match.body.teams[0]?.[0]?.playerId === a;
  const reply = await test.client.request('POST', `/v1/matches/${matchId}/result`, {
    credential: keys.server,
    body: { ranks: aFirst ? [1, 2] : [2, 1] },
  });
  assert.equal(reply.status, 201);
  const profile = await test.client.request<Profile>('GET', `/v1/players/${a}`, { credential: keys.admin });
  return { matchId, mean: profile.body.tracks[0]?.mean as number };
}

/** A queue an admin adds at run time (it must survive the restart). */
const trioQueue = { ...duelQueue, id: 'trio', teams: { count: 3, size: 1 }, rating: { track: 'trio' } };

async function ratingsSurvive(first: TestServer): Promise<TestServer> {
  const before = await playDuel(first, 'ra', 'rb');
  const put = await first.client.request('PUT', '/v1/admin/queues/trio', {
    credential: keys.admin,
    body: trioQueue,
  });
  assert.equal(put.status, 200, JSON.stringify(put.body));
  const second = await first.restart();
  const profile = await second.client.request<Profile>('GET', '/v1/players/ra', { credential: keys.admin });
  assert.equal(profile.body.tracks[0]?.games, 1);
  assert.equal(profile.body.tracks[0]?.mean, before.mean);
  const history = await second.client.request<{ matchId: string; outcome?: unknown }[]>(
    'GET',
    '/v1/players/rb/matches',
    {
      credential: keys.server,
    },
  );
  assert.equal(history.body[0]?.matchId, before.matchId);
  assert.ok(history.body[0]?.outcome);
  const trio = await second.client.request<{ config: { teams: { count: number } } }>(
    'GET',
    '/v1/queues/trio',
    { credential: keys.server },
  );
  assert.equal(trio.status, 200);
  assert.equal(trio.body.config.teams.count, 3);
  // The same report after the restart is still a no-op.
  const again = await second.client.request('POST', `/v1/matches/${before.matchId}/result`, {
    credential: keys.server,
    body: (history.body[0]?.outcome as { result: unknown }).result,
  });
  assert.equal(again.status, 200);
  assert.equal(again.body['applied'], false);
  return second;
}

describe('restart', () => {
  test('PGlite in a folder: ratings, history and configs survive', async () => {
    let server = await startTestServer({ ratings: 'pglite', pool: 'memory' });
    try {
      server = await ratingsSurvive(server);
    } finally {
      await server.dispose();
    }
  });

  test('PostgreSQL + Redis: ratings, history, configs and waiting tickets survive', async () => {
    let server = await startTestServer({ ratings: 'postgres', pool: 'redis' });
    try {
      server = await ratingsSurvive(server);
      const created = await server.client.request('POST', '/v1/tickets', {
        credential: keys.server,
        body: { queueId: 'duel', players: [{ playerId: 'waiter' }] },
      });
      assert.equal(created.status, 201);
      const ticketId = String(created.body['ticketId']);
      await new Promise((resolve) => setTimeout(resolve, 100));
      server = await server.restart();
      const waiting = await server.client.request('GET', `/v1/tickets/${ticketId}`, {
        credential: keys.server,
      });
      assert.equal(waiting.status, 200, JSON.stringify(waiting.body));
      assert.equal(waiting.body['state'], 'searching');
      assert.ok(Number(waiting.body['waitMs']) >= 100, 'the wait continues from before the restart');
      const partner = await server.client.request('POST', '/v1/tickets', {
        credential: keys.server,
        body: { queueId: 'duel', players: [{ playerId: 'partner' }] },
      });
      assert.equal(partner.status, 201);
      await eventually(async () => {
        const reply = await server.client.request('GET', `/v1/tickets/${ticketId}`, {
          credential: keys.server,
        });
        return reply.body['state'] === 'matched' ? true : undefined;
      });
    } finally {
      await server.dispose();
    }
  });
});
