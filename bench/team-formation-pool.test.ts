import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { Random } from '../packages/engine/src/random.ts';
import { benchPool } from './team-formation-pool.ts';

/**
 * The bench's split scorer stands in for its scoreMatch in the budget benchmarks, so it must give
 * the same score for every split, whatever was placed and taken back before.
 */
describe('bench pool split scorer', () => {
  it('equals scoreMatch after random sequences of re-splits and swaps (3v3 and 5v5)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(3, 5),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 30 }),
        (teamSize, seed, swaps) => {
          const pool = benchPool({ players: 40, teamSize, seed });
          const sizes = pool.tickets.map((ticket) => ticket.size);
          // A full match: tickets in a seeded order, each on the first team with room for it.
          const order = Random.fromSeed(seed).shuffle(pool.tickets.map((_, index) => index));
          const members: number[] = [];
          const teamOf: number[] = [];
          const load = [0, 0];
          for (const ticket of order) {
            const size = sizes[ticket] as number;
            const team = load.findIndex((players) => players + size <= teamSize);
            if (team < 0) continue;
            members.push(ticket);
            teamOf.push(team);
            load[team] = (load[team] as number) + size;
            if (load[0] === teamSize && load[1] === teamSize) break;
          }
          fc.pre(load[0] === teamSize && load[1] === teamSize);
          const scorer = pool.createSplitScorer();
          // A leftover from another match must not leak into this one.
          scorer.begin([members[0] as number]);
          scorer.place(0, 1);
          scorer.begin(members);
          for (const position of members.keys()) scorer.place(position, teamOf[position] as number);
          const check = () => {
            const teams: number[][] = [[], []];
            for (const [position, ticket] of members.entries())
              (teams[teamOf[position] as number] as number[]).push(ticket);
            const full = pool.scoreMatch(teams);
            const incremental = scorer.score();
            assert.ok(
              Math.abs(full - incremental) < 1e-12,
              `incremental ${incremental} against full ${full}`,
            );
          };
          check();
          for (const [x, y] of swaps) {
            // Swap two tickets of equal size on different teams (or move nothing): take back every
            // ticket from the earlier one on (newest first), as the contract requires, and place again.
            const a = x % members.length;
            const b = y % members.length;
            const swappable =
              teamOf[a] !== teamOf[b] && sizes[members[a] as number] === sizes[members[b] as number];
            const from = swappable ? Math.min(a, b) : a;
            for (let position = members.length - 1; position >= from; position--)
              scorer.unplace(position, teamOf[position] as number);
            if (swappable) [teamOf[a], teamOf[b]] = [teamOf[b] as number, teamOf[a] as number];
            for (let position = from; position < members.length; position++)
              scorer.place(position, teamOf[position] as number);
            check();
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
