import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { fillableMatchCount, packedTeamCounts, packTeams } from './packing.ts';

/** The most exactly full teams a multiset of party sizes makes, by exhaustive recursion over counts. */
function maxFullTeams(counts: number[], teamSize: number, memo = new Map<string, number>()): number {
  const key = counts.join(',');
  const known = memo.get(key);
  if (known !== undefined) return known;
  let best = 0;
  // Every way to fill one team: a multiset of sizes summing to teamSize, within the counts.
  const taken = new Array<number>(counts.length).fill(0);
  const fill = (left: number, largest: number): void => {
    if (left === 0) {
      const rest = counts.map((count, size) => count - (taken[size] as number));
      best = Math.max(best, 1 + maxFullTeams(rest, teamSize, memo));
      return;
    }
    for (let size = Math.min(left, largest); size >= 1; size--) {
      if ((taken[size] as number) >= (counts[size] as number)) continue;
      taken[size] = (taken[size] as number) + 1;
      fill(left - size, size);
      taken[size] = (taken[size] as number) - 1;
    }
  };
  fill(teamSize, teamSize);
  memo.set(key, best);
  return best;
}

describe('fillableMatchCount: how many whole matches a pool of parties fills', () => {
  it('equals the exhaustive maximum of exactly full teams, grouped into matches', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 7 }),
        fc.array(fc.integer({ min: 1, max: 7 }), { maxLength: 30 }),
        (teamCount, teamSize, raw) => {
          const sizes = raw.map((size) => Math.min(size, teamSize));
          const counts = new Array<number>(teamSize + 1).fill(0);
          for (const size of sizes) counts[size] = (counts[size] as number) + 1;
          const expected = Math.floor(maxFullTeams(counts, teamSize) / teamCount);
          assert.equal(fillableMatchCount(sizes, teamCount, teamSize), expected);
        },
      ),
      { numRuns: 1000, seed: 11 },
    );
  });
});

describe('packedTeamCounts: the packing read from counts of party sizes', () => {
  it('makes as many teams and leaves as many parties unpacked as packTeams, whatever the priorities', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 7 }),
        fc.array(
          fc.record({ size: fc.integer({ min: 1, max: 7 }), priority: fc.integer({ min: 0, max: 3 }) }),
          {
            maxLength: 30,
          },
        ),
        (teamSize, raw) => {
          const tickets = raw.map((ticket, index) => ({
            index,
            size: Math.min(ticket.size, teamSize),
            priority: ticket.priority,
          }));
          const counts = new Array<number>(teamSize + 1).fill(0);
          for (const ticket of tickets) counts[ticket.size] = (counts[ticket.size] as number) + 1;
          const packing = packTeams(tickets, teamSize);
          assert.deepEqual(packedTeamCounts(counts, teamSize), {
            teams: packing.teams.length,
            unpacked: packing.unpacked.length,
          });
        },
      ),
      { numRuns: 1000, seed: 12 },
    );
  });
});
