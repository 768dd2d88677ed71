/**
 * One contract for every storage adapter (colyseus' Driver.test.ts, hono's common.case.test.ts):
 * the same cases run against memory, PGlite, PostgreSQL and Redis, so an adapter is correct when
 * it behaves exactly like the others. The fleet state has its own contract (fleet-state-contract.ts). Each case opens a fresh store and cleans up after itself.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ErrorCodes, isMatchdError } from '@matchd/engine';
import type { RatingsStore, ReportInput } from '../src/store/ratings-store.ts';
import type { MatchOutcome, MatchRecord, RatingRecord } from '../src/store/records.ts';

/** How a contract run gets a fresh adapter and disposes of it. */
export interface AdapterFactory<T> {
  readonly name: string;
  open(): Promise<{ store: T; dispose: () => Promise<void> }>;
}

const rating = (playerId: string, track: string, display: number, games = 1): RatingRecord => ({
  playerId,
  track,
  state: { mu: display / 100, sigma: 2.5, nested: [1, 'x', null] },
  mean: display / 100,
  deviation: 2.5,
  display,
  games,
  wins: games,
  losses: 0,
  draws: 0,
  lastPlayedAtMs: 1000,
  updatedAtMs: 1000,
});

/** A calibrating player's rating: no display value, so no leaderboard place. */
function hiddenRating(playerId: string, track: string): RatingRecord {
  const { display: _hidden, ...rest } = rating(playerId, track, 0);
  return rest;
}

const match = (matchId: string, players: readonly string[][], createdAtMs = 1000): MatchRecord => ({
  matchId,
  queueId: 'q',
  createdAtMs,
  teams: players.map((team) =>
    team.map((playerId) => ({ playerId, ticketId: `t-${playerId}`, track: 'solo' })),
  ),
  quality: 0.75,
});

/** A compute function that adds one game and `delta` display to every seat, winners +, losers -. */
function bump(delta: number, nowMs: number): ReportInput['compute'] {
  return (record, current) => {
    const seats = record.teams.flat();
    const next = seats.map((seat, index) => {
      const before = current[index] ?? rating(seat.playerId, seat.track, 1000, 0);
      return {
        ...before,
        games: before.games + 1,
        display: (before.display ?? 1000) + delta,
        updatedAtMs: nowMs,
      };
    });
    const outcome: MatchOutcome = {
      reportedAtMs: nowMs,
      result: { ranks: [1, 2] },
      changes: next.map((after, index) => ({
        playerId: after.playerId,
        track: after.track,
        before: { mean: 0, deviation: 0, display: current[index]?.display ?? 1000 },
        after: { mean: 0, deviation: 0, display: after.display },
      })),
    };
    return { next, outcome };
  };
}

/** Halves every display rating: a transform whose order against a +10 result shows in the outcome. */
function halveDisplays(current: readonly RatingRecord[]): RatingRecord[] {
  return current.map((record) => ({ ...record, display: (record.display ?? 0) / 2 }));
}

/**
 * Races `transform` (halving a's display of 1000) against a result that adds 10 to it, twelve
 * times, alternating which starts first. Either order is right: 1000 / 2 + 10 or (1000 + 10) / 2;
 * 1010 means the transform was lost, 500 the result.
 */
async function raceWithResult(store: RatingsStore, prefix: string, transform: () => Promise<number>) {
  for (let round = 0; round < 12; round++) {
    await store.putRatings([rating('a', 'solo', 1000), rating('b', 'solo', 1000)]);
    const matchId = `${prefix}${round}`;
    await store.saveMatch(match(matchId, [['a'], ['b']]));
    const report = () =>
      store.reportResult({ matchId, result: { ranks: [1, 2] }, nowMs: 5, compute: bump(10, 5) });
    await Promise.all(round % 2 === 0 ? [transform(), report()] : [report(), transform()]);
    const [a] = await store.getRatings([{ playerId: 'a', track: 'solo' }]);
    assert.ok(a?.display === 510 || a?.display === 505, `round ${round}: display ${a?.display}`);
  }
}

async function withStore<T>(factory: AdapterFactory<T>, body: (store: T) => Promise<void>): Promise<void> {
  const { store, dispose } = await factory.open();
  try {
    await body(store);
  } finally {
    await dispose();
  }
}

async function rejectsWith(promise: Promise<unknown>, code: string): Promise<void> {
  await assert.rejects(promise, (error: unknown) => isMatchdError(error) && error.code === code);
}

/** The RatingsStore contract. */
export function ratingsStoreContract(factory: AdapterFactory<RatingsStore>): void {
  describe(`RatingsStore contract: ${factory.name}`, () => {
    test('migrate runs again (and concurrently) without harm', () =>
      withStore(factory, async (store) => {
        await Promise.all([store.migrate(), store.migrate()]);
        await store.migrate();
        assert.deepEqual(await store.tracks(), []);
      }));

    test('ratings round-trip with opaque JSON state; absent pairs are absent', () =>
      withStore(factory, async (store) => {
        await store.putRatings([
          rating('a', 'solo', 1500),
          rating('a', 'party', 1400),
          rating('b', 'solo', 1600),
        ]);
        const got = await store.getRatings([
          { playerId: 'a', track: 'solo' },
          { playerId: 'b', track: 'party' },
          { playerId: 'zz', track: 'solo' },
        ]);
        assert.deepEqual(got, [rating('a', 'solo', 1500)]);
        assert.deepEqual((await store.playerRatings('a')).map((record) => record.track).sort(), [
          'party',
          'solo',
        ]);
        assert.deepEqual(await store.playerRatings('nobody'), []);
        assert.deepEqual(await store.tracks(), ['party', 'solo']);
      }));

    test('a saved match reads back; saving the same id again keeps the first', () =>
      withStore(factory, async (store) => {
        await store.saveMatch(match('m1', [['a'], ['b']]));
        await store.saveMatch({ ...match('m1', [['x'], ['y']]), quality: 0.1 });
        assert.deepEqual(await store.getMatch('m1'), match('m1', [['a'], ['b']]));
        assert.equal(await store.getMatch('nope'), undefined);
      }));

    test('a result applies once; the same report again returns the first outcome; a different one conflicts', () =>
      withStore(factory, async (store) => {
        await store.saveMatch(match('m1', [['a'], ['b']]));
        await rejectsWith(
          store.reportResult({
            matchId: 'missing',
            result: { ranks: [1, 2] },
            nowMs: 5,
            compute: bump(10, 5),
          }),
          ErrorCodes.MATCH_NOT_FOUND,
        );
        const first = await store.reportResult({
          matchId: 'm1',
          result: { ranks: [1, 2] },
          nowMs: 5,
          compute: bump(10, 5),
        });
        assert.equal(first.applied, true);
        const again = await store.reportResult({
          matchId: 'm1',
          result: { ranks: [1, 2] },
          nowMs: 9,
          compute: bump(99, 9),
        });
        assert.equal(again.applied, false);
        assert.deepEqual(again.outcome, first.outcome);
        await rejectsWith(
          store.reportResult({ matchId: 'm1', result: { ranks: [2, 1] }, nowMs: 9, compute: bump(99, 9) }),
          ErrorCodes.RESULT_CONFLICT,
        );
        const [a] = await store.getRatings([{ playerId: 'a', track: 'solo' }]);
        assert.equal(a?.games, 1);
        assert.equal(a?.display, 1010);
        assert.deepEqual((await store.getMatch('m1'))?.outcome, first.outcome);
      }));

    test('a compute that throws changes nothing', () =>
      withStore(factory, async (store) => {
        await store.putRatings([rating('a', 'solo', 1500)]);
        await store.saveMatch(match('m1', [['a'], ['b']]));
        await assert.rejects(
          store.reportResult({
            matchId: 'm1',
            result: { ranks: [1, 2] },
            nowMs: 5,
            compute: () => {
              throw new Error('model refused');
            },
          }),
          /model refused/,
        );
        assert.equal((await store.getMatch('m1'))?.outcome, undefined);
        assert.deepEqual(await store.getRatings([{ playerId: 'a', track: 'solo' }]), [
          rating('a', 'solo', 1500),
        ]);
      }));

    test('concurrent identical reports apply exactly once; reports sharing a player serialise', () =>
      withStore(factory, async (store) => {
        await store.saveMatch(match('m1', [['a'], ['b']]));
        await store.saveMatch(match('m2', [['a'], ['c']], 2000));
        const report = (matchId: string) =>
          store.reportResult({ matchId, result: { ranks: [1, 2] }, nowMs: 5, compute: bump(10, 5) });
        const results = await Promise.all([
          report('m1'),
          report('m1'),
          report('m2'),
          report('m1'),
          report('m2'),
        ]);
        assert.equal(results.filter((result) => result.applied).length, 2);
        const [a] = await store.getRatings([{ playerId: 'a', track: 'solo' }]);
        // Both matches counted on a's row: neither update was lost to the other.
        assert.equal(a?.games, 2);
        assert.equal(a?.display, 1020);
      }));

    test('transformTrack rewrites a track from its current ratings in one step; a throw changes nothing', () =>
      withStore(factory, async (store) => {
        await store.putRatings([
          rating('a', 'solo', 1700),
          rating('b', 'solo', 1200),
          rating('a', 'party', 100),
        ]);
        const seen: string[] = [];
        const written = await store.transformTrack('solo', (current) => {
          seen.push(...current.map((record) => record.playerId));
          return current.map((record) => ({ ...record, display: (record.display ?? 0) - 100 }));
        });
        assert.equal(written, 2);
        assert.deepEqual(seen, ['a', 'b']);
        assert.deepEqual(
          (await store.trackRatings('solo')).map((record) => [record.playerId, record.display]),
          [
            ['a', 1600],
            ['b', 1100],
          ],
        );
        assert.equal((await store.getRatings([{ playerId: 'a', track: 'party' }]))[0]?.display, 100);
        await assert.rejects(
          store.transformTrack('solo', () => {
            throw new Error('refused');
          }),
          /refused/,
        );
        assert.equal((await store.getRatings([{ playerId: 'a', track: 'solo' }]))[0]?.display, 1600);
        assert.equal(await store.transformTrack('no-track', (current) => current), 0);
      }));

    test('a track transform and a result on that track serialise: neither is lost', () =>
      withStore(factory, (store) =>
        raceWithResult(store, 'r', () => store.transformTrack('solo', halveDisplays)),
      ));

    test("transformPlayer rewrites one player's ratings; a result on them at the same time is not lost", () =>
      withStore(factory, async (store) => {
        await store.putRatings([rating('z', 'party', 300), rating('z', 'duo', 200), rating('y', 'duo', 100)]);
        const seen: string[] = [];
        assert.equal(
          await store.transformPlayer('z', (current) => {
            seen.push(...current.map((record) => record.track));
            return current.map((record) => ({ ...record, games: 9 }));
          }),
          2,
        );
        assert.deepEqual(seen, ['duo', 'party']);
        assert.deepEqual(
          (await store.playerRatings('z')).map((record) => [record.track, record.games]),
          [
            ['duo', 9],
            ['party', 9],
          ],
        );
        assert.equal((await store.getRatings([{ playerId: 'y', track: 'duo' }]))[0]?.games, 1);
        assert.equal(await store.transformPlayer('stranger', (current) => current), 0);
        await raceWithResult(store, 'p', () => store.transformPlayer('a', halveDisplays));
      }));

    test('history is newest first, limited, paged by time; empty for strangers', () =>
      withStore(factory, async (store) => {
        for (let index = 1; index <= 5; index += 1)
          await store.saveMatch(match(`m${index}`, [['a'], [`o${index}`]], index * 100));
        const page = await store.history('a', { limit: 3 });
        assert.deepEqual(
          page.map((record) => record.matchId),
          ['m5', 'm4', 'm3'],
        );
        const next = await store.history('a', { limit: 3, beforeMs: 300 });
        assert.deepEqual(
          next.map((record) => record.matchId),
          ['m2', 'm1'],
        );
        assert.deepEqual(
          (await store.history('o2', { limit: 10 })).map((record) => record.matchId),
          ['m2'],
        );
        assert.deepEqual(await store.history('stranger', { limit: 10 }), []);
      }));

    test('leaderboards rank by display, ties by player id; rankOf agrees with the pages', () =>
      withStore(factory, async (store) => {
        await store.putRatings([
          rating('d', 'solo', 1500),
          rating('a', 'solo', 1700),
          rating('c', 'solo', 1500),
          rating('b', 'solo', 1200),
          rating('a', 'party', 100),
          hiddenRating('hidden', 'solo'),
        ]);
        const top = await store.leaderboard('solo', { offset: 0, limit: 3 });
        assert.deepEqual(
          top.map((row) => [row.rank, row.record.playerId]),
          [
            [1, 'a'],
            [2, 'c'],
            [3, 'd'],
          ],
        );
        const rest = await store.leaderboard('solo', { offset: 3, limit: 3 });
        assert.deepEqual(
          rest.map((row) => [row.rank, row.record.playerId]),
          [[4, 'b']],
        );
        assert.equal(await store.rankOf('solo', 'd'), 3);
        assert.equal(await store.rankOf('solo', 'b'), 4);
        assert.equal(await store.rankOf('solo', 'zz'), undefined);
        assert.equal(await store.rankOf('solo', 'hidden'), undefined);
        assert.equal(await store.rankOf('party', 'a'), 1);
        assert.deepEqual(await store.leaderboard('no-track', { offset: 0, limit: 5 }), []);
        assert.deepEqual(
          (await store.trackRatings('solo')).map((record) => record.playerId),
          ['a', 'c', 'd', 'b', 'hidden'],
        );
      }));

    test('friends lists replace, add and remove; the player and duplicates are dropped; strangers have none', () =>
      withStore(factory, async (store) => {
        assert.deepEqual(await store.friendsOf('ana'), []);
        await store.setFriends('ana', ['ben', 'cai', 'ben', 'ana']);
        assert.deepEqual(await store.friendsOf('ana'), ['ben', 'cai']);
        await store.addFriend('ana', 'dan');
        await store.addFriend('ana', 'dan');
        await store.addFriend('ana', 'ana');
        await store.removeFriend('ana', 'ben');
        await store.removeFriend('ana', 'nobody');
        assert.deepEqual(await store.friendsOf('ana'), ['cai', 'dan']);
        assert.deepEqual(await store.friendsOf('ben'), [], 'lists are one-way');
        await store.setFriends('ana', []);
        assert.deepEqual(await store.friendsOf('ana'), []);
      }));

    test('queue configs insert, replace and list', () =>
      withStore(factory, async (store) => {
        await store.putQueueConfig({ queueId: 'b', config: { id: 'b', v: 1 }, updatedAtMs: 1 });
        await store.putQueueConfig({ queueId: 'a', config: { id: 'a' }, updatedAtMs: 2 });
        await store.putQueueConfig({ queueId: 'b', config: { id: 'b', v: 2 }, updatedAtMs: 3 });
        assert.deepEqual(await store.queueConfigs(), [
          { queueId: 'a', config: { id: 'a' }, updatedAtMs: 2 },
          { queueId: 'b', config: { id: 'b', v: 2 }, updatedAtMs: 3 },
        ]);
      }));

    test('matchesInWindow pages a time window oldest first, resumes after a cursor, keeps reported only on request', () =>
      withStore(factory, async (store) => {
        // Two matches share a creation time: the match id orders them.
        for (const [id, at] of [
          ['m4', 400],
          ['m1', 100],
          ['m3b', 300],
          ['m3a', 300],
          ['m5', 500],
        ] as const)
          await store.saveMatch(match(id, [[`${id}-x`], [`${id}-y`]], at));
        await store.reportResult({
          matchId: 'm3b',
          result: { ranks: [1, 2] },
          nowMs: 600,
          compute: bump(10, 600),
        });
        await store.reportResult({
          matchId: 'm4',
          result: { ranks: [2, 1] },
          nowMs: 600,
          compute: bump(10, 600),
        });
        const ids = (page: readonly MatchRecord[]) => page.map((record) => record.matchId);
        const first = await store.matchesInWindow({ fromMs: 100, toMs: 500, limit: 2 });
        assert.deepEqual(ids(first), ['m1', 'm3a']);
        const last = first[first.length - 1] as MatchRecord;
        const second = await store.matchesInWindow({
          fromMs: 100,
          toMs: 500,
          limit: 2,
          after: { createdAtMs: last.createdAtMs, matchId: last.matchId },
        });
        // m5 lies at the window's end (exclusive).
        assert.deepEqual(ids(second), ['m3b', 'm4']);
        assert.deepEqual(
          await store.matchesInWindow({
            fromMs: 100,
            toMs: 500,
            limit: 2,
            after: { createdAtMs: 400, matchId: 'm4' },
          }),
          [],
        );
        const reported = await store.matchesInWindow({
          fromMs: 0,
          toMs: 1000,
          limit: 10,
          reportedOnly: true,
        });
        assert.deepEqual(ids(reported), ['m3b', 'm4']);
        assert.deepEqual(reported[0]?.outcome?.result.ranks, [1, 2]);
        assert.deepEqual(await store.matchesInWindow({ fromMs: 501, toMs: 1000, limit: 10 }), []);
      }));

    test('models keep versions per name; the newest is read; versions list without content', () =>
      withStore(factory, async (store) => {
        assert.equal(await store.getModel('churn'), undefined);
        assert.deepEqual(await store.modelVersions(), []);
        const first = await store.putModel({ name: 'churn', fittedAtMs: 10, model: { kind: 'x', v: [1] } });
        assert.deepEqual(first, { name: 'churn', version: 1, fittedAtMs: 10, model: { kind: 'x', v: [1] } });
        await store.putModel({ name: 'party', fittedAtMs: 11, model: { kind: 'y' } });
        const again = await Promise.all([
          store.putModel({ name: 'churn', fittedAtMs: 20, model: { kind: 'x', v: [2] } }),
          store.putModel({ name: 'churn', fittedAtMs: 21, model: { kind: 'x', v: [3] } }),
        ]);
        assert.deepEqual(again.map((record) => record.version).sort(), [2, 3]);
        const newest = again.find((record) => record.version === 3);
        assert.deepEqual(await store.getModel('churn'), newest);
        assert.deepEqual(await store.modelVersions(), [
          { name: 'churn', version: 3, fittedAtMs: newest?.fittedAtMs },
          { name: 'party', version: 1, fittedAtMs: 11 },
        ]);
      }));
  });
}
