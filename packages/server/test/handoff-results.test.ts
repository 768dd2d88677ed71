/**
 * Results of a backfilled match rate its real roster, over HTTP: a 5v5 loses two players (a leave
 * report), two waiting players fill their seats, and the game server reports the result. The new
 * players are rated and have the match in their history; the leavers are left alone (`unrated`) or
 * rated as having lost (`loss`), also when their team won; the same report again changes nothing.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { QueueConfig } from '@matchd/engine';
import { players } from './e2e-flow.ts';
import { eventually, keys, startTestServer, type TestServer } from './support/harness.ts';

type Json = Record<string, unknown>;
interface Seat {
  playerId: string;
  track: string;
  left?: boolean;
  backfilled?: boolean;
}
interface TrackView {
  track: string;
  games: number;
  wins: number;
  losses: number;
  mean?: number;
}

function arena(id: string, leavers?: 'unrated' | 'loss'): QueueConfig {
  return {
    id,
    teams: { count: 2, size: 5 },
    rating: { track: id },
    criteria: [{ kind: 'team-balance', weight: 1 }],
    threshold: { start: 0 },
    mode: { kind: 'continuous', maxWaitMs: 1000 },
    handoff: {},
    ...(leavers === undefined ? {} : { backfill: { leavers } }),
  };
}

async function call(test: TestServer, method: 'GET' | 'POST', path: string, body?: unknown) {
  return test.client.request<Json>(method, path, {
    credential: method === 'GET' ? keys.admin : keys.server,
    ...(body === undefined ? {} : { body }),
  });
}

async function enqueue(test: TestServer, queueId: string, playerId: string): Promise<string> {
  const reply = await call(test, 'POST', '/v1/tickets', { queueId, players: [{ playerId }] });
  assert.equal(reply.status, 201, JSON.stringify(reply.body));
  return String(reply.body['ticketId']);
}

async function ticketMatch(test: TestServer, ticketId: string): Promise<string> {
  return eventually(async () => {
    const reply = await call(test, 'GET', `/v1/tickets/${ticketId}`);
    const matchId = reply.body['matchId'];
    return typeof matchId === 'string' ? matchId : undefined;
  });
}

/** The player's rating on the track, or undefined when never rated there. */
async function rating(test: TestServer, playerId: string, track: string): Promise<TrackView | undefined> {
  const reply = await call(test, 'GET', `/v1/players/${playerId}`);
  assert.equal(reply.status, 200, JSON.stringify(reply.body));
  return (reply.body['tracks'] as TrackView[]).find((view) => view.track === `${track}/solo`);
}

/**
 * Forms a 5v5, reports two players of the first team as gone, backfills their seats with two new
 * players, and returns who is who.
 */
async function backfilledMatch(test: TestServer, queueId: string) {
  const ten = players(10);
  const tickets: string[] = [];
  for (const playerId of ten) tickets.push(await enqueue(test, queueId, playerId));
  const matchId = await ticketMatch(test, tickets[0] as string);
  const handoff = await call(test, 'GET', `/v1/matches/${matchId}/handoff`);
  const teams = (handoff.body['teams'] as { playerIds: string[] }[]).map((team) => team.playerIds);
  const leavers = teams[0]?.slice(0, 2) ?? [];
  const left = await call(test, 'POST', `/v1/matches/${matchId}/leave`, { playerIds: leavers });
  assert.equal(left.status, 200, JSON.stringify(left.body));
  const staying = teams.flat().filter((playerId) => !leavers.includes(playerId));
  const requested = await call(test, 'POST', `/v1/matches/${matchId}/backfill`, { players: staying });
  assert.equal(requested.status, 201, JSON.stringify(requested.body));
  const newcomers = players(2);
  const newTickets: string[] = [];
  for (const playerId of newcomers) newTickets.push(await enqueue(test, queueId, playerId));
  for (const ticketId of newTickets) assert.equal(await ticketMatch(test, ticketId), matchId);
  const final = await call(test, 'GET', `/v1/matches/${matchId}/handoff`);
  const finalTeams = (final.body['teams'] as { playerIds: string[] }[]).map((team) => team.playerIds);
  assert.deepEqual([...(finalTeams[0] ?? [])].sort(), [...staying.slice(0, 3), ...newcomers].sort());
  return { matchId, teams, leavers, newcomers, finalTeams, everyone: [...ten, ...newcomers] };
}

for (const backends of [
  { ratings: 'memory', pool: 'memory' },
  { ratings: 'pglite', pool: 'memory' },
  // A fleet's backends: ratings and history in PostgreSQL, the live state in Redis.
  { ratings: 'postgres', pool: 'redis' },
] as const)
  describe(`results of a backfilled match rate its roster at the end (ratings: ${backends.ratings}, fleet state: ${backends.pool})`, () => {
    let server: TestServer;

    before(async () => {
      server = await startTestServer(backends, [arena('roster-unrated'), arena('roster-loss', 'loss')]);
    });

    after(async () => {
      await server.dispose();
    });

    for (const leavers of ['unrated', 'loss'] as const) {
      test(`two leavers backfilled in a 5v5; leavers ${leavers}: the new players are rated and have the match in their history; the same report again changes nothing`, async () => {
        const queueId = `roster-${leavers}`;
        const {
          matchId,
          leavers: gone,
          newcomers,
          finalTeams,
          everyone,
        } = await backfilledMatch(server, queueId);
        // The leavers' team wins: a leaver rated `loss` loses even so.
        const reported = await call(server, 'POST', `/v1/matches/${matchId}/result`, {
          ranks: [1, 2],
          participation: [
            [1, 1, 1, 0.4, 0.4],
            [1, 1, 1, 1, 1],
          ],
        });
        assert.equal(reported.status, 201, JSON.stringify(reported.body));
        const changed = (reported.body['outcome'] as { changes: { playerId: string }[] }).changes.map(
          (change) => change.playerId,
        );
        const atEnd = finalTeams.flat();
        assert.deepEqual(
          [...changed].sort(),
          (leavers === 'loss' ? [...atEnd, ...gone] : atEnd).sort(),
          'every player at the end is rated; leavers only under `loss`',
        );

        for (const playerId of newcomers) {
          const view = await rating(server, playerId, queueId);
          assert.ok(view !== undefined, `${playerId} is rated`);
          assert.equal(view.games, 1);
          assert.equal(view.wins, 1);
          const history = await call(server, 'GET', `/v1/players/${playerId}/matches`);
          const played = (history.body as unknown as { matchId: string; teams: Seat[][] }[])[0];
          assert.equal(played?.matchId, matchId, `${playerId} has the match in their history`);
          const seat = played?.teams[0]?.find((entry) => entry.playerId === playerId);
          assert.equal(seat?.backfilled, true);
        }
        for (const playerId of gone) {
          const view = await rating(server, playerId, queueId);
          if (leavers === 'unrated') {
            assert.equal(view, undefined, `${playerId} left and is not rated`);
          } else {
            assert.ok(view !== undefined, `${playerId} left and is rated as having lost`);
            assert.equal(view.games, 1);
            assert.equal(view.losses, 1);
            assert.equal(view.wins, 0);
          }
          const history = await call(server, 'GET', `/v1/players/${playerId}/matches`);
          const played = (history.body as unknown as { matchId: string; teams: Seat[][] }[])[0];
          assert.equal(played?.matchId, matchId);
          assert.equal(played?.teams[0]?.find((entry) => entry.playerId === playerId)?.left, true);
        }
        if (leavers === 'loss') {
          // A leaver of the winning team loses rating; a teammate who stayed gains.
          const leaver = await rating(server, gone[0] as string, queueId);
          const stayer = await rating(server, finalTeams[0]?.[0] as string, queueId);
          const loser = await rating(server, finalTeams[1]?.[0] as string, queueId);
          assert.ok(leaver?.mean !== undefined && stayer?.mean !== undefined && loser?.mean !== undefined);
          assert.ok(leaver.mean < stayer.mean, 'the leaver is rated below a winner who stayed');
          assert.equal(stayer.wins, 1);
          assert.equal(loser.losses, 1);
        }

        // The stored match shows the whole roster: the end's players, then the leavers.
        const stored = await call(server, 'GET', `/v1/matches/${matchId}`);
        const teams = stored.body['teams'] as Seat[][];
        assert.deepEqual(
          teams.map((team) => team.filter((seat) => seat.left !== true).map((seat) => seat.playerId)),
          finalTeams,
        );
        assert.deepEqual(
          teams[0]?.filter((seat) => seat.left === true).map((seat) => seat.playerId),
          gone,
        );

        // The same report again: 200, the first outcome, no rating moves.
        const before = await Promise.all(everyone.map((playerId) => rating(server, playerId, queueId)));
        const again = await call(server, 'POST', `/v1/matches/${matchId}/result`, {
          ranks: [1, 2],
          participation: [
            [1, 1, 1, 0.4, 0.4],
            [1, 1, 1, 1, 1],
          ],
        });
        assert.equal(again.status, 200, JSON.stringify(again.body));
        assert.equal(again.body['applied'], false);
        assert.deepEqual(again.body['outcome'], reported.body['outcome']);
        const conflicting = await call(server, 'POST', `/v1/matches/${matchId}/result`, { ranks: [2, 1] });
        assert.equal(conflicting.status, 409);
        assert.equal(
          (conflicting.body as { error?: { code?: string } }).error?.code,
          'MM_ERR_RESULT_CONFLICT',
        );
        const afterwards = await Promise.all(everyone.map((playerId) => rating(server, playerId, queueId)));
        assert.deepEqual(afterwards, before);
        const storedAgain = await call(server, 'GET', `/v1/matches/${matchId}`);
        assert.deepEqual(storedAgain.body, stored.body);
      });
    }

    test('a result whose per-player lists do not fit the roster at the end is refused and changes nothing', async () => {
      const { matchId, everyone } = await backfilledMatch(server, 'roster-unrated');
      const bad = await call(server, 'POST', `/v1/matches/${matchId}/result`, {
        ranks: [1, 2],
        participation: [
          [1, 1, 1, 1],
          [1, 1, 1, 1, 1],
        ],
      });
      assert.equal(bad.status, 400, JSON.stringify(bad.body));
      assert.equal((bad.body as { error?: { code?: string } }).error?.code, 'MM_ERR_INVALID_RESULT');
      for (const playerId of everyone)
        assert.equal(await rating(server, playerId, 'roster-unrated'), undefined);
    });
  });
