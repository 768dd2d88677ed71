/**
 * The five seeds' example queues over HTTP, with fresh players: each forms matches and rates their
 * results. Dota's ranked queue opens only after the normal games its gate counts (the example's 150
 * lowered to 2 here, as a deployment would edit its copy); Awesomenauts' and EOMM's rounds run
 * sooner than the examples' minutes so the test is short. Everything else is the shipped file.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { QueueConfig } from '@matchd/engine';
import { readQueueFolder } from '../src/service/queues.ts';
import { exampleQueuesDir } from '../src/start.ts';
import { eventually, keys, startTestServer, type TestServer } from './support/harness.ts';

const DOTA_UNLOCK_GAMES = 2;

function examples(): QueueConfig[] {
  const byId = new Map(readQueueFolder(exampleQueuesDir).map((config) => [config.id, config]));
  const pick = (id: string): QueueConfig => {
    const config = byId.get(id);
    assert.ok(config, `example ${id}`);
    return config;
  };
  const ranked = pick('dota-ranked-5v5');
  const awesomenauts = pick('awesomenauts-3v3');
  const eomm = pick('eomm-1v1');
  return [
    pick('dota-normal-5v5'),
    { ...ranked, gates: { ...ranked.gates, minGamesPlayed: DOTA_UNLOCK_GAMES } },
    { ...awesomenauts, mode: { ...awesomenauts.mode, periodMs: 300, minPlayers: 6 } as QueueConfig['mode'] },
    pick('dominations-war-20v20'),
    { ...eomm, mode: { ...eomm.mode, periodMs: 300, minPlayers: 4 } as QueueConfig['mode'] },
    pick('deathmatch-ffa'),
  ];
}

let server: TestServer;
before(async () => {
  server = await startTestServer({ ratings: 'pglite', pool: 'memory' }, examples());
});
after(() => server.dispose());

type Body = Record<string, unknown>;

async function createTicket(body: Body): Promise<string> {
  const reply = await server.client.request('POST', '/v1/tickets', { credential: keys.server, body });
  assert.equal(reply.status, 201, JSON.stringify(reply.body));
  return String(reply.body['ticketId']);
}

/** Waits for the ticket's match, accepting for every player when the queue proposes first. */
async function matchOf(ticketId: string, playerIds: readonly string[]): Promise<string> {
  let accepted = false;
  return eventually(
    async () => {
      const reply = await server.client.request('GET', `/v1/tickets/${ticketId}`, {
        credential: keys.server,
      });
      if (reply.body['state'] === 'proposed' && !accepted) {
        accepted = true;
        for (const playerId of playerIds) {
          const answer = await server.client.request('POST', `/v1/tickets/${ticketId}/accept`, {
            credential: keys.server,
            body: { playerId },
          });
          assert.equal(answer.status, 200, JSON.stringify(answer.body));
        }
      }
      return reply.body['state'] === 'matched' ? String(reply.body['matchId']) : undefined;
    },
    20_000,
    `ticket ${ticketId} matched`,
  );
}

/** Reports a result (the first team wins, or `ranks`) and returns the rating changes. */
async function report(matchId: string, ranks?: number[]): Promise<{ playerId: string; track: string }[]> {
  const match = await server.client.request<{ teams: unknown[][] }>('GET', `/v1/matches/${matchId}`, {
    credential: keys.server,
  });
  const teams = match.body.teams.length;
  // As an admin, who sees the changes on private (ranked) tracks too.
  const reply = await server.client.request('POST', `/v1/matches/${matchId}/result`, {
    credential: keys.admin,
    body: { ranks: ranks ?? Array.from({ length: teams }, (_, index) => index + 1) },
  });
  assert.equal(reply.status, 201, JSON.stringify(reply.body));
  const changes = (
    reply.body['outcome'] as { changes: { playerId: string; track: string; before: Body; after: Body }[] }
  ).changes;
  assert.ok(changes.length > 0);
  assert.ok(
    changes.some((change) => change.before['mean'] !== change.after['mean']),
    'the result moved ratings',
  );
  return changes;
}

/** Creates one solo ticket per player at once, waits for their matches, returns the distinct match ids. */
async function playSolo(queueId: string, playerIds: readonly string[], extra: Body = {}): Promise<string[]> {
  const tickets = await Promise.all(
    playerIds.map((playerId) => createTicket({ queueId, players: [{ playerId, ...extra }] })),
  );
  const matches = await Promise.all(
    tickets.map((ticketId, index) => matchOf(ticketId, [playerIds[index] as string])),
  );
  return [...new Set(matches)];
}

const dotaPlayer = { pingMsByRegion: { 'us-east': 30, 'eu-west': 110 }, languages: ['en'] };

test('Dota: fresh players are refused by ranked, play the normal games that unlock it, then play ranked', async () => {
  const players = Array.from({ length: 10 }, (_, index) => `dota-${index}`);
  const refused = await server.client.request('POST', '/v1/tickets', {
    credential: keys.server,
    body: { queueId: 'dota-ranked-5v5', players: [{ playerId: 'dota-0', ...dotaPlayer }] },
  });
  assert.equal(refused.status, 403);
  assert.equal((refused.body['error'] as Body)['code'], 'MM_ERR_GATE_REJECTED');
  assert.match(String((refused.body['error'] as Body)['message']), /games on normal/);
  for (let game = 0; game < DOTA_UNLOCK_GAMES; game++) {
    const matches = await playSolo('dota-normal-5v5', players, dotaPlayer);
    assert.equal(matches.length, 1, 'ten fresh players form one 5v5');
    const changes = await report(matches[0] as string);
    assert.ok(changes.every((change) => change.track === 'normal/solo'));
  }
  const [ranked] = await playSolo('dota-ranked-5v5', players, dotaPlayer);
  const changes = await report(ranked as string);
  assert.equal(changes.length, 10);
  assert.ok(changes.every((change) => change.track === 'ranked/solo'));
  const profile = await server.client.request<{ tracks: { track: string; games: number }[] }>(
    'GET',
    '/v1/players/dota-0',
    { credential: keys.server },
  );
  const games = Object.fromEntries(profile.body.tracks.map((track) => [track.track, track.games]));
  assert.deepEqual(games, { 'normal/solo': DOTA_UNLOCK_GAMES, 'ranked/solo': 1 });
});

test('Awesomenauts: six fresh players (one a premade pair) are matched in a round and rated', async () => {
  const pings = { eu: 40, na: 120 };
  const tickets = [
    {
      players: [
        { playerId: 'naut-a', nat: 'open' },
        { playerId: 'naut-b', nat: 'moderate' },
      ],
    },
    ...['naut-c', 'naut-d', 'naut-e', 'naut-f'].map((playerId) => ({
      players: [{ playerId, nat: 'strict' }],
    })),
  ];
  const ids = await Promise.all(
    tickets.map((ticket) => createTicket({ queueId: 'awesomenauts-3v3', pingMsByRegion: pings, ...ticket })),
  );
  const matches = await Promise.all(
    ids.map((ticketId, index) =>
      matchOf(
        ticketId,
        (tickets[index]?.players ?? []).map((player) => player.playerId),
      ),
    ),
  );
  assert.equal(new Set(matches).size, 1);
  const changes = await report(matches[0] as string);
  assert.equal(changes.length, 6);
});

test('DomiNations: two fresh alliances of 20 are paired after the handshake and rated', async () => {
  const alliance = (name: string) =>
    Array.from({ length: 20 }, (_, index) => ({
      playerId: `${name}-${index}`,
      offenseRating: 1000 + (index % 3),
      defenseRating: 1000 + (index % 2),
    }));
  const [north, south] = [alliance('north'), alliance('south')];
  const ids = await Promise.all(
    [north, south].map((players) => createTicket({ queueId: 'dominations-war-20v20', players })),
  );
  const matches = await Promise.all([
    matchOf(
      ids[0] as string,
      north.map((player) => player.playerId),
    ),
    matchOf(
      ids[1] as string,
      south.map((player) => player.playerId),
    ),
  ]);
  assert.equal(matches[0], matches[1]);
  const changes = await report(matches[0] as string);
  assert.equal(changes.length, 40);
});

test('EOMM: fresh players are paired by expected churn on the queue’s own table and rated', async () => {
  const matches = await playSolo('eomm-1v1', ['eomm-a', 'eomm-b', 'eomm-c', 'eomm-d']);
  assert.equal(matches.length, 2);
  for (const matchId of matches) {
    const match = await server.client.request('GET', `/v1/matches/${matchId}`, { credential: keys.server });
    assert.equal(match.status, 200);
    await report(matchId);
  }
});

test('Kreimeier: eight fresh players form one free-for-all deathmatch and are rated by rank', async () => {
  const players = Array.from({ length: 8 }, (_, index) => `dm-${index}`);
  const matches = await playSolo('deathmatch-ffa', players);
  assert.equal(matches.length, 1);
  const changes = await report(matches[0] as string);
  assert.equal(changes.length, 8);
});
