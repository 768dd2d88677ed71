// TrueSkill: exact values (computed with mpmath at 50 digits from the closed form in
// trueskill.ts), parity with ts-trueskill 5.1.0 on thousands of random two-team matches,
// properties, and bad input.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { Rating, TrueSkill } from 'ts-trueskill';
import { type ErrorCode, ErrorCodes, isMatchdError } from '../../errors.ts';
import { deepFreeze, ratingArb, snapshot } from '../weng-lin/test-support/arbitraries.ts';
import type { GaussianRating } from '../weng-lin/types.ts';
import { createTrueSkill } from './trueskill.ts';

const RUNS = 2000;

function assertClose(actual: number, expected: number, tolerance: number, label: string): void {
  assert.ok(
    Math.abs(actual - expected) <= tolerance,
    `${label}: ${actual} vs ${expected} (diff ${Math.abs(actual - expected)})`,
  );
}

function assertRatings(
  ours: GaussianRating[][],
  expected: readonly (readonly { mu: number; sigma: number }[])[],
  tolerance: number,
): void {
  ours.forEach((team, t) => {
    team.forEach((player, p) => {
      const reference = expected[t]?.[p] as { mu: number; sigma: number };
      assertClose(player.mu, reference.mu, tolerance, `team ${t} player ${p} mu`);
      assertClose(player.sigma, reference.sigma, tolerance, `team ${t} player ${p} sigma`);
    });
  });
}

describe('TrueSkill exact values', () => {
  const model = createTrueSkill();
  const fresh = model.initial();
  it('1v1 between new players: 29.396 / 20.604, sigma 7.171 (TrueSkill\u2019s classic example)', () => {
    assertRatings(
      model.update({ teams: [[fresh], [fresh]] }, { ranks: [1, 2] }),
      [
        [{ mu: 29.395831692991514, sigma: 7.17147580700922 }],
        [{ mu: 20.604168307008486, sigma: 7.17147580700922 }],
      ],
      1e-12,
    );
  });
  it('1v1 draw between new players: mu stays 25, sigma 6.458', () => {
    assertRatings(
      model.update({ teams: [[fresh], [fresh]] }, { ranks: [1, 1] }),
      [[{ mu: 25, sigma: 6.457515683245051 }], [{ mu: 25, sigma: 6.457515683245051 }]],
      1e-12,
    );
  });
  it('2v1 upset and a lopsided draw', () => {
    const pair = [
      { mu: 30, sigma: 2 },
      { mu: 20, sigma: 6 },
    ];
    assertRatings(
      model.update({ teams: [pair, [{ mu: 28, sigma: 4 }]] }, { ranks: [2, 1] }),
      [
        [
          { mu: 29.01560770884892, sigma: 1.9681771995057449 },
          { mu: 11.154117799621577, sigma: 5.024848995966438 },
        ],
        [{ mu: 31.932451007111332, sigma: 3.7257099842217363 }],
      ],
      1e-12,
    );
    assertRatings(
      model.update({ teams: [[{ mu: 40, sigma: 3 }], [{ mu: 10, sigma: 5 }]] }, { ranks: [1, 1] }),
      [
        [{ mu: 36.07927230985172, sigma: 2.798173662324249 }],
        [{ mu: 20.88553616979489, sigma: 3.9915930681213845 }],
      ],
      1e-12,
    );
  });
});

/** Two teams of 1..5 players, ranks with draws, optional weights in [minWeight, 1]. */
const twoTeamCaseWith = (minWeight: number) =>
  fc.tuple(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 5 })).chain(([a, b]) =>
    fc.record({
      teams: fc.tuple(
        fc.array(ratingArb, { minLength: a, maxLength: a }),
        fc.array(ratingArb, { minLength: b, maxLength: b }),
      ),
      ranks: fc.constantFrom<number[]>([1, 2], [2, 1], [1, 1], [3, 7]),
      weights: fc.option(
        fc.tuple(
          fc.array(fc.double({ min: minWeight, max: 1, noNaN: true }), { minLength: a, maxLength: a }),
          fc.array(fc.double({ min: minWeight, max: 1, noNaN: true }), { minLength: b, maxLength: b }),
        ),
        { nil: undefined },
      ),
      drawProbability: fc.double({ min: 0.01, max: 0.5, noNaN: true }),
    }),
  );

/** Weights down to ts-trueskill's own floor (it clips weights below 1e-4 to 1e-4). */
const twoTeamCase = twoTeamCaseWith(1e-4);

/** ts-trueskill's ratings, or undefined where it throws ("floating point error" in extreme upsets). */
function referenceRate(
  env: TrueSkill,
  input: { teams: GaussianRating[][]; ranks: number[]; weights: number[][] | undefined },
): { mu: number; sigma: number }[][] | undefined {
  try {
    return env.rate(
      input.teams.map((team) => team.map((p) => new Rating(p.mu, p.sigma))),
      input.ranks,
      input.weights ?? null,
    );
  } catch {
    return undefined;
  }
}

describe('TrueSkill parity with ts-trueskill 5.1.0', () => {
  it('update matches to 1e-6 with gaussian: ts-trueskill (thousands of random matches)', () => {
    fc.assert(
      fc.property(twoTeamCase, ({ teams, ranks, weights, drawProbability }) => {
        const env = new TrueSkill(undefined, undefined, undefined, undefined, drawProbability);
        const expected = referenceRate(env, { teams, ranks, weights });
        fc.pre(expected !== undefined);
        const model = createTrueSkill({ drawProbability, gaussian: 'ts-trueskill' });
        const match = weights === undefined ? { teams } : { teams, weights };
        assertRatings(model.update(match, { ranks }), expected as { mu: number; sigma: number }[][], 1e-6);
      }),
      { numRuns: RUNS },
    );
  });

  it('with exact Gaussians the gap to ts-trueskill stays below 1e-4 (its erfc\u2019s 1.2e-7 error)', () => {
    // Weights >= 0.1: with tinier weights the normalised draw margin eps / c reaches ~45, where
    // ts-trueskill's cdf underflows to 0 and it falls back to v = -x (off by 1/|x|).
    fc.assert(
      fc.property(twoTeamCaseWith(0.1), ({ teams, ranks, weights, drawProbability }) => {
        const env = new TrueSkill(undefined, undefined, undefined, undefined, drawProbability);
        const expected = referenceRate(env, { teams, ranks, weights });
        fc.pre(expected !== undefined);
        const match = weights === undefined ? { teams } : { teams, weights };
        const ours = createTrueSkill({ drawProbability }).update(match, { ranks });
        assertRatings(ours, expected as { mu: number; sigma: number }[][], 1e-4);
      }),
      { numRuns: RUNS / 2 },
    );
  });

  it('quality and winProbability match ts-trueskill', () => {
    fc.assert(
      fc.property(twoTeamCase, ({ teams, weights }) => {
        const env = new TrueSkill();
        const reference = teams.map((team) => team.map((p) => new Rating(p.mu, p.sigma)));
        const exact = createTrueSkill();
        const compatible = createTrueSkill({ gaussian: 'ts-trueskill' });
        const match = weights === undefined ? { teams } : { teams, weights };
        // quality has no erf in it: exact and ts-trueskill agree to rounding.
        assertClose(exact.quality(match), env.quality(reference, weights ?? undefined), 1e-9, 'quality');
        const [a, b] = reference as [Rating[], Rating[]];
        // 1e-7, not 1e-12: ts-trueskill stores mu as tau / pi (an ulp off), and its erfc jumps by
        // 3e-8 at 0, so a gap of exactly 0 against one of 1e-15 differs by that jump.
        assertClose(compatible.winProbability({ teams }), env.winProbability(a, b), 1e-7, 'winProbability');
        assertClose(
          exact.winProbability({ teams }),
          env.winProbability(a, b),
          1e-6,
          'winProbability (exact)',
        );
      }),
      { numRuns: RUNS / 2 },
    );
  });
});

describe('TrueSkill properties', () => {
  const model = createTrueSkill();
  it('winners gain mu, losers lose mu (never the reverse); predictions sum to 1; swapping teams swaps them', () => {
    fc.assert(
      fc.property(twoTeamCase, ({ teams, weights }) => {
        const match = weights === undefined ? { teams } : { teams, weights };
        const [winners, losers] = model.update(match, { ranks: [1, 2] }) as [
          GaussianRating[],
          GaussianRating[],
        ];
        winners.forEach((p, i) => {
          assert.ok(p.mu >= (teams[0][i] as GaussianRating).mu);
        });
        losers.forEach((p, i) => {
          assert.ok(p.mu <= (teams[1][i] as GaussianRating).mu);
        });
        const { win, draw } = model.predict(match);
        assertClose((win[0] as number) + (win[1] as number) + draw, 1, 1e-12, 'sum');
        const swapped = model.predict({
          teams: [teams[1], teams[0]],
          ...(weights === undefined ? {} : { weights: [weights[1], weights[0]] }),
        });
        assertClose(swapped.win[0] as number, win[1] as number, 1e-12, 'swap');
      }),
      { numRuns: RUNS / 4 },
    );
  });

  it('a draw between equal teams leaves every mu unchanged and shrinks sigma', () => {
    fc.assert(
      fc.property(fc.array(ratingArb, { minLength: 1, maxLength: 5 }), (team) => {
        const updated = model.update({ teams: [team, team] }, { ranks: [1, 1] });
        for (const out of updated) {
          out.forEach((p, i) => {
            assertClose(p.mu, (team[i] as GaussianRating).mu, 1e-9, 'mu');
            assert.ok(p.sigma < Math.hypot((team[i] as GaussianRating).sigma, 25 / 300));
          });
        }
      }),
      { numRuns: RUNS / 4 },
    );
  });

  it('never mutates its input; weight 0 leaves a player\u2019s mu alone', () => {
    fc.assert(
      fc.property(twoTeamCase, ({ teams, ranks }) => {
        const weights = [teams[0].map((_, i) => (i === 0 ? 0 : 1)), teams[1].map(() => 1)];
        fc.pre(teams[0].length > 1);
        const input = deepFreeze({ teams, weights });
        const result = deepFreeze({ ranks });
        const before = JSON.stringify(snapshot({ input, result }));
        const updated = model.update(input, result);
        model.predict(input);
        model.quality(input);
        assert.equal(JSON.stringify({ input, result }), before);
        assert.equal(updated[0]?.[0]?.mu, teams[0][0]?.mu);
      }),
      { numRuns: RUNS / 4 },
    );
  });
});

describe('TrueSkill rejects bad input', () => {
  const model = createTrueSkill();
  const ok = model.initial();
  const throwsCode = (code: ErrorCode, run: () => unknown): void => {
    assert.throws(run, (error: unknown) => isMatchdError(error, code), `expected ${code}`);
  };
  it('ratings, teams, results and options', () => {
    for (const bad of [
      { mu: Number.NaN, sigma: 1 },
      { mu: 1, sigma: -1 },
      { mu: 1, sigma: Number.POSITIVE_INFINITY },
    ]) {
      throwsCode(ErrorCodes.INVALID_RATING, () =>
        model.update(deepFreeze({ teams: [[ok], [bad]] }), { ranks: [1, 2] }),
      );
    }
    throwsCode(ErrorCodes.INVALID_TEAMS, () =>
      model.update({ teams: [[ok], [ok], [ok]] }, { ranks: [1, 2, 3] }),
    );
    throwsCode(ErrorCodes.INVALID_TEAMS, () => model.update({ teams: [[ok], []] }, { ranks: [1, 2] }));
    throwsCode(ErrorCodes.INVALID_TEAMS, () => model.predict({ teams: [[ok], [ok]], weights: [[1], [2]] }));
    throwsCode(ErrorCodes.INVALID_RESULT, () => model.update({ teams: [[ok], [ok]] }, { ranks: [1] }));
    throwsCode(ErrorCodes.INVALID_RESULT, () =>
      model.update({ teams: [[ok], [ok]] }, { ranks: [1, Number.NaN] }),
    );
    for (const options of [
      { beta: 0 },
      { drawProbability: 1 },
      { drawProbability: -0.1 },
      { tau: -1 },
      { gamma: 1 },
    ]) {
      throwsCode(ErrorCodes.INVALID_OPTION, () =>
        createTrueSkill(options as Parameters<typeof createTrueSkill>[0]),
      );
    }
    throwsCode(ErrorCodes.INVALID_OPTION, () =>
      createTrueSkill({ gaussian: 'fast' } as unknown as Parameters<typeof createTrueSkill>[0]),
    );
  });
});
