import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { Random } from '../../random.ts';
import { formMatches } from './form-matches.ts';
import { boundedPricing, formationBound } from './formation-bound.ts';
import { SetPackingLp } from './set-packing-lp.ts';
import { bruteForceRound, everyMatch, randomPairScore } from './test-support/brute-force.ts';
import { seededPool } from './test-support/seeded-pool.ts';

const SHAPES = [
  { teamCount: 2, teamSize: 3, players: 12, maxParty: 3 },
  { teamCount: 2, teamSize: 2, players: 12, maxParty: 2 },
  { teamCount: 3, teamSize: 2, players: 12, maxParty: 2 },
  { teamCount: 2, teamSize: 3, players: 11, maxParty: 2 },
] as const;

describe('formationBound', () => {
  it('is never below the brute-force optimum, nor below any round the search finds (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SHAPES),
        fc.integer({ min: 1, max: 10_000 }),
        fc.constantFrom('mean' as const, 'sqrt-mean' as const),
        (shape, seed, aggregate) => {
          const tickets = seededPool(seed, shape.players, shape.maxParty);
          const scoreMatch = randomPairScore(tickets.length, seed + 1);
          const { teamCount, teamSize } = shape;
          const optimum = bruteForceRound({
            sizes: tickets.map((ticket) => ticket.size),
            teamCount,
            teamSize,
            scoreMatch,
            aggregate,
          });
          const round = formMatches({
            tickets,
            teamCount,
            teamSize,
            scoreMatch,
            aggregate,
            random: Random.fromSeed(seed),
            maxRestarts: 2,
          });
          // Scores are in [0, 1]: 1 is a valid (weak) bound, so the pricing search is exhaustive.
          const bound = formationBound({
            tickets,
            teamCount,
            teamSize,
            scoreMatch,
            aggregate,
            scoreBound: () => 1,
            matches: round.matches.map((match) => match.teams.flat()),
          });
          assert.equal(bound.matchTotal, optimum.matchCount);
          assert.ok(
            bound.upperBound >= optimum.objective - 1e-9,
            `${bound.upperBound} < optimum ${optimum.objective}`,
          );
          assert.ok(bound.upperBound >= round.objective - 1e-9);
          // Column generation ran to the LP optimum over every match (the pool's LP, proven by pricing).
          const last = bound.rounds.at(-1);
          assert.ok(last !== undefined && Math.abs(bound.upperBound - last.poolBound) < 1e-9, 'converged');
          for (const report of bound.rounds) {
            assert.ok(report.upperBound >= optimum.objective - 1e-9, 'every round certifies a true bound');
            assert.ok(report.complete);
          }
        },
      ),
      { numRuns: 60, seed: 1601 },
    );
  });

  it("the pricing search's mu is the exact max of v(m) - pi(m) over every match, for any prices (property)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SHAPES),
        fc.integer({ min: 1, max: 10_000 }),
        fc.float({ min: 0, max: Math.fround(0.3), noNaN: true }),
        (shape, seed, priceScale) => {
          const tickets = seededPool(seed, shape.players, shape.maxParty);
          const scoreMatch = randomPairScore(tickets.length, seed + 1);
          const { teamCount, teamSize } = shape;
          const random = Random.fromSeed(seed + 2);
          const prices = Float64Array.from(tickets, () => priceScale * random.next());
          const matches = everyMatch(tickets, teamCount, teamSize, scoreMatch, 'mean');
          let exact = Number.NEGATIVE_INFINITY;
          for (const match of matches) {
            let reduced = match.value;
            for (const ticket of match.members) reduced -= prices[ticket] as number;
            exact = Math.max(exact, reduced);
          }
          const search = boundedPricing({ tickets, teamCount, teamSize, scoreMatch, scoreBound: () => 1 });
          const result = search(prices, Number.NEGATIVE_INFINITY);
          assert.ok(result.complete);
          if (exact === Number.NEGATIVE_INFINITY) assert.equal(result.mu, exact, 'no match fills');
          else assert.ok(Math.abs(result.mu - exact) < 1e-12, `mu ${result.mu} vs exhaustive ${exact}`);
          // With a node budget too small to finish, mu is still an upper bound (the open branches').
          const cut = boundedPricing({
            tickets,
            teamCount,
            teamSize,
            scoreMatch,
            scoreBound: () => 1,
            maxNodes: 2,
          })(prices, Number.NEGATIVE_INFINITY);
          assert.ok(cut.mu >= exact - 1e-12);
        },
      ),
      { numRuns: 60, seed: 1602 },
    );
  });

  it('needs a pricing: neither scoreBound nor pricing is a clear error', () => {
    const tickets = seededPool(3, 12, 1);
    assert.throws(
      () =>
        formationBound({
          tickets,
          teamCount: 2,
          teamSize: 3,
          scoreMatch: () => 1,
          matches: [],
        }),
      /scoreBound or pricing/,
    );
  });
});

describe('SetPackingLp', () => {
  it('reaches the LP optimum: its value equals its dual objective, and its duals price every column (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), (seed) => {
        const random = Random.fromSeed(seed);
        const tickets = 6 + random.int(10);
        const matchTotal = 1 + random.int(3);
        const lp = new SetPackingLp(tickets, matchTotal);
        const columns: { members: number[]; value: number }[] = [];
        const columnCount = 5 + random.int(40);
        for (let k = 0; k < columnCount; k++) {
          const members = new Set<number>();
          const size = 1 + random.int(4);
          while (members.size < size) members.add(random.int(tickets));
          // Integer values make ties and degenerate pivots.
          const value = random.bernoulli(0.5) ? random.int(3) : random.next();
          columns.push({ members: [...members], value });
        }
        // Columns arrive in two batches, as in column generation (a warm re-solve in between).
        const half = Math.floor(columns.length / 2);
        for (const column of columns.slice(0, half)) lp.addColumn(column.members, column.value);
        lp.solve();
        for (const column of columns.slice(half)) lp.addColumn(column.members, column.value);
        const solution = lp.solve();
        let dual = matchTotal * solution.matchPrice;
        for (const price of solution.prices) dual += price;
        assert.ok(Math.abs(dual - solution.value) < 1e-7, `primal ${solution.value} dual ${dual}`);
        for (const column of columns) {
          let reduced = column.value - solution.matchPrice;
          for (const ticket of column.members) reduced -= solution.prices[ticket] as number;
          assert.ok(reduced <= 1e-7, `a column prices out at ${reduced}`);
        }
      }),
      { numRuns: 200, seed: 1603 },
    );
  });
});
