import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { ErrorCodes, isMatchdError } from '../../errors.ts';
import { bestSplit } from './best-split.ts';
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
