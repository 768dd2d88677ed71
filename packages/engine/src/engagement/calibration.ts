/**
 * Calibration of probability forecasts, as in EOMM's Figures 2 and 3: forecasts are binned by
 * their value and each bin's mean forecast is set against the observed rate (or, on synthetic
 * data, the true probability) of the same samples.
 */
import { ErrorCodes, MatchdError } from '../errors.ts';

/** One bin of a calibration report. */
export interface CalibrationBin {
  readonly lower: number;
  readonly upper: number;
  readonly count: number;
  readonly meanPredicted: number;
  /** Mean of the observed values (0/1 outcomes, or true probabilities) in the bin. */
  readonly meanObserved: number;
}

/** A calibration report. */
export interface CalibrationReport {
  readonly bins: readonly CalibrationBin[];
  /** Largest |meanPredicted - meanObserved| over bins with at least `minCount` samples. */
  readonly maxAbsoluteGap: number;
  /** Count-weighted mean |gap| (expected calibration error). */
  readonly expectedCalibrationError: number;
  readonly samples: number;
}

/** Options of a calibration report. */
export interface CalibrationOptions {
  /** Equal-width bins over [0, 1]; default 10. */
  readonly bins?: number;
  /** Bins with fewer samples are listed but left out of maxAbsoluteGap; default 1. */
  readonly minCount?: number;
}

/** Bins `predicted` (probabilities) against `observed` (values in [0, 1]) of the same samples. */
export function calibrationReport(
  predicted: readonly number[],
  observed: readonly number[],
  options: CalibrationOptions = {},
): CalibrationReport {
  const binCount = options.bins ?? 10;
  const minCount = options.minCount ?? 1;
  if (!Number.isInteger(binCount) || binCount < 1) {
    throw new MatchdError(ErrorCodes.INVALID_OPTION, 'bins must be a positive integer', { path: 'bins' });
  }
  if (predicted.length !== observed.length) {
    throw new MatchdError(ErrorCodes.INVALID_DATA, 'predicted and observed differ in length');
  }
  for (let i = 0; i < predicted.length; i++) {
    const p = predicted[i] as number;
    const o = observed[i] as number;
    if (!(p >= 0 && p <= 1) || !(o >= 0 && o <= 1)) {
      throw new MatchdError(ErrorCodes.INVALID_DATA, 'values must be probabilities in [0, 1]', { index: i });
    }
  }
  const sums = Array.from({ length: binCount }, () => ({ count: 0, predicted: 0, observed: 0 }));
  predicted.forEach((p, i) => {
    const bin = sums[Math.min(binCount - 1, Math.floor(p * binCount))] as {
      count: number;
      predicted: number;
      observed: number;
    };
    bin.count++;
    bin.predicted += p;
    bin.observed += observed[i] as number;
  });
  const bins = sums.map((s, b) => ({
    lower: b / binCount,
    upper: (b + 1) / binCount,
    count: s.count,
    meanPredicted: s.count > 0 ? s.predicted / s.count : Number.NaN,
    meanObserved: s.count > 0 ? s.observed / s.count : Number.NaN,
  }));
  let maxAbsoluteGap = 0;
  let weightedGap = 0;
  for (const bin of bins) {
    if (bin.count === 0) continue;
    const gap = Math.abs(bin.meanPredicted - bin.meanObserved);
    weightedGap += gap * bin.count;
    if (bin.count >= minCount) maxAbsoluteGap = Math.max(maxAbsoluteGap, gap);
  }
  return {
    bins,
    maxAbsoluteGap,
    expectedCalibrationError: predicted.length > 0 ? weightedGap / predicted.length : 0,
    samples: predicted.length,
  };
}
