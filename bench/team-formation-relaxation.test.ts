import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { formMatches } from '../packages/engine/src/matching/team-formation/form-matches.ts';
import { fillableMatchCount } from '../packages/engine/src/matching/team-formation/packing.ts';
import { everyMatch } from '../packages/engine/src/matching/team-formation/test-support/brute-force.ts';
import { Random } from '../packages/engine/src/random.ts';
import { benchPool } from './team-formation-pool.ts';
import { relaxationBound } from './team-formation-relaxation.ts';

/** The best round of one or two matches, by enumerating every match and every disjoint pair. */
function exhaustiveOptimum(matches: { members: number[]; value: number }[], matchTotal: number): number {
  if (matchTotal === 1) return Math.max(...matches.map((match) => match.value));
  let best = Number.NEGATIVE_INFINITY;
  for (let a = 0; a < matches.length; a++) {
    const first = matches[a] as { members: number[]; value: number };
    const taken = new Set(first.members);
    for (let b = a + 1; b < matches.length; b++) {
      const second = matches[b] as { members: number[]; value: number };
      if (second.members.some((ticket) => taken.has(ticket))) continue;
      best = Math.max(best, (first.value + second.value) / 2);
    }
  }
  return best;
}

/**
 * The relaxation bound is printed as a certified upper bound: no round may score above it. On small
 * pools the true optimum is known by exhaustion; on bench-sized pools every round the search finds
 * must stay below it.
 */
describe('bench pool relaxation bound', () => {
  it('is at least the exhaustive optimum of small pools (one or two matches, 2v2 to 5v5)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          { players: 11, teamSize: 5 },
          { players: 20, teamSize: 5 },
          { players: 13, teamSize: 3 },
          { players: 9, teamSize: 2 },
          { players: 8, teamSize: 4 },
        ),
        fc.integer({ min: 1, max: 100_000 }),
        (shape, seed) => {
          const pool = benchPool({ players: shape.players, teamSize: shape.teamSize, seed });
          // Trios do not fit a 2v2 team: such pools are not valid rounds.
          fc.pre(pool.tickets.every((ticket) => ticket.size <= shape.teamSize));
          const matchTotal = fillableMatchCount(
            pool.tickets.map((ticket) => ticket.size),
            2,
            shape.teamSize,
          );
          fc.pre(matchTotal >= 1 && matchTotal <= 2);
          const matches = everyMatch(pool.tickets, 2, shape.teamSize, pool.scoreMatch, 'mean');
          const optimum = exhaustiveOptimum(matches, matchTotal);
          const { upperBound } = relaxationBound(pool.structure, matchTotal);
          assert.ok(upperBound >= optimum - 1e-12, `bound ${upperBound} below the optimum ${optimum}`);
        },
      ),
      { numRuns: 60, seed: 1616 },
    );
  });

  it('is at least every round the search finds on 300-player pools (3v3 and 5v5)', () => {
    for (const teamSize of [3, 5]) {
      for (const seed of [1, 2, 3]) {
        const pool = benchPool({ players: 300, teamSize, seed });
        let steps = 0;
        const result = formMatches({
          tickets: pool.tickets,
          teamCount: 2,
          teamSize,
          scoreMatch: pool.scoreMatch,
          random: Random.fromSeed(seed),
          clock: () => steps++,
          budgetMs: 2000,
        });
        const { upperBound } = relaxationBound(pool.structure, result.matches.length);
        assert.ok(
          upperBound >= result.objective,
          `${teamSize}v${teamSize} pool ${seed}: bound ${upperBound} below ${result.objective}`,
        );
      }
    }
  });
});
