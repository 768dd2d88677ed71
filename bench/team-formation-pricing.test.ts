import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { boundedPricing } from '../packages/engine/src/matching/team-formation/formation-bound.ts';
import { everyMatch } from '../packages/engine/src/matching/team-formation/test-support/brute-force.ts';
import { Random } from '../packages/engine/src/random.ts';
import { benchPool } from './team-formation-pool.ts';
import { structuredPricing } from './team-formation-pricing.ts';

/**
 * The bench pools' certified bound rests on two searches: the structured pricing and the built-in one
 * under the pool's scoreBound. On small pools both must find exactly the largest v(m) - pi(m) of all
 * matches (enumerated), for any prices: a bound that pruned a better match would be too low.
 */
describe('bench pool pricing', () => {
  it('structured pricing and scoreBound pricing equal exhaustive enumeration (3v3, 5v5, 2v2)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          { players: 13, teamSize: 3 },
          { players: 20, teamSize: 5 },
          { players: 11, teamSize: 2 },
        ),
        fc.integer({ min: 1, max: 100_000 }),
        fc.constantFrom(0, 0.05, 0.12, 0.18),
        (shape, seed, priceLevel) => {
          const pool = benchPool({ players: shape.players, teamSize: shape.teamSize, seed });
          const random = Random.fromSeed(seed);
          const perPlayer = Float64Array.from(
            pool.tickets,
            (ticket) => ticket.size * priceLevel * random.next() * 1.5,
          );
          const matches = everyMatch(pool.tickets, 2, shape.teamSize, pool.scoreMatch, 'mean');
          let exact = Number.NEGATIVE_INFINITY;
          for (const match of matches) {
            let reduced = match.value;
            for (const ticket of match.members) reduced -= perPlayer[ticket] as number;
            exact = Math.max(exact, reduced);
          }
          const structured = structuredPricing(pool.structure, { maxNodes: 1_000_000 })(
            perPlayer,
            Number.NEGATIVE_INFINITY,
          );
          assert.ok(structured.complete);
          assert.ok(Math.abs(structured.mu - exact) < 1e-9, `structured ${structured.mu} vs ${exact}`);
          const bounded = boundedPricing({
            tickets: pool.tickets,
            teamCount: 2,
            teamSize: shape.teamSize,
            scoreMatch: pool.scoreMatch,
            scoreBound: pool.scoreBound,
          })(perPlayer, Number.NEGATIVE_INFINITY);
          assert.ok(bounded.complete);
          assert.ok(Math.abs(bounded.mu - exact) < 1e-9, `scoreBound ${bounded.mu} vs ${exact}`);
        },
      ),
      { numRuns: 30, seed: 1604 },
    );
  });
});
