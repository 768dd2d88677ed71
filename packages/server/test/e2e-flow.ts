/**
 * The whole flow as clients walk it, shared by the e2e tests of every backend (open-match's one
 * set of cases at several levels): a party and two solos queue, a player watches over WebSocket,
 * they are matched, the game server reports the result (once), and the ratings change on the
 * profile and the leaderboard.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { duelQueue, eventually, keys, type TestServer } from './support/harness.ts';

type Json = Record<string, unknown>;
type MatchBody = { matchId: string; teams: { playerId: string; ticketId: string; track: string }[][] };
type ProfileTrack = {
  track: string;
  games: number;
  wins: number;
  losses: number;
  visible: boolean;
  display?: number;
  mean?: number;
  calibrating: boolean;
};
type Profile = { playerId: string; gamesPlayed: number; experience: number; tracks: ProfileTrack[] };

/** Fresh player ids, so flows never collide with each other's data. */
export function players(count: number): string[] {
  const run = randomBytes(3).toString('hex');
  return Array.from({ length: count }, (_, index) => `p${index + 1}-${run}`);
}

/** Creates a ticket with the server key; asserts 201. */
async function createTicket(test: TestServer, body: Json): Promise<Json> {
  const reply = await test.client.request('POST', '/v1/tickets', { credential: keys.server, body });
  assert.equal(reply.status, 201, JSON.stringify(reply.body));
  return reply.body;
}

/** The squad (2v2) flow: party + two solos, watched, matched, reported, rated. */
export async function squadFlow(test: TestServer): Promise<{ matchId: string; players: string[] }> {
  const { client } = test;
  const [p1, p2, p3, p4] = players(4) as [string, string, string, string];
  const p1Token = await client.playerToken(p1);

  const party = await createTicket(test, {
    queueId: 'squad',
    players: [{ playerId: p1 }, { playerId: p2, languages: ['en'] }],
    pingMsByRegion: { eu: 30 },
  });
  assert.equal(party['state'], 'searching');
  assert.equal(party['track'], 'ranked/party');
  const partyId = String(party['ticketId']);

  const watch = client.watch(partyId, p1Token);
  await watch.opened;
  await eventually(async () => (watch.messages.length > 0 ? true : undefined), 5000, 'the state message');
  assert.equal(watch.messages[0]?.['type'], 'state');

  const solos = [await createTicket(test, { queueId: 'squad', players: [{ playerId: p3 }] })];
  solos.push(await createTicket(test, { queueId: 'squad', players: [{ playerId: p4 }] }));
  assert.equal(solos[0]?.['track'], 'ranked/solo');

  await watch.closed;
  const matched = watch.messages.find((message) => message['type'] === 'matched') as
    | { match: { matchId: string; teams: { playerIds: string[] }[] } }
    | undefined;
  assert.ok(matched, `no matched event in ${JSON.stringify(watch.messages)}`);
  const teams = matched.match.teams.map((team) => [...team.playerIds].sort());
  // The party stays together, on one team; the solos form the other.
  assert.deepEqual(
    teams.map((team) => team.join(',')).sort(),
    [[p1, p2].sort().join(','), [p3, p4].sort().join(',')].sort(),
  );
  const matchId = matched.match.matchId;

  const ticket = await client.request('GET', `/v1/tickets/${partyId}`, { credential: p1Token });
  assert.equal(ticket.status, 200);
  assert.equal(ticket.body['state'], 'matched');
  assert.equal(ticket.body['matchId'], matchId);

  const match = await client.request<MatchBody>('GET', `/v1/matches/${matchId}`, { credential: keys.server });
  assert.equal(match.status, 200);
  const partyTeam = match.body.teams.findIndex((team) => team.some((seat) => seat.playerId === p1));
  for (const seat of match.body.teams.flat()) {
    assert.equal(seat.track, seat.playerId === p1 || seat.playerId === p2 ? 'ranked/party' : 'ranked/solo');
  }

  // The party's team wins.
  const ranks = partyTeam === 0 ? [1, 2] : [2, 1];
  const first = await client.request<Json>('POST', `/v1/matches/${matchId}/result`, {
    credential: keys.server,
    body: { ranks },
  });
  assert.equal(first.status, 201, JSON.stringify(first.body));
  assert.equal(first.body['applied'], true);
  const again = await client.request<Json>('POST', `/v1/matches/${matchId}/result`, {
    credential: keys.server,
    body: { ranks },
  });
  assert.equal(again.status, 200);
  assert.equal(again.body['applied'], false);
  assert.deepEqual(again.body['outcome'], first.body['outcome']);
  // Ranked changes are private: the game server's reply hides them, an admin sees them.
  const changes = (first.body['outcome'] as { changes: { hidden?: boolean }[] }).changes;
  assert.equal(changes.length, 4);
  assert.ok(changes.every((change) => change.hidden === true));
  const adminView = await client.request<{ outcome: { changes: { after?: { mean: number } }[] } }>(
    'GET',
    `/v1/matches/${matchId}`,
    {
      credential: keys.admin,
    },
  );
  assert.ok(adminView.body.outcome.changes.every((change) => typeof change.after?.mean === 'number'));
  const conflict = await client.request<{ error: { code: string } }>(
    'POST',
    `/v1/matches/${matchId}/result`,
    {
      credential: keys.server,
      body: { ranks: [...ranks].reverse() },
    },
  );
  assert.equal(conflict.status, 409);
  assert.equal(conflict.body.error.code, 'MM_ERR_RESULT_CONFLICT');

  // The winner's own profile shows the ranked party rating (calibrated after one game in tests).
  const own = await client.request<Profile>('GET', `/v1/players/${p1}`, { credential: p1Token });
  assert.equal(own.status, 200);
  const partyTrack = own.body.tracks.find((track) => track.track === 'ranked/party');
  assert.ok(partyTrack?.visible);
  assert.equal(partyTrack.games, 1);
  assert.equal(partyTrack.wins, 1);
  assert.equal(partyTrack.calibrating, false);
  assert.equal(typeof partyTrack.display, 'number');
  const loserOwn = await client.request<Profile>('GET', `/v1/players/${p3}`, { credential: keys.admin });
  const loserTrack = loserOwn.body.tracks.find((track) => track.track === 'ranked/solo');
  assert.equal(loserTrack?.losses, 1);
  assert.ok(
    (partyTrack.mean as number) > (loserTrack?.mean as number),
    'the winner is rated above the loser',
  );

  // Dota's rule: another player sees that p3 plays ranked, not p3's ranked rating.
  const seenByOther = await client.request<Profile>('GET', `/v1/players/${p3}`, { credential: p1Token });
  const hidden = seenByOther.body.tracks.find((track) => track.track === 'ranked/solo');
  assert.equal(hidden?.visible, false);
  assert.equal(hidden?.display, undefined);
  assert.equal(hidden?.mean, undefined);

  // The private ranked leaderboard: admins see it, players do not.
  const board = await client.request<{ rows: { playerId: string; rank: number }[] }>(
    'GET',
    '/v1/leaderboards/ranked/party',
    {
      credential: keys.admin,
    },
  );
  assert.equal(board.status, 200);
  assert.deepEqual(board.body.rows.map((row) => row.playerId).sort(), [p1, p2].sort());
  const refused = await client.request('GET', '/v1/leaderboards/ranked/party', { credential: p1Token });
  assert.equal(refused.status, 403);

  const history = await client.request<{ matchId: string; outcome?: unknown }[]>(
    'GET',
    `/v1/players/${p2}/matches`,
    {
      credential: keys.server,
    },
  );
  assert.equal(history.status, 200);
  assert.equal(history.body[0]?.matchId, matchId);
  assert.ok(history.body[0]?.outcome);
  return { matchId, players: [p1, p2, p3, p4] };
}

/** The duel (1v1) flow twice: the public leaderboard orders winner above loser, and moves. */
export async function duelFlow(test: TestServer): Promise<void> {
  const { client } = test;
  const [a, b] = players(2) as [string, string];
  const play = async (winner: string): Promise<string> => {
    const tickets = [
      await createTicket(test, { queueId: 'duel', players: [{ playerId: a }] }),
      await createTicket(test, { queueId: 'duel', players: [{ playerId: b }] }),
    ];
    const matchId = await eventually(
      async () => {
        const reply = await client.request('GET', `/v1/tickets/${String(tickets[0]?.['ticketId'])}`, {
          credential: keys.server,
        });
        return reply.body['state'] === 'matched' ? String(reply.body['matchId']) : undefined;
      },
      10_000,
      'the duel match',
    );
    const match = await client.request<MatchBody>('GET', `/v1/matches/${matchId}`, {
      credential: keys.server,
    });
    const winnerTeam = match.body.teams.findIndex((team) => team[0]?.playerId === winner);
    const reply = await client.request('POST', `/v1/matches/${matchId}/result`, {
      credential: keys.server,
      body: { ranks: winnerTeam === 0 ? [1, 2] : [2, 1] },
    });
    assert.equal(reply.status, 201);
    return matchId;
  };
  const top = async () =>
    (
      await client.request<{ rows: { playerId: string; display: number }[] }>(
        'GET',
        '/v1/leaderboards/duel/solo?limit=10',
        {
          credential: await client.playerToken(a),
        },
      )
    ).body.rows.filter((row) => row.playerId === a || row.playerId === b);

  await play(a);
  const afterFirst = await top();
  assert.deepEqual(
    afterFirst.map((row) => row.playerId),
    [a, b],
  );
  await play(b);
  await play(b);
  const afterThird = await top();
  assert.deepEqual(
    afterThird.map((row) => row.playerId),
    [b, a],
    'two wins lift b above a',
  );
  const around = await client.request<{ playerRank: number; rows: { playerId: string }[] }>(
    'GET',
    `/v1/leaderboards/duel/solo?around=${a}&limit=3`,
    { credential: keys.server },
  );
  assert.equal(around.status, 200);
  assert.ok(around.body.rows.some((row) => row.playerId === a));
  assert.equal(typeof around.body.playerRank, 'number');
}

/**
 * After duelFlow: a season reset of the duel track. The preview changes nothing; the apply writes
 * exactly what the preview showed, and keeps the leaderboard's order. Then the top player's
 * calibration is re-opened; a stranger's cannot be.
 */
export async function seasonResetFlow(test: TestServer): Promise<void> {
  const { client } = test;
  const track = 'duel/solo';
  const board = async () =>
    (
      await client.request<{ rows: { playerId: string; display: number }[] }>(
        'GET',
        `/v1/leaderboards/${track}?limit=100`,
        { credential: keys.server },
      )
    ).body.rows;
  const before = await board();
  assert.ok(before.length >= 2, 'duelFlow left rated players on the track');
  const body = { track, policy: { anchor: 25, shape: { kind: 'linear', keep: 0.5 } }, limit: 1000 };
  const preview = await client.request<{
    players: number;
    sample: { playerId: string; before: { display?: number }; after: { display?: number } }[];
  }>('POST', '/v1/admin/season-reset/preview', { credential: keys.admin, body });
  assert.equal(preview.status, 200);
  assert.ok(preview.body.players >= before.length);
  assert.deepEqual(await board(), before, 'a preview changes nothing');
  const notAdmin = await client.request('POST', '/v1/admin/season-reset/apply', {
    credential: keys.server,
    body,
  });
  assert.equal(notAdmin.status, 403);
  const applied = await client.request<{ track: string; players: number }>(
    'POST',
    '/v1/admin/season-reset/apply',
    { credential: keys.admin, body },
  );
  assert.equal(applied.status, 200);
  assert.deepEqual(applied.body, { track, players: preview.body.players });
  const after = await board();
  assert.deepEqual(
    after.map((row) => row.playerId),
    before.map((row) => row.playerId),
    'a reset keeps the order',
  );
  for (const row of after) {
    const shown = preview.body.sample.find((entry) => entry.playerId === row.playerId);
    assert.equal(
      row.display,
      shown?.after.display,
      `${row.playerId}: the apply wrote what the preview showed`,
    );
  }
  assert.ok(
    after.some((row, index) => row.display !== before[index]?.display),
    'the reset moved ratings',
  );
  const top = after[0]?.playerId as string;
  const recalibrated = await client.request('POST', `/v1/admin/players/${top}/recalibrate`, {
    credential: keys.admin,
    body: { track },
  });
  assert.equal(recalibrated.status, 200);
  assert.deepEqual(recalibrated.body, { playerId: top, tracks: [track] });
  const profile = await client.request<Profile>('GET', `/v1/players/${top}`, { credential: keys.admin });
  assert.equal(profile.body.tracks.find((entry) => entry.track === track)?.calibrating, true);
  const stranger = await client.request<{ error: { code: string } }>(
    'POST',
    '/v1/admin/players/nobody-at-all/recalibrate',
    { credential: keys.admin, body: {} },
  );
  assert.equal(stranger.status, 404);
  assert.equal(stranger.body.error.code, 'MM_ERR_PLAYER_NOT_FOUND');
}

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

/** Plays and reports a duel, adds a queue, restarts: ratings, history and the queue survive. */
export async function ratingsSurvive(first: TestServer): Promise<TestServer> {
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
  const stored = history.body[0]?.outcome as { result: unknown } | undefined;
  assert.ok(stored);
  const again = await second.client.request('POST', `/v1/matches/${before.matchId}/result`, {
    credential: keys.server,
    body: stored.result,
  });
  assert.equal(again.status, 200);
  assert.equal(again.body['applied'], false);
  return second;
}

/** A waiting ticket survives a restart (Redis pool), keeps its wait, and still matches. */
export async function waitingTicketSurvives(first: TestServer): Promise<TestServer> {
  const created = await first.client.request('POST', '/v1/tickets', {
    credential: keys.server,
    body: { queueId: 'duel', players: [{ playerId: 'waiter' }] },
  });
  assert.equal(created.status, 201);
  const ticketId = String(created.body['ticketId']);
  await new Promise((resolve) => setTimeout(resolve, 100));
  const server = await first.restart();
  const waiting = await server.client.request('GET', `/v1/tickets/${ticketId}`, { credential: keys.server });
  assert.equal(waiting.status, 200, JSON.stringify(waiting.body));
  assert.equal(waiting.body['state'], 'searching');
  assert.ok(Number(waiting.body['waitMs']) >= 100, 'the wait continues from before the restart');
  const partner = await server.client.request('POST', '/v1/tickets', {
    credential: keys.server,
    body: { queueId: 'duel', players: [{ playerId: 'partner' }] },
  });
  assert.equal(partner.status, 201);
  await eventually(async () => {
    const reply = await server.client.request('GET', `/v1/tickets/${ticketId}`, { credential: keys.server });
    return reply.body['state'] === 'matched' ? true : undefined;
  });
  return server;
}
