/**
 * A rating policy per track, through the API: each model's update against a peer library or a
 * hand-computed value, calibration hiding and re-opening, inactivity, the declared season reset,
 * display scales, visibility with friends lists (matchd's and a studio's own), individual
 * performance, the team-sport terms, and the refusals of bad declarations and results.
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';
import { MatchdApiError, MatchdClient } from '@matchd/client';
import { DOMINATIONS_SEASON_RESET, type QueueConfig, seasonResetValue } from '@matchd/engine';
import { rate as openskillRate } from 'openskill';
import { Rating, TrueSkill } from 'ts-trueskill';
import { configFrom } from '../src/config.ts';
import type { RatingPolicyDeclaration } from '../src/rating/policy-declaration.ts';
import { keys } from './support/harness.ts';
import { memoryServer } from './support/memory-server.ts';

const DAY = 86_400_000;

interface NpmPlayer {
  getRating(): number;
  getRd(): number;
}
const { Glicko2: NpmGlicko2 } = createRequire(import.meta.url)('glicko2') as {
  Glicko2: new (settings: {
    tau: number;
  }) => {
    makePlayer(rating: number, rd: number, vol: number): NpmPlayer;
    updateRatings(matches: [NpmPlayer, NpmPlayer, number][]): void;
  };
};

const close = (actual: number | undefined, expected: number, tolerance: number, label: string) =>
  assert.ok(
    actual !== undefined && Math.abs(actual - expected) <= tolerance,
    `${label}: ${actual} != ${expected}`,
  );

/** A queue whose tickets match at once, rated by `policy`. */
function queue(id: string, policy: string | RatingPolicyDeclaration, size = 1, track = id): QueueConfig {
  return {
    id,
    teams: { count: 2, size },
    rating: { track, policy: policy as never },
    criteria: [{ kind: 'team-balance', weight: 1 }],
    threshold: { start: 0 },
    mode: { kind: 'continuous', maxWaitMs: 1000 },
  };
}

type Server = Awaited<ReturnType<typeof memoryServer>>;

/** The typed client of `server` with a credential. */
const api = (server: Server, credential: string) => new MatchdClient({ baseUrl: server.address, credential });

type ResultBody = Parameters<MatchdClient['reportResult']>[1];

/**
 * Plays one match of `sides` (each a party on one ticket) on `queueId`; `result(teamOf)` builds the
 * report, `teamOf(player)` telling the team index the matchmaker gave that player.
 */
async function play(
  server: Server,
  queueId: string,
  sides: readonly (readonly string[])[],
  result: (teamOf: (playerId: string) => number) => ResultBody,
) {
  const game = api(server, keys.server);
  const tickets = [];
  for (const side of sides) {
    tickets.push(await game.createTicket({ queueId, players: side.map((playerId) => ({ playerId })) }));
  }
  const match = await game.waitForMatch(tickets[0]?.ticketId as string, {
    timeoutMs: 10_000,
    intervalMs: 10,
  });
  const teamOf = (playerId: string) =>
    match.teams.findIndex((team) => team.some((seat) => seat.playerId === playerId));
  const reported = await game.reportResult(match.matchId, result(teamOf));
  return { matchId: match.matchId, teamOf, reported };
}

/** Ranks with `winner`'s team first (two teams). */
const won = (teamOf: (playerId: string) => number, winner: string): ResultBody => ({
  ranks: teamOf(winner) === 0 ? [1, 2] : [2, 1],
});

/** The admin's view of a player's track (raw values). */
async function track(server: Server, playerId: string, name: string, credential: string = keys.admin) {
  const profile = await api(server, credential).getPlayer(playerId);
  const found = profile.tracks.find((entry) => entry.track === name);
  assert.ok(found, `${playerId} has a ${name} track`);
  return found;
}

async function refused(call: Promise<unknown>): Promise<MatchdApiError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof MatchdApiError) return error;
    throw error;
  }
  throw new Error('the call was not refused');
}

const fast = { calibration: { games: 0 } } as const;

describe('each engine model rates a track, and moves as the engine (and its peers) say', () => {
  let server: Server;
  before(async () => {
    server = await memoryServer({
      queues: [
        queue('wl', { model: { kind: 'weng-lin' }, ...fast }),
        queue('ts', { model: { kind: 'trueskill' }, ...fast }),
        queue('gl', { model: { kind: 'glicko2' }, ...fast }),
        queue('dom', {
          model: {
            kind: 'elo',
            kPolicy: {
              kind: 'dominations',
              baseK: 20,
              newPlayerK: 40,
              newPlayerGames: 2,
              streakLength: 2,
              streakMultiplier: 1.5,
              highRatingThreshold: 1540,
              highRatingK: 10,
            },
          },
          ...fast,
        }),
        queue('fe', { model: { kind: 'fermi' }, ...fast }),
        queue('mk', {
          model: {
            kind: 'margin-kalman',
            observationVariance: 100,
            priorVariance: 25,
            homeAdvantage: 3,
            drawRate: 0.2,
          },
          ...fast,
          inactivity: { deviationGrowthPerSqrtDay: 1 },
        }),
      ],
    });
  });
  after(() => server.close());

  test('weng-lin (Plackett-Luce) is openskill 5', async () => {
    await play(server, 'wl', [['wl-a'], ['wl-b']], (teamOf) => won(teamOf, 'wl-a'));
    const [[a], [b]] = openskillRate([[{ mu: 25, sigma: 25 / 3 }], [{ mu: 25, sigma: 25 / 3 }]], {
      rank: [1, 2],
    }) as [[{ mu: number; sigma: number }], [{ mu: number; sigma: number }]];
    const ta = await track(server, 'wl-a', 'wl/solo');
    const tb = await track(server, 'wl-b', 'wl/solo');
    close(ta.mean, a.mu, 1e-9, 'a mu');
    close(ta.deviation, a.sigma, 1e-9, 'a sigma');
    close(tb.mean, b.mu, 1e-9, 'b mu');
    close(tb.deviation, b.sigma, 1e-9, 'b sigma');
  });

  test('trueskill is ts-trueskill 5.1', async () => {
    await play(server, 'ts', [['ts-a'], ['ts-b']], (teamOf) => won(teamOf, 'ts-a'));
    const [[a], [b]] = new TrueSkill().rate([[new Rating()], [new Rating()]], [0, 1]) as [[Rating], [Rating]];
    const ta = await track(server, 'ts-a', 'ts/solo');
    const tb = await track(server, 'ts-b', 'ts/solo');
    // ts-trueskill's erfc has a relative error of 1.2e-7.
    close(ta.mean, a.mu, 1e-5, 'a mu');
    close(ta.deviation, a.sigma, 1e-5, 'a sigma');
    close(tb.mean, b.mu, 1e-5, 'b mu');
    close(tb.deviation, b.sigma, 1e-5, 'b sigma');
  });

  test('glicko2 is the glicko2 npm package (one match, one period)', async () => {
    await play(server, 'gl', [['gl-a'], ['gl-b']], (teamOf) => won(teamOf, 'gl-a'));
    const npm = new NpmGlicko2({ tau: 0.5 });
    const a = npm.makePlayer(1500, 350, 0.06);
    const b = npm.makePlayer(1500, 350, 0.06);
    npm.updateRatings([[a, b, 1]]);
    const ta = await track(server, 'gl-a', 'gl/solo');
    const tb = await track(server, 'gl-b', 'gl/solo');
    close(ta.mean, a.getRating(), 1e-6, 'a rating');
    close(ta.deviation, a.getRd(), 1e-6, 'a rd');
    close(tb.mean, b.getRating(), 1e-6, 'b rating');
  });

  test("elo with DomiNations' K: the new-alliance K, a streak's multiplier, the high band's K without streaks", async () => {
    const expected = (rating: number, opponent: number) => 1 / (1 + 10 ** ((opponent - rating) / 400));
    let a = 1500;
    let b = 1500;
    // Game 1: both new (K 40), streaks of 1 (< 2): +-20.
    // Game 2: both still new (1 game < 2), streaks of 2: K 40 * 1.5 = 60.
    // Game 3: a is established and at or above 1540: K 10, no streak; b: K 20 * 1.5 = 30.
    const ks: [number, number][] = [
      [40, 40],
      [60, 60],
      [10, 30],
    ];
    for (const [ka, kb] of ks) {
      await play(server, 'dom', [['dom-a'], ['dom-b']], (teamOf) => won(teamOf, 'dom-a'));
      const ea = expected(a, b);
      [a, b] = [a + ka * (1 - ea), b + kb * (0 - (1 - ea))];
      close((await track(server, 'dom-a', 'dom/solo')).mean, a, 1e-9, 'a');
      close((await track(server, 'dom-b', 'dom/solo')).mean, b, 1e-9, 'b');
    }
    assert.ok(a >= 1540);
  });

  test("fermi: Kreimeier's zero-sum change max_gain (result - Fermi(delta, T))", async () => {
    await play(server, 'fe', [['fe-a'], ['fe-b']], (teamOf) => won(teamOf, 'fe-a'));
    close((await track(server, 'fe-a', 'fe/solo')).mean, 0.5, 1e-12, 'a after one win');
    close((await track(server, 'fe-b', 'fe/solo')).mean, -0.5, 1e-12, 'b after one loss');
    await play(server, 'fe', [['fe-a'], ['fe-b']], (teamOf) => won(teamOf, 'fe-a'));
    const change = 1 - 1 / (1 + Math.exp(-1));
    close((await track(server, 'fe-a', 'fe/solo')).mean, 0.5 + change, 1e-12, 'a after two wins');
    close((await track(server, 'fe-b', 'fe/solo')).mean, -0.5 - change, 1e-12, 'b: zero-sum');
  });

  test('margin-kalman with the #17 terms: home advantage, neutral sites, margins, draws, time away', async () => {
    // Home win 10-3: predicted margin 3 (home), S = 25 + 25 + 100, residual 4.
    const first = await play(server, 'mk', [['mk-h'], ['mk-a']], (teamOf) => {
      const home = teamOf('mk-h');
      return {
        ranks: home === 0 ? [1, 2] : [2, 1],
        scores: home === 0 ? [10, 3] : [3, 10],
        homeTeam: home,
      };
    });
    assert.equal(first.reported.applied, true);
    const h1 = await track(server, 'mk-h', 'mk/solo');
    close(h1.mean, (25 / 150) * 4, 1e-12, 'home after a home win by 7');
    close(h1.deviation, Math.sqrt(25 - 625 / 150), 1e-12, 'home sd');
    // The same 10-3 at a neutral site: no advantage, residual 7 (fresh players).
    await play(server, 'mk', [['mk-n1'], ['mk-n2']], (teamOf) => {
      const first = teamOf('mk-n1');
      return {
        ranks: first === 0 ? [1, 2] : [2, 1],
        scores: first === 0 ? [10, 3] : [3, 10],
        homeTeam: first,
        neutral: true,
      };
    });
    close((await track(server, 'mk-n1', 'mk/solo')).mean, (25 / 150) * 7, 1e-12, 'neutral win by 7');
    // A 2-2 draw between fresh players: margin 0, nothing moves; the draw is counted.
    await play(server, 'mk', [['mk-d1'], ['mk-d2']], () => ({ ranks: [1, 1], scores: [2, 2] }));
    const drawn = await track(server, 'mk-d1', 'mk/solo');
    assert.equal(drawn.draws, 1);
    close(drawn.mean, 0, 1e-12, 'draw between equals');
  });
});

describe('inactivity and re-opened calibration, on a clock the test moves', () => {
  let now = 1_800_000_000_000;
  let server: Server;
  before(async () => {
    server = await memoryServer({
      clock: () => now,
      queues: [
        queue('mk-time', {
          model: { kind: 'margin-kalman', observationVariance: 100, priorVariance: 25 },
          calibration: { games: 0 },
          inactivity: { deviationGrowthPerSqrtDay: 1 },
        }),
        queue('fe-decay', {
          model: { kind: 'fermi' },
          calibration: { games: 0 },
          inactivity: { decay: { perPeriod: 0.5, periodDays: 1 } },
        }),
        queue('idle', {
          model: { kind: 'elo' },
          calibration: { games: 2, reopenAfterIdleDays: 30 },
        }),
        queue('surprise', {
          model: { kind: 'elo' },
          calibration: { games: 2, reopen: { windowGames: 2, maxMeanSurprise: 0.9 } },
        }),
      ],
    });
  });
  after(() => server.close());

  test("time away: the margin model's variance grows by c^2 per day before the next game", async () => {
    const result = (teamOf: (playerId: string) => number): ResultBody => ({
      ranks: teamOf('t-a') === 0 ? [1, 2] : [2, 1],
      scores: teamOf('t-a') === 0 ? [7, 0] : [0, 7],
    });
    await play(server, 'mk-time', [['t-a'], ['t-b']], result);
    const v1 = 25 - 625 / 150;
    const m1 = (25 / 150) * 7;
    close((await track(server, 't-a', 'mk-time/solo')).mean, m1, 1e-12, 'after game 1');
    now += 4 * DAY;
    await play(server, 'mk-time', [['t-a'], ['t-b']], result);
    // Both grew to v1 + 4 (under the cap 25): S = 2 (v1 + 4) + 100, residual 7 - 2 m1.
    const grown = v1 + 4;
    const s = 2 * grown + 100;
    close(
      (await track(server, 't-a', 'mk-time/solo')).mean,
      m1 + (grown / s) * (7 - 2 * m1),
      1e-9,
      'after game 2',
    );
  });

  test("decay toward the mean while away (Kreimeier): half the distance per day, then the game's change", async () => {
    await play(server, 'fe-decay', [['d-a'], ['d-b']], (teamOf) => won(teamOf, 'd-a'));
    now += DAY;
    await play(server, 'fe-decay', [['d-a'], ['d-b']], (teamOf) => won(teamOf, 'd-a'));
    // 0.5 and -0.5 decay to 0.25 and -0.25; a wins again at delta 0.5.
    const change = 1 - 1 / (1 + Math.exp(-0.5));
    close((await track(server, 'd-a', 'fe-decay/solo')).mean, 0.25 + change, 1e-12, 'decayed a');
    close((await track(server, 'd-b', 'fe-decay/solo')).mean, -0.25 - change, 1e-12, 'decayed b');
  });

  test('calibration re-opens for a player back after 30 days: hidden again, and the game of return moves double', async () => {
    for (let game = 0; game < 2; game++) {
      await play(server, 'idle', [['i-a'], ['i-b']], (teamOf) => won(teamOf, 'i-a'));
    }
    const settled = await track(server, 'i-a', 'idle/solo');
    assert.equal(settled.calibrating, false);
    now += 31 * DAY;
    const { matchId } = await play(server, 'idle', [['i-a'], ['i-b']], (teamOf) => won(teamOf, 'i-a'));
    const back = await track(server, 'i-a', 'idle/solo');
    assert.equal(back.calibrating, true);
    assert.equal(back.calibrationGamesLeft, 1);
    const change = (await api(server, keys.admin).getMatch(matchId)).outcome?.changes.find(
      (entry) => entry.playerId === 'i-a',
    );
    assert.ok(change && 'before' in change);
    const opponent = 3000 - (settled.mean as number); // zero-sum Elo between two players from 1500
    const expected = 1 / (1 + 10 ** ((opponent - (settled.mean as number)) / 400));
    close(
      (change.after.mean as number) - (change.before.mean as number),
      2 * 32 * (1 - expected),
      1e-9,
      'a doubled K 32',
    );
    // The player sees no raw mean while calibrating again.
    const own = await track(
      server,
      'i-a',
      'idle/solo',
      (await api(server, keys.server).issueToken('i-a')).token,
    );
    assert.equal(own.mean, undefined);
    assert.equal(own.display, undefined);
  });

  test('calibration re-opens when results keep surprising the model (mean log-loss over a window)', async () => {
    const settled = async () => [
      (await track(server, 's-a', 'surprise/solo')).calibrating,
      (await track(server, 's-b', 'surprise/solo')).calibrating,
    ];
    // Two calibration games, then two results as expected (the favourite wins): each game's surprise
    // is about -ln 0.66 = 0.41 for both players, under the bound 0.9.
    for (let game = 0; game < 4; game++) {
      await play(server, 'surprise', [['s-a'], ['s-b']], (teamOf) => won(teamOf, 's-a'));
    }
    assert.deepEqual(await settled(), [false, false]);
    // Now the underdog wins twice (surprises of 1.16 and 1.0): the window's mean passes 0.9 for both.
    await play(server, 'surprise', [['s-a'], ['s-b']], (teamOf) => won(teamOf, 's-b'));
    assert.deepEqual(await settled(), [false, false], 'one surprise in a window of two is not enough');
    await play(server, 'surprise', [['s-a'], ['s-b']], (teamOf) => won(teamOf, 's-b'));
    assert.deepEqual(await settled(), [true, true]);
    assert.equal((await track(server, 's-b', 'surprise/solo')).calibrationGamesLeft, 2);
  });
});

describe('display, calibration hiding and the declared season reset, with the seed presets', () => {
  let server: Server;
  before(async () => {
    server = await memoryServer({ queues: [queue('kr', 'kreimeier'), queue('dm', 'dominations')] });
  });
  after(() => server.close());

  test("kreimeier: provisional while calibrating (never the raw mean), then Kreimeier's fixed 0..10,000 range", async () => {
    const token = (await api(server, keys.server).issueToken('k-a')).token;
    const { matchId } = await play(server, 'kr', [['k-a'], ['k-b']], (teamOf) => won(teamOf, 'k-a'));
    const own = await track(server, 'k-a', 'kr/solo', token);
    assert.equal(own.calibrating, true);
    assert.equal(own.mean, undefined);
    assert.equal(own.deviation, undefined);
    assert.equal(own.display, undefined);
    // A calibration game moves double: 2 * (1 - 0.5) = 1; shown as 10000 * Fermi(1, width 2 / 2).
    close(own.provisional, 10_000 / (1 + Math.exp(-1)), 1e-9, 'provisional');
    const seen =
      (await api(server, token)
        .getMatch(matchId)
        .catch(() => undefined)) ?? undefined;
    assert.equal(seen, undefined, 'a player token cannot read match records (a game server can)');
    const outcome = (await api(server, keys.server).getMatch(matchId)).outcome;
    const change = outcome?.changes.find((entry) => entry.playerId === 'k-a');
    assert.ok(change && 'after' in change);
    assert.equal(change.after.mean, undefined, 'no raw mean to a game server either while calibrating');
    assert.equal(typeof change.after.provisional, 'number');
    assert.equal((await api(server, keys.admin).getLeaderboard('kr/solo')).rows.length, 0, 'not ranked');
    for (let game = 1; game < 5; game++) {
      await play(server, 'kr', [['k-a'], ['k-b']], (teamOf) => won(teamOf, 'k-a'));
    }
    const settled = await track(server, 'k-a', 'kr/solo', token);
    assert.equal(settled.calibrating, false);
    assert.equal(settled.provisional, undefined);
    close(settled.display, 10_000 / (1 + Math.exp(-(settled.mean as number))), 1e-9, 'fixed range');
    const loser = await track(server, 'k-b', 'kr/solo', token);
    assert.ok((loser.display as number) > 0 && (settled.display as number) < 10_000);
    close((loser.display as number) + (settled.display as number), 10_000, 1e-6, 'zero-sum ratings mirror');
    const board = await api(server, token).getLeaderboard('kr/solo');
    assert.deepEqual(
      board.rows.map((row) => row.playerId),
      ['k-a', 'k-b'],
    );
  });

  test("dominations: the track's declared season reset (a log pull toward 12,000) when the request names none", async () => {
    for (let game = 0; game < 3; game++) {
      await play(server, 'dm', [['g-a'], ['g-b']], (teamOf) => won(teamOf, 'g-a'));
    }
    const admin = api(server, keys.admin);
    const preview = await admin.previewSeasonReset({ track: 'dm/solo' });
    const a = preview.sample.find((row) => row.playerId === 'g-a');
    assert.ok(a);
    assert.ok(a.before.mean > 12_000);
    close(
      a.after.mean,
      seasonResetValue(a.before.mean, DOMINATIONS_SEASON_RESET),
      1e-9,
      'pulled toward 12,000',
    );
    const wl = await refused(admin.previewSeasonReset({ track: 'kr/solo' }));
    assert.equal(wl.code, 'MM_ERR_INVALID_OPTION');
    assert.equal(wl.details?.['path'], 'policy');
  });
});

describe("Kreimeier's ladder beside the rating", () => {
  test('players join at the bottom; a lower-placed winner takes the loser’s place; draws and higher winners change nothing', async () => {
    const server = await memoryServer({
      queues: [queue('lad', { model: { kind: 'fermi' }, calibration: { games: 0 }, ladder: true })],
    });
    try {
      const places = async () => {
        const out: Record<string, number | undefined> = {};
        for (const id of ['l-a', 'l-b', 'l-c']) {
          const profile = await api(server, keys.admin).getPlayer(id);
          out[id] = profile.tracks.find((entry) => entry.track === 'lad/solo')?.ladderPlace;
        }
        return out;
      };
      await play(server, 'lad', [['l-a'], ['l-b']], (teamOf) => won(teamOf, 'l-a'));
      assert.deepEqual(await places(), { 'l-a': 1, 'l-b': 2, 'l-c': undefined });
      await play(server, 'lad', [['l-c'], ['l-b']], (teamOf) => won(teamOf, 'l-c'));
      assert.deepEqual(await places(), { 'l-a': 1, 'l-b': 3, 'l-c': 2 }, 'c joined third and beat second b');
      await play(server, 'lad', [['l-a'], ['l-c']], (teamOf) => won(teamOf, 'l-c'));
      assert.deepEqual(await places(), { 'l-a': 2, 'l-b': 3, 'l-c': 1 });
      await play(server, 'lad', [['l-a'], ['l-b']], () => ({ ranks: [1, 1] }));
      await play(server, 'lad', [['l-a'], ['l-b']], (teamOf) => won(teamOf, 'l-a'));
      assert.deepEqual(await places(), { 'l-a': 2, 'l-b': 3, 'l-c': 1 }, 'a draw, and a higher winner');
      // The ladder stands beside the rating: c's Fermi rating moved too.
      assert.ok(((await track(server, 'l-c', 'lad/solo')).mean as number) > 0);
    } finally {
      await server.close();
    }
  });
});

describe('visibility: public, self, friends (with friends lists), hidden', () => {
  let server: Server;
  const elo = (visibility: string) =>
    ({ model: { kind: 'elo' }, calibration: { games: 0 }, visibility }) as never;
  before(async () => {
    server = await memoryServer({
      queues: [
        queue('pub', elo('public')),
        queue('own', elo('self')),
        queue('fr', elo('friends')),
        queue('hid', elo('hidden')),
      ],
    });
    for (const id of ['pub', 'own', 'fr', 'hid']) {
      await play(server, id, [['v-ana'], ['v-ben']], (teamOf) => won(teamOf, 'v-ana'));
    }
    await play(server, 'fr', [['v-cai'], ['v-dan']], (teamOf) => won(teamOf, 'v-cai'));
  });
  after(() => server.close());

  const seen = async (viewer: string, trackName: string) => {
    const credential = viewer.startsWith('v-')
      ? (await api(server, keys.server).issueToken(viewer)).token
      : viewer;
    const view = await track(server, 'v-ana', trackName, credential);
    return view.visible && typeof view.mean === 'number';
  };

  test('who sees ana’s rating on each track', async () => {
    const ana = api(server, (await api(server, keys.server).issueToken('v-ana')).token);
    assert.deepEqual((await ana.putFriends('v-ana', ['v-ben', 'v-ben'])).friends, ['v-ben']);
    const table: Record<string, Record<string, boolean>> = {};
    for (const trackName of ['pub/solo', 'own/solo', 'fr/solo', 'hid/solo']) {
      table[trackName] = {};
      for (const viewer of ['v-ana', 'v-ben', 'v-cai', keys.server, keys.admin]) {
        (table[trackName] as Record<string, boolean>)[
          viewer.startsWith('v-') ? viewer : (viewer.split('-')[1] as string)
        ] = await seen(viewer, trackName);
      }
    }
    assert.deepEqual(table, {
      'pub/solo': { 'v-ana': true, 'v-ben': true, 'v-cai': true, server: true, admin: true },
      'own/solo': { 'v-ana': true, 'v-ben': false, 'v-cai': false, server: false, admin: true },
      'fr/solo': { 'v-ana': true, 'v-ben': true, 'v-cai': false, server: false, admin: true },
      'hid/solo': { 'v-ana': false, 'v-ben': false, 'v-cai': false, server: false, admin: true },
    });
    // Removing ben takes the view away; adding him back returns it.
    await ana.removeFriend('v-ana', 'v-ben');
    assert.equal(await seen('v-ben', 'fr/solo'), false);
    await ana.addFriend('v-ana', 'v-ben');
    assert.equal(await seen('v-ben', 'fr/solo'), true);
    // Match outcomes follow the same rule.
    const history = await api(server, keys.server).getPlayerMatches('v-ana');
    const hiddenMatch = history.find((match) => match.queueId === 'hid');
    assert.ok(hiddenMatch?.outcome?.changes.every((change) => 'hidden' in change));
  });

  test('leaderboards: public for all; friends: the board of the caller and those who let them see; else admins only', async () => {
    const token = async (id: string) => (await api(server, keys.server).issueToken(id)).token;
    await api(server, keys.server).putFriends('v-ben', ['v-ana']);
    const ben = api(server, await token('v-ben'));
    const board = await ben.getLeaderboard('fr/solo');
    assert.equal(board.scope, 'friends');
    assert.deepEqual(
      board.rows.map((row) => [row.rank, row.playerId]),
      [
        [1, 'v-ana'],
        [2, 'v-ben'],
      ],
    );
    const cai = api(server, await token('v-cai'));
    assert.deepEqual(
      (await cai.getLeaderboard('fr/solo')).rows.map((row) => row.playerId),
      ['v-cai'],
      'cai sees only themself: ana lists ben, not cai',
    );
    assert.equal((await api(server, keys.admin).getLeaderboard('fr/solo')).rows.length, 4);
    assert.equal((await refused(api(server, keys.server).getLeaderboard('fr/solo'))).status, 403);
    for (const name of ['own/solo', 'hid/solo']) {
      const error = await refused(ben.getLeaderboard(name));
      assert.equal(error.code, 'MM_ERR_FORBIDDEN');
    }
    assert.equal((await cai.getLeaderboard('pub/solo')).rows.length, 2);
  });

  test('friends lists: a player changes only their own; keys change any; bad ids are refused', async () => {
    const cai = api(server, (await api(server, keys.server).issueToken('v-cai')).token);
    assert.equal((await refused(cai.putFriends('v-ana', ['v-cai']))).code, 'MM_ERR_FORBIDDEN');
    assert.equal((await refused(cai.getFriends('v-ana'))).code, 'MM_ERR_FORBIDDEN');
    assert.deepEqual((await cai.getFriends('v-cai')).friends, []);
    const bad = await server.client.request('PUT', '/v1/players/v-cai/friends', {
      credential: keys.server,
      body: { friends: ['no spaces'] },
    });
    assert.equal(bad.status, 400);
    assert.equal((bad.body as { error: { code: string } }).error.code, 'MM_ERR_INVALID_REQUEST');
    assert.deepEqual((await cai.getFriends('v-cai')).friends, [], 'nothing changed');
  });
});

describe("a studio's own friends lists (the FriendsSource hook)", () => {
  test('reads come from the hook; the API refuses changes', async () => {
    const graph: Record<string, string[]> = { 'h-ana': ['h-ben'] };
    const server = await memoryServer({
      queues: [queue('hf', { model: { kind: 'elo' }, calibration: { games: 0 }, visibility: 'friends' })],
      friends: { friendsOf: async (playerId) => graph[playerId] ?? [] },
    });
    try {
      await play(server, 'hf', [['h-ana'], ['h-cai']], (teamOf) => won(teamOf, 'h-ana'));
      const ben = (await api(server, keys.server).issueToken('h-ben')).token;
      assert.equal(typeof (await track(server, 'h-ana', 'hf/solo', ben)).mean, 'number');
      assert.deepEqual((await api(server, keys.server).getFriends('h-ana')).friends, ['h-ben']);
      const error = await refused(api(server, keys.server).putFriends('h-ana', []));
      assert.equal(error.code, 'MM_ERR_FORBIDDEN');
    } finally {
      await server.close();
    }
  });
});

describe('individual performance in results', () => {
  let server: Server;
  before(async () => {
    server = await memoryServer({
      queues: [
        queue(
          'perf',
          {
            model: { kind: 'elo' },
            calibration: { games: 0 },
            performance: { weight: 30, min: 0, max: 100, required: true },
          },
          2,
        ),
        queue('plain', { model: { kind: 'elo' }, calibration: { games: 0 } }, 2),
      ],
    });
  });
  after(() => server.close());

  test('moves each player relative to their team: the team moves as the model says, a poor winner may drop', async () => {
    const { matchId } = await play(
      server,
      'perf',
      [
        ['p-a1', 'p-a2'],
        ['p-b1', 'p-b2'],
      ],
      (teamOf) => {
        const a = teamOf('p-a1');
        const performance =
          a === 0
            ? [
                [30, 10],
                [20, 20],
              ]
            : [
                [20, 20],
                [30, 10],
              ];
        return { ranks: a === 0 ? [1, 2] : [2, 1], performance };
      },
    );
    // Elo K 32 between equals: +-16. Performance z over the match: (30, 10, 20, 20) -> (+sqrt2, -sqrt2, 0, 0).
    const shift = 30 * Math.SQRT2;
    close((await track(server, 'p-a1', 'perf/party')).mean, 1516 + shift, 1e-9, 'the star');
    const a2 = (await track(server, 'p-a2', 'perf/party')).mean as number;
    close(a2, 1516 - shift, 1e-9, 'the passenger');
    assert.ok(a2 < 1500, 'a winner who played poorly loses rating');
    close((await track(server, 'p-b1', 'perf/party')).mean, 1484, 1e-9, 'an even loser');
    // Stored with the result.
    const stored = await api(server, keys.server).getMatch(matchId);
    assert.equal(stored.outcome?.result.performance?.flat().length, 4);
  });

  test('a policy that asks for performance refuses results without it, out of range or malformed; nothing changes', async () => {
    const game = api(server, keys.server);
    const first = await game.createTicket({
      queueId: 'perf',
      players: [{ playerId: 'q-a1' }, { playerId: 'q-a2' }],
    });
    await game.createTicket({ queueId: 'perf', players: [{ playerId: 'q-b1' }, { playerId: 'q-b2' }] });
    const match = await game.waitForMatch(first.ticketId, { timeoutMs: 10_000, intervalMs: 10 });
    const cases: [unknown, number, string, string][] = [
      [{ ranks: [1, 2] }, 400, 'MM_ERR_INVALID_RESULT', 'performance'],
      [
        {
          ranks: [1, 2],
          performance: [
            [1, 2],
            [3, 101],
          ],
        },
        400,
        'MM_ERR_INVALID_RESULT',
        'performance.1.1',
      ],
      [{ ranks: [1, 2], performance: [[1, 2], [3]] }, 400, 'MM_ERR_INVALID_RESULT', 'performance.1'],
      [
        {
          ranks: [1, 2],
          performance: [
            [1, 2],
            [3, 'x'],
          ],
        },
        400,
        'MM_ERR_INVALID_REQUEST',
        'body.performance.1.1',
      ],
      // JSON's 1e400 parses to Infinity: refused at the edge.
      [
        '{"ranks":[1,2],"performance":[[1,2],[3,1e400]]}',
        400,
        'MM_ERR_INVALID_REQUEST',
        'body.performance.1.1',
      ],
    ];
    for (const [body, status, code, path] of cases) {
      const reply = await server.client.request<{ error: { code: string; details: { path: string } } }>(
        'POST',
        `/v1/matches/${match.matchId}/result`,
        {
          credential: keys.server,
          rawBody: typeof body === 'string' ? body : JSON.stringify(body),
        },
      );
      assert.equal(reply.status, status, JSON.stringify(body));
      assert.equal(reply.body.error.code, code);
      assert.equal(reply.body.error.details.path, path);
    }
    assert.equal((await api(server, keys.admin).getPlayer('q-a1')).tracks.length, 0, 'no rating changed');
    // A policy without performance ignores it (the numbers are still stored).
    const plain = await play(
      server,
      'plain',
      [
        ['r-a1', 'r-a2'],
        ['r-b1', 'r-b2'],
      ],
      (teamOf) => ({
        ...won(teamOf, 'r-a1'),
        performance: [
          [50, 0],
          [0, 50],
        ],
      }),
    );
    assert.equal(plain.reported.applied, true);
    close((await track(server, 'r-a1', 'plain/party')).mean, 1516, 1e-9, 'no performance term');
    close((await track(server, 'r-a2', 'plain/party')).mean, 1516, 1e-9, 'no performance term');
  });
});

describe('team-sport terms on elo through the service (#17)', () => {
  test('home advantage respects neutral sites; a new season regresses toward 1500; a draw is a draw', async () => {
    const server = await memoryServer({
      queues: [
        queue('nfl', {
          model: { kind: 'elo' },
          terms: { homeAdvantage: 65, draw: { kind: 'davidson', nu: 0.5 } },
          season: { keep: 0.5 },
          calibration: { games: 0 },
        }),
      ],
    });
    try {
      const home = (teamOf: (playerId: string) => number, extra: Partial<ResultBody> = {}): ResultBody => ({
        ...won(teamOf, 'n-h'),
        homeTeam: teamOf('n-h'),
        season: '2015',
        ...extra,
      });
      await play(server, 'nfl', [['n-h'], ['n-a']], (teamOf) => home(teamOf));
      close(
        (await track(server, 'n-h', 'nfl/solo')).mean,
        1500 + 32 * (1 - 1 / (1 + 10 ** (-65 / 400))),
        1e-9,
        'a home win moves less',
      );
      await play(server, 'nfl', [['n-x'], ['n-y']], (teamOf) => ({
        ...won(teamOf, 'n-x'),
        homeTeam: teamOf('n-x'),
        neutral: true,
      }));
      close((await track(server, 'n-x', 'nfl/solo')).mean, 1516, 1e-9, 'a neutral-site win is an even game');
      const before = (await track(server, 'n-x', 'nfl/solo')).mean as number;
      const opponent = (await track(server, 'n-y', 'nfl/solo')).mean as number;
      await play(server, 'nfl', [['n-x'], ['n-y']], () => ({ ranks: [1, 1], season: '2016' }));
      // n-x and n-y last played with no season: a season label first seen is no new season.
      const drawn = await track(server, 'n-x', 'nfl/solo');
      assert.equal(drawn.draws, 1);
      close(drawn.mean, before + 32 * (0.5 - 1 / (1 + 10 ** ((opponent - before) / 400))), 1e-9, 'a draw');
      // n-h played 2015; its first 2016 game starts from half its distance to 1500.
      const h = (await track(server, 'n-h', 'nfl/solo')).mean as number;
      const a = (await track(server, 'n-a', 'nfl/solo')).mean as number;
      await play(server, 'nfl', [['n-h'], ['n-a']], () => ({ ranks: [1, 1], season: '2016', neutral: true }));
      const hk = 1500 + (h - 1500) / 2;
      const ak = 1500 + (a - 1500) / 2;
      close(
        (await track(server, 'n-h', 'nfl/solo')).mean,
        hk + 32 * (0.5 - 1 / (1 + 10 ** ((ak - hk) / 400))),
        1e-9,
        'regressed, then a draw',
      );
    } finally {
      await server.close();
    }
  });
});

describe('bad declarations are refused with stable codes, naming the field', () => {
  let server: Server;
  before(async () => {
    server = await memoryServer({ queues: [queue('taken', { model: { kind: 'elo' } }, 1, 'shared')] });
  });
  after(() => server.close());

  const put = (config: QueueConfig) =>
    server.client.request<{ error: { code: string; details: { path: string } } }>(
      'PUT',
      `/v1/admin/queues/${config.id}`,
      { credential: keys.admin, body: config },
    );

  test('queue configs: unknown model or preset, bad numbers, options of another model, one track two policies', async () => {
    const cases: [QueueConfig, string][] = [
      [queue('b1', { model: { kind: 'chess-engine' } } as never), 'body.rating.policy'],
      [queue('b2', 'no-such-policy'), 'rating.policy'],
      [queue('b3', { model: { kind: 'trueskill', sigma: -1 } }), 'body.rating.policy'],
      [queue('b4', { model: { kind: 'elo' }, calibration: { games: 2.5 } }), 'body.rating.policy'],
      [queue('b5', { model: { kind: 'elo', temperature: 2 } } as never), 'rating.policy.model.temperature'],
      [
        queue('b6', {
          model: { kind: 'margin-kalman', observationVariance: 1, priorVariance: 1 },
          terms: { homeAdvantage: 1 },
        }),
        'rating.policy.terms',
      ],
      [
        queue('b7', { model: { kind: 'elo' }, visibility: 'friends-of-friends' } as never),
        'body.rating.policy',
      ],
      [queue('b8', { model: { kind: 'weng-lin' } }, 1, 'shared'), 'rating.policy'],
    ];
    for (const [config, path] of cases) {
      const reply = await put(config);
      assert.equal(reply.status, 400, config.id);
      assert.equal(reply.body.error.code, 'MM_ERR_INVALID_QUEUE_CONFIG', config.id);
      assert.ok(
        reply.body.error.details.path.startsWith(path),
        `${config.id}: ${reply.body.error.details.path}`,
      );
      assert.equal(
        (await server.client.request('GET', `/v1/queues/${config.id}`, { credential: keys.admin })).status,
        404,
      );
    }
    // The same policy on the shared track is fine.
    assert.equal((await put(queue('b9', { model: { kind: 'elo' } }, 1, 'shared'))).status, 200);
  });

  test('service config: named policies and the track map are checked; MM_ERR_INVALID_OPTION names the path', () => {
    const refuses = (raw: Record<string, unknown>, path: string) =>
      assert.throws(
        () => configFrom(raw),
        (error: unknown) =>
          error instanceof Error &&
          (error as { code?: string }).code === 'MM_ERR_INVALID_OPTION' &&
          String((error as { details?: { path?: string } }).details?.path).startsWith(path),
      );
    refuses(
      { ratingPolicies: { mine: { model: { kind: 'elo', scale: 0 } } } },
      'ratingPolicies.mine.model.scale',
    );
    refuses({ ratingPolicies: { mine: { model: { kind: 'glicko3' } } } }, 'ratingPolicies.mine.model.kind');
    refuses({ tracks: { ranked: 'nope' } }, 'tracks.ranked');
    refuses({ ratingPolicies: '{not json' }, 'ratingPolicies');
    const ok = configFrom({
      ratingPolicies: JSON.stringify({ mine: { model: { kind: 'trueskill' }, visibility: 'self' } }),
      tracks: { ranked: 'mine', normal: 'dota-normal' },
    });
    assert.equal(ok.tracks?.['ranked'], 'mine');
  });
});
