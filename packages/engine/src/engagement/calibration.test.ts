import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isMatchdError } from '../errors.ts';
import { calibrationReport } from './calibration.ts';

describe('calibrationReport', () => {
  it('bins forecasts and compares each bin with what was observed', () => {
    const report = calibrationReport([0.05, 0.15, 0.12, 0.95], [0, 1, 0, 1], { bins: 10 });
    assert.equal(report.bins[1]?.count, 2);
    assert.ok(Math.abs((report.bins[1]?.meanPredicted as number) - 0.135) < 1e-12);
    assert.equal(report.bins[1]?.meanObserved, 0.5);
    assert.equal(report.bins[9]?.count, 1); // 0.95 lands in the last bin, and so would 1.0
    assert.ok(Math.abs(report.maxAbsoluteGap - 0.365) < 1e-12);
    assert.equal(report.samples, 4);
  });

  it('rejects mismatched or out-of-range input', () => {
    assert.throws(
      () => calibrationReport([0.5], [0, 1]),
      (error) => isMatchdError(error, 'MM_ERR_INVALID_DATA'),
    );
    assert.throws(
      () => calibrationReport([1.5], [0]),
      (error) => isMatchdError(error, 'MM_ERR_INVALID_DATA'),
    );
    assert.throws(
      () => calibrationReport([0.5], [0], { bins: 0 }),
      (error) => isMatchdError(error, 'MM_ERR_INVALID_OPTION'),
    );
  });
});
