/**
 * What the criteria read reaches them through the API: the NAT type a client sends changes the hosts
 * score, the last match the service stores changes opponent variation, each engagement queue runs on
 * its own churn table, and bad input is refused with stable codes.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { QueueConfig } from '@matchd/engine';
import { eventually, keys, startTestServer, type TestServer } from './support/harness.ts';

const patient = { kind: 'continuous', maxWaitMs: 3_600_000 } as const;

const hostsDuel: QueueConfig = {
  id: 'hosts-duel',
  teams: { count: 2, size: 1 },
  rating: { track: 'hosts' },
  criteria: [{ kind: 'hosts', weight: 1, wantedHosts: 2 }],
  threshold: { start: 1 },
  mode: patient,
};

const variationDuel: QueueConfig = {
  id: 'variation-duel',
  teams: { count: 2, size: 1 },
  rating: { track: 'variation' },
  criteria: [
    { kind: 'opponent-variation', weight: 1 },
    { kind: 'team-balance', weight: 0 },
  ],
  threshold: { start: 1 },
  mode: patient,
};

/** An engagement duel whose every player churns with the same probability. */
function flatChurnDuel(id: string, churn: number): QueueConfig {
  const table: Record<string, number> = {};
  for (const a of 'WDL') for (const b of 'WDL') table[a + b] = churn;
  return {
    id,
    teams: { count: 2, size: 1 },
    rating: { track: id },
    criteria: [
      { kind: 'engagement', weight: 1 },
      { kind: 'team-balance', weight: 1 },
    ],
    threshold: { start: 0 },
    mode: { kind: 'continuous', maxWaitMs: 1000 },
    engagement: { churnTable: table },
  };
}

let server: TestServer;
before(async () => {
  server = await startTestServer({ ratings: 'memory', pool: 'memory' }, [
    hostsDuel,
    variationDuel,
    flatChurnDuel('loyal-duel', 0.1),
    flatChurnDuel('fickle-duel', 0.6),
  ]);
});
after(() => server.dispose());

type Body = Record<string, unknown>;

async function create(body: Body): Promise<string> {
  const reply = await server.client.request('POST', '/v1/tickets', { credential: keys.server, body });
  assert.equal(reply.status, 201, JSON.stringify(reply.body));
  return String(reply.body['ticketId']);
}

async function read(ticketId: string): Promise<Body> {
  return (await server.client.request('GET', `/v1/tickets/${ticketId}`, { credential: keys.server })).body;
}

async function matched(ticketId: string): Promise<string> {
  return eventually(async () => {
    const ticket = await read(ticketId);
    return ticket['state'] === 'matched' ? String(ticket['matchId']) : undefined;
  });
}

/** The criterion's explanation in the ticket's best candidate, once the matchmaker has one. */
async function bestCriterion(ticketId: string, criterion: string): Promise<Body> {
  return eventually(async () => {
    const ticket = await read(ticketId);
    assert.equal(ticket['state'], 'searching');
    const best = (ticket['explanation'] as { bestCandidate?: { criteria: Body[] } } | undefined)
      ?.bestCandidate;
    return best?.criteria.find((item) => item['criterion'] === criterion);
  });
}

test('NAT types from the ticket change the hosts score: two strict players wait, an open one matches', async () => {
  const strict = [
    await create({ queueId: 'hosts-duel', players: [{ playerId: 'nat-s1', nat: 'strict' }] }),
    await create({ queueId: 'hosts-duel', players: [{ playerId: 'nat-s2', nat: 'strict' }] }),
  ];
  const hosts = await bestCriterion(strict[0] as string, 'hosts');
  assert.equal(hosts['raw'], 0, 'two strict players: no one can host');
  assert.ok((hosts['score'] as number) < 1);
  await new Promise((resolve) => setTimeout(resolve, 300));
  for (const ticketId of strict) assert.equal((await read(ticketId))['state'], 'searching');
  const open = await create({ queueId: 'hosts-duel', players: [{ playerId: 'nat-o1', nat: 'open' }] });
  const matchId = await matched(open);
  const match = await server.client.request<{ teams: { playerId: string }[][] }>(
    'GET',
    `/v1/matches/${matchId}`,
    {
      credential: keys.server,
    },
  );
  const seated = match.body.teams.flat().map((seat) => seat.playerId);
  assert.ok(seated.includes('nat-o1') && seated.some((id) => id.startsWith('nat-s')), seated.join(','));
});

test('the last match comes from the stored history: two players who just met wait, a new opponent matches', async () => {
  const first = await create({ queueId: 'variation-duel', players: [{ playerId: 'var-a' }] });
  await create({ queueId: 'variation-duel', players: [{ playerId: 'var-b' }] });
  const matchId = await matched(first);
  const reply = await server.client.request('POST', `/v1/matches/${matchId}/result`, {
    credential: keys.server,
    body: { ranks: [1, 2] },
  });
  assert.equal(reply.status, 201);
  const again = await create({ queueId: 'variation-duel', players: [{ playerId: 'var-a' }] });
  await create({ queueId: 'variation-duel', players: [{ playerId: 'var-b' }] });
  const variation = await bestCriterion(again, 'opponent-variation');
  assert.equal(variation['raw'], 1, 'one pair met last match');
  assert.ok((variation['score'] as number) < 1);
  const fresh = await create({ queueId: 'variation-duel', players: [{ playerId: 'var-c' }] });
  await matched(fresh);
});

test('each engagement queue scores churn on its own table', async () => {
  const quality = async (queueId: string, prefix: string): Promise<number> => {
    const ticket = await create({ queueId, players: [{ playerId: `${prefix}-1` }] });
    await create({ queueId, players: [{ playerId: `${prefix}-2` }] });
    const match = await server.client.request('GET', `/v1/matches/${await matched(ticket)}`, {
      credential: keys.server,
    });
    return match.body['quality'] as number;
  };
  const loyal = await quality('loyal-duel', 'loyal');
  const fickle = await quality('fickle-duel', 'fickle');
  // Equal newcomers: team balance 1; engagement 1 - churn.
  assert.ok(Math.abs(loyal - (1 + 0.9) / 2) < 1e-6, String(loyal));
  assert.ok(Math.abs(fickle - (1 + 0.4) / 2) < 1e-6, String(fickle));
});

test('bad input: unknown NAT types, a client-sent last match, and malformed queue fields get stable codes', async () => {
  const refusal = async (method: string, path: string, body: unknown, code: string, status = 400) => {
    const reply = await server.client.request(method, path, { credential: keys.admin, body });
    assert.equal(reply.status, status, JSON.stringify(reply.body));
    assert.equal((reply.body['error'] as Body)['code'], code, JSON.stringify(reply.body));
    return reply.body['error'] as Body;
  };
  await refusal(
    'POST',
    '/v1/tickets',
    { queueId: 'hosts-duel', players: [{ playerId: 'x', nat: 'full-cone' }] },
    'MM_ERR_INVALID_REQUEST',
  );
  await refusal(
    'POST',
    '/v1/tickets',
    {
      queueId: 'variation-duel',
      players: [{ playerId: 'x', lastMatch: { teammateIds: [], opponentIds: ['y'] } }],
    },
    'MM_ERR_INVALID_REQUEST',
  );
  const put = (config: unknown) =>
    refusal('PUT', '/v1/admin/queues/bad', config, 'MM_ERR_INVALID_QUEUE_CONFIG');
  const base = { ...hostsDuel, id: 'bad' };
  const noGames = await put({ ...base, gates: { gamesTrack: 'normal' } });
  assert.match(String(noGames['message']), /minGamesPlayed/);
  await put({ ...base, gates: { minGamesPlayed: 5, gamesTrack: 'normal games' } });
  await put({ ...base, rating: { track: 'bad', partyAdjustment: '../../secret' } });
  const missing = await put({ ...base, rating: { track: 'bad', partyAdjustment: 'never-fitted' } });
  assert.equal((missing['details'] as Body)['path'], 'rating.partyAdjustment');
  const churnless = await put({ ...flatChurnDuel('bad', 0.1), engagement: { churnModel: 'never-fitted' } });
  assert.equal((churnless['details'] as Body)['path'], 'engagement.churnModel');
  await put({ ...flatChurnDuel('bad', 0.1), engagement: { churnTable: { W: 0.1 } } });
  await put({ ...flatChurnDuel('bad', 0.1), engagement: {} });
  // Nothing was created.
  const queue = await server.client.request('GET', '/v1/queues/bad', { credential: keys.admin });
  assert.equal(queue.status, 404);
});
