/** Descriptive statistics of samples: mean, sample standard deviation, quantiles. */

/** Arithmetic mean (NaN for no samples). */
export function mean(values: ArrayLike<number>): number {
  if (values.length === 0) return Number.NaN;
  let total = 0;
  for (let i = 0; i < values.length; i++) total += values[i] as number;
  return total / values.length;
}

/** Sample variance with Bessel's correction (NaN for fewer than two samples). */
export function sampleVariance(values: ArrayLike<number>): number {
  if (values.length < 2) return Number.NaN;
  const m = mean(values);
  let total = 0;
  for (let i = 0; i < values.length; i++) total += ((values[i] as number) - m) ** 2;
  return total / (values.length - 1);
}

/** Sample standard deviation. */
export function sampleSd(values: ArrayLike<number>): number {
  return Math.sqrt(sampleVariance(values));
}

/** The q-quantile (0..1) by linear interpolation between order statistics (NumPy's default); NaN if empty. */
export function quantile(values: ArrayLike<number>, q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Array.from(values).sort((a, b) => a - b);
  const position = Math.min(1, Math.max(0, q)) * (sorted.length - 1);
  const low = Math.floor(position);
  const high = Math.min(sorted.length - 1, low + 1);
  return (sorted[low] as number) + (position - low) * ((sorted[high] as number) - (sorted[low] as number));
}

/** A five-number-style summary for reports. */
export interface SampleSummary {
  readonly count: number;
  readonly mean: number;
  readonly sd: number;
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
}

/** Count, mean, sd and the 50/90/99th percentiles of samples. */
export function summarize(values: ArrayLike<number>): SampleSummary {
  return {
    count: values.length,
    mean: mean(values),
    sd: sampleSd(values),
    p50: quantile(values, 0.5),
    p90: quantile(values, 0.9),
    p99: quantile(values, 0.99),
  };
}
