/** fast-check generators and helpers shared by the Weng-Lin and TrueSkill tests. */

import fc from 'fast-check';
import type { GaussianRating } from '../types.ts';

/** A plausible rating: mu in [0, 50], sigma in [0.5, 10]. */
export const ratingArb: fc.Arbitrary<GaussianRating> = fc.record({
  mu: fc.double({ min: 0, max: 50, noNaN: true }),
  sigma: fc.double({ min: 0.5, max: 10, noNaN: true }),
});

/** `teamCount` teams (a range) of 1..`maxSize` players. */
export function teamsArb(options: {
  minTeams: number;
  maxTeams: number;
  maxSize: number;
}): fc.Arbitrary<GaussianRating[][]> {
  return fc.array(fc.array(ratingArb, { minLength: 1, maxLength: options.maxSize }), {
    minLength: options.minTeams,
    maxLength: options.maxTeams,
  });
}

/** Weights in [0, 1] shaped like `teams`, at least one positive per team. */
export function weightsFor(teams: readonly (readonly unknown[])[]): fc.Arbitrary<number[][]> {
  return fc.tuple(
    ...teams.map((team) =>
      fc
        .array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: team.length, maxLength: team.length })
        .map((row) => (row.some((w) => w > 0) ? row : row.map((_, i) => (i === 0 ? 1 : 0)))),
    ),
  );
}

/** Freezes `value` and everything reachable from it, so that a mutation under test throws. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

/** A deep copy through JSON (ratings are plain data), to compare inputs before and after a call. */
export function snapshot<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
