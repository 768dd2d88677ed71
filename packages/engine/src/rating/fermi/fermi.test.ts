import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { ErrorCodes, isMatchdError } from '../../errors.ts';
import { deepFreeze, snapshot } from '../elo/test-support/deep-freeze.ts';
import { createFermi, type FermiRating, fermi, fermiDecay } from './fermi.ts';
import {
  emptyLadder,
  fitLadderHigherPlacedWinRate,
  ladderJoin,
  ladderPlace,
  ladderRecord,
  ladderWinProbability,
} from './ladder.ts';

const close = (actual: number, expected: number, tolerance = 1e-12) =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${actual} != ${expected}`);
const throwsCode = (fn: () => unknown, code: string) =>
  assert.throws(fn, (error: unknown) => isMatchdError(error) && error.code === code);
const pq = (rating: number, games = 10): FermiRating => ({ rating, games });

describe('fermi: the expectation', () => {
  test('Fermi(0) = 1/2, Fermi(-x) = 1 - Fermi(x), monotone, and T scales the gap', () => {
    assert.equal(fermi(0, 1), 0.5);
    close(fermi(1, 1), 1 / (1 + Math.exp(-1)));
    close(fermi(-0.7, 2) + fermi(0.7, 2), 1);
    assert.ok(fermi(1, 1) > fermi(0.5, 1));
    close(fermi(2, 2), fermi(1, 1));
    assert.ok(fermi(1, 0.1) > 0.9999); // low temperature: close to the hard threshold
  });
});

describe("fermi: Kreimeier's update", () => {
  const model = createFermi();

  test('"Beating your equal, you will get 50% of the maximum possible gain"', () => {
    const [[a], [b]] = model.update({ teams: [[pq(0)], [pq(0)]] }, { ranks: [1, 2] }) as [
      [FermiRating],
      [FermiRating],
    ];
    assert.deepEqual(a, { rating: 0.5, games: 11 });
    assert.deepEqual(b, { rating: -0.5, games: 11 });
  });

  test('an upset moves more than an expected win: change = max_gain (1 - Fermi(delta))', () => {
    const gain = createFermi({ maxGain: 2, temperature: 0.5 });
    const [[upset]] = gain.update({ teams: [[pq(-1)], [pq(1)]] }, { ranks: [1, 2] }) as [[FermiRating]];
    const [[expected]] = gain.update({ teams: [[pq(1)], [pq(-1)]] }, { ranks: [1, 2] }) as [[FermiRating]];
    close(upset.rating, -1 + 2 * (1 - fermi(-2, 0.5)));
    close(expected.rating, 1 + 2 * (1 - fermi(2, 0.5)));
    assert.ok(upset.rating + 1 > expected.rating - 1);
  });

  test('a draw between equals changes nothing but the confidence', () => {
    const [[a], [b]] = model.update({ teams: [[pq(0.3, 4)], [pq(0.3, 9)]] }, { ranks: [1, 1] }) as [
      [FermiRating],
      [FermiRating],
    ];
    assert.deepEqual(a, pq(0.3, 5));
    assert.deepEqual(b, pq(0.3, 10));
  });

  test('n-v-n: every full-time player moves by the team change; weights share it', () => {
    const out = model.update(
      {
        teams: [
          [pq(0), pq(0)],
          [pq(0), pq(0)],
        ],
        weights: [
          [1, 0.5],
          [1, 1],
        ],
      },
      { ranks: [1, 2] },
    );
    // Team credit 0.5, shared 2/1.5 and 1/1.5 of (0.5 x mean size 2).
    close(out[0]?.[0]?.rating ?? 0, (0.5 * 2) / 1.5);
    close(out[0]?.[1]?.rating ?? 0, (0.5 * 1) / 1.5);
    close(out[1]?.[0]?.rating ?? 0, -0.5);
  });
});

const arbRating = fc.record({ rating: fc.double({ min: -5, max: 5, noNaN: true }), games: fc.nat(100) });
const arbMatch = fc
  .array(
    fc.array(fc.tuple(arbRating, fc.double({ min: 0, max: 1, noNaN: true })), { minLength: 1, maxLength: 4 }),
    {
      minLength: 2,
      maxLength: 4,
    },
  )
  .chain((rows) =>
    fc.record({
      teams: fc.constant(rows.map((row) => row.map(([r]) => r))),
      weights: fc.constant(rows.map((row) => row.map(([, w]) => w))),
      ranks: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: rows.length, maxLength: rows.length }),
    }),
  );

describe('fermi: properties', () => {
  const model = createFermi({ temperature: 0.8, maxGain: 1.5, teamStrength: 'sum' });

  test('zero-sum: the changes of all players add up to 0 (any teams, sizes, weights, ranks); inputs untouched', () => {
    fc.assert(
      fc.property(arbMatch, ({ teams, weights, ranks }) => {
        const match = deepFreeze({ teams, weights });
        const before = snapshot(match);
        const out = model.update(match, deepFreeze({ ranks }));
        const total = out.flat().reduce((s, r, i) => s + r.rating - (teams.flat()[i]?.rating ?? 0), 0);
        close(total, 0, 1e-9);
        assert.deepEqual(snapshot(match), before);
      }),
    );
  });

  test('two teams: winners gain, losers lose; predictions sum to 1 and swap with the teams', () => {
    fc.assert(
      fc.property(arbMatch, ({ teams }) => {
        const [a, b] = [teams[0] ?? [], teams[1] ?? []];
        const [winners, losers] = model.update({ teams: [a, b] }, { ranks: [1, 2] });
        winners?.forEach((r, i) => {
          assert.ok(r.rating > (a[i]?.rating ?? 0));
        });
        losers?.forEach((r, i) => {
          assert.ok(r.rating < (b[i]?.rating ?? 0));
        });
        const p = model.predict({ teams: [a, b] });
        const q = model.predict({ teams: [b, a] });
        close((p.win[0] ?? 0) + (p.win[1] ?? 0) + p.draw, 1);
        close(p.win[0] ?? 0, q.win[1] ?? 0);
      }),
    );
  });
});

describe('fermi: decay toward the mean over inactivity', () => {
  const day = 86_400_000;

  test('Kreimeier\'s "pq -= decay * (pq - mean)" per period, continuous in time; confidence untouched', () => {
    const decayed = fermiDecay(
      { rating: 2, games: 40 },
      { perPeriod: 0.1, periodLengthMs: day, elapsedMs: 2 * day },
    );
    close(decayed.rating, 2 * 0.9 * 0.9);
    assert.equal(decayed.games, 40);
    close(
      fermiDecay(pq(-2), { perPeriod: 0.1, periodLengthMs: day, elapsedMs: day, mean: 1 }).rating,
      1 - 3 * 0.9,
    );
  });

  test('above the mean goes down, below goes up, never across; composing two waits equals one', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -10, max: 10, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 30 * day }),
        fc.integer({ min: 0, max: 30 * day }),
        (rating, perPeriod, t1, t2) => {
          const options = { perPeriod, periodLengthMs: day };
          const once = fermiDecay(pq(rating), { ...options, elapsedMs: t1 + t2 });
          const twice = fermiDecay(fermiDecay(pq(rating), { ...options, elapsedMs: t1 }), {
            ...options,
            elapsedMs: t2,
          });
          close(once.rating, twice.rating, 1e-9);
          assert.ok(Math.abs(once.rating) <= Math.abs(rating));
          assert.ok(once.rating * rating >= 0);
        },
      ),
    );
  });

  test('a model with decay applies it at context.nowMs and stamps lastPlayedMs', () => {
    const model = createFermi({ decay: { perPeriod: 0.5, periodLengthMs: day } });
    const away = { rating: 1, games: 5, lastPlayedMs: 0 };
    assert.deepEqual(model.ratingAt(away, day), { rating: 0.5, games: 5, lastPlayedMs: 0 });
    const [[a]] = model.update({ teams: [[away], [pq(0.5)]] }, { ranks: [1, 1] }, { nowMs: day }) as [
      [FermiRating],
    ];
    assert.deepEqual(a, { rating: 0.5, games: 6, lastPlayedMs: day });
    throwsCode(
      () => model.update({ teams: [[away], [pq(0)]] }, { ranks: [1, 1] }, { nowMs: -1 }),
      ErrorCodes.TIME_WENT_BACKWARDS,
    );
  });
});

describe("fermi: Kreimeier's ladder", () => {
  const ladder = ['ann', 'bob', 'cy', 'dee'].reduce(ladderJoin, emptyLadder());

  test('players join at the bottom; joining twice changes nothing', () => {
    assert.deepEqual(ladder.order, ['ann', 'bob', 'cy', 'dee']);
    assert.equal(ladderJoin(ladder, 'cy'), ladder);
  });

  test("the lower-placed winner takes the loser's place and the loser takes hers", () => {
    const after = ladderRecord(ladder, { winner: 'dee', loser: 'bob' });
    assert.deepEqual(after.order, ['ann', 'dee', 'cy', 'bob']);
    assert.deepEqual(ladder.order, ['ann', 'bob', 'cy', 'dee']);
  });

  test('an expected win and a draw change nothing', () => {
    assert.equal(ladderRecord(ladder, { winner: 'ann', loser: 'dee' }), ladder);
    assert.equal(ladderRecord(ladder, { winner: 'dee', loser: 'ann', draw: true }), ladder);
  });

  test('the ladder stays a permutation of its players under any games', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(3), fc.nat(3)), { maxLength: 50 }), (games) => {
        let state = ladder;
        for (const [w, l] of games) {
          if (w === l) continue;
          state = ladderRecord(state, {
            winner: ladder.order[w] as string,
            loser: ladder.order[l] as string,
          });
        }
        assert.deepEqual([...state.order].sort(), [...ladder.order].sort());
      }),
    );
  });

  test('rank-based prediction and its fit', () => {
    assert.equal(ladderWinProbability(ladder, { a: 'ann', b: 'dee' }, 0.7), 0.7);
    close(ladderWinProbability(ladder, { a: 'dee', b: 'ann' }, 0.7), 0.3);
    assert.equal(ladderWinProbability(ladder, { a: 'zed', b: 'yan' }), 0.5);
    assert.equal(ladderPlace(ladder, 'cy'), 3);
    assert.equal(
      fitLadderHigherPlacedWinRate([
        { higherPlacedWon: true },
        { higherPlacedWon: true },
        { higherPlacedWon: false },
      ]),
      2 / 3,
    );
  });

  test('unknown players and self-play throw', () => {
    throwsCode(() => ladderRecord(ladder, { winner: 'zed', loser: 'ann' }), ErrorCodes.PLAYER_NOT_FOUND);
    throwsCode(() => ladderRecord(ladder, { winner: 'ann', loser: 'ann' }), ErrorCodes.INVALID_RESULT);
    throwsCode(() => ladderWinProbability(ladder, { a: 'ann', b: 'bob' }, 1.5), ErrorCodes.INVALID_OPTION);
  });
});

describe('fermi: bad input throws the right code and changes nothing', () => {
  const model = createFermi();

  test('ratings, teams, results, options', () => {
    throwsCode(
      () => model.update({ teams: [[pq(Number.NaN)], [pq(0)]] }, { ranks: [1, 2] }),
      ErrorCodes.INVALID_RATING,
    );
    throwsCode(
      () => model.update({ teams: [[pq(0, -1)], [pq(0)]] }, { ranks: [1, 2] }),
      ErrorCodes.INVALID_RATING,
    );
    throwsCode(() => model.update({ teams: [[], [pq(0)]] }, { ranks: [1, 2] }), ErrorCodes.INVALID_TEAMS);
    throwsCode(() => model.update({ teams: [[pq(0)], [pq(0)]] }, { ranks: [1] }), ErrorCodes.INVALID_RESULT);
    throwsCode(() => createFermi({ temperature: 0 }), ErrorCodes.INVALID_OPTION);
    throwsCode(() => createFermi({ maxgain: 1 } as never), ErrorCodes.INVALID_OPTION);
    throwsCode(() => createFermi({ decay: { perPeriod: 2, periodLengthMs: 1 } }), ErrorCodes.INVALID_OPTION);
    throwsCode(
      () => fermiDecay(pq(1), { perPeriod: 0.1, periodLengthMs: 1, elapsedMs: -5 }),
      ErrorCodes.INVALID_OPTION,
    );
  });
});
