import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { ErrorCodes, isMatchdError } from '../../errors.ts';
import { createElo } from './elo.ts';
import { constantK, dominationsK, type EloRating, streakAfter } from './k-policy.ts';
import { deepFreeze, snapshot } from './test-support/deep-freeze.ts';

const close = (actual: number, expected: number, tolerance = 1e-9) =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${actual} != ${expected}`);

const player = (rating: number, games = 50, streak = 0): EloRating => ({ rating, games, streak });

const firsts = (out: EloRating[][]) => out.map((team) => team[0] as EloRating);

const throwsCode = (fn: () => unknown, code: string) =>
  assert.throws(fn, (error: unknown) => isMatchdError(error) && error.code === code);

describe('elo: constant K', () => {
  const elo = createElo({ kPolicy: constantK(32) });

  test('equals: the winner gains K/2, the loser loses K/2', () => {
    const [a, b] = firsts(elo.update({ teams: [[player(1500)], [player(1500)]] }, { ranks: [1, 2] }));
    assert.equal(a?.rating, 1516);
    assert.equal(b?.rating, 1484);
  });

  test('1600 beats 1400: E = 1 / (1 + 10^-0.5), change = 32 (1 - E)', () => {
    const expected = 1 / (1 + 10 ** -0.5); // 0.759746926647958
    const [a, b] = firsts(elo.update({ teams: [[player(1600)], [player(1400)]] }, { ranks: [1, 2] }));
    close(a?.rating ?? 0, 1600 + 32 * (1 - expected));
    close(b?.rating ?? 0, 1400 - 32 * (1 - expected));
    close(a?.rating ?? 0, 1607.688098347297, 1e-9);
  });

  test('the 400 scale is configurable: at scale 200 a 200-point gap is 10:1', () => {
    const narrow = createElo({ scale: 200 });
    close(narrow.predict({ teams: [[player(1700)], [player(1500)]] }).win[0] ?? 0, 10 / 11);
  });

  test('a tie between equals changes no rating, counts a game and ends streaks', () => {
    const [a, b] = firsts(
      elo.update({ teams: [[player(1500, 3, 2)], [player(1500, 7, -4)]] }, { ranks: [1, 1] }),
    );
    assert.deepEqual(a, { rating: 1500, games: 4, streak: 0 });
    assert.deepEqual(b, { rating: 1500, games: 8, streak: 0 });
  });

  test('teams by mean and by sum', () => {
    const match = { teams: [[player(1600), player(1400)], [player(1500)]] };
    assert.equal(elo.predict(match).win[0], 0.5);
    const bySum = createElo({ teamStrength: 'sum' });
    close(bySum.predict(match).win[0] ?? 0, 1 / (1 + 10 ** (-1500 / 400)));
  });

  test('a partial-play weight scales the change', () => {
    const [full, half] =
      elo.update(
        {
          teams: [
            [player(1500), player(1500)],
            [player(1500), player(1500)],
          ],
          weights: [
            [1, 0.5],
            [1, 1],
          ],
        },
        { ranks: [1, 2] },
      )[0] ?? [];
    assert.equal(full?.rating, 1516);
    assert.equal(half?.rating, 1508);
  });

  test('three teams decompose pairwise: first +K/2, middle 0, last -K/2 among equals', () => {
    const out = elo.update({ teams: [[player(1500)], [player(1500)], [player(1500)]] }, { ranks: [1, 2, 3] });
    assert.deepEqual(
      out.map((team) => team[0]?.rating),
      [1516, 1500, 1484],
    );
    assert.deepEqual(
      out.map((team) => team[0]?.streak),
      [1, 0, -1],
    );
  });

  test('three-team prediction sums to 1 and favours the strongest', () => {
    const prediction = elo.predict({ teams: [[player(1700)], [player(1500)], [player(1300)]] });
    close(
      prediction.win.reduce((s, p) => s + p, 0),
      1,
    );
    assert.ok((prediction.win[0] ?? 0) > (prediction.win[1] ?? 0));
    assert.ok((prediction.win[1] ?? 0) > (prediction.win[2] ?? 0));
  });
});

describe('elo: DomiNations K policy (hand-computed)', () => {
  const elo = createElo({
    kPolicy: dominationsK({
      baseK: 20,
      newPlayerK: 40,
      newPlayerGames: 5,
      streakLength: 3,
      streakMultiplier: 2,
      highRatingThreshold: 2000,
      highRatingK: 10,
    }),
  });
  const oneVsOne = (a: EloRating, b: EloRating, ranks: number[]) => {
    const [x, y] = firsts(elo.update({ teams: [[a], [b]] }, { ranks }));
    return [x as EloRating, y as EloRating] as const;
  };

  test('a new player (games < N) moves by newPlayerK, an established one by baseK', () => {
    const [fresh, old] = oneVsOne(player(1500, 2), player(1500, 50), [1, 2]);
    assert.equal(fresh.rating, 1520); // 40 * 0.5
    assert.equal(old.rating, 1490); // 20 * 0.5
  });

  test('the Nth game is no longer new', () => {
    const [p] = oneVsOne(player(1500, 5), player(1500, 50), [1, 2]);
    assert.equal(p.rating, 1510);
  });

  test('the streak multiplier applies from the S-th equal result in a row', () => {
    const [third] = oneVsOne(player(1500, 50, 2), player(1500, 50), [1, 2]);
    assert.equal(third.rating, 1520); // 20 * 2 * 0.5
    assert.equal(third.streak, 3);
    const [second] = oneVsOne(player(1500, 50, 1), player(1500, 50), [1, 2]);
    assert.equal(second.rating, 1510);
  });

  test('a broken streak does not multiply', () => {
    const [p] = oneVsOne(player(1500, 50, 5), player(1500, 50), [2, 1]);
    assert.equal(p.rating, 1490);
    assert.equal(p.streak, -1);
  });

  test('losing streaks count too, and stack with the new-player K', () => {
    const [p] = oneVsOne(player(1500, 1, -2), player(1500, 50), [2, 1]);
    assert.equal(p.rating, 1460); // 40 * 2 * 0.5
  });

  test('the high band uses highRatingK and ignores streaks', () => {
    const [p, q] = oneVsOne(player(2100, 50, 6), player(2100, 50, -6), [1, 2]);
    assert.equal(p.rating, 2105); // 10 * 0.5
    assert.equal(q.rating, 2095);
  });

  test('streakAfter follows wins, losses and draws', () => {
    assert.equal(streakAfter(2, 1), 3);
    assert.equal(streakAfter(-2, 1), 1);
    assert.equal(streakAfter(-2, 0), -3);
    assert.equal(streakAfter(4, 0.5), 0);
  });
});

const arbRating = fc.record({
  rating: fc.double({ min: 500, max: 3000, noNaN: true }),
  games: fc.nat(200),
  streak: fc.integer({ min: -10, max: 10 }),
});
const arbTeams = fc.array(fc.array(arbRating, { minLength: 1, maxLength: 5 }), {
  minLength: 2,
  maxLength: 4,
});

describe('elo: properties', () => {
  const elo = createElo({ kPolicy: dominationsK({ highRatingThreshold: 2400 }) });

  test('two teams: every winner gains, every loser loses, inputs never mutated', () => {
    fc.assert(
      fc.property(
        arbTeams.map((teams) => teams.slice(0, 2)),
        (teams) => {
          const match = deepFreeze({ teams });
          const result = deepFreeze({ ranks: [1, 2] });
          const before = snapshot(match);
          const [winners, losers] = elo.update(match, result);
          winners?.forEach((p, i) => {
            assert.ok(p.rating > (teams[0]?.[i]?.rating ?? 0));
          });
          losers?.forEach((p, i) => {
            assert.ok(p.rating < (teams[1]?.[i]?.rating ?? 0));
          });
          assert.deepEqual(snapshot(match), before);
        },
      ),
    );
  });

  test('constant K, equal team sizes, mean strength: zero-sum', () => {
    const flat = createElo({ kPolicy: constantK(24) });
    fc.assert(
      fc.property(
        arbTeams,
        fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 4, maxLength: 4 }),
        (teams, ranks) => {
          const size = Math.min(...teams.map((t) => t.length));
          const even = teams.map((t) => t.slice(0, size));
          const out = flat.update({ teams: even }, { ranks: ranks.slice(0, even.length) });
          const delta = out.flat().reduce((s, p, i) => s + p.rating - (even.flat()[i]?.rating ?? 0), 0);
          close(delta, 0, 1e-6);
        },
      ),
    );
  });

  test('a match of validated ratings is predicted the same whether or not it says so, two teams or more', () => {
    fc.assert(
      fc.property(arbTeams, (teams) => {
        assert.deepEqual(elo.predict({ teams }, { ratingsValidated: true }), elo.predict({ teams }));
      }),
    );
  });

  test('predictions sum to 1 and swapping two teams swaps their chances', () => {
    fc.assert(
      fc.property(
        arbTeams.map((teams) => teams.slice(0, 2)),
        (teams) => {
          const p = elo.predict({ teams });
          const q = elo.predict({ teams: [teams[1] ?? [], teams[0] ?? []] });
          close((p.win[0] ?? 0) + (p.win[1] ?? 0) + p.draw, 1, 1e-12);
          close(p.win[0] ?? 0, q.win[1] ?? 0, 1e-12);
        },
      ),
    );
  });
});

describe('elo: bad input throws the right code and changes nothing', () => {
  const elo = createElo();
  const ok = deepFreeze({ teams: [[player(1500)], [player(1500)]] });

  test('ratings', () => {
    for (const bad of [
      player(Number.NaN),
      player(Number.POSITIVE_INFINITY),
      player(1500, -1),
      player(1500, 1.5),
    ]) {
      throwsCode(
        () => elo.update({ teams: [[bad], [player(1500)]] }, { ranks: [1, 2] }),
        ErrorCodes.INVALID_RATING,
      );
      throwsCode(() => elo.predict({ teams: [[player(1500)], [bad]] }), ErrorCodes.INVALID_RATING);
    }
  });

  test('teams and weights', () => {
    throwsCode(
      () => elo.update({ teams: [[player(1500)], []] }, { ranks: [1, 2] }),
      ErrorCodes.INVALID_TEAMS,
    );
    throwsCode(() => elo.update({ teams: [[player(1500)]] }, { ranks: [1] }), ErrorCodes.INVALID_TEAMS);
    throwsCode(
      () => elo.update({ ...ok, weights: [[1.5], [1]] }, { ranks: [1, 2] }),
      ErrorCodes.INVALID_TEAMS,
    );
    throwsCode(() => elo.update({ ...ok, weights: [[1]] }, { ranks: [1, 2] }), ErrorCodes.INVALID_TEAMS);
    throwsCode(
      () => elo.update({ ...ok, weights: [[Number.NaN], [1]] }, { ranks: [1, 2] }),
      ErrorCodes.INVALID_TEAMS,
    );
  });

  test('results', () => {
    throwsCode(() => elo.update(ok, { ranks: [1] }), ErrorCodes.INVALID_RESULT);
    throwsCode(() => elo.update(ok, { ranks: [1, Number.NaN] }), ErrorCodes.INVALID_RESULT);
    throwsCode(() => elo.update(ok, { ranks: [1, 2], scores: [3] }), ErrorCodes.INVALID_RESULT);
    throwsCode(() => elo.update(ok, { ranks: [1, 2], homeTeam: 2 }), ErrorCodes.INVALID_RESULT);
  });

  test('options', () => {
    throwsCode(() => createElo({ scale: 0 }), ErrorCodes.INVALID_OPTION);
    throwsCode(() => createElo({ scale: Number.NaN }), ErrorCodes.INVALID_OPTION);
    throwsCode(() => createElo({ kFactor: 32 } as never), ErrorCodes.INVALID_OPTION);
    throwsCode(() => createElo({ teamStrength: 'median' } as never), ErrorCodes.INVALID_OPTION);
    throwsCode(() => constantK(-1), ErrorCodes.INVALID_OPTION);
    throwsCode(() => dominationsK({ streakLength: 0 }), ErrorCodes.INVALID_OPTION);
    throwsCode(() => dominationsK({ basek: 3 } as never), ErrorCodes.INVALID_OPTION);
    const broken = createElo({ kPolicy: () => Number.NaN });
    throwsCode(() => broken.update(ok, { ranks: [1, 2] }), ErrorCodes.INVALID_OPTION);
  });
});
