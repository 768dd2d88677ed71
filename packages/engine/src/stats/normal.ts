/**
 * The standard normal distribution: density, distribution function, its inverse, and the
 * truncated-Gaussian correction functions v / w that TrueSkill's updates use.
 *
 * Sources: the complementary error function is W. J. Cody, "Rational Chebyshev approximations
 * for the error function", Math. Comp. 23 (1969) 631-637 (the CALERF routine of SPECFUN), which is
 * accurate to about one unit in the last place over the whole real line, including its scaled
 * form erfcx(x) = exp(x^2) erfc(x). The inverse is P. J. Acklam's rational approximation (relative
 * error 1.15e-9) polished by one Halley step against `normalCdf`, which brings it to about 1e-15.
 * The v / w functions follow R. Herbrich, T. Minka, T. Graepel, "TrueSkill(TM): A Bayesian Skill
 * Rating System" (NIPS 2006), written through Mills' ratio (erfcx) so that they stay finite and
 * accurate far into the tails, where the textbook pdf / cdf quotient is 0 / 0.
 *
 * Validation: normal.test.ts compares against values computed with mpmath at 50 digits.
 * Cost: every function is O(1): a handful of multiplications and at most two `Math.exp` calls.
 */

const SQRT_2 = Math.SQRT2;
/** 1 / sqrt(2 pi). */
const INV_SQRT_2PI = 0.3989422804014327;
/** sqrt(2 pi). */
const SQRT_2PI = 2.5066282746310002;
/** 1 / sqrt(pi). */
const INV_SQRT_PI = 0.5641895835477563;
/** sqrt(2 / pi): pdf(x) / cdf(x) = SQRT_2_OVER_PI / erfcx(-x / sqrt 2). */
const SQRT_2_OVER_PI = 0.7978845608028654;
/** sqrt(pi / 2): cdf(x) / pdf(x) = SQRT_PI_OVER_2 * erfcx(-x / sqrt 2). */
const SQRT_PI_OVER_2 = 1.2533141373155003;

// Cody's coefficients, in CALERF's order.
const A0 = 3.1611237438705655;
const A1 = 113.86415415105016;
const A2 = 377.485237685302;
const A3 = 3209.3775891384694;
const A4 = 0.18577770618460315;
const B0 = 23.601290952344122;
const B1 = 244.02463793444417;
const B2 = 1282.6165260773723;
const B3 = 2844.2368334391704;
const C0 = 0.5641884969886701;
const C1 = 8.883149794388377;
const C2 = 66.11919063714163;
const C3 = 298.6351381974001;
const C4 = 881.952221241769;
const C5 = 1712.0476126340707;
const C6 = 2051.0783778260716;
const C7 = 1230.3393547979972;
const C8 = 2.1531153547440383e-8;
const D0 = 15.744926110709835;
const D1 = 117.6939508913125;
const D2 = 537.1811018620099;
const D3 = 1621.3895745666903;
const D4 = 3290.7992357334597;
const D5 = 4362.619090143247;
const D6 = 3439.3676741437216;
const D7 = 1230.3393548037495;
const P0 = 0.30532663496123236;
const P1 = 0.36034489994980445;
const P2 = 0.12578172611122926;
const P3 = 0.016083785148742275;
const P4 = 0.0006587491615298378;
const P5 = 0.016315387137302097;
const Q0 = 2.568520192289822;
const Q1 = 1.8729528499234604;
const Q2 = 0.5279051029514285;
const Q3 = 0.06051834131244132;
const Q4 = 0.0023352049762686918;

/** erf(y) / y for |y| <= 0.46875 (Cody's first interval). */
function erfOverXSmall(y: number): number {
  const ysq = y * y;
  let xnum = A4 * ysq;
  let xden = ysq;
  xnum = (xnum + A0) * ysq;
  xden = (xden + B0) * ysq;
  xnum = (xnum + A1) * ysq;
  xden = (xden + B1) * ysq;
  xnum = (xnum + A2) * ysq;
  xden = (xden + B2) * ysq;
  return (xnum + A3) / (xden + B3);
}

/** erfcx(y) = exp(y^2) erfc(y) for y > 0.46875 (Cody's second and third intervals). */
function erfcxLarge(y: number): number {
  if (y <= 4) {
    let xnum = C8 * y;
    let xden = y;
    xnum = (xnum + C0) * y;
    xden = (xden + D0) * y;
    xnum = (xnum + C1) * y;
    xden = (xden + D1) * y;
    xnum = (xnum + C2) * y;
    xden = (xden + D2) * y;
    xnum = (xnum + C3) * y;
    xden = (xden + D3) * y;
    xnum = (xnum + C4) * y;
    xden = (xden + D4) * y;
    xnum = (xnum + C5) * y;
    xden = (xden + D5) * y;
    xnum = (xnum + C6) * y;
    xden = (xden + D6) * y;
    return (xnum + C7) / (xden + D7);
  }
  // Beyond 1e8 the asymptotic 1 / (y sqrt(pi)) is exact in double precision.
  if (y >= 1e8) return INV_SQRT_PI / y;
  const ysq = 1 / (y * y);
  let xnum = P5 * ysq;
  let xden = ysq;
  xnum = (xnum + P0) * ysq;
  xden = (xden + Q0) * ysq;
  xnum = (xnum + P1) * ysq;
  xden = (xden + Q1) * ysq;
  xnum = (xnum + P2) * ysq;
  xden = (xden + Q2) * ysq;
  xnum = (xnum + P3) * ysq;
  xden = (xden + Q3) * ysq;
  const r = (ysq * (xnum + P4)) / (xden + Q4);
  return (INV_SQRT_PI - r) / y;
}

/**
 * exp(-y^2) for y >= 0, computed as Cody does: splitting y^2 into a part exact in binary and a small
 * remainder keeps the relative error of the product near one ulp even where y^2 is large.
 */
function expMinusSquare(y: number): number {
  const ysqHead = Math.trunc(y * 16) / 16;
  const remainder = (y - ysqHead) * (y + ysqHead);
  return Math.exp(-ysqHead * ysqHead) * Math.exp(-remainder);
}

/** The complementary error function erfc(x) = 1 - erf(x), accurate to about 1e-16 relative. */
export function erfc(x: number): number {
  const y = Math.abs(x);
  let result: number;
  if (y <= 0.46875) {
    result = 1 - x * erfOverXSmall(x);
    return result;
  }
  // exp(-y^2) underflows beyond 26.6: erfc(y) is 0 there (and 2 on the negative side).
  result = y >= 26.7 ? 0 : expMinusSquare(y) * erfcxLarge(y);
  return x < 0 ? 2 - result : result;
}

/** The error function erf(x). */
export function erf(x: number): number {
  const y = Math.abs(x);
  if (y <= 0.46875) return x * erfOverXSmall(x);
  const tail = y >= 26.7 ? 0 : expMinusSquare(y) * erfcxLarge(y);
  return x < 0 ? tail - 1 : 1 - tail;
}

/**
 * The scaled complementary error function erfcx(x) = exp(x^2) erfc(x). It stays finite (about
 * 1 / (x sqrt(pi))) for large positive x where erfc underflows; it overflows to Infinity below -26.6.
 */
export function erfcx(x: number): number {
  if (x > 0.46875) return erfcxLarge(x);
  if (x >= -0.46875) return Math.exp(x * x) * (1 - x * erfOverXSmall(x));
  if (x < -26.6) return Number.POSITIVE_INFINITY;
  // erfcx(-y) = 2 exp(y^2) - erfcx(y).
  const y = -x;
  return 2 / expMinusSquare(y) - erfcxLarge(y);
}

/** The standard normal density phi(x) = exp(-x^2 / 2) / sqrt(2 pi). */
export function normalPdf(x: number): number {
  // Beyond |x| = 4 the rounding of x * x would cost up to x^2 / 2 ulps: split it instead.
  return INV_SQRT_2PI * (x > -4 && x < 4 ? Math.exp(-0.5 * x * x) : expMinusHalfSquare(x));
}

/** exp(-x^2 / 2) to about one ulp for any x (same splitting as `expMinusSquare`). */
function expMinusHalfSquare(x: number): number {
  const head = Math.trunc(x * 16) / 16;
  const remainder = (x - head) * (x + head);
  return Math.exp(-0.5 * head * head) * Math.exp(-0.5 * remainder);
}

/**
 * The standard normal distribution function Phi(x) = P(Z <= x), accurate to about 1e-16 relative
 * in the lower tail (down to Phi(-37) ~ 5.7e-300) and 1e-16 absolute overall.
 */
export function normalCdf(x: number): number {
  // In the lower tail, erfc(-x / sqrt 2) would inherit the rounding of x / sqrt 2 magnified by
  // x^2 (6e-15 at x = -8); exp(-x^2 / 2) * erfcx(-x / sqrt 2) keeps that to a few ulps, because
  // erfcx is flat where erfc is steep.
  if (x < -LOWER_TAIL_START) return x < -38.5 ? 0 : 0.5 * expMinusHalfSquare(x) * erfcxLarge(-x / SQRT_2);
  return 0.5 * erfc(-x / SQRT_2);
}

/** Where `erfcxLarge` takes over: 0.46875 * sqrt(2), rounded up. */
const LOWER_TAIL_START = 0.6629126073623883;

/** The upper tail 1 - Phi(x) = Phi(-x), accurate in relative terms for large positive x. */
export function normalSf(x: number): number {
  return normalCdf(-x);
}

/**
 * Mills' ratio for the lower tail: Phi(x) / phi(x), finite for every x (it grows like
 * sqrt(2 pi) exp(x^2 / 2) for large x and overflows to Infinity above about 37.6).
 */
export function normalCdfOverPdf(x: number): number {
  return SQRT_PI_OVER_2 * erfcx(-x / SQRT_2);
}

// Acklam's coefficients.
const ACKLAM_A = [
  -3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1,
  2.506628277459239,
] as const;
const ACKLAM_B = [
  -5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1,
] as const;
const ACKLAM_C = [
  -7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968,
  2.938163982698783,
] as const;
const ACKLAM_D = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416] as const;
const P_LOW = 0.02425;

/** Acklam's approximation of the lower-tail quantile for p in (0, 0.5]; relative error < 1.15e-9. */
function acklamLower(p: number): number {
  const [a0, a1, a2, a3, a4, a5] = ACKLAM_A;
  const [b0, b1, b2, b3, b4] = ACKLAM_B;
  const [c0, c1, c2, c3, c4, c5] = ACKLAM_C;
  const [d0, d1, d2, d3] = ACKLAM_D;
  if (p < P_LOW) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (
      (((((c0 * q + c1) * q + c2) * q + c3) * q + c4) * q + c5) /
      ((((d0 * q + d1) * q + d2) * q + d3) * q + 1)
    );
  }
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a0 * r + a1) * r + a2) * r + a3) * r + a4) * r + a5) * q) /
    (((((b0 * r + b1) * r + b2) * r + b3) * r + b4) * r + 1)
  );
}

/**
 * The standard normal quantile (inverse of `normalCdf`): the x with Phi(x) = p. Returns -Infinity
 * for p = 0, Infinity for p = 1 and NaN outside [0, 1]. Accurate to about 1e-15 relative.
 */
export function normalPpf(p: number): number {
  if (!(p >= 0 && p <= 1)) return Number.NaN;
  if (p === 0) return Number.NEGATIVE_INFINITY;
  if (p === 1) return Number.POSITIVE_INFINITY;
  // Work in the lower tail (where p is exact) and mirror: x(p) = -x(1 - p).
  const upper = p > 0.5;
  const tail = upper ? 1 - p : p;
  let x = acklamLower(tail);
  // One Halley step on Phi(x) - tail = 0; the error is relative to the tail, so use the
  // lower-tail cdf, which keeps full relative accuracy there.
  const e = normalCdf(x) - tail;
  const u = e * SQRT_2PI * Math.exp(0.5 * x * x);
  // Below p ~ 1e-310 (subnormal) exp(x^2 / 2) overflows: keep Acklam's value there.
  if (Number.isFinite(u)) x -= u / (1 + 0.5 * x * u);
  return upper ? -x : x;
}

/**
 * TrueSkill's mean correction for a win, v(t, eps) = phi(t - eps) / Phi(t - eps): the expected
 * excess of a Gaussian truncated to values above `drawMargin`, for a performance difference `t`
 * (both in units of the difference's standard deviation). Finite for every t (about eps - t for
 * very negative t).
 */
export function vWin(t: number, drawMargin: number): number {
  const x = t - drawMargin;
  const y = x / SQRT_2;
  // The hot path of every TrueSkill / Thurstone-Mosteller update, so at most one exp():
  // below the mean, phi / Phi = sqrt(2 / pi) / erfcx(-y) (no exp beyond Cody's first interval);
  // above it, Phi = 1 - Q with Q = exp(-x^2 / 2) erfcx(y) / 2 <= 1/2 (no cancellation), and the
  // same exp() serves phi. (Its rounding costs ~x^2 / 2 ulps, under 1e-14 while v is not tiny.)
  if (x < 0) return SQRT_2_OVER_PI / (-y > 0.46875 ? erfcxLarge(-y) : erfcx(-y));
  if (x > 38.6) return 0;
  const e = Math.exp(-0.5 * x * x);
  const upperTail = y <= 0.46875 ? 0.5 * (1 - y * erfOverXSmall(y)) : 0.5 * e * erfcxLarge(y);
  return (INV_SQRT_2PI * e) / (1 - upperTail);
}

/**
 * TrueSkill's variance correction for a win, w(t, eps) = v (v + t - eps), in (0, 1): the share of
 * variance the truncation removes.
 */
export function wWin(t: number, drawMargin: number): number {
  const v = vWin(t, drawMargin);
  return v * (v + t - drawMargin);
}

/**
 * TrueSkill's mean correction for a draw, v(t, eps) = (phi(-eps - t) - phi(eps - t)) /
 * (Phi(eps - t) - Phi(-eps - t)): the mean of a Gaussian truncated to [-eps, eps]. Odd in t.
 */
export function vDraw(t: number, drawMargin: number): number {
  const absT = Math.abs(t);
  const a = drawMargin - absT;
  const b = -drawMargin - absT;
  let v: number;
  if (a < 0) {
    // Both bounds below the mean: divide through by phi(a) (Mills' ratio) so nothing underflows.
    const r = Math.exp(-2 * drawMargin * absT); // phi(b) / phi(a)
    v = (r - 1) / (normalCdfOverPdf(a) - r * normalCdfOverPdf(b));
  } else {
    v = (normalPdf(b) - normalPdf(a)) / (normalCdf(a) - normalCdf(b));
  }
  return t < 0 ? -v : v;
}

/**
 * TrueSkill's variance correction for a draw, w(t, eps) = v^2 + ((eps - t) phi(eps - t) +
 * (eps + t) phi(eps + t)) / (Phi(eps - t) - Phi(-eps - t)), in (0, 1). Even in t.
 */
export function wDraw(t: number, drawMargin: number): number {
  const absT = Math.abs(t);
  const a = drawMargin - absT;
  const b = -drawMargin - absT;
  if (a < 0) {
    const r = Math.exp(-2 * drawMargin * absT);
    const denom = normalCdfOverPdf(a) - r * normalCdfOverPdf(b);
    const v = (r - 1) / denom;
    return v * v + (a - b * r) / denom;
  }
  const pdfA = normalPdf(a);
  const pdfB = normalPdf(b);
  const denom = normalCdf(a) - normalCdf(b);
  const v = (pdfB - pdfA) / denom;
  return v * v + (a * pdfA - b * pdfB) / denom;
}
