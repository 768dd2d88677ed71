// Parity with the reference implementation: openskill 5.0.1 (npm, openskill.js commit 0bf4361),
// src/rate.ts, src/models/*.ts, src/predict-win.ts, src/predict-draw.ts, src/predict-rank.ts.
// Thousands of random matches per model: 2..5 teams of 1..5 players, ranks with ties, random
// options; every mu and sigma, and every prediction, must agree to 1e-9.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { type Options, predictDraw, predictRank, predictWin, rate } from 'openskill';
import {
  bradleyTerryFull,
  bradleyTerryPart,
  plackettLuce,
  thurstoneMostellerFull,
  thurstoneMostellerPart,
} from 'openskill/models';
import {
  createBradleyTerryFull,
  createBradleyTerryPart,
  createPlackettLuce,
  createThurstoneMostellerFull,
  createThurstoneMostellerPart,
} from './model.ts';
import type { GaussianRating, ThurstoneMostellerOptions, WengLinModel } from './types.ts';

const TOLERANCE = 1e-9;
const RUNS = 2000;

type Model = NonNullable<Options['model']>;

interface Case {
  readonly teams: GaussianRating[][];
  readonly ranks: number[];
  readonly options: {
    beta?: number;
    tau?: number;
    kappa?: number;
    epsilon?: number;
    limitSigma?: boolean;
  };
}

const rating = fc.record({
  mu: fc.double({ min: 0, max: 50, noNaN: true }),
  sigma: fc.double({ min: 0.5, max: 10, noNaN: true }),
});

/** 2..5 teams of 1..5 players; ranks drawn from 1..teamCount, so ties are common. */
const matchCase: fc.Arbitrary<Case> = fc.integer({ min: 2, max: 5 }).chain((teamCount) =>
  fc.record({
    teams: fc.array(fc.array(rating, { minLength: 1, maxLength: 5 }), {
      minLength: teamCount,
      maxLength: teamCount,
    }),
    ranks: fc.array(fc.integer({ min: 1, max: teamCount }), { minLength: teamCount, maxLength: teamCount }),
    options: fc.record(
      {
        beta: fc.double({ min: 0.5, max: 10, noNaN: true }),
        tau: fc.double({ min: 0, max: 1, noNaN: true }),
        kappa: fc.double({ min: 1e-6, max: 0.1, noNaN: true }),
        epsilon: fc.double({ min: 0.01, max: 2, noNaN: true }),
        limitSigma: fc.boolean(),
      },
      { requiredKeys: [] },
    ),
  }),
);

function assertClose(actual: number, expected: number, label: string): void {
  assert.ok(
    Math.abs(actual - expected) <= TOLERANCE,
    `${label}: ours ${actual}, openskill ${expected} (diff ${Math.abs(actual - expected)})`,
  );
}

function assertSameRatings(ours: GaussianRating[][], theirs: readonly (readonly GaussianRating[])[]): void {
  assert.equal(ours.length, theirs.length);
  ours.forEach((team, t) => {
    team.forEach((player, p) => {
      const reference = theirs[t]?.[p] as GaussianRating;
      assertClose(player.mu, reference.mu, `team ${t} player ${p} mu`);
      assertClose(player.sigma, reference.sigma, `team ${t} player ${p} sigma`);
    });
  });
}

interface Contender {
  readonly name: string;
  readonly reference: Model;
  readonly thurstone: boolean;
  readonly create: (options: ThurstoneMostellerOptions) => WengLinModel;
}

const contenders: Contender[] = [
  { name: 'Plackett-Luce', reference: plackettLuce, thurstone: false, create: createPlackettLuce },
  {
    name: 'Bradley-Terry full',
    reference: bradleyTerryFull,
    thurstone: false,
    create: createBradleyTerryFull,
  },
  {
    name: 'Bradley-Terry part',
    reference: bradleyTerryPart,
    thurstone: false,
    create: createBradleyTerryPart,
  },
  {
    name: 'Thurstone-Mosteller full',
    reference: thurstoneMostellerFull,
    thurstone: true,
    create: (options) => createThurstoneMostellerFull({ ...options, truncation: 'openskill' }),
  },
  {
    name: 'Thurstone-Mosteller part',
    reference: thurstoneMostellerPart,
    thurstone: true,
    create: (options) => createThurstoneMostellerPart({ ...options, truncation: 'openskill' }),
  },
];

/** The options both sides take; epsilon only for Thurstone-Mosteller (openskill ignores it elsewhere). */
function sharedOptions(options: Case['options'], thurstone: boolean): Case['options'] {
  if (thurstone) return options;
  const { epsilon: _epsilon, ...rest } = options;
  return rest;
}

for (const contender of contenders) {
  describe(`${contender.name} matches openskill 5 to 1e-9`, () => {
    it('rate: every mu and sigma, random teams, ranks with ties and options', () => {
      fc.assert(
        fc.property(matchCase, ({ teams, ranks, options }) => {
          const shared = sharedOptions(options, contender.thurstone);
          const ours = contender.create(shared).update({ teams }, { ranks });
          const theirs = rate(teams, { ...shared, model: contender.reference, rank: ranks });
          assertSameRatings(ours, theirs);
        }),
        { numRuns: RUNS },
      );
    });

    it('rate with scores and a margin (openskill ranks by -score)', () => {
      fc.assert(
        fc.property(
          matchCase,
          fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 5, maxLength: 5 }),
          fc.double({ min: 0.5, max: 5, noNaN: true }),
          ({ teams }, allScores, margin) => {
            const scores = allScores.slice(0, teams.length);
            const model = contender.create({ margin });
            const ours = model.update({ teams }, { ranks: scores.map((s) => -s), scores });
            const theirs = rate(teams, { model: contender.reference, score: scores, margin });
            assertSameRatings(ours, theirs);
          },
        ),
        { numRuns: RUNS / 4 },
      );
    });

    it('predictWin, predictDraw and predictRank', () => {
      fc.assert(
        fc.property(matchCase, ({ teams, options }) => {
          const beta = options.beta;
          const model = contender.create(beta === undefined ? {} : { beta });
          const reference = beta === undefined ? {} : { beta };
          const win = model.predictWin({ teams });
          const referenceWin = predictWin(teams, reference);
          win.forEach((p, t) => {
            assertClose(p, referenceWin[t] as number, `predictWin[${t}]`);
          });
          assertClose(model.predictDraw({ teams }), predictDraw(teams, reference), 'predictDraw');
          const ranks = model.predictRank({ teams });
          const referenceRanks = predictRank(teams, reference);
          ranks.forEach(([rank, p], t) => {
            const [referenceRank, referenceP] = referenceRanks[t] as [number, number];
            assertClose(p, referenceP, `predictRank[${t}] probability`);
            // Ranks come from comparing probabilities: equal only where no two are within 1e-9.
            const nearTie = win.some((q, u) => u !== t && Math.abs(q - p) < TOLERANCE);
            if (!nearTie) assert.equal(rank, referenceRank);
          });
        }),
        { numRuns: RUNS },
      );
    });
  });
}

describe('custom gamma matches openskill', () => {
  it('gamma = 1 / teamCount (the paper\u2019s alternative) for every model', () => {
    fc.assert(
      fc.property(matchCase, ({ teams, ranks }) => {
        for (const contender of contenders) {
          const ours = contender
            .create({ gamma: ({ teamCount }) => 1 / teamCount })
            .update({ teams }, { ranks });
          const theirs = rate(teams, {
            model: contender.reference,
            rank: ranks,
            gamma: (_c, k) => 1 / k,
          });
          assertSameRatings(ours, theirs);
        }
      }),
      { numRuns: RUNS / 4 },
    );
  });
});

describe('Thurstone-Mosteller with exact truncation', () => {
  it('agrees with openskill to 1e-9 where openskill\u2019s cut-offs are not reached', () => {
    // Close matches (equal team sizes, mu within 2 of each other): every pairwise gap stays well
    // inside openskill's accurate range.
    const closeRating = fc.record({
      mu: fc.double({ min: 24, max: 26, noNaN: true }),
      sigma: fc.double({ min: 4, max: 8.4, noNaN: true }),
    });
    const closeTeams = fc
      .tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 2, max: 4 }))
      .chain(([size, count]) =>
        fc.array(fc.array(closeRating, { minLength: size, maxLength: size }), {
          minLength: count,
          maxLength: count,
        }),
      );
    fc.assert(
      fc.property(
        closeTeams,
        fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 4, maxLength: 4 }),
        fc.boolean(),
        (teams, allRanks, full) => {
          const ranks = allRanks.slice(0, teams.length);
          const model = full ? createThurstoneMostellerFull() : createThurstoneMostellerPart();
          const reference = full ? thurstoneMostellerFull : thurstoneMostellerPart;
          assertSameRatings(
            model.update({ teams }, { ranks }),
            rate(teams, { model: reference, rank: ranks }),
          );
        },
      ),
      { numRuns: RUNS / 2 },
    );
  });

  it('differs from openskill where openskill falls back to its linear approximation', () => {
    // A draw between teams 10 c apart: openskill's band mass is < 1e-5, so it uses -x + t.
    const teams = [[{ mu: 60, sigma: 1 }], [{ mu: 0, sigma: 1 }]];
    const ranks = [1, 1];
    const exact = createThurstoneMostellerFull().update({ teams }, { ranks });
    const theirs = rate(teams, { model: thurstoneMostellerFull, rank: ranks });
    const compatible = createThurstoneMostellerFull({ truncation: 'openskill' }).update({ teams }, { ranks });
    assertSameRatings(compatible, theirs);
    assert.ok(Math.abs((exact[0]?.[0]?.mu as number) - (theirs[0]?.[0]?.mu as number)) > 1e-6);
  });
});
