import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { ErrorCodes, isMatchdError } from '../../errors.ts';
import { deepFreeze, snapshot } from '../elo/test-support/deep-freeze.ts';
import { createGlicko2 } from './glicko2.ts';
import type { Glicko2Rating } from './glicko2-types.ts';

// The peer: glicko2 1.2.2 (npm, github.com/mmai/glicko2js), whose 'newprocedure' is the paper's
// Illinois iteration with epsilon fixed at 1e-7.
interface NpmPlayer {
  getRating(): number;
  getRd(): number;
  getVol(): number;
}
interface NpmGlicko2 {
  makePlayer(rating: number, rd: number, vol: number): NpmPlayer;
  updateRatings(matches: [NpmPlayer, NpmPlayer, number][]): void;
  predict(a: NpmPlayer, b: NpmPlayer): number;
}
const { Glicko2: NpmGlicko2Class } = createRequire(import.meta.url)('glicko2') as {
  Glicko2: new (settings: { tau: number }) => NpmGlicko2;
};

const close = (actual: number, expected: number, tolerance: number, label = '') =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${label} ${actual} != ${expected}`);
const throwsCode = (fn: () => unknown, code: string) =>
  assert.throws(fn, (error: unknown) => isMatchdError(error) && error.code === code);
const r = (rating: number, rd: number, volatility = 0.06): Glicko2Rating => ({ rating, rd, volatility });

describe("glicko2: Glickman's worked example", () => {
  const glicko = createGlicko2({ tau: 0.5, epsilon: 0.000001 });
  const games = [
    { opponent: r(1400, 30), score: 1 },
    { opponent: r(1550, 100), score: 0 },
    { opponent: r(1700, 300), score: 0 },
  ];

  // The paper prints its intermediate values rounded to 4 decimals and computes 1464.06 from the
  // rounded mu' = -0.2069; carried in full precision the same algorithm gives 1464.0507 (as does the
  // npm package). So the check is: each printed value matches ours at its printed precision.
  test('1500/200/0.06 against 1400/30 (win), 1550/100, 1700/300 (losses) gives 1464.06, 151.52, 0.05999', () => {
    const next = glicko.ratePeriod(r(1500, 200), games);
    const muPrime = (next.rating - 1500) / 173.7178;
    const phiPrime = next.rd / 173.7178;
    assert.equal(muPrime.toFixed(4), '-0.2069');
    assert.equal(phiPrime.toFixed(4), '0.8722');
    // The paper's 0.05999 is truncated, not rounded: sigma' = 0.0599960 (0.059995984 here).
    close(next.volatility, 0.059996, 5e-7, 'volatility');
    assert.equal((173.7178 * Number(muPrime.toFixed(4)) + 1500).toFixed(2), '1464.06');
    assert.equal(next.rd.toFixed(2), '151.52');
    close(next.rating, 1464.06, 0.01, 'rating');
  });

  test('the same games as one four-team match (composite reduction) give the same numbers', () => {
    // With singleton teams, a four-team match in which the player beats the first opponent and loses
    // to the other two is, for the player, exactly the paper's rating period.
    const [[player]] = glicko.update(
      { teams: [[r(1500, 200)], [r(1400, 30)], [r(1550, 100)], [r(1700, 300)]] },
      { ranks: [2, 3, 1, 1] },
    ) as [[Glicko2Rating]];
    const alone = glicko.ratePeriod(r(1500, 200), games);
    close(player.rating, alone.rating, 1e-9, 'rating');
    close(player.rd, alone.rd, 1e-9, 'rd');
    close(player.volatility, alone.volatility, 1e-12, 'volatility');
  });

  test('a player without games in a period only grows RD: sqrt(phi^2 + sigma^2)', () => {
    const idle = glicko.ratePeriod(r(1500, 200), []);
    assert.equal(idle.rating, 1500);
    assert.equal(idle.volatility, 0.06);
    close(idle.rd, Math.sqrt((200 / 173.7178) ** 2 + 0.06 ** 2) * 173.7178, 1e-9);
  });
});

const arbRating = fc.record({
  rating: fc.double({ min: 1000, max: 2200, noNaN: true }),
  rd: fc.double({ min: 30, max: 350, noNaN: true }),
  volatility: fc.double({ min: 0.03, max: 0.1, noNaN: true }),
});
const arbOutcome = fc.constantFrom(0, 0.5, 1);

describe('glicko2: parity with the glicko2 npm package', () => {
  const tau = 0.5;
  const ours = createGlicko2({ tau, epsilon: 1e-7 });

  test('random rating periods (several players, several games each) agree to 1e-9', () => {
    fc.assert(
      fc.property(
        fc.array(arbRating, { minLength: 2, maxLength: 6 }),
        fc.array(fc.tuple(fc.nat(), fc.nat(), arbOutcome), { minLength: 1, maxLength: 12 }),
        (players, rawGames) => {
          const n = players.length;
          const games = rawGames.map(([a, b, s]) => [a % n, b % n, s] as const).filter(([a, b]) => a !== b);
          const npm = new NpmGlicko2Class({ tau });
          const theirs = players.map((p) => npm.makePlayer(p.rating, p.rd, p.volatility));
          npm.updateRatings(games.map(([a, b, s]) => [theirs[a] as NpmPlayer, theirs[b] as NpmPlayer, s]));
          players.forEach((player, i) => {
            const mine = ours.ratePeriod(player, [
              ...games
                .filter(([a]) => a === i)
                .map(([, b, s]) => ({ opponent: players[b] as Glicko2Rating, score: s })),
              ...games
                .filter(([, b]) => b === i)
                .map(([a, , s]) => ({ opponent: players[a] as Glicko2Rating, score: 1 - s })),
            ]);
            const peer = theirs[i] as NpmPlayer;
            close(mine.rating, peer.getRating(), 1e-9, 'rating');
            close(mine.rd, peer.getRd(), 1e-9, 'rd');
            close(mine.volatility, peer.getVol(), 1e-9, 'volatility');
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  test('1v1 updates (one match per period) and predictions agree to 1e-9', () => {
    fc.assert(
      fc.property(arbRating, arbRating, arbOutcome, (a, b, s) => {
        const npm = new NpmGlicko2Class({ tau });
        const pa = npm.makePlayer(a.rating, a.rd, a.volatility);
        const pb = npm.makePlayer(b.rating, b.rd, b.volatility);
        close(ours.predict({ teams: [[a], [b]] }).win[0] ?? 0, npm.predict(pa, pb), 1e-12, 'predict');
        npm.updateRatings([[pa, pb, s]]);
        const ranks = s === 1 ? [1, 2] : s === 0 ? [2, 1] : [1, 1];
        const [[na], [nb]] = ours.update({ teams: [[a], [b]] }, { ranks }) as [
          [Glicko2Rating],
          [Glicko2Rating],
        ];
        close(na.rating, pa.getRating(), 1e-9, 'a rating');
        close(na.rd, pa.getRd(), 1e-9, 'a rd');
        close(na.volatility, pa.getVol(), 1e-9, 'a vol');
        close(nb.rating, pb.getRating(), 1e-9, 'b rating');
        close(nb.rd, pb.getRd(), 1e-9, 'b rd');
      }),
      { numRuns: 500 },
    );
  });

  test('pairwise team reduction equals feeding the npm package every cross-team pair', () => {
    const pairwise = createGlicko2({ tau, epsilon: 1e-7, teamReduction: 'pairwise' });
    fc.assert(
      fc.property(
        fc.array(arbRating, { minLength: 1, maxLength: 3 }),
        fc.array(arbRating, { minLength: 1, maxLength: 3 }),
        arbOutcome,
        (teamA, teamB, s) => {
          const npm = new NpmGlicko2Class({ tau });
          const pa = teamA.map((p) => npm.makePlayer(p.rating, p.rd, p.volatility));
          const pb = teamB.map((p) => npm.makePlayer(p.rating, p.rd, p.volatility));
          npm.updateRatings(pa.flatMap((x) => pb.map((y) => [x, y, s] as [NpmPlayer, NpmPlayer, number])));
          const ranks = s === 1 ? [1, 2] : s === 0 ? [2, 1] : [1, 1];
          const out = pairwise.update({ teams: [teamA, teamB] }, { ranks });
          [...pa, ...pb].forEach((peer, i) => {
            const mine = out.flat()[i] as Glicko2Rating;
            close(mine.rating, peer.getRating(), 1e-9, 'rating');
            close(mine.rd, peer.getRd(), 1e-9, 'rd');
            close(mine.volatility, peer.getVol(), 1e-9, 'vol');
          });
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('glicko2: teams and time', () => {
  const glicko = createGlicko2();

  test('composite reduction: a player carried by a stronger teammate gains less than one who was not', () => {
    const [[weak], [alone]] = [
      glicko.update(
        {
          teams: [
            [r(1400, 100), r(1800, 100)],
            [r(1600, 100), r(1600, 100)],
          ],
        },
        { ranks: [1, 2] },
      )[0],
      glicko.update(
        {
          teams: [
            [r(1400, 100), r(1400, 100)],
            [r(1600, 100), r(1600, 100)],
          ],
        },
        { ranks: [1, 2] },
      )[0],
    ] as [[Glicko2Rating], [Glicko2Rating]];
    assert.ok(weak.rating > 1400);
    assert.ok(alone.rating > weak.rating);
  });

  test('continuous time: RD grows with elapsed time as sqrt(phi^2 + sigma^2 t), capped at maxRd', () => {
    const day = 86_400_000;
    const timed = createGlicko2({ periodLengthMs: day, maxRd: 350 });
    const rating = { ...r(1500, 50, 0.06), lastPlayedMs: 0 };
    const grown = timed.ratingAt(rating, 10 * day);
    close(grown.rd, Math.sqrt((50 / 173.7178) ** 2 + 0.06 ** 2 * 10) * 173.7178, 1e-9);
    assert.equal(timed.ratingAt(rating, 0).rd, 50);
    assert.equal(timed.ratingAt(rating, 1e6 * day).rd, 350);
  });

  test('continuous time: a match after a long break moves the rating further, and stamps lastPlayedMs', () => {
    const day = 86_400_000;
    const timed = createGlicko2({ periodLengthMs: day });
    const fresh = { ...r(1500, 60), lastPlayedMs: 100 * day };
    const stale = { ...r(1500, 60), lastPlayedMs: 0 };
    const opponent = { ...r(1500, 60), lastPlayedMs: 100 * day };
    const a = timed.update({ teams: [[fresh], [opponent]] }, { ranks: [1, 2] }, { nowMs: 100 * day })[0]?.[0];
    const b = timed.update({ teams: [[stale], [opponent]] }, { ranks: [1, 2] }, { nowMs: 100 * day })[0]?.[0];
    assert.ok((b?.rating ?? 0) > (a?.rating ?? 0));
    assert.equal(a?.lastPlayedMs, 100 * day);
    throwsCode(
      () => timed.update({ teams: [[fresh], [opponent]] }, { ranks: [1, 2] }),
      ErrorCodes.INVALID_OPTION,
    );
    throwsCode(
      () => timed.update({ teams: [[fresh], [opponent]] }, { ranks: [1, 2] }, { nowMs: 0 }),
      ErrorCodes.TIME_WENT_BACKWARDS,
    );
  });

  test('continuous time: predictions use the RD grown to nowMs, so a long absence pulls P toward 1/2', () => {
    const day = 86_400_000;
    const timed = createGlicko2({ periodLengthMs: day });
    const strong = { ...r(1700, 40, 0.06), lastPlayedMs: 0 };
    const weak = { ...r(1500, 40, 0.06), lastPlayedMs: 0 };
    const now = timed.predict({ teams: [[strong], [weak]] }, { nowMs: 0 }).win[0] ?? 0;
    const later = timed.predict({ teams: [[strong], [weak]] }, { nowMs: 400 * day }).win[0] ?? 0;
    close(now, timed.winProbability(strong, weak), 1e-12);
    assert.ok(later < now && later > 0.5);
    close(
      later,
      timed.winProbability(timed.ratingAt(strong, 400 * day), timed.ratingAt(weak, 400 * day)),
      1e-12,
    );
  });

  test('a zero weight leaves the player untouched; half weight moves half way', () => {
    const match = {
      teams: [
        [r(1500, 100), r(1500, 100)],
        [r(1500, 100), r(1500, 100)],
      ],
      weights: [
        [0, 0.5],
        [1, 1],
      ],
    };
    const [[none, half]] = glicko.update(match, { ranks: [1, 2] }) as [[Glicko2Rating, Glicko2Rating]];
    const [[full]] = glicko.update({ teams: match.teams }, { ranks: [1, 2] }) as [[Glicko2Rating]];
    assert.deepEqual(none, r(1500, 100));
    close(half.rating - 1500, (full.rating - 1500) / 2, 1e-9);
  });
});

describe('glicko2: properties', () => {
  const glicko = createGlicko2();
  const arbTeam = fc.array(arbRating, { minLength: 1, maxLength: 5 });

  test('winners gain, losers lose, RD never grows past one period, inputs are never mutated', () => {
    fc.assert(
      fc.property(arbTeam, arbTeam, (a, b) => {
        const match = deepFreeze({ teams: [a, b] });
        const before = snapshot(match);
        const [winners, losers] = glicko.update(match, deepFreeze({ ranks: [1, 2] }));
        winners?.forEach((p, i) => {
          assert.ok(p.rating > (a[i]?.rating ?? 0));
        });
        losers?.forEach((p, i) => {
          assert.ok(p.rating < (b[i]?.rating ?? 0));
        });
        assert.deepEqual(snapshot(match), before);
      }),
    );
  });

  test('a tie between equal teams changes no rating', () => {
    fc.assert(
      fc.property(arbTeam, (team) => {
        const [x, y] = glicko.update({ teams: [team, team] }, { ranks: [1, 1] });
        [...(x ?? []), ...(y ?? [])].forEach((p, i) => {
          close(p.rating, team[i % team.length]?.rating ?? 0, 1e-9);
        });
      }),
    );
  });

  test('predictions sum to 1 and are symmetric', () => {
    fc.assert(
      fc.property(arbTeam, arbTeam, (a, b) => {
        const p = glicko.predict({ teams: [a, b] });
        const q = glicko.predict({ teams: [b, a] });
        close((p.win[0] ?? 0) + (p.win[1] ?? 0) + p.draw, 1, 1e-12);
        close(p.win[0] ?? 0, q.win[1] ?? 0, 1e-12);
      }),
    );
  });
});

describe('glicko2: bad input throws the right code and changes nothing', () => {
  const glicko = createGlicko2();
  const ok = deepFreeze({ teams: [[r(1500, 100)], [r(1500, 100)]] });

  test('ratings', () => {
    for (const bad of [
      r(Number.NaN, 100),
      r(1500, -1),
      r(1500, Number.POSITIVE_INFINITY),
      r(1500, 100, -0.1),
      r(1500, 100, 0),
    ]) {
      throwsCode(
        () => glicko.update({ teams: [[bad], [r(1500, 100)]] }, { ranks: [1, 2] }),
        ErrorCodes.INVALID_RATING,
      );
      throwsCode(() => glicko.ratePeriod(bad, []), ErrorCodes.INVALID_RATING);
      throwsCode(
        () => glicko.ratePeriod(r(1500, 100), [{ opponent: bad, score: 1 }]),
        ErrorCodes.INVALID_RATING,
      );
    }
  });

  test('teams, results, options', () => {
    throwsCode(
      () => glicko.update({ teams: [[], [r(1500, 100)]] }, { ranks: [1, 2] }),
      ErrorCodes.INVALID_TEAMS,
    );
    throwsCode(() => glicko.update(ok, { ranks: [1, 2, 3] }), ErrorCodes.INVALID_RESULT);
    throwsCode(
      () => glicko.ratePeriod(r(1500, 100), [{ opponent: r(1500, 100), score: 2 }]),
      ErrorCodes.INVALID_RESULT,
    );
    throwsCode(() => createGlicko2({ tau: -1 }), ErrorCodes.INVALID_OPTION);
    throwsCode(() => createGlicko2({ epsilon: 0 }), ErrorCodes.INVALID_OPTION);
    throwsCode(() => createGlicko2({ Tau: 0.5 } as never), ErrorCodes.INVALID_OPTION);
    throwsCode(() => createGlicko2({ teamReduction: 'sum' } as never), ErrorCodes.INVALID_OPTION);
    throwsCode(() => createGlicko2({ periodLengthMs: 0 }), ErrorCodes.INVALID_OPTION);
  });
});
