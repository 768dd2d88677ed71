import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Random } from '../../random.ts';
import { bestSplit } from './best-split.ts';
import { localSearchSplit } from './local-search-split.ts';
import type { TeamIndices } from './types.ts';

/** Balance of team rating sums over players (a party counts once per member): 1 when equal. */
function balanceScore(ratings: readonly number[], sizes: readonly number[] = ratings.map(() => 1)) {
  return (teams: TeamIndices): number => {
    const sums = teams.map((team) =>
      team.reduce((total, index) => total + (ratings[index] as number) * (sizes[index] as number), 0),
    );
    return 1 / (1 + Math.max(...sums) - Math.min(...sums));
  };
}

test('localSearchSplit keeps parties whole and fills every team of a 50v50 with solos and parties', () => {
  const random = Random.fromSeed(3);
  const sizes = [
    ...new Array<number>(60).fill(1),
    ...new Array<number>(14).fill(2),
    ...new Array<number>(4).fill(3),
  ];
  const ratings = sizes.map(() => random.normal(1500, 300));
  const tickets = sizes.map((size) => ({ size }));
  const split = localSearchSplit({
    tickets,
    members: sizes.map((_, index) => index),
    teamCount: 2,
    teamSize: 50,
    scoreMatch: balanceScore(ratings, sizes),
  });
  assert.ok(split);
  const seen = split.teams.flat().sort((a, b) => a - b);
  assert.deepEqual(
    seen,
    sizes.map((_, index) => index),
  );
  for (const team of split.teams) {
    assert.equal(
      team.reduce((total, index) => total + (sizes[index] as number), 0),
      50,
    );
  }
  // A packing in index order puts all the strong early tickets together; the swaps must balance it.
  const sums = split.teams.map((team) =>
    team.reduce((total, index) => total + (ratings[index] as number) * (sizes[index] as number), 0),
  );
  assert.ok(Math.abs((sums[0] as number) - (sums[1] as number)) < 50, `team sums ${sums.join(' vs ')}`);
});

test('localSearchSplit reaches the exhaustive optimum on small solo matches most of the time, never above it', () => {
  let optimal = 0;
  for (let seed = 0; seed < 30; seed++) {
    const random = Random.fromSeed(seed);
    const ratings = Array.from({ length: 8 }, () => Math.round(random.normal(1500, 300)));
    const options = {
      tickets: ratings.map(() => ({ size: 1 })),
      members: ratings.map((_, index) => index),
      teamCount: 2,
      teamSize: 4,
      scoreMatch: balanceScore(ratings),
    };
    const exact = bestSplit(options);
    const local = localSearchSplit(options);
    assert.ok(exact && local);
    assert.ok(local.score <= exact.score + 1e-12);
    if (local.score >= exact.score - 1e-12) optimal += 1;
  }
  assert.ok(optimal >= 15, `optimal in ${optimal} of 30`);
});

test('localSearchSplit says undefined when parties cannot fill the teams', () => {
  const split = localSearchSplit({
    tickets: [{ size: 2 }, { size: 2 }, { size: 2 }],
    members: [0, 1, 2],
    teamCount: 2,
    teamSize: 3,
    scoreMatch: () => 1,
  });
  assert.equal(split, undefined);
});
