/**
 * Bad input is refused with a 4xx and a stable code, and changes nothing: malformed JSON, wrong
 * types, NaN and Infinity, huge bodies, unknown queue/ticket/match, a party over the queue's size,
 * duplicates, a player token on someone else's ticket, missing or wrong keys, rate limits.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createPlayerTokens } from '../src/auth/player-tokens.ts';
import { eventually, keys, startTestServer, type TestServer } from './support/harness.ts';

type ErrorReply = { error: { code: string; message: string; details: { path?: string } } };

describe('bad input', () => {
  let server: TestServer;
  let aliceToken: string;
  let bobToken: string;
  let aliceTicket: string;

  type RequestArgs = Parameters<TestServer['client']['request']>;

  /** Everything a bad request could have changed. */
  async function state(): Promise<string> {
    const queues = await server.client.request('GET', '/v1/queues', { credential: keys.admin });
    const alice = await server.client.request('GET', '/v1/tickets/' + aliceTicket, {
      credential: keys.admin,
    });
    const { waitMs: _moving, eta: _eta, explanation: _explanation, ...ticket } = alice.body;
    return JSON.stringify({
      queues: queues.body,
      ticket,
    });
  }

  async function refused(
    expected: { status: number; code: string; path?: string },
    request: RequestArgs,
  ): Promise<void> {
    const before = await state();
    const reply = await server.client.request<ErrorReply>(...request);
    assert.equal(reply.status, expected.status, `${request[0]} ${request[1]}: ${JSON.stringify(reply.body)}`);
    assert.equal(reply.body.error.code, expected.code);
    if (expected.path !== undefined) assert.equal(reply.body.error.details.path, expected.path);
    assert.equal(await state(), before, 'a refused request changed nothing');
  }

  before(async () => {
    server = await startTestServer({ ratings: 'memory', pool: 'memory' });
    aliceToken = await server.client.playerToken('alice');
    bobToken = await server.client.playerToken('bob');
    // Alice waits alone in the 2v2 queue: nothing can match her, so the state stays still.
    const created = await server.client.request('POST', '/v1/tickets', {
      credential: keys.server,
      body: { queueId: 'squad', players: [{ playerId: 'alice' }] },
    });
    assert.equal(created.status, 201);
    aliceTicket = String(created.body['ticketId']);
  });
  after(() => server.dispose());

  const ticket = (body: unknown): RequestArgs => ['POST', '/v1/tickets', { credential: keys.server, body }];

  test('malformed JSON, NaN literals and empty bodies', async () => {
    for (const rawBody of [
      '{"queueId": "duel",',
      '{"queueId":"duel","players":[{"playerId":"x","pingMsByRegion":{"eu":NaN}}]}',
      '',
    ]) {
      await refused({ status: 400, code: 'MM_ERR_INVALID_REQUEST' }, [
        'POST',
        '/v1/tickets',
        { credential: keys.server, rawBody },
      ]);
    }
  });

  test('wrong types, unknown fields, NaN as a string and Infinity are refused naming the field', async () => {
    await refused(
      { status: 400, code: 'MM_ERR_INVALID_REQUEST', path: 'body.players' },
      ticket({ queueId: 'duel', players: 'x' }),
    );
    await refused(
      { status: 400, code: 'MM_ERR_INVALID_REQUEST', path: 'body.color' },
      ticket({ queueId: 'duel', players: [{ playerId: 'x' }], color: 1 }),
    );
    await refused(
      { status: 400, code: 'MM_ERR_INVALID_REQUEST', path: 'body.minQuality' },
      ticket({ queueId: 'duel', players: [{ playerId: 'x' }], minQuality: 'NaN' }),
    );
    await refused({ status: 400, code: 'MM_ERR_INVALID_REQUEST', path: 'body.players.0.pingMsByRegion.eu' }, [
      'POST',
      '/v1/tickets',
      {
        credential: keys.server,
        rawBody: '{"queueId":"duel","players":[{"playerId":"x","pingMsByRegion":{"eu":1e400}}]}',
      },
    ]);
    await refused(
      { status: 400, code: 'MM_ERR_INVALID_REQUEST', path: 'body.players.0.playerId' },
      ticket({ queueId: 'duel', players: [{}] }),
    );
    await refused(
      { status: 400, code: 'MM_ERR_INVALID_REQUEST', path: 'body.players' },
      ticket({ queueId: 'duel', players: [] }),
    );
  });

  test('a body over the limit is refused with 413', async () => {
    const players = Array.from({ length: 100 }, (_, index) => ({ playerId: `p${index}`.padEnd(120, 'x') }));
    await refused({ status: 413, code: 'MM_ERR_PAYLOAD_TOO_LARGE' }, [
      'POST',
      '/v1/tickets',
      {
        credential: keys.server,
        rawBody: JSON.stringify({ queueId: 'duel', players, pad: 'x'.repeat(70_000) }),
      },
    ]);
  });

  test('unknown queue, ticket, match, route', async () => {
    await refused(
      { status: 404, code: 'MM_ERR_QUEUE_NOT_FOUND' },
      ticket({ queueId: 'nope', players: [{ playerId: 'x' }] }),
    );
    await refused({ status: 404, code: 'MM_ERR_TICKET_NOT_FOUND' }, [
      'GET',
      '/v1/tickets/t_missing',
      { credential: keys.server },
    ]);
    await refused({ status: 404, code: 'MM_ERR_TICKET_NOT_FOUND' }, [
      'DELETE',
      '/v1/tickets/t_missing',
      { credential: keys.server },
    ]);
    await refused({ status: 404, code: 'MM_ERR_MATCH_NOT_FOUND' }, [
      'GET',
      '/v1/matches/m_missing',
      { credential: keys.server },
    ]);
    await refused({ status: 404, code: 'MM_ERR_MATCH_NOT_FOUND' }, [
      'POST',
      '/v1/matches/m_missing/result',
      { credential: keys.server, body: { ranks: [1, 2] } },
    ]);
    await refused({ status: 404, code: 'MM_ERR_ROUTE_NOT_FOUND' }, [
      'GET',
      '/v1/nothing-here',
      { credential: keys.server },
    ]);
  });

  test('a party over the queue size, a duplicate ticket id, a player already queued', async () => {
    await refused(
      { status: 400, code: 'MM_ERR_PARTY_TOO_LARGE' },
      ticket({ queueId: 'duel', players: [{ playerId: 'x1' }, { playerId: 'x2' }] }),
    );
    await refused(
      { status: 409, code: 'MM_ERR_DUPLICATE_TICKET' },
      ticket({ queueId: 'duel', ticketId: aliceTicket, players: [{ playerId: 'y' }] }),
    );
    await refused(
      { status: 409, code: 'MM_ERR_PLAYER_ALREADY_QUEUED' },
      ticket({ queueId: 'duel', players: [{ playerId: 'alice' }] }),
    );
  });

  test('missing, malformed and wrong credentials; roles; another player’s ticket', async () => {
    await refused({ status: 401, code: 'MM_ERR_UNAUTHORIZED' }, [
      'POST',
      '/v1/tickets',
      { body: { queueId: 'duel', players: [{ playerId: 'z' }] } },
    ]);
    await refused({ status: 401, code: 'MM_ERR_UNAUTHORIZED' }, [
      'GET',
      '/v1/queues',
      { credential: 'wrong-key-wrong-key' },
    ]);
    await refused({ status: 401, code: 'MM_ERR_UNAUTHORIZED' }, [
      'GET',
      '/v1/queues',
      { headers: { authorization: 'Basic abc' } },
    ]);
    await refused({ status: 401, code: 'MM_ERR_UNAUTHORIZED' }, [
      'GET',
      '/v1/queues',
      { credential: `${aliceToken.slice(0, -3)}abc` },
    ]);
    const expired = createPlayerTokens('test-token-secret-0123456789abcdef0123456789').issue(
      'alice',
      Date.now() - 3_600_000,
      60,
    ).token;
    await refused({ status: 401, code: 'MM_ERR_UNAUTHORIZED' }, [
      'GET',
      `/v1/tickets/${aliceTicket}`,
      { credential: expired },
    ]);
    await refused({ status: 403, code: 'MM_ERR_FORBIDDEN' }, [
      'POST',
      '/v1/tickets',
      { credential: aliceToken, body: { queueId: 'duel', players: [{ playerId: 'z' }] } },
    ]);
    await refused({ status: 403, code: 'MM_ERR_FORBIDDEN' }, [
      'PUT',
      '/v1/admin/queues/duel',
      { credential: keys.server, body: {} },
    ]);
    await refused({ status: 403, code: 'MM_ERR_FORBIDDEN' }, [
      'GET',
      `/v1/tickets/${aliceTicket}`,
      { credential: bobToken },
    ]);
    await refused({ status: 403, code: 'MM_ERR_FORBIDDEN' }, [
      'DELETE',
      `/v1/tickets/${aliceTicket}`,
      { credential: bobToken },
    ]);
    await refused({ status: 403, code: 'MM_ERR_FORBIDDEN' }, [
      'POST',
      `/v1/tickets/${aliceTicket}/decline`,
      { credential: bobToken, body: { playerId: 'bob' } },
    ]);
    const watch = server.client.watch(aliceTicket, bobToken);
    await assert.rejects(watch.opened, /403/);
    // Alice herself may read her ticket.
    const own = await server.client.request('GET', `/v1/tickets/${aliceTicket}`, { credential: aliceToken });
    assert.equal(own.status, 200);
    assert.equal(own.body['state'], 'searching');
  });

  test('bad results: wrong number of ranks, out-of-range participation', async () => {
    // A real match to report against: two duel players.
    for (const playerId of ['r1', 'r2']) {
      const reply = await server.client.request('POST', '/v1/tickets', {
        credential: keys.server,
        body: { queueId: 'duel', players: [{ playerId }] },
      });
      assert.equal(reply.status, 201);
    }
    const matchId = await eventually(async () => {
      const history = await server.client.request<{ matchId: string }[]>('GET', '/v1/players/r1/matches', {
        credential: keys.server,
      });
      return history.body[0]?.matchId;
    });
    await refused({ status: 400, code: 'MM_ERR_INVALID_RESULT', path: 'ranks' }, [
      'POST',
      `/v1/matches/${matchId}/result`,
      { credential: keys.server, body: { ranks: [1, 2, 3] } },
    ]);
    await refused({ status: 400, code: 'MM_ERR_INVALID_REQUEST', path: 'body.participation.0.0' }, [
      'POST',
      `/v1/matches/${matchId}/result`,
      { credential: keys.server, body: { ranks: [1, 2], participation: [[2], [1]] } },
    ]);
    const match = await server.client.request('GET', `/v1/matches/${matchId}`, { credential: keys.server });
    assert.equal(match.body['outcome'], undefined);
  });

  test('an invalid queue config is refused by the engine naming the field, and the old one stays', async () => {
    const beforeQueue = await server.client.request('GET', '/v1/queues/duel', { credential: keys.admin });
    const reply = await server.client.request<ErrorReply>('PUT', '/v1/admin/queues/duel', {
      credential: keys.admin,
      body: {
        ...(beforeQueue.body['config'] as object),
        teams: { count: 2, size: 1 },
        threshold: { start: 7 },
      },
    });
    assert.equal(reply.status, 400);
    assert.equal(reply.body.error.code, 'MM_ERR_INVALID_QUEUE_CONFIG');
    assert.match(String(reply.body.error.details.path), /threshold/);
    const afterQueue = await server.client.request('GET', '/v1/queues/duel', { credential: keys.admin });
    assert.deepEqual(afterQueue.body['config'], beforeQueue.body['config']);
  });
});

describe('rate limits', () => {
  test('a key over its per-minute budget gets 429 MM_ERR_RATE_LIMITED; other keys do not', async () => {
    const server = await startTestServer({ ratings: 'memory', pool: 'memory' }, undefined, {
      rateLimitPerMinute: 5,
    });
    try {
      for (let index = 0; index < 5; index += 1) {
        assert.equal(
          (await server.client.request('GET', '/v1/queues', { credential: keys.server })).status,
          200,
        );
      }
      const limited = await server.client.request<ErrorReply>('GET', '/v1/queues', {
        credential: keys.server,
      });
      assert.equal(limited.status, 429);
      assert.equal(limited.body.error.code, 'MM_ERR_RATE_LIMITED');
      assert.equal(
        (await server.client.request('GET', '/v1/queues', { credential: keys.admin })).status,
        200,
      );
    } finally {
      await server.dispose();
    }
  });
});
