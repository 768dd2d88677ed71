/**
 * Hand-off to game servers over HTTP, end to end: the match stream (WebSocket, server key,
 * resumable), signed webhooks to a real local receiver that checks each signature (retries with
 * back-off, one idempotency key per event), allocate-then-assign, and backfill of a running 5v5.
 */
import assert from 'node:assert/strict';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { verifyWebhookSignature } from '@matchd/client/webhook';
import type { QueueConfig } from '@matchd/engine';
import WebSocket from 'ws';
import { players } from './e2e-flow.ts';
import { eventually, keys, openSocket, startTestServer, type TestServer } from './support/harness.ts';

const webhookSecret = 'webhook-secret-0123456789abcdef0123456789';

type Json = Record<string, unknown>;

/** A webhook receiver that checks the signature as the documentation tells a studio to. */
class Receiver {
  readonly deliveries: { body: Json; key: string; atMs: number; valid: boolean; clientAgrees: boolean }[] =
    [];
  /** Answers 500 to the first attempts of each event, this many times. */
  failFirst = 0;
  readonly #failures = new Map<string, number>();
  #server: Server | undefined;
  url = '';

  async start(): Promise<void> {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const header = String(request.headers['matchd-signature'] ?? '');
        const parts = Object.fromEntries(
          header.split(',').map((part) => part.split('=') as [string, string]),
        );
        const expected = createHmac('sha256', webhookSecret).update(`${parts['t']}.${raw}`).digest('hex');
        const given = Buffer.from(parts['v1'] ?? '', 'utf8');
        const valid =
          given.length === expected.length && timingSafeEqual(given, Buffer.from(expected, 'utf8'));
        const key = String(request.headers['matchd-idempotency-key'] ?? '');
        // The client's helper must agree with this check written from the documentation.
        const clientAgrees = verifyWebhookSignature(webhookSecret, raw, header) === valid;
        this.deliveries.push({ body: JSON.parse(raw) as Json, key, atMs: Date.now(), valid, clientAgrees });
        const failed = this.#failures.get(key) ?? 0;
        if (failed < this.failFirst) {
          this.#failures.set(key, failed + 1);
          response.statusCode = 500;
          response.end('not now');
          return;
        }
        response.statusCode = valid ? 204 : 401;
        response.end();
      });
    });
    this.#server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  }

  /** Delivered events (accepted: 2xx), once per idempotency key, in order of arrival. */
  events(): Json[] {
    const seen = new Set<string>();
    const out: Json[] = [];
    for (const delivery of this.deliveries) {
      if (seen.has(delivery.key)) continue;
      seen.add(delivery.key);
      out.push(delivery.body['event'] as Json);
    }
    return out;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()));
  }
}

/** A WebSocket that collects its JSON messages. */
class Stream {
  readonly messages: Json[] = [];
  readonly socket: WebSocket;
  readonly opened: Promise<void>;
  closed = false;

  constructor(url: string, credential: string) {
    this.socket = new WebSocket(url, { headers: { authorization: `Bearer ${credential}` } });
    this.socket.on('message', (data) => this.messages.push(JSON.parse(String(data)) as Json));
    this.socket.on('close', () => {
      this.closed = true;
    });
    this.opened = new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('error', reject);
    });
  }

  async next(
    type: string,
    where: (message: Json) => boolean = () => true,
    timeoutMs = 10_000,
  ): Promise<Json> {
    return eventually(
      async () => this.messages.find((message) => message['type'] === type && where(message)),
      timeoutMs,
      () => `a ${type} message (have ${this.messages.map((message) => message['type']).join(', ')})`,
    );
  }

  close(): void {
    this.socket.close();
  }
}

const matchStream = (test: TestServer, queueId: string, afterId?: string): Stream =>
  new Stream(
    `${test.server.address.replace(/^http/, 'ws')}/v1/queues/${queueId}/match-events${afterId === undefined ? '' : `?after=${afterId}`}`,
    keys.server,
  );
const ticketStream = (test: TestServer, ticketId: string): Stream =>
  new Stream(`${test.server.address.replace(/^http/, 'ws')}/v1/tickets/${ticketId}/events`, keys.server);

async function post(test: TestServer, path: string, body: unknown): Promise<{ status: number; body: Json }> {
  return test.client.request<Json>('POST', path, { credential: keys.server, body });
}

/** A 5v5 played in eu or na, every player within 80 ms of the match's region. */
function arena(webhookUrl: string, extra: Partial<QueueConfig> = {}): QueueConfig {
  return {
    id: 'arena',
    teams: { count: 2, size: 5 },
    rating: { track: 'arena' },
    criteria: [{ kind: 'team-balance', weight: 1 }],
    threshold: { start: 0 },
    mode: { kind: 'continuous', maxWaitMs: 1000 },
    regions: { names: ['eu', 'na'], maxPingMs: { start: 80 } },
    handoff: { webhookUrl },
    ...extra,
  };
}

async function ticket(test: TestServer, queueId: string, playerId: string, pings: Json): Promise<string> {
  const reply = await post(test, '/v1/tickets', { queueId, players: [{ playerId }], pingMsByRegion: pings });
  assert.equal(reply.status, 201, JSON.stringify(reply.body));
  return String(reply.body['ticketId']);
}

for (const backends of [
  { ratings: 'memory', pool: 'memory' },
  { ratings: 'memory', pool: 'redis' },
] as const)
  describe(`hand-off and backfill over HTTP (fleet state: ${backends.pool})`, () => {
    const receiver = new Receiver();
    let server: TestServer;

    before(async () => {
      await receiver.start();
      const duel: QueueConfig = {
        id: 'duel',
        teams: { count: 2, size: 1 },
        rating: { track: 'duel' },
        criteria: [{ kind: 'team-balance', weight: 1 }],
        threshold: { start: 0 },
        mode: { kind: 'continuous', maxWaitMs: 1000 },
        handoff: { webhookUrl: receiver.url },
      };
      const allocated: QueueConfig = {
        ...duel,
        id: 'allocated',
        rating: { track: 'allocated' },
        handoff: { allocation: { timeoutMs: 60_000 } },
      };
      const hurried: QueueConfig = {
        ...duel,
        id: 'hurried',
        rating: { track: 'hurried' },
        handoff: { allocation: { timeoutMs: 300 } },
      };
      const brief: QueueConfig = {
        ...duel,
        id: 'duel-brief',
        rating: { track: 'duel-brief' },
        handoff: {},
        backfill: { expireAfterMs: 300 },
      };
      const auto: QueueConfig = {
        ...arena(receiver.url),
        id: 'arena-auto',
        rating: { track: 'arena-auto' },
        backfill: { auto: true },
      };
      server = await startTestServer(backends, [arena(receiver.url), duel, allocated, hurried, auto, brief], {
        webhookSecret,
        webhookRetryBaseMs: 100,
      });
    });

    after(async () => {
      await server.dispose();
      await receiver.stop();
    });

    test('a 5v5 that lost two players is backfilled with players within its limits; the game server hears it on its stream and by webhook', async () => {
      const stream = matchStream(server, 'arena');
      await stream.opened;
      await stream.next('subscribed');
      const ten = players(10);
      for (const playerId of ten) await ticket(server, 'arena', playerId, { eu: 30, na: 120 });
      const formed = await stream.next('formed');
      const matchId = String(formed['matchId']);
      const match = formed['match'] as { teams: { playerIds: string[] }[]; region: string; phase: string };
      assert.equal(match.region, 'eu');
      assert.equal(match.phase, 'ready');

      // Two players of the first team leave; the game server names the eight still in the match.
      const leaving = match.teams[0]?.playerIds.slice(0, 2) ?? [];
      const staying = match.teams
        .flatMap((team) => team.playerIds)
        .filter((playerId) => !leaving.includes(playerId));
      const [far, near1, near2] = players(3) as [string, string, string];
      // Waiting longest, but 200 ms from eu: over the queue's 80 ms cap in the match's region.
      const farTicket = await ticket(server, 'arena', far, { eu: 200, na: 10 });
      const requested = await post(server, `/v1/matches/${matchId}/backfill`, { players: staying });
      assert.equal(requested.status, 201, JSON.stringify(requested.body));
      assert.deepEqual(requested.body['openSeats'], [2, 0]);
      const near1Ticket = await ticket(server, 'arena', near1, { eu: 40, na: 150 });
      const newcomer = ticketStream(server, near1Ticket);
      await newcomer.opened;
      await ticket(server, 'arena', near2, { eu: 50, na: 150 });

      const filled = await stream.next('backfilled');
      assert.equal(filled['matchId'], matchId);
      assert.equal(filled['requestId'], requested.body['requestId']);
      const added = filled['added'] as { playerIds: string[] }[];
      assert.deepEqual(added[0]?.playerIds.sort(), [near1, near2].sort());
      assert.deepEqual(added[1]?.playerIds, []);
      const after = filled['match'] as { teams: { playerIds: string[] }[]; backfillRequestId?: string };
      assert.equal(after.teams[0]?.playerIds.length, 5);
      assert.equal(after.teams[1]?.playerIds.length, 5);
      assert.ok(
        !after.teams.flatMap((team) => team.playerIds).some((playerId) => leaving.includes(playerId)),
      );
      assert.equal(after.backfillRequestId, undefined);

      // The new player is told: matched into the running match, its id and teams.
      const matched = await newcomer.next('matched');
      assert.equal((matched['match'] as Json)['matchId'], matchId);
      assert.equal(matched['backfill'], true);
      // The far player still waits.
      const farNow = await server.client.request<Json>('GET', `/v1/tickets/${farTicket}`, {
        credential: keys.server,
      });
      assert.equal(farNow.body['state'], 'searching');

      // The same events reached the webhook receiver, each signed.
      const hooked = await eventually(async () => {
        const types = receiver
          .events()
          .filter((event) => event['matchId'] === matchId)
          .map((event) => event['type']);
        return types.includes('backfilled') ? types : undefined;
      });
      assert.deepEqual(hooked, ['formed', 'backfill-requested', 'backfilled']);
      assert.ok(receiver.deliveries.every((delivery) => delivery.valid && delivery.clientAgrees));
      const handoff = await server.client.request<Json>('GET', `/v1/matches/${matchId}/handoff`, {
        credential: keys.server,
      });
      assert.equal(handoff.status, 200);
      assert.deepEqual(
        (handoff.body['teams'] as { playerIds: string[] }[])[0]?.playerIds,
        after.teams[0]?.playerIds,
      );
      stream.close();
      newcomer.close();
    });

    test('bad backfill input gets stable codes and changes nothing; a leave report backfills by itself when the queue says so', async () => {
      const missing = await post(server, '/v1/matches/m_unknown/backfill', { players: ['x'] });
      assert.equal(missing.status, 404);
      assert.equal((missing.body['error'] as Json)['code'], 'MM_ERR_MATCH_NOT_FOUND');
      const stream = matchStream(server, 'arena-auto');
      await stream.opened;
      await stream.next('subscribed');
      const ten = players(10);
      for (const playerId of ten) await ticket(server, 'arena-auto', playerId, { eu: 30 });
      const formed = await stream.next('formed');
      const matchId = String(formed['matchId']);
      const code = (reply: { body: Json }) => (reply.body['error'] as Json | undefined)?.['code'];
      const stranger = await post(server, `/v1/matches/${matchId}/backfill`, {
        players: [...ten.slice(1), 'stranger'],
      });
      assert.equal(stranger.status, 409);
      assert.equal(code(stranger), 'MM_ERR_PLAYER_NOT_IN_MATCH');
      const full = await post(server, `/v1/matches/${matchId}/backfill`, { players: ten });
      assert.equal(full.status, 409);
      assert.equal(code(full), 'MM_ERR_MATCH_FULL');
      const malformed = await post(server, `/v1/matches/${matchId}/backfill`, { players: 'everyone' });
      assert.equal(malformed.status, 400);
      const noRequest = await server.client.request<Json>('DELETE', `/v1/matches/${matchId}/backfill`, {
        credential: keys.server,
      });
      assert.equal(code(noRequest), 'MM_ERR_BACKFILL_NOT_FOUND');

      // A leave report opens a seat; the queue backfills by itself.
      const left = await post(server, `/v1/matches/${matchId}/leave`, { playerIds: [ten[0]] });
      assert.equal(left.status, 200, JSON.stringify(left.body));
      const backfill = left.body['backfill'] as Json;
      assert.equal(backfill['matchId'], matchId);
      await stream.next('players-left');
      await stream.next('backfill-requested');
      const twice = await post(server, `/v1/matches/${matchId}/backfill`, { players: ten.slice(1) });
      assert.equal(twice.status, 409);
      assert.equal(code(twice), 'MM_ERR_BACKFILL_EXISTS');
      assert.equal(
        (twice.body['error'] as Json)['details'] &&
          ((twice.body['error'] as Json)['details'] as Json)['requestId'],
        backfill['requestId'],
      );
      const cancelled = await server.client.request<Json>('DELETE', `/v1/matches/${matchId}/backfill`, {
        credential: keys.server,
      });
      assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
      const ended = await stream.next('backfill-ended');
      assert.equal(ended['reason'], 'cancelled');
      stream.close();
    });

    test('an unfilled backfill request expires like a ticket; the match may ask again', async () => {
      const stream = matchStream(server, 'duel-brief');
      await stream.opened;
      await stream.next('subscribed');
      const [a, b] = players(2) as [string, string];
      await ticket(server, 'duel-brief', a, {});
      await ticket(server, 'duel-brief', b, {});
      const formed = await stream.next('formed');
      const matchId = String(formed['matchId']);
      const first = await post(server, `/v1/matches/${matchId}/backfill`, { players: [a] });
      assert.equal(first.status, 201, JSON.stringify(first.body));
      const ended = await stream.next('backfill-ended');
      assert.deepEqual([ended['requestId'], ended['reason']], [first.body['requestId'], 'expired']);
      const request = await server.client.request<Json>(
        'GET',
        `/v1/tickets/${String(first.body['requestId'])}`,
        {
          credential: keys.server,
        },
      );
      assert.equal(request.body['state'], 'expired', JSON.stringify(request));
      const again = await post(server, `/v1/matches/${matchId}/backfill`, { players: [a] });
      assert.equal(again.status, 201, JSON.stringify(again.body));
      stream.close();
    });

    test('the match stream resumes after an event id with what it missed, in order', async () => {
      const first = matchStream(server, 'duel');
      await first.opened;
      await first.next('subscribed');
      const [a, b, c, d] = players(4) as [string, string, string, string];
      await ticket(server, 'duel', a, {});
      await ticket(server, 'duel', b, {});
      const one = await first.next('formed');
      first.close();
      await ticket(server, 'duel', c, {});
      const ticketD = await ticket(server, 'duel', d, {});
      const matched = await eventually(async () => {
        const reply = await server.client.request<Json>('GET', `/v1/tickets/${ticketD}`, {
          credential: keys.server,
        });
        return reply.body['state'] === 'matched' ? reply.body : undefined;
      });
      const resumed = matchStream(server, 'duel', String(one['eventId']));
      await resumed.opened;
      const two = await resumed.next('formed');
      assert.equal(two['matchId'], matched['matchId']);
      assert.notEqual(two['matchId'], one['matchId']);
      assert.ok(
        !resumed.messages.some((message) => message['matchId'] === one['matchId']),
        'nothing before the id',
      );
      resumed.close();
    });

    test('a match stream cut before its first event loses none: `subscribed` says where it started, and a resume from there replays the cut', async () => {
      const first = matchStream(server, 'duel');
      await first.opened;
      const subscribed = await first.next('subscribed');
      const start = subscribed['after'];
      assert.equal(typeof start, 'string', 'a new stream says where it starts');
      first.close();
      const [a, b] = players(2) as [string, string];
      await ticket(server, 'duel', a, {});
      const ticketB = await ticket(server, 'duel', b, {});
      const matched = await eventually(async () => {
        const reply = await server.client.request<Json>('GET', `/v1/tickets/${ticketB}`, {
          credential: keys.server,
        });
        return reply.body['state'] === 'matched' ? reply.body : undefined;
      });
      const resumed = matchStream(server, 'duel', String(start));
      await resumed.opened;
      assert.equal((await resumed.next('subscribed'))['after'], start);
      assert.equal(
        (await resumed.next('formed'))['matchId'],
        matched['matchId'],
        'the match formed in the cut',
      );
      resumed.close();

      // @matchd/client resumes from there by itself: cut before any event, it reconnects after the match formed.
      let subscriptions = 0;
      const stream = server.api(keys.server).watchMatches('duel', {
        openSocket,
        retryDelayMs: 2000,
        onSubscribed: () => {
          subscriptions += 1;
        },
      });
      await eventually(async () => (subscriptions > 0 ? true : undefined));
      stream.interrupt();
      const [c, d] = players(2) as [string, string];
      await ticket(server, 'duel', c, {});
      const ticketD = await ticket(server, 'duel', d, {});
      const cutMatch = await eventually(async () => {
        const reply = await server.client.request<Json>('GET', `/v1/tickets/${ticketD}`, {
          credential: keys.server,
        });
        return reply.body['state'] === 'matched' ? reply.body : undefined;
      });
      assert.equal(subscriptions, 1, 'the match formed before the reconnect');
      await eventually(async () =>
        stream.events.find((event) => event.type === 'formed' && event.matchId === cutMatch['matchId']),
      );
      stream.close();
    });

    test('a failing webhook receiver gets the same event again with the same key, after growing waits', async () => {
      receiver.failFirst = 2;
      try {
        const [a, b] = players(2) as [string, string];
        await ticket(server, 'duel', a, {});
        await ticket(server, 'duel', b, {});
        const attempts = await eventually(async () => {
          const mine = receiver.deliveries.filter((delivery) => {
            const match = ((delivery.body['event'] as Json)['match'] as { teams: { playerIds: string[] }[] })
              .teams;
            return match.flatMap((team) => team.playerIds).includes(a);
          });
          return mine.length >= 3 ? mine : undefined;
        });
        assert.equal(new Set(attempts.map((delivery) => delivery.key)).size, 1, 'one idempotency key');
        assert.deepEqual(
          attempts.map((delivery) => delivery.body['attempt']),
          [1, 2, 3],
        );
        const first = attempts[1] as { atMs: number };
        const second = attempts[2] as { atMs: number };
        // Back-off: 100 ms after the first failure, 200 ms after the second.
        assert.ok(first.atMs - (attempts[0] as { atMs: number }).atMs >= 90, 'first wait');
        assert.ok(second.atMs - first.atMs >= 190, 'doubled wait');
        assert.ok(attempts.every((delivery) => delivery.valid));
      } finally {
        receiver.failFirst = 0;
      }
    });

    test('allocate-then-assign: a match waits in allocating until the allocator sets its server, then its players get assigned', async () => {
      const stream = matchStream(server, 'allocated');
      await stream.opened;
      await stream.next('subscribed');
      const [a, b] = players(2) as [string, string];
      const ticketA = await ticket(server, 'allocated', a, {});
      const watch = ticketStream(server, ticketA);
      await watch.opened;
      await ticket(server, 'allocated', b, {});
      const matched = await watch.next('matched');
      assert.equal(matched['allocating'], true);
      const formed = await stream.next('formed');
      assert.equal((formed['match'] as Json)['phase'], 'allocating');
      assert.equal(watch.closed, false, 'the ticket stream waits for the assignment');
      const matchId = String(formed['matchId']);
      const connection = { host: '10.0.4.17', port: 7777, properties: { session: 's-1' } };
      const assigned = await post(server, `/v1/matches/${matchId}/assignment`, { connection });
      assert.equal(assigned.status, 200, JSON.stringify(assigned.body));
      assert.equal(assigned.body['phase'], 'assigned');
      const told = await watch.next('assigned');
      assert.deepEqual(told['connection'], connection);
      await eventually(async () => (watch.closed ? true : undefined), 5000, 'the ticket stream closes');
      const heard = await stream.next('assigned');
      assert.deepEqual(heard['connection'], connection);
      const again = await post(server, `/v1/matches/${matchId}/assignment`, { connection });
      assert.equal(again.status, 200, 'the same address again is a no-op');
      const other = await post(server, `/v1/matches/${matchId}/assignment`, {
        connection: { host: 'x', port: 1 },
      });
      assert.equal(other.status, 409);
      assert.equal((other.body['error'] as Json)['code'], 'MM_ERR_INVALID_MATCH_STATE');
      stream.close();
    });

    test('a ticket stream opened after its ticket matched into an allocating match gets the state, then `matched` with the match, then `assigned`', async () => {
      // Streams of the queue come and go first, as in the suite where the defect showed; the late
      // stream must not depend on any of them having followed the queue's log.
      for (let round = 0; round < 5; round += 1) {
        const passing = matchStream(server, 'allocated');
        await passing.opened;
        await passing.next('subscribed');
        passing.close();
      }
      const [a, b] = players(2) as [string, string];
      const ticketA = await ticket(server, 'allocated', a, {});
      const ticketB = await ticket(server, 'allocated', b, {});
      const matchId = await eventually(async () => {
        const reply = await server.client.request<Json>('GET', `/v1/tickets/${ticketA}`, {
          credential: keys.server,
        });
        return reply.body['state'] === 'matched' ? String(reply.body['matchId']) : undefined;
      });
      // Opened only now: the match was formed before this stream's subscription existed.
      const late = ticketStream(server, ticketA);
      await late.opened;
      const matched = await late.next('matched');
      assert.equal(matched['allocating'], true);
      const match = matched['match'] as { matchId: string; teams: { ticketIds: string[] }[] };
      assert.equal(match.matchId, matchId);
      assert.deepEqual(match.teams.flatMap((team) => team.ticketIds).sort(), [ticketA, ticketB].sort());
      assert.equal(late.closed, false, 'the stream waits for the assignment');
      const connection = { host: '10.0.4.18', port: 7778 };
      const assigned = await post(server, `/v1/matches/${matchId}/assignment`, { connection });
      assert.equal(assigned.status, 200, JSON.stringify(assigned.body));
      await late.next('assigned');
      await eventually(async () => (late.closed ? true : undefined), 5000, 'the ticket stream closes');
      assert.deepEqual(
        late.messages.map((message) => message['type']),
        ['state', 'matched', 'assigned'],
      );
      const state = late.messages[0]?.['ticket'] as Json;
      assert.equal(state['state'], 'matched');
      assert.equal(state['lastEventId'], matched['eventId'], 'the state and the replayed event agree');
      // A stream opened after the assignment gets that final event, then its end.
      const finished = ticketStream(server, ticketB);
      await finished.opened;
      const told = await finished.next('assigned');
      assert.deepEqual(told['connection'], connection);
      await eventually(async () => (finished.closed ? true : undefined), 5000, 'the finished stream closes');
      assert.deepEqual(
        finished.messages.map((message) => message['type']),
        ['state', 'assigned'],
      );
    });

    test('an allocator that never answers: the match fails after the queue’s timeout and its players are told', async () => {
      const [a, b] = players(2) as [string, string];
      const ticketA = await ticket(server, 'hurried', a, {});
      const watch = ticketStream(server, ticketA);
      await watch.opened;
      await ticket(server, 'hurried', b, {});
      await watch.next('matched');
      const failed = await watch.next('allocation-failed');
      assert.equal(failed['reason'], 'timeout');
      await eventually(async () => (watch.closed ? true : undefined), 5000, 'the ticket stream closes');
      const handoff = await server.client.request<Json>(
        'GET',
        `/v1/matches/${String(failed['matchId'])}/handoff`,
        {
          credential: keys.server,
        },
      );
      assert.equal(handoff.body['phase'], 'allocation-failed');
      // Its players may queue again at once.
      await ticket(server, 'hurried', a, {});
    });

    test('@matchd/client: watchMatches resumes after a drop without loss or repeat; setAssignment; verifyWebhookSignature refuses tampering and old signatures', async () => {
      const game = server.api(keys.server);
      const seen: string[] = [];
      let subscribed = 0;
      const stream = game.watchMatches('allocated', {
        openSocket,
        onEvent: (event) => seen.push(`${event.type}:${event.matchId}`),
        onSubscribed: () => {
          subscribed += 1;
        },
      });
      await eventually(async () => (subscribed > 0 ? true : undefined));
      const [a, b, c, d] = players(4) as [string, string, string, string];
      await ticket(server, 'allocated', a, {});
      await ticket(server, 'allocated', b, {});
      const first = await eventually(async () => stream.events.find((event) => event.type === 'formed'));
      stream.interrupt();
      await ticket(server, 'allocated', c, {});
      await ticket(server, 'allocated', d, {});
      const second = await eventually(async () =>
        stream.events.find((event) => event.type === 'formed' && event.matchId !== first.matchId),
      );
      assert.ok(subscribed >= 2, 'reconnected');
      const assignment = await game.setAssignment(second.matchId, { host: 'game-7.example', port: 7000 });
      assert.equal(assignment.phase, 'assigned');
      await eventually(async () => (seen.includes(`assigned:${second.matchId}`) ? true : undefined));
      assert.equal(new Set(seen).size, seen.length, 'each event once');
      assert.equal(stream.lastEventId, stream.events.at(-1)?.eventId);
      stream.close();

      const body = '{"id":"q:1-0"}';
      const nowMs = 1_764_000_000_000;
      const signature = `t=${nowMs},v1=${createHmac('sha256', webhookSecret).update(`${nowMs}.${body}`).digest('hex')}`;
      assert.equal(verifyWebhookSignature(webhookSecret, body, signature, { nowMs }), true);
      assert.equal(
        verifyWebhookSignature(webhookSecret, `${body} `, signature, { nowMs }),
        false,
        'tampered',
      );
      assert.equal(
        verifyWebhookSignature('another-secret', body, signature, { nowMs }),
        false,
        'other secret',
      );
      assert.equal(
        verifyWebhookSignature(webhookSecret, body, signature, { nowMs: nowMs + 600_000 }),
        false,
        'old',
      );
      assert.equal(verifyWebhookSignature(webhookSecret, body, undefined), false);
      assert.equal(verifyWebhookSignature(webhookSecret, body, 't=x,v1=zz'), false);
    });
  });
