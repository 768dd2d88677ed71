import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { isMatchdError } from '../../errors.ts';
import { constantK, createElo, type EloRating } from '../elo/index.ts';
import { startCalibration } from './calibration.ts';
import { eloRatingAccess } from './model-access.ts';
import { performanceAdjustments, validatePerformance } from './performance.ts';
import { rateTrackedMatch } from './rate-tracked-match.ts';
import type { TrackRecord } from './tracks.ts';

test('hand-computed: (30, 10 | 20, 20) is z = (+sqrt2, -sqrt2 | 0, 0); weight 10 moves the first team by +-14.14', () => {
  const [first, second] = performanceAdjustments(
    [
      [30, 10],
      [20, 20],
    ],
    [
      [0, 0],
      [0, 0],
    ],
    { weight: 10 },
    false,
  ) as [number[], number[]];
  assert.ok(Math.abs((first[0] as number) - 10 * Math.SQRT2) < 1e-12);
  assert.ok(Math.abs((first[1] as number) + 10 * Math.SQRT2) < 1e-12);
  assert.deepEqual(second, [0, 0]);
});

test('relative to the team, a team of equally uncertain players keeps its total; the uncertainty share scales it', () => {
  fc.assert(
    fc.property(
      fc.array(fc.array(fc.double({ min: -1e3, max: 1e3, noNaN: true }), { minLength: 1, maxLength: 5 }), {
        minLength: 2,
        maxLength: 4,
      }),
      fc.double({ min: 0, max: 100, noNaN: true }),
      (performance, deviation) => {
        const deviations = performance.map((team) => team.map(() => deviation));
        const full = performanceAdjustments(performance, deviations, { weight: 7 }, true);
        const shared = performanceAdjustments(
          performance,
          deviations,
          { weight: 7, uncertaintyScale: 100 },
          true,
        );
        return full.every((team, t) => {
          const sum = team.reduce((a, b) => a + b, 0);
          return (
            Math.abs(sum) < 1e-6 &&
            team.every((value, p) => Math.abs((shared[t]?.[p] as number) - (value * deviation) / 100) < 1e-6)
          );
        });
      },
    ),
  );
});

test('a duel relative to the match: the better performer gains; all alike: no adjustment', () => {
  const [[a], [b]] = performanceAdjustments(
    [[3], [1]],
    [[0], [0]],
    { weight: 5, relativeTo: 'match' },
    false,
  ) as [[number], [number]];
  assert.equal(a, 5);
  assert.equal(b, -5);
  assert.deepEqual(performanceAdjustments([[2], [2]], [[0], [0]], { weight: 5 }, false), [[0], [0]]);
});

test('rateTrackedMatch adds the adjustment after the update; a bad shape is MM_ERR_INVALID_RESULT', () => {
  const elo = createElo({ kPolicy: constantK(32) });
  const settled: TrackRecord<EloRating> = {
    rating: elo.initial(),
    gamesPlayed: 0,
    calibration: startCalibration({ games: 0, speedUp: { kind: 'update-multiplier', multiplier: 2 } }),
  };
  const rate = (performance: number[][]) =>
    rateTrackedMatch({
      model: elo,
      access: eloRatingAccess,
      policy: {
        calibration: { games: 0, speedUp: { kind: 'update-multiplier', multiplier: 2 } },
        performance: { weight: 10 },
      },
      teams: [
        [settled, settled],
        [settled, settled],
      ],
      result: { ranks: [1, 2] },
      nowMs: 0,
      performance,
    });
  const rated = rate([
    [30, 10],
    [20, 20],
  ]);
  assert.ok(Math.abs((rated[0]?.[0]?.rating.rating as number) - (1516 + 10 * Math.SQRT2)) < 1e-9);
  assert.equal(rated[1]?.[0]?.rating.rating, 1484);
  assert.throws(
    () => rate([[30, 10], [20]]),
    (error) => isMatchdError(error, 'MM_ERR_INVALID_RESULT') && error.details['path'] === 'performance.1',
  );
  assert.throws(
    () => validatePerformance([[1], [Number.NaN]], [1, 1]),
    (error) => isMatchdError(error, 'MM_ERR_INVALID_RESULT') && error.details['path'] === 'performance.1.0',
  );
});
