/**
 * Welch's unequal-variances t-test (two-sided), as the EOMM paper used to compare matchmaking
 * methods. The p-value comes from Student's t distribution through the regularised incomplete beta
 * function: P(|T| > t) = I_{df / (df + t^2)}(df / 2, 1 / 2), evaluated by Lentz's continued fraction
 * (Numerical Recipes, 3rd ed., 6.4) with a Lanczos log-gamma. Validated against scipy.stats.
 */
import { mean, sampleVariance } from './summary.ts';

/** Lanczos approximation (g = 7, n = 9) of ln Gamma(x) for x > 0, ~15 digits. */
export function logGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let sum = c[0] as number;
  for (let i = 1; i < 9; i++) sum += (c[i] as number) / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

function betaContinuedFraction(a: number, b: number, x: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 10000; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return h;
}

/** The regularised incomplete beta function I_x(a, b) for a, b > 0 and x in [0, 1]. */
export function regularizedIncompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const logFront = logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log1p(-x);
  // The continued fraction converges fast for x < (a + 1) / (a + b + 2); use the symmetry otherwise.
  if (x < (a + 1) / (a + b + 2)) return (Math.exp(logFront) * betaContinuedFraction(a, b, x)) / a;
  return 1 - (Math.exp(logFront) * betaContinuedFraction(b, a, 1 - x)) / b;
}

/** Two-sided p-value of Student's t with `df` degrees of freedom: P(|T| >= |t|). */
export function studentTTwoSidedP(t: number, df: number): number {
  if (!Number.isFinite(t)) return 0;
  return regularizedIncompleteBeta(df / (df + t * t), df / 2, 0.5);
}

/** The result of a Welch test of mean(a) - mean(b). */
export interface WelchTest {
  readonly t: number;
  /** Welch-Satterthwaite degrees of freedom. */
  readonly df: number;
  readonly p: number;
  readonly meanDifference: number;
}

/** Welch's t-test of the means of two samples (each of at least two values). */
export function welchTTest(a: ArrayLike<number>, b: ArrayLike<number>): WelchTest {
  const va = sampleVariance(a) / a.length;
  const vb = sampleVariance(b) / b.length;
  const meanDifference = mean(a) - mean(b);
  const se = Math.sqrt(va + vb);
  if (se === 0) {
    return {
      t: meanDifference === 0 ? 0 : Math.sign(meanDifference) * Infinity,
      df: a.length + b.length - 2,
      p: meanDifference === 0 ? 1 : 0,
      meanDifference,
    };
  }
  const t = meanDifference / se;
  const df = (va + vb) ** 2 / (va ** 2 / (a.length - 1) + vb ** 2 / (b.length - 1));
  return { t, df, p: studentTTwoSidedP(t, df), meanDifference };
}
