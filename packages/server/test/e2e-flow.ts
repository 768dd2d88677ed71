/**
 * The whole flow as clients walk it, through `@matchd/client` (as game servers, players and
 * admins would), shared by the e2e tests of every backend (open-match's one set of cases at
 * several levels): a party and two solos queue, a player watches over WebSocket, they are matched,
 * the game server reports the result (once), and the ratings change on the profile and the
 * leaderboard.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { MatchdApiError, type MatchdClient } from '@matchd/client';
import { duelQueue, eventually, keys, openSocket, type TestServer } from './support/harness.ts';

/** Fresh player ids, so flows never collide with each other's data. */
export function players(count: number): string[] {
  const run = randomBytes(3).toString('hex');
  return Array.from({ length: count }, (_, index) => `p${index + 1}-${run}`);
}

/** The error a call is refused with. */
export async function refusal(call: Promise<unknown>): Promise<MatchdApiError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof MatchdApiError) return error;
    throw error;
  }
  assert.fail('the call was not refused');
}

/** The squad (2v2) flow: party + two solos, watched, matched, reported, rated. */
export async function squadFlow(test: TestServer): Promise<{ matchId: string; players: string[] }> {
  const game = test.api(keys.server);
  const admin = test.api(keys.admin);
  const [p1, p2, p3, p4] = players(4) as [string, string, string, string];
  const p1Client = test.api((await game.issueToken(p1)).token);

  const party = await game.createTicket({
    queueId: 'squad',
    players: [{ playerId: p1 }, { playerId: p2, languages: ['en'] }],
    pingMsByRegion: { eu: 30 },
  });
  assert.equal(party.state, 'searching');
  assert.equal(party.track, 'ranked/party');

  const states: string[] = [];
  const watch = p1Client.watchTicket(party.ticketId, {
    openSocket,
    onState: (ticket) => states.push(ticket.state),
  });
  await eventually(async () => (states.length > 0 ? true : undefined), 5000, 'the state message');
  assert.equal(states[0], 'searching');

  const solos = [await game.createTicket({ queueId: 'squad', players: [{ playerId: p3 }] })];
  solos.push(await game.createTicket({ queueId: 'squad', players: [{ playerId: p4 }] }));
  assert.equal(solos[0]?.track, 'ranked/solo');

  const matched = await watch.done;
  assert.equal(matched.type, 'matched', JSON.stringify(watch.events));
  if (matched.type !== 'matched') return assert.fail('not matched');
  const teams = matched.match.teams.map((team) => [...team.playerIds].sort());
  // The party stays together, on one team; the solos form the other.
  assert.deepEqual(
    teams.map((team) => team.join(',')).sort(),
    [[p1, p2].sort().join(','), [p3, p4].sort().join(',')].sort(),
  );
  const matchId = matched.match.matchId;

  const ticket = await p1Client.getTicket(party.ticketId);
  assert.equal(ticket.state, 'matched');
  assert.equal(ticket.matchId, matchId);

  const match = await game.getMatch(matchId);
  const partyTeam = match.teams.findIndex((team) => team.some((seat) => seat.playerId === p1));
  for (const seat of match.teams.flat()) {
    assert.equal(seat.track, seat.playerId === p1 || seat.playerId === p2 ? 'ranked/party' : 'ranked/solo');
  }

  // The party's team wins.
  const ranks = partyTeam === 0 ? [1, 2] : [2, 1];
  const first = await game.call('reportResult', { params: { matchId }, body: { ranks } });
  assert.equal(first.status, 201);
  assert.equal(first.body.applied, true);
  const again = await game.call('reportResult', { params: { matchId }, body: { ranks } });
  assert.equal(again.status, 200);
  assert.equal(again.body.applied, false);
  assert.deepEqual(again.body.outcome, first.body.outcome);
  // Ranked changes are private: the game server's reply hides them, an admin sees them.
  const changes = first.body.outcome.changes;
  assert.equal(changes.length, 4);
  assert.ok(changes.every((change) => 'hidden' in change && change.hidden === true));
  const adminView = await admin.getMatch(matchId);
  assert.ok(
    adminView.outcome?.changes.every((change) => 'after' in change && typeof change.after.mean === 'number'),
  );
  const conflict = await refusal(game.reportResult(matchId, { ranks: [...ranks].reverse() }));
  assert.equal(conflict.status, 409);
  assert.equal(conflict.code, 'MM_ERR_RESULT_CONFLICT');

  // The winner's own profile shows the ranked party rating (calibrated after one game in tests).
  const own = await p1Client.getPlayer(p1);
  const partyTrack = own.tracks.find((track) => track.track === 'ranked/party');
  assert.ok(partyTrack?.visible);
  assert.equal(partyTrack.games, 1);
  assert.equal(partyTrack.wins, 1);
  assert.equal(partyTrack.calibrating, false);
  assert.equal(typeof partyTrack.display, 'number');
  const loserOwn = await admin.getPlayer(p3);
  const loserTrack = loserOwn.tracks.find((track) => track.track === 'ranked/solo');
  assert.equal(loserTrack?.losses, 1);
  assert.ok(
    (partyTrack.mean as number) > (loserTrack?.mean as number),
    'the winner is rated above the loser',
  );

  // Dota's rule: another player sees that p3 plays ranked, not p3's ranked rating.
  const seenByOther = await p1Client.getPlayer(p3);
  const hidden = seenByOther.tracks.find((track) => track.track === 'ranked/solo');
  assert.equal(hidden?.visible, false);
  assert.equal(hidden?.display, undefined);
  assert.equal(hidden?.mean, undefined);

  // The private ranked leaderboard: admins see it, players do not.
  const board = await admin.getLeaderboard('ranked/party');
  assert.deepEqual(board.rows.map((row) => row.playerId).sort(), [p1, p2].sort());
  assert.equal((await refusal(p1Client.getLeaderboard('ranked/party'))).status, 403);

  const history = await game.getPlayerMatches(p2);
  assert.equal(history[0]?.matchId, matchId);
  assert.ok(history[0]?.outcome);
  return { matchId, players: [p1, p2, p3, p4] };
}

/** Plays one duel between a and b through the client; the winner's team gets rank 1. */
async function playDuel(game: MatchdClient, a: string, b: string, winner: string): Promise<string> {
  const first = await game.createTicket({ queueId: 'duel', players: [{ playerId: a }] });
  await game.createTicket({ queueId: 'duel', players: [{ playerId: b }] });
  const match = await game.waitForMatch(first.ticketId, { timeoutMs: 10_000, intervalMs: 20 });
  const winnerTeam = match.teams.findIndex((team) => team[0]?.playerId === winner);
  const reported = await game.call('reportResult', {
    params: { matchId: match.matchId },
    body: { ranks: winnerTeam === 0 ? [1, 2] : [2, 1] },
  });
  assert.equal(reported.status, 201);
  return match.matchId;
}

/** The duel (1v1) flow three times: the public leaderboard orders winner above loser, and moves. */
export async function duelFlow(test: TestServer): Promise<void> {
  const game = test.api(keys.server);
  const [a, b] = players(2) as [string, string];
  const player = test.api((await game.issueToken(a)).token);
  const top = async () =>
    (await player.getLeaderboard('duel/solo', { limit: 10 })).rows.filter(
      (row) => row.playerId === a || row.playerId === b,
    );

  await playDuel(game, a, b, a);
  assert.deepEqual(
    (await top()).map((row) => row.playerId),
    [a, b],
  );
  await playDuel(game, a, b, b);
  await playDuel(game, a, b, b);
  assert.deepEqual(
    (await top()).map((row) => row.playerId),
    [b, a],
    'two wins lift b above a',
  );
  const around = await game.getLeaderboard('duel/solo', { around: a, limit: 3 });
  assert.ok(around.rows.some((row) => row.playerId === a));
  assert.equal(typeof around.playerRank, 'number');
  // The same leaderboard written as a path (as curl users do).
  const asPath = await test.client.request<{ rows: unknown[] }>(
    'GET',
    '/v1/leaderboards/duel/solo?limit=10',
    {
      credential: keys.server,
    },
  );
  assert.equal(asPath.status, 200);
  assert.deepEqual(asPath.body.rows, (await game.getLeaderboard('duel/solo', { limit: 10 })).rows);
}

/**
 * After duelFlow: a season reset of the duel track. The preview changes nothing; the apply writes
 * exactly what the preview showed, and keeps the leaderboard's order. Then the top player's
 * calibration is re-opened; a stranger's cannot be.
 */
export async function seasonResetFlow(test: TestServer): Promise<void> {
  const game = test.api(keys.server);
  const admin = test.api(keys.admin);
  const track = 'duel/solo';
  const board = async () => (await game.getLeaderboard(track, { limit: 100 })).rows;
  const before = await board();
  assert.ok(before.length >= 2, 'duelFlow left rated players on the track');
  const body = {
    track,
    policy: { anchor: 25, shape: { kind: 'linear' as const, keep: 0.5 } },
    limit: 1000,
  };
  const preview = await admin.previewSeasonReset(body);
  assert.ok(preview.players >= before.length);
  assert.deepEqual(await board(), before, 'a preview changes nothing');
  assert.equal((await refusal(game.applySeasonReset(body))).status, 403);
  const applied = await admin.applySeasonReset(body);
  assert.deepEqual(applied, { track, players: preview.players });
  const after = await board();
  assert.deepEqual(
    after.map((row) => row.playerId),
    before.map((row) => row.playerId),
    'a reset keeps the order',
  );
  for (const row of after) {
    const shown = preview.sample.find((entry) => entry.playerId === row.playerId);
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
  assert.deepEqual(await admin.recalibratePlayer(top, { track }), { playerId: top, tracks: [track] });
  const profile = await admin.getPlayer(top);
  assert.equal(profile.tracks.find((entry) => entry.track === track)?.calibrating, true);
  const stranger = await refusal(admin.recalibratePlayer('nobody-at-all'));
  assert.equal(stranger.status, 404);
  assert.equal(stranger.code, 'MM_ERR_PLAYER_NOT_FOUND');
}

/** A queue an admin adds at run time (it must survive the restart). */
const trioQueue = { ...duelQueue, id: 'trio', teams: { count: 3, size: 1 }, rating: { track: 'trio' } };

/** Plays and reports a duel, adds a queue, restarts: ratings, history and the queue survive. */
export async function ratingsSurvive(first: TestServer): Promise<TestServer> {
  const matchId = await playDuel(first.api(keys.server), 'ra', 'rb', 'ra');
  const mean = (await first.api(keys.admin).getPlayer('ra')).tracks[0]?.mean;
  const put = await first.api(keys.admin).putQueue(trioQueue);
  assert.deepEqual(put.config.teams, trioQueue.teams);
  const second = await first.restart();
  const game = second.api(keys.server);
  const profile = await second.api(keys.admin).getPlayer('ra');
  assert.equal(profile.tracks[0]?.games, 1);
  assert.equal(profile.tracks[0]?.mean, mean);
  const history = await game.getPlayerMatches('rb');
  assert.equal(history[0]?.matchId, matchId);
  const stored = history[0]?.outcome;
  assert.ok(stored);
  assert.deepEqual((await game.getQueue('trio')).config.teams, trioQueue.teams);
  // The same report after the restart is still a no-op.
  const again = await game.call('reportResult', { params: { matchId }, body: stored.result });
  assert.equal(again.status, 200);
  assert.equal(again.body.applied, false);
  return second;
}

/** A waiting ticket survives a restart (Redis pool), keeps its wait, and still matches. */
export async function waitingTicketSurvives(first: TestServer): Promise<TestServer> {
  const created = await first
    .api(keys.server)
    .createTicket({ queueId: 'duel', players: [{ playerId: 'waiter' }] });
  await new Promise((resolve) => setTimeout(resolve, 100));
  const server = await first.restart();
  const game = server.api(keys.server);
  const waiting = await game.getTicket(created.ticketId);
  assert.equal(waiting.state, 'searching');
  assert.ok(waiting.waitMs >= 100, 'the wait continues from before the restart');
  await game.createTicket({ queueId: 'duel', players: [{ playerId: 'partner' }] });
  await game.waitForMatch(created.ticketId, { timeoutMs: 10_000, intervalMs: 20 });
  return server;
}
