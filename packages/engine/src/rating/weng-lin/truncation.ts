/**
 * The truncated-Gaussian corrections the Thurstone-Mosteller models use, in two flavours (see
 * `TruncationFormula`): our accurate ones from `stats/normal.ts`, and openskill 5's
 * (src/statistics.ts), reproduced with their cut-offs for parity tests.
 *
 * Where they differ: openskill forms Phi(x) as (1 + erf(x / sqrt 2)) / 2, which loses all relative
 * accuracy below x ~ -5 (Phi(-7) = 1.3e-12 carries an absolute error of 1e-16, so 1e-4 relative);
 * it returns v = -x once Phi(x) < 2.2e-16 (the true v is -x + 1/|x| - ..., off by ~0.12 at x = -8);
 * and for draws it switches to a linear v once the band's mass Phi(t - |x|) - Phi(-t - |x|) is
 * below 1e-5, which with openskill's tiny default draw band (epsilon / c ~ 0.01) happens from
 * |x| ~ 3.6 on.
 */

import { erf, vDraw, vWin, wDraw } from '../../stats/normal.ts';

/**
 * v / w for a decisive pair (`v`, `w`) and for a tie (`vt`, `wt`), each of (x, drawMargin); `w`
 * also takes the `v` just computed for the same arguments, which it would otherwise recompute.
 */
export interface TruncationFunctions {
  readonly v: (x: number, drawMargin: number) => number;
  readonly w: (x: number, drawMargin: number, v: number) => number;
  readonly vt: (x: number, drawMargin: number) => number;
  readonly wt: (x: number, drawMargin: number) => number;
}

/** Our accurate corrections (w = v (v + x - eps), as `wWin` computes it). */
export const exactTruncation: TruncationFunctions = {
  v: vWin,
  w: (x, drawMargin, v) => v * (v + x - drawMargin),
  vt: vDraw,
  wt: wDraw,
};

const SQRT_2PI = Math.sqrt(2 * Math.PI);

/** openskill's Phi: 0.5 (1 + erf(x / sqrt 2)), absolute (not relative) accuracy in the lower tail. */
function openskillPhi(x: number): number {
  return 0.5 * (1 + erf(x / Math.SQRT2));
}

/** openskill's phi. */
function openskillPdf(x: number): number {
  return Math.exp((x * x) / -2) / SQRT_2PI;
}

function openskillV(x: number, t: number): number {
  const xt = x - t;
  const denom = openskillPhi(xt);
  return denom < Number.EPSILON ? -xt : openskillPdf(xt) / denom;
}

/** openskill's w; `v` is openskillV(x, t), which openskill recomputes here. */
function openskillW(x: number, t: number, v: number): number {
  const xt = x - t;
  if (openskillPhi(xt) < Number.EPSILON) return x < 0 ? 1 : 0;
  return v * (v + xt);
}

function openskillVt(x: number, t: number): number {
  const xx = Math.abs(x);
  const b = openskillPhi(t - xx) - openskillPhi(-t - xx);
  if (b < 1e-5) return x < 0 ? -x - t : -x + t;
  const a = openskillPdf(-t - xx) - openskillPdf(t - xx);
  return (x < 0 ? -a : a) / b;
}

function openskillWt(x: number, t: number): number {
  const xx = Math.abs(x);
  const b = openskillPhi(t - xx) - openskillPhi(-t - xx);
  if (b < Number.EPSILON) return 1;
  const vt = openskillVt(x, t);
  return ((t - xx) * openskillPdf(t - xx) + (t + xx) * openskillPdf(-t - xx)) / b + vt * vt;
}

/** openskill 5's corrections, cut-offs included (parity only; see the module comment). */
export const openskillTruncation: TruncationFunctions = {
  v: openskillV,
  w: openskillW,
  vt: openskillVt,
  wt: openskillWt,
};
