import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { isMatchdError } from '../errors.ts';
import { eommMatchCost, eommPairCost, fairnessFloorCost } from './eomm-cost.ts';
import type { OutcomeChurn } from './outcomes.ts';

const churnArb = fc.record({
  win: fc.double({ min: 0, max: 1, noNaN: true }),
  draw: fc.double({ min: 0, max: 1, noNaN: true }),
  loss: fc.double({ min: 0, max: 1, noNaN: true }),
});

describe('eommPairCost', () => {
  it('matches the hand-computed expectation of the paper formula', () => {
    const churnI: OutcomeChurn = { win: 0.4, draw: 0.45, loss: 0.5 };
    const churnJ: OutcomeChurn = { win: 0.42, draw: 0.5, loss: 0.6 };
    // P = 0.75, d = 0.2: win 0.6, draw 0.2, loss 0.2.
    const expected = 0.6 * (0.4 + 0.6) + 0.2 * (0.45 + 0.5) + 0.2 * (0.5 + 0.42);
    assert.ok(
      Math.abs(eommPairCost({ winProbability: 0.75, drawProbability: 0.2, churnI, churnJ }) - expected) <
        1e-12,
    );
  });

  it('is the same pair seen from either side', () => {
    fc.assert(
      fc.property(
        churnArb,
        churnArb,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (a, b, p, d) => {
          const ij = eommPairCost({ winProbability: p, drawProbability: d, churnI: a, churnJ: b });
          const ji = eommPairCost({ winProbability: 1 - p, drawProbability: d, churnI: b, churnJ: a });
          return Math.abs(ij - ji) < 1e-12;
        },
      ),
    );
  });

  it('is indifferent to the opponent when churn does not depend on the outcome', () => {
    const flat = { win: 0.3, draw: 0.3, loss: 0.3 };
    for (const p of [0, 0.3, 0.9]) {
      assert.ok(
        Math.abs(
          eommPairCost({ winProbability: p, drawProbability: 0.2, churnI: flat, churnJ: flat }) - 0.6,
        ) < 1e-12,
      );
    }
  });
});

describe('eommMatchCost for teams', () => {
  it('sums every player of a team under the team outcome', () => {
    const a = [
      { win: 0.1, draw: 0.2, loss: 0.3 },
      { win: 0.2, draw: 0.2, loss: 0.4 },
    ];
    const b = [{ win: 0.1, draw: 0.1, loss: 0.5 }];
    const cost = eommMatchCost({ prediction: { win: [0.5, 0.3], draw: 0.2 }, churn: [a, b] });
    const expected = 0.5 * (0.3 + 0.5) + 0.2 * (0.4 + 0.1) + 0.3 * (0.7 + 0.1);
    assert.ok(Math.abs(cost - expected) < 1e-12);
  });

  it('forbids or penalises a match beyond the fairness floor', () => {
    const churn: [OutcomeChurn[], OutcomeChurn[]] = [
      [{ win: 0.1, draw: 0.2, loss: 0.3 }],
      [{ win: 0.1, draw: 0.2, loss: 0.3 }],
    ];
    const lopsided = { win: [0.72, 0.08], draw: 0.2 }; // decisive 0.9 for team 0
    const plain = eommMatchCost({ prediction: lopsided, churn });
    assert.equal(
      eommMatchCost({
        prediction: lopsided,
        churn,
        fairness: { maxFavouriteWinProbability: 0.8, mode: 'forbid' },
      }),
      Infinity,
    );
    const penalised = eommMatchCost({
      prediction: lopsided,
      churn,
      fairness: { maxFavouriteWinProbability: 0.8, mode: 'penalty', penaltyPerUnit: 5 },
    });
    assert.ok(Math.abs(penalised - plain - 5 * 0.1) < 1e-9);
    assert.equal(fairnessFloorCost({ maxFavouriteWinProbability: 0.8, mode: 'forbid' }, 0.25), 0);
    assert.equal(fairnessFloorCost({ maxFavouriteWinProbability: 0.8, mode: 'forbid' }, 0.15), Infinity);
  });

  it('rejects bad input with typed errors', () => {
    const player = { win: 0.1, draw: 0.2, loss: 0.3 };
    const bad = [
      () => eommMatchCost({ prediction: { win: [0.5, 0.3, 0.1], draw: 0.1 }, churn: [[player], [player]] }),
      () => eommMatchCost({ prediction: { win: [0.5, 0.6], draw: 0.2 }, churn: [[player], [player]] }),
      () => eommMatchCost({ prediction: { win: [0.5, 0.3], draw: 0.2 }, churn: [[], [player]] }),
      () =>
        eommMatchCost({
          prediction: { win: [0.5, 0.3], draw: 0.2 },
          churn: [[{ ...player, loss: Number.NaN }], [player]],
        }),
      () =>
        eommMatchCost({
          prediction: { win: [0.5, 0.3], draw: 0.2 },
          churn: [[player], [player]],
          fairness: { maxFavouriteWinProbability: 0.4, mode: 'forbid' },
        }),
      () => eommPairCost({ winProbability: 1.2, drawProbability: 0.2, churnI: player, churnJ: player }),
    ];
    for (const call of bad) assert.throws(call, (error) => isMatchdError(error));
  });
});
