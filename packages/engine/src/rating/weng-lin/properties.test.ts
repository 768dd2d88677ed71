// Behaviour users rely on, for every Weng-Lin model: winners gain, losers lose, a tie between
// equals changes no mean, predictions are probabilities that sum to 1, weights act as partial
// play, and inputs are never mutated.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  createBradleyTerryFull,
  createBradleyTerryPart,
  createPlackettLuce,
  createThurstoneMostellerFull,
  createThurstoneMostellerPart,
} from './model.ts';
import { deepFreeze, ratingArb, snapshot, teamsArb, weightsFor } from './test-support/arbitraries.ts';
import type { WengLinModel } from './types.ts';

const models: WengLinModel[] = [
  createPlackettLuce(),
  createBradleyTerryFull(),
  createBradleyTerryPart(),
  createThurstoneMostellerFull(),
  createThurstoneMostellerPart(),
];

const RUNS = 300;

/** Teams plus distinct ranks 1..n in a random order (no ties). */
const rankedMatch = teamsArb({ minTeams: 2, maxTeams: 5, maxSize: 5 }).chain((teams) =>
  fc.record({
    teams: fc.constant(teams),
    ranks: fc.shuffledSubarray(
      teams.map((_, i) => i + 1),
      { minLength: teams.length, maxLength: teams.length },
    ),
  }),
);

for (const model of models) {
  describe(model.name, () => {
    it('the winning team gains mu and the last team loses mu, every player', () => {
      fc.assert(
        fc.property(rankedMatch, ({ teams, ranks }) => {
          const updated = model.update({ teams }, { ranks });
          const first = ranks.indexOf(1);
          const last = ranks.indexOf(teams.length);
          // A foregone result (a heavy favourite winning) can move mu by less than one ulp: then
          // "never the wrong way" is all that floating point can show. The update is a sum over
          // pairwise comparisons, so "foregone" is judged pair by pair, not by the n-team predictWin.
          const pairwiseWin = (a: number, b: number): number =>
            model.predictWin({ teams: [teams[a] ?? [], teams[b] ?? []] })[0] as number;
          const others = teams.map((_, index) => index);
          const surprising =
            others.every((other) => other === first || pairwiseWin(first, other) < 0.99) &&
            others.every((other) => other === last || pairwiseWin(last, other) > 0.01);
          updated[first]?.forEach((p, i) => {
            const before = teams[first]?.[i]?.mu as number;
            assert.ok(surprising ? p.mu > before : p.mu >= before, 'winner gains');
          });
          updated[last]?.forEach((p, i) => {
            const before = teams[last]?.[i]?.mu as number;
            assert.ok(surprising ? p.mu < before : p.mu <= before, 'last loses');
          });
        }),
        { numRuns: RUNS },
      );
    });

    it('a tie between equal teams leaves every mu unchanged', () => {
      fc.assert(
        fc.property(
          fc.array(ratingArb, { minLength: 1, maxLength: 5 }),
          fc.integer({ min: 2, max: 5 }),
          (team, count) => {
            const teams = Array.from({ length: count }, () => team);
            const updated = model.update({ teams }, { ranks: teams.map(() => 1) });
            for (const out of updated) {
              out.forEach((p, i) => {
                assert.ok(Math.abs(p.mu - (team[i]?.mu as number)) < 1e-9, `mu moved to ${p.mu}`);
              });
            }
          },
        ),
        { numRuns: RUNS },
      );
    });

    it('predict gives probabilities that sum to 1; predictWin sums to 1 too', () => {
      fc.assert(
        fc.property(teamsArb({ minTeams: 2, maxTeams: 5, maxSize: 5 }), (teams) => {
          const { win, draw } = model.predict({ teams });
          assert.equal(win.length, teams.length);
          assert.ok(draw >= 0 && draw <= 1);
          for (const p of win) assert.ok(p >= 0 && p <= 1);
          assert.ok(Math.abs(win.reduce((a, b) => a + b, 0) + draw - 1) < 1e-12);
          assert.ok(Math.abs(model.predictWin({ teams }).reduce((a, b) => a + b, 0) - 1) < 1e-12);
        }),
        { numRuns: RUNS },
      );
    });

    it('a two-team prediction is symmetric: swapping the teams swaps win and loss', () => {
      fc.assert(
        fc.property(teamsArb({ minTeams: 2, maxTeams: 2, maxSize: 5 }), (teams) => {
          const forward = model.predict({ teams });
          const backward = model.predict({ teams: [teams[1] ?? [], teams[0] ?? []] });
          assert.ok(Math.abs((forward.win[0] as number) - (backward.win[1] as number)) < 1e-12);
          assert.ok(Math.abs(forward.draw - backward.draw) < 1e-12);
        }),
        { numRuns: RUNS },
      );
    });

    it('never mutates its input (deep-frozen teams, weights and result)', () => {
      fc.assert(
        fc.property(
          rankedMatch.chain((m) => fc.record({ match: fc.constant(m), weights: weightsFor(m.teams) })),
          ({ match, weights }) => {
            const input = { teams: match.teams, weights };
            const result = { ranks: match.ranks };
            const before = snapshot({ input, result });
            deepFreeze(input);
            deepFreeze(result);
            model.update(input, result);
            model.predict(input);
            assert.equal(JSON.stringify({ input, result }), JSON.stringify(before));
          },
        ),
        { numRuns: RUNS },
      );
    });

    it('weights: all ones equal no weights; weight 0 keeps mu', () => {
      fc.assert(
        fc.property(rankedMatch, ({ teams, ranks }) => {
          const plain = model.update({ teams }, { ranks });
          const ones = model.update({ teams, weights: teams.map((t) => t.map(() => 1)) }, { ranks });
          assert.deepEqual(ones, plain);
          if ((teams[0]?.length as number) < 2) return;
          const weights = teams.map((t, i) => t.map((_, p) => (i === 0 && p === 0 ? 0 : 1)));
          const absent = model.update({ teams, weights }, { ranks });
          assert.equal(absent[0]?.[0]?.mu, teams[0]?.[0]?.mu);
        }),
        { numRuns: RUNS },
      );
    });

    it('between equally skilled players, a part-time player moves less than a full-time one', () => {
      // (With unequal skills a weight also weakens the team, which changes the surprise of the
      // result, so the move is not monotone in the weight in general: as in TrueSkill.)
      const equalTeams = fc.array(
        fc.array(
          fc.double({ min: 0.5, max: 10, noNaN: true }).map((sigma) => ({ mu: 0, sigma })),
          { minLength: 1, maxLength: 5 },
        ),
        { minLength: 2, maxLength: 5 },
      );
      fc.assert(
        fc.property(equalTeams, fc.double({ min: 0.01, max: 0.99, noNaN: true }), (teams, w) => {
          const ranks = teams.map((_, i) => i + 1);
          const weights = teams.map((t, i) => t.map((_, p) => (i === 0 && p === 0 ? w : 1)));
          const full = Math.abs(model.update({ teams }, { ranks })[0]?.[0]?.mu as number);
          const partial = Math.abs(model.update({ teams, weights }, { ranks })[0]?.[0]?.mu as number);
          assert.ok(partial < full, `weight ${w}: moved ${partial}, full-time ${full}`);
        }),
        { numRuns: RUNS },
      );
    });
  });
}

describe('Weng-Lin defaults', () => {
  it('1v1 between new players under Plackett-Luce: 27.635 / 22.365, sigma 8.066 (openskill)', () => {
    const model = createPlackettLuce();
    const [[winner], [loser]] = model.update(
      { teams: [[model.initial()], [model.initial()]] },
      { ranks: [1, 2] },
    ) as [[{ mu: number; sigma: number }], [{ mu: number; sigma: number }]];
    assert.ok(Math.abs(winner.mu - 27.635389493140497) < 1e-12);
    assert.ok(Math.abs(loser.mu - 22.364610506859503) < 1e-12);
    assert.ok(Math.abs(winner.sigma - 8.065901413543681) < 1e-12);
    assert.deepEqual(model.estimate(winner), { mean: winner.mu, deviation: winner.sigma });
  });

  it('limitSigma never lets sigma grow through tau', () => {
    const model = createBradleyTerryFull({ limitSigma: true, tau: 1 });
    const teams = [[{ mu: 25, sigma: 0.5 }], [{ mu: 25, sigma: 0.5 }]];
    const updated = model.update({ teams }, { ranks: [1, 1] });
    assert.ok(updated.flat().every((p) => p.sigma <= 0.5));
    const free = createBradleyTerryFull({ tau: 1 }).update({ teams }, { ranks: [1, 1] });
    assert.ok((free[0]?.[0]?.sigma as number) > 0.5);
  });

  it('a margin makes a big score gap move mu further than a small one', () => {
    const model = createPlackettLuce({ margin: 1 });
    const teams = [[model.initial()], [model.initial()]];
    const narrow = model.update({ teams }, { ranks: [1, 2], scores: [2, 1] });
    const wide = model.update({ teams }, { ranks: [1, 2], scores: [10, 1] });
    assert.ok((wide[0]?.[0]?.mu as number) > (narrow[0]?.[0]?.mu as number));
  });
});
