import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { quantile, sampleSd, summarize } from './summary.ts';
import { studentTTwoSidedP, welchTTest } from './welch.ts';

// Reference values from scipy 1.17.1: stats.ttest_ind(a, b, equal_var=False) and 2 * stats.t.sf(t, df).
describe("Welch's t-test", () => {
  it('matches scipy on a small sample', () => {
    const result = welchTTest([1.2, 2.4, 3.1, 4.8, 5.0, 2.2], [2.9, 3.5, 4.1, 6.0, 5.5, 4.4, 3.9, 6.2]);
    assert.ok(Math.abs(result.t - -1.9279520493976083) < 1e-12);
    assert.ok(Math.abs(result.df - 9.396526840870658) < 1e-9);
    assert.ok(Math.abs(result.p - 0.08458681680894493) < 1e-10);
  });

  it("matches scipy's Student t tail probabilities", () => {
    assert.ok(Math.abs(studentTTwoSidedP(2.5, 7.3) - 0.03965023466560043) < 1e-12);
    assert.ok(Math.abs(studentTTwoSidedP(10, 40) / 1.9313117004115506e-12 - 1) < 1e-8);
    assert.ok(Math.abs(studentTTwoSidedP(0.3, 1000) - 0.7642395041672441) < 1e-12);
    assert.ok(studentTTwoSidedP(40, 19998) < 1e-300);
  });
});

describe('summary statistics', () => {
  it('interpolates quantiles like NumPy and uses the sample sd', () => {
    assert.equal(quantile([1, 2, 3, 4], 0.5), 2.5);
    assert.equal(quantile([10, 0, 20], 0.9), 18);
    assert.ok(Math.abs(sampleSd([2, 4, 4, 4, 5, 5, 7, 9]) - 2.138089935299395) < 1e-12);
    assert.deepEqual(summarize([5]).count, 1);
  });
});
