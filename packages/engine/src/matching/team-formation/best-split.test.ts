import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { ErrorCodes, isMatchdError } from '../../errors.ts';
import { Random } from '../../random.ts';
import { bestSplit, splitMatch } from './best-split.ts';
import { allSplits, randomPairScore } from './test-support/brute-force.ts';

/** Party sizes of one match: random parties that fill teamCount x teamSize players exactly. */
const arbitraryMatch = fc
  .record({
    teamCount: fc.integer({ min: 1, max: 3 }),
    teamSize: fc.integer({ min: 1, max: 5 }),
    parts: fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 20, maxLength: 20 }),
    seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  })
  .filter(({ teamCount, teamSize }) => teamCount * teamSize <= 10)
  .map(({ teamCount, teamSize, parts, seed }) => {
    const sizes: number[] = [];
    let left = teamCount * teamSize;
    for (const part of parts) {
      if (left === 0) break;
      const size = Math.min(part, teamSize, left);
      sizes.push(size);
      left -= size;
    }
    return { teamCount, teamSize, sizes, seed };
  });

describe('bestSplit: the exhaustive split', () => {
  it('scores every unordered split exactly once and returns the best, as brute force over labelled teams', () => {
    fc.assert(
      fc.property(arbitraryMatch, ({ teamCount, teamSize, sizes, seed }) => {
        const members = sizes.map((_, index) => index);
        const splits = allSplits({ sizes, members, teamCount, teamSize });
        const scoreMatch = randomPairScore(sizes.length, seed);
        const result = bestSplit({
          tickets: sizes.map((size) => ({ size })),
          members,
          teamCount,
          teamSize,
          scoreMatch,
        });
        if (splits.length === 0) {
          assert.equal(result, undefined, 'no split exists, none is returned');
          return;
        }
        assert.ok(result !== undefined);
        assert.equal(result.splitsScored, splits.length, 'each unordered split once');
        const optimum = Math.max(...splits.map((teams) => scoreMatch(teams)));
        assert.ok(Math.abs(result.score - optimum) < 1e-12);
        assert.ok(Math.abs(scoreMatch(result.teams) - result.score) < 1e-12);
        for (const team of result.teams) {
          assert.equal(
            team.reduce((sum, ticket) => sum + (sizes[ticket] as number), 0),
            teamSize,
          );
        }
      }),
      { numRuns: 300, seed: 7 },
    );
  });

  it('counts 10 splits for 3v3 solos and 126 for 5v5 solos (team order does not count)', () => {
    const split = (teamSize: number) =>
      bestSplit({
        tickets: new Array(2 * teamSize).fill({ size: 1 }),
        members: Array.from({ length: 2 * teamSize }, (_, index) => index),
        teamCount: 2,
        teamSize,
        scoreMatch: () => 0.5,
      });
    assert.equal(split(3)?.splitsScored, 10);
    assert.equal(split(5)?.splitsScored, 126);
  });

  it('keeps parties whole: three duos cannot make 3v3', () => {
    const tickets = [{ size: 2 }, { size: 2 }, { size: 2 }];
    assert.equal(
      bestSplit({ tickets, members: [0, 1, 2], teamCount: 2, teamSize: 3, scoreMatch: () => 1 }),
      undefined,
    );
  });

  it('rejects members that do not make one match', () => {
    const tickets = [{ size: 1 }, { size: 1 }, { size: 2 }];
    const rejects = (members: number[]) =>
      assert.throws(
        () => bestSplit({ tickets, members, teamCount: 2, teamSize: 2, scoreMatch: () => 1 }),
        (error) => isMatchdError(error, ErrorCodes.INVALID_OPTION),
      );
    rejects([0, 1]);
    rejects([0, 1, 2, 2]);
    rejects([0, 1, 5]);
  });
});

/** Every unordered split of labelled teams within size bounds, by exhaustion (no restricted growth). */
function boundedSplits(
  sizes: readonly number[],
  teamCount: number,
  bounds: { min: number; max: number; maxDifference: number },
): number[][][] {
  const found = new Map<string, number[][]>();
  const labels = new Array<number>(sizes.length).fill(0);
  const visit = (position: number): void => {
    if (position === sizes.length) {
      const teams: number[][] = Array.from({ length: teamCount }, () => []);
      labels.forEach((team, ticket) => {
        (teams[team] as number[]).push(ticket);
      });
      const loads = teams.map((team) => team.reduce((sum, ticket) => sum + (sizes[ticket] as number), 0));
      if (loads.some((load) => load < bounds.min || load > bounds.max)) return;
      if (Math.max(...loads) - Math.min(...loads) > bounds.maxDifference) return;
      const canonical = teams.map((team) => team.slice()).sort((a, b) => (a[0] ?? -1) - (b[0] ?? -1));
      found.set(JSON.stringify(canonical), canonical);
      return;
    }
    for (let team = 0; team < teamCount; team++) {
      labels[position] = team;
      visit(position + 1);
    }
  };
  visit(0);
  return [...found.values()];
}

describe('bestSplit with team size ranges', () => {
  it('scores every split whose teams keep the range and the size difference once, as exhaustion over labelled teams', () => {
    fc.assert(
      fc.property(
        fc.record({
          teamCount: fc.integer({ min: 1, max: 3 }),
          min: fc.integer({ min: 1, max: 3 }),
          extra: fc.integer({ min: 0, max: 2 }),
          maxDifference: fc.integer({ min: 0, max: 2 }),
          sizes: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 7 }),
          seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        }),
        ({ teamCount, min, extra, maxDifference, sizes, seed }) => {
          const max = min + extra;
          const players = sizes.reduce((sum, size) => sum + size, 0);
          fc.pre(players >= teamCount * min && players <= teamCount * max && Math.max(...sizes) <= max);
          const members = sizes.map((_, index) => index);
          const scoreMatch = randomPairScore(sizes.length, seed);
          const splits = boundedSplits(sizes, teamCount, { min, max, maxDifference });
          const result = bestSplit({
            tickets: sizes.map((size) => ({ size })),
            members,
            teamCount,
            teamSize: { min, max },
            maxSizeDifference: maxDifference,
            scoreMatch,
          });
          if (splits.length === 0) {
            assert.equal(result, undefined);
            return;
          }
          assert.ok(result !== undefined);
          assert.equal(result.splitsScored, splits.length);
          const optimum = Math.max(...splits.map((teams) => scoreMatch(teams)));
          assert.ok(Math.abs(result.score - optimum) < 1e-12);
        },
      ),
      { numRuns: 400, seed: 11 },
    );
  });

  it('splits the tickets really in a 2x11 match (parties leave few splits) although solos would give 352,716', () => {
    const sizes = [5, 5, 4, 4, 2, 1, 1];
    const result = bestSplit({
      tickets: sizes.map((size) => ({ size })),
      members: sizes.map((_, index) => index),
      teamCount: 2,
      teamSize: 11,
      scoreMatch: () => 1,
    });
    assert.ok(result !== undefined);
    for (const team of result.teams)
      assert.equal(
        team.reduce((sum, ticket) => sum + (sizes[ticket] as number), 0),
        11,
      );
  });

  it('refuses members with more splits than maxSplits, naming members', () => {
    assert.throws(
      () =>
        bestSplit({
          tickets: new Array(22).fill({ size: 1 }),
          members: Array.from({ length: 22 }, (_, index) => index),
          teamCount: 2,
          teamSize: 11,
          scoreMatch: () => 1,
        }),
      (error) => isMatchdError(error, ErrorCodes.INVALID_OPTION) && error.details['path'] === 'members',
    );
  });
});

describe('splitMatch: enumerate the few, search the many', () => {
  it('enumerates when the tickets have few splits and agrees with bestSplit', () => {
    const sizes = [3, 2, 2, 1, 1, 1, 1, 1];
    const options = {
      tickets: sizes.map((size) => ({ size })),
      members: sizes.map((_, index) => index),
      teamCount: 2,
      teamSize: 6,
      scoreMatch: randomPairScore(sizes.length, 5),
    };
    assert.deepEqual(splitMatch(options), bestSplit(options));
  });

  it('searches a 2x100 of solos and duos within its budget, parties whole and teams within range', () => {
    const random = Random.fromSeed(9);
    const sizes = [...new Array<number>(120).fill(1), ...new Array<number>(38).fill(2)];
    const skills = sizes.map(() => random.normal(1500, 300));
    const result = splitMatch({
      tickets: sizes.map((size) => ({ size })),
      members: sizes.map((_, index) => index),
      teamCount: 2,
      teamSize: { min: 95, max: 100 },
      maxSizeDifference: 2,
      scoreMatch: (teams) => {
        const sums = teams.map((team) =>
          team.reduce((sum, ticket) => sum + (skills[ticket] as number) * (sizes[ticket] as number), 0),
        );
        return 1 / (1 + Math.abs((sums[0] as number) - (sums[1] as number)));
      },
      random: Random.fromSeed(1),
      maxEvaluations: 3000,
    });
    assert.ok(result !== undefined);
    assert.ok(result.splitsScored <= 3000 + 1);
    const loads = result.teams.map((team) =>
      team.reduce((sum, ticket) => sum + (sizes[ticket] as number), 0),
    );
    for (const load of loads) assert.ok(load >= 95 && load <= 100, `load ${load}`);
    assert.ok(Math.abs((loads[0] as number) - (loads[1] as number)) <= 2);
    assert.deepEqual(
      result.teams.flat().sort((a, b) => a - b),
      sizes.map((_, index) => index),
    );
  });
});
