import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isMatchdError } from '../../errors.ts';
import { Random } from '../../random.ts';
import { sigmoid } from '../../stats/logistic-regression.ts';
import {
  fitPartyBonus,
  type PartyBonusCoefficients,
  type PartyMatchRecord,
  type PartyPlayer,
  partyAdjustedRatings,
  partyFeatures,
} from './party-adjustment.ts';

test('features: party size, spread and place in the party; solo players get none', () => {
  const team: PartyPlayer[] = [
    { rating: 2994, partyId: 'D' },
    { rating: 2788, partyId: 'F' },
    { rating: 2687 },
    { rating: 2626, partyId: 'F' },
    { rating: 2401, partyId: 'D' },
  ];
  assert.deepEqual(partyFeatures(team), [
    [1, 593, 0],
    [1, 162, 0],
    [0, 0, 0],
    [1, 162, 162],
    [1, 593, 593],
  ]);
  const adjusted = partyAdjustedRatings(team, { perExtraMember: 0, perSpread: 0.015, perBelowTop: 0 });
  // As in the post's example: the wider party (D) gets the bigger bonus, the solo player none.
  assert.ok(Math.abs((adjusted[0] as number) - 2994 - 8.895) < 1e-9);
  assert.ok(Math.abs((adjusted[1] as number) - 2788 - 2.43) < 1e-9);
  assert.equal(adjusted[2], 2687);
});

/** Synthetic 5v5 history where parties truly play above their ratings by `truth`. */
function history(truth: PartyBonusCoefficients, matches: number, seed: number): PartyMatchRecord[] {
  const random = Random.fromSeed(seed);
  const pool = Array.from({ length: 3000 }, () => random.normal(1500, 300));
  const partitions = [[1, 1, 1, 1, 1], [2, 1, 1, 1], [2, 2, 1], [3, 1, 1], [3, 2], [4, 1], [5]];
  const team = (tag: string): PartyPlayer[] => {
    const sizes = random.pick(partitions);
    const players: PartyPlayer[] = [];
    sizes.forEach((size, party) => {
      for (let i = 0; i < size; i++) {
        const rating = pool[random.int(pool.length)] as number;
        players.push(size > 1 ? { rating, partyId: `${tag}${party}` } : { rating });
      }
    });
    return players;
  };
  const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  return Array.from({ length: matches }, () => {
    const a = team('a');
    const b = team('b');
    const gap = mean(partyAdjustedRatings(a, truth)) - mean(partyAdjustedRatings(b, truth));
    const won = random.bernoulli(sigmoid((gap * Math.LN10) / 400));
    return { teams: [a, b], score: won ? 1 : 0 };
  });
}

test('the fit recovers the bonus of parties that truly play above their ratings', () => {
  const truth = { perExtraMember: 40, perSpread: 0.1, perBelowTop: 0.15 };
  const fit = fitPartyBonus(history(truth, 40_000, 11));
  assert.ok(
    Math.abs(fit.coefficients.perExtraMember - 40) < 8,
    `perExtraMember ${fit.coefficients.perExtraMember}`,
  );
  // Spread and place are correlated inside a party, so each alone is known to about +-0.03 (one
  // standard error over seeds); the bonus they add up to is known much better.
  assert.ok(Math.abs(fit.coefficients.perSpread - 0.1) < 0.08, `perSpread ${fit.coefficients.perSpread}`);
  assert.ok(
    Math.abs(fit.coefficients.perBelowTop - 0.15) < 0.1,
    `perBelowTop ${fit.coefficients.perBelowTop}`,
  );
  const party: PartyPlayer[] = [
    { rating: 1800, partyId: 'p' },
    { rating: 1500, partyId: 'p' },
    { rating: 1200, partyId: 'p' },
  ];
  // What outcomes identify is the party's total: its mean bonus (185 points here).
  const meanBonus = (coefficients: PartyBonusCoefficients) =>
    partyAdjustedRatings(party, coefficients).reduce(
      (sum, r, i) => sum + r - (party[i] as PartyPlayer).rating,
      0,
    ) / 3;
  assert.ok(
    Math.abs(meanBonus(fit.coefficients) - meanBonus(truth)) < 12,
    `mean bonus ${meanBonus(fit.coefficients)}`,
  );
  assert.ok(Math.abs(fit.logOddsPerRatingPoint - Math.LN10 / 400) < 0.0008);
  assert.ok(Math.abs(fit.team0LogOdds) < 0.05);
});

test('no party effect in the data: the fit finds a bonus near zero', () => {
  const fit = fitPartyBonus(history({ perExtraMember: 0, perSpread: 0, perBelowTop: 0 }, 40_000, 12));
  assert.ok(
    Math.abs(fit.coefficients.perExtraMember) < 8,
    `perExtraMember ${fit.coefficients.perExtraMember}`,
  );
  assert.ok(Math.abs(fit.coefficients.perSpread) < 0.08, `perSpread ${fit.coefficients.perSpread}`);
  assert.ok(Math.abs(fit.coefficients.perBelowTop) < 0.1, `perBelowTop ${fit.coefficients.perBelowTop}`);
});

test('bad history is a typed error', () => {
  assert.throws(
    () => fitPartyBonus([]),
    (e) => isMatchdError(e, 'MM_ERR_INVALID_DATA'),
  );
  assert.throws(
    () => fitPartyBonus([{ teams: [[{ rating: 1 }], [{ rating: 2 }]], score: 2 }]),
    (e) => isMatchdError(e, 'MM_ERR_INVALID_RESULT'),
  );
  assert.throws(
    () => partyFeatures([]),
    (e) => isMatchdError(e, 'MM_ERR_INVALID_TEAMS'),
  );
  assert.throws(
    () => partyFeatures([{ rating: Number.NaN }]),
    (e) => isMatchdError(e, 'MM_ERR_INVALID_RATING'),
  );
});
