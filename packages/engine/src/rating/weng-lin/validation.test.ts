// Bad input throws a MatchdError with a stable code, before anything is computed, and changes
// nothing (the inputs are deep-frozen, so a mutation would throw a TypeError instead).

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type ErrorCode, ErrorCodes, isMatchdError } from '../../errors.ts';
import type { MatchResult, RatedMatch } from '../types.ts';
import {
  createBradleyTerryFull,
  createBradleyTerryPart,
  createPlackettLuce,
  createThurstoneMostellerFull,
  createThurstoneMostellerPart,
} from './model.ts';
import { deepFreeze } from './test-support/arbitraries.ts';
import type { GaussianRating, ThurstoneMostellerOptions, WengLinModel } from './types.ts';

const creators = [
  createPlackettLuce,
  createBradleyTerryFull,
  createBradleyTerryPart,
  createThurstoneMostellerFull,
  createThurstoneMostellerPart,
];

function throwsCode(code: ErrorCode, run: () => unknown): void {
  assert.throws(run, (error: unknown) => isMatchdError(error, code), `expected ${code}`);
}

const ok = { mu: 25, sigma: 8 };

function expectUpdateError(
  model: WengLinModel,
  match: RatedMatch<GaussianRating>,
  result: MatchResult,
  code: ErrorCode,
): void {
  deepFreeze(match);
  deepFreeze(result);
  throwsCode(code, () => model.update(match, result));
}

for (const create of creators) {
  const model = create();
  describe(`${model.name} rejects bad input`, () => {
    it('ratings: NaN, Infinity, negative or zero sigma -> MM_ERR_INVALID_RATING', () => {
      const bad: GaussianRating[] = [
        { mu: Number.NaN, sigma: 8 },
        { mu: Number.POSITIVE_INFINITY, sigma: 8 },
        { mu: 25, sigma: -1 },
        { mu: 25, sigma: 0 },
        { mu: 25, sigma: Number.NaN },
        { mu: 25, sigma: Number.POSITIVE_INFINITY },
      ];
      for (const rating of bad) {
        expectUpdateError(model, { teams: [[ok], [rating]] }, { ranks: [1, 2] }, ErrorCodes.INVALID_RATING);
        throwsCode(ErrorCodes.INVALID_RATING, () => model.predict({ teams: [[ok], [rating]] }));
        throwsCode(ErrorCodes.INVALID_RATING, () => model.validate(rating));
      }
      model.validate(ok);
    });

    it('teams: one team, an empty team, weights that do not fit -> MM_ERR_INVALID_TEAMS', () => {
      const cases: RatedMatch<GaussianRating>[] = [
        { teams: [[ok]] },
        { teams: [] },
        { teams: [[ok], []] },
        { teams: [[ok], [ok]], weights: [[1]] },
        { teams: [[ok], [ok]], weights: [[1], [1, 1]] },
        { teams: [[ok], [ok]], weights: [[1], [1.5]] },
        { teams: [[ok], [ok]], weights: [[1], [-0.1]] },
        { teams: [[ok], [ok]], weights: [[1], [Number.NaN]] },
        { teams: [[ok], [ok, ok]], weights: [[1], [0, 0]] },
      ];
      for (const match of cases) {
        const ranks = match.teams.map((_, i) => i + 1);
        expectUpdateError(model, match, { ranks }, ErrorCodes.INVALID_TEAMS);
      }
    });

    it('results: wrong rank count, non-finite ranks or scores -> MM_ERR_INVALID_RESULT', () => {
      const results: MatchResult[] = [
        { ranks: [1] },
        { ranks: [1, 2, 3] },
        { ranks: [1, Number.NaN] },
        { ranks: [1, Number.POSITIVE_INFINITY] },
        { ranks: [1, 2], scores: [1] },
        { ranks: [1, 2], scores: [1, Number.NaN] },
        { ranks: [1, 2], homeTeam: 2 },
      ];
      for (const result of results) {
        expectUpdateError(model, { teams: [[ok], [ok]] }, result, ErrorCodes.INVALID_RESULT);
      }
    });
  });
}

describe('Weng-Lin options', () => {
  it('unknown or out-of-range options -> MM_ERR_INVALID_OPTION', () => {
    const bad: Record<string, unknown>[] = [
      { betta: 4 },
      { beta: 0 },
      { beta: Number.NaN },
      { sigma: -1 },
      { kappa: 0 },
      { kappa: 2 },
      { tau: -0.1 },
      { mu: Number.POSITIVE_INFINITY },
      { margin: -1 },
      { limitSigma: 'yes' },
      { gamma: 3 },
    ];
    for (const options of bad) {
      for (const create of creators) {
        throwsCode(ErrorCodes.INVALID_OPTION, () => create(options as ThurstoneMostellerOptions));
      }
    }
    // epsilon and truncation belong to Thurstone-Mosteller only.
    throwsCode(ErrorCodes.INVALID_OPTION, () =>
      createPlackettLuce({ epsilon: 0.1 } as ThurstoneMostellerOptions),
    );
    throwsCode(ErrorCodes.INVALID_OPTION, () => createThurstoneMostellerFull({ epsilon: 0 }));
    throwsCode(ErrorCodes.INVALID_OPTION, () =>
      createThurstoneMostellerFull({ truncation: 'fast' } as unknown as ThurstoneMostellerOptions),
    );
    createThurstoneMostellerPart({ epsilon: 0.5, truncation: 'openskill' });
  });

  it('a gamma that returns NaN or a negative number -> MM_ERR_INVALID_OPTION at update', () => {
    for (const value of [Number.NaN, -1]) {
      for (const create of creators) {
        const model = create({ gamma: () => value });
        expectUpdateError(model, { teams: [[ok], [ok]] }, { ranks: [1, 2] }, ErrorCodes.INVALID_OPTION);
      }
    }
  });
});
