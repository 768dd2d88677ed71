/**
 * Fuzz: thousands of seeded random malformed requests (wrong types, missing and unknown fields,
 * NaN/Infinity literals, truncated and garbage JSON, odd content types, bad ids, bad or foreign
 * credentials) against every route. Asserts that none gets a 5xx, every refusal carries a
 * registry code, and nothing changes. Sent through fastify's inject (the whole request pipeline,
 * without sockets) so thousands run in seconds; the seed is printed on failure.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ErrorCodes, Random } from '@matchd/engine';
import { keys, startTestServer, type TestServer } from './support/harness.ts';

// A fixed seed keeps CI reproducible; MATCHD_FUZZ_SEED explores others.
const seed = Number(process.env['MATCHD_FUZZ_SEED'] ?? 20_261_121);
const requests = 3000;

const codes = new Set<string>(Object.values(ErrorCodes));

const routes: readonly { method: string; path: (ids: Ids) => string }[] = [
  { method: 'POST', path: () => '/v1/tickets' },
  { method: 'GET', path: (ids) => `/v1/tickets/${ids.ticket}` },
  { method: 'DELETE', path: (ids) => `/v1/tickets/${ids.ticket}` },
  { method: 'POST', path: (ids) => `/v1/tickets/${ids.ticket}/accept` },
  { method: 'POST', path: (ids) => `/v1/tickets/${ids.ticket}/decline` },
  { method: 'GET', path: (ids) => `/v1/matches/${ids.match}` },
  { method: 'POST', path: (ids) => `/v1/matches/${ids.match}/result` },
  { method: 'GET', path: (ids) => `/v1/players/${ids.player}` },
  { method: 'GET', path: (ids) => `/v1/players/${ids.player}/matches?limit=${ids.query}` },
  { method: 'GET', path: (ids) => `/v1/leaderboards/${ids.track}?limit=${ids.query}&around=${ids.player}` },
  { method: 'GET', path: (ids) => `/v1/queues/${ids.queue}` },
  { method: 'PUT', path: (ids) => `/v1/admin/queues/${ids.queue}` },
  { method: 'POST', path: () => '/v1/admin/season-reset/preview' },
  { method: 'POST', path: () => '/v1/admin/season-reset/apply' },
  { method: 'POST', path: (ids) => `/v1/admin/players/${ids.player}/recalibrate` },
  { method: 'POST', path: () => '/v1/tokens' },
];

interface Ids {
  ticket: string;
  match: string;
  player: string;
  queue: string;
  track: string;
  query: string;
}

const weird = [
  '',
  ' ',
  '%00',
  '..%2F..',
  'ü',
  'a'.repeat(300),
  '-1',
  'NaN',
  'Infinity',
  '{}',
  '%',
  '__proto__',
  'constructor',
];

function pick<T>(random: Random, items: readonly T[]): T {
  return items[random.int(items.length)] as T;
}

function junkValue(random: Random, depth = 0): unknown {
  switch (random.int(depth > 2 ? 7 : 10)) {
    case 0:
      return random.uniform(-1e12, 1e12);
    case 1:
      return pick(random, weird);
    case 2:
      return null;
    case 3:
      return random.next() < 0.5;
    case 4:
      return -random.int(5);
    case 5:
      return 'x'.repeat(random.int(2000));
    case 6:
      return random.int(100);
    case 7:
      return Array.from({ length: random.int(4) }, () => junkValue(random, depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: random.int(4) }, () => [
          pick(random, ['queueId', 'players', 'ranks', 'playerId', 'track', 'policy', 'x']),
          junkValue(random, depth + 1),
        ]),
      );
  }
}

/** A body that is wrong somehow: a broken near-valid body, junk JSON, or text that is not JSON. */
function badBody(random: Random): { payload: string; contentType: string } {
  const nearValid: Record<string, unknown> = pick(random, [
    { queueId: 'duel', players: [{ playerId: 'fz' }] },
    { ranks: [1, 2] },
    { playerId: 'fz' },
    { track: 'duel/solo', policy: { anchor: 0, shape: { kind: 'linear', keep: 0.5 } } },
  ]);
  const keysOf = Object.keys(nearValid);
  const broken = { ...nearValid };
  switch (random.int(4)) {
    case 0:
      delete broken[pick(random, keysOf)];
      break;
    case 1:
      broken[pick(random, keysOf)] = junkValue(random);
      break;
    case 2:
      broken[`unknown_${random.int(10)}`] = junkValue(random);
      break;
    default:
      broken[pick(random, keysOf)] = pick(random, [
        Number.NaN,
        Number.POSITIVE_INFINITY,
        -1,
        Number.MAX_VALUE,
        [],
        {},
      ]);
  }
  const json = JSON.stringify(broken);
  switch (random.int(6)) {
    case 0:
      return {
        payload: json.slice(0, Math.max(1, random.int(json.length))),
        contentType: 'application/json',
      };
    case 1:
      return {
        payload: json.replace(/\d+/, pick(random, ['NaN', 'Infinity', '-Infinity', '1e400', '0x10'])),
        contentType: 'application/json',
      };
    case 2:
      return {
        payload: String.fromCharCode(...Array.from({ length: random.int(64) }, () => random.int(256))),
        contentType: 'application/json',
      };
    case 3:
      return {
        payload: json,
        contentType: pick(random, ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']),
      };
    default:
      return { payload: json, contentType: 'application/json' };
  }
}

let server: TestServer;
let aliceToken: string;

/** Everything the fuzz must not change (minus times that move by themselves). */
async function state(): Promise<string> {
  const context = server.server.service.context;
  const queues = [...context.queues.values()];
  const sizes = await Promise.all(queues.map((queue) => context.state.queueCounts(queue.id)));
  const ratings = await context.ratings.trackRatings('duel/solo');
  const history = await context.ratings.history('alice', { limit: 10 });
  return JSON.stringify({ queues, sizes, ratings, history });
}

before(async () => {
  server = await startTestServer({ ratings: 'memory', pool: 'memory' }, undefined, {
    rateLimitPerMinute: 1_000_000,
  });
  aliceToken = await server.client.playerToken('alice');
  const reply = await server.client.request('POST', '/v1/tickets', {
    credential: keys.server,
    body: { queueId: 'squad', players: [{ playerId: 'alice' }] },
  });
  assert.equal(reply.status, 201);
});
after(() => server.dispose());

test(`fuzz: ${requests} random malformed requests: no 5xx, stable codes, no state change (seed ${seed})`, async () => {
  const random = Random.fromSeed(seed);
  const app = server.server.app;
  const before = await state();
  const statuses = new Map<number, number>();
  for (let index = 0; index < requests; index += 1) {
    const route = pick(random, routes);
    const ids: Ids = {
      ticket: pick(random, ['t_none', ...weird]),
      match: pick(random, ['m_none', ...weird]),
      player: pick(random, ['alice', 'nobody', ...weird]),
      queue: pick(random, ['duel', 'squad', 'nope', ...weird]),
      track: pick(random, ['duel/solo', 'ranked/solo', 'x', ...weird]),
      query: pick(random, ['10', '-1', 'NaN', '1e9', '', 'abc', '99999999999999']),
    };
    const credential = pick(random, [
      undefined,
      'wrong-key-0123456789',
      keys.server,
      keys.admin,
      aliceToken,
      `${aliceToken}x`,
      'a.b',
    ]);
    const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : badBody(random);
    const headers: Record<string, string> = {};
    if (credential !== undefined) headers['authorization'] = `Bearer ${credential}`;
    if (body !== undefined) headers['content-type'] = body.contentType;
    const reply = await app.inject({
      method: route.method as 'GET',
      url: route.path(ids),
      headers,
      ...(body === undefined ? {} : { payload: body.payload }),
    });
    statuses.set(reply.statusCode, (statuses.get(reply.statusCode) ?? 0) + 1);
    const context = `request ${index} (seed ${seed}): ${route.method} ${route.path(ids)} -> ${reply.statusCode} ${reply.body.slice(0, 300)}`;
    assert.ok(reply.statusCode < 500, context);
    if (reply.statusCode >= 400) {
      const parsed = JSON.parse(reply.body) as { error?: { code?: string } };
      assert.ok(codes.has(String(parsed.error?.code)), `unregistered error code: ${context}`);
    }
  }
  assert.equal(await state(), before, 'the fuzz changed state');
  // The fuzz must mostly be refused, and refused for many different reasons.
  const refused = [...statuses]
    .filter(([status]) => status >= 400)
    .reduce((sum, [, count]) => sum + count, 0);
  assert.ok(
    refused > requests * 0.8,
    `only ${refused} of ${requests} refused: ${JSON.stringify([...statuses])}`,
  );
  assert.ok(statuses.size >= 4, JSON.stringify([...statuses]));
});
