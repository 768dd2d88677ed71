/**
 * ts-trueskill 5.1.0's Gaussian arithmetic (through ts-gaussian 3.1.0), reproduced for parity
 * tests only: its erfc is Numerical Recipes' Chebyshev fit (erfcc, relative error up to 1.2e-7),
 * its quantile two Newton steps on that erfc, and its v / w use those directly (falling back to
 * -x or to the lower bound when a cdf difference is exactly 0).
 *
 * With our exact functions (`stats/normal.ts`) the ratings differ from ts-trueskill's by up to
 * ~1e-6 in ordinary matches and ~1e-5 in extreme upsets (see trueskill.test.ts); selecting
 * `gaussian: 'ts-trueskill'` removes that difference.
 */

import type { TruncationFunctions } from '../weng-lin/truncation.ts';

/** Numerical Recipes' erfcc (ts-gaussian `erfc`). */
function erfcNumericalRecipes(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + z / 2);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 +
                            t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/** ts-gaussian's inverse erfc: a rational first guess and two Newton steps on erfcc. */
function ierfcNumericalRecipes(x: number): number {
  if (x >= 2) return -100;
  if (x <= 0) return 100;
  const xx = x < 1 ? x : 2 - x;
  const t = Math.sqrt(-2 * Math.log(xx / 2));
  // biome-ignore lint/suspicious/noApproximativeNumericConstant: ts-gaussian's own 5-digit constant.
  let r = -0.70711 * ((2.30753 + t * 0.27061) / (1 + t * (0.99229 + t * 0.04481)) - t);
  for (let j = 0; j < 2; j++) {
    const err = erfcNumericalRecipes(r) - xx;
    r += err / (1.1283791670955126 * Math.exp(-(r * r)) - r * err);
  }
  return x < 1 ? r : -r;
}

const SQRT_2PI = Math.sqrt(2 * Math.PI);

/** ts-gaussian's standard normal cdf. */
export function tsTrueSkillCdf(x: number): number {
  return 0.5 * erfcNumericalRecipes(-x / Math.sqrt(2));
}

/** ts-gaussian's standard normal pdf. */
function tsTrueSkillPdf(x: number): number {
  return Math.exp(-(x ** 2) / 2) / SQRT_2PI;
}

/** ts-gaussian's standard normal quantile. */
export function tsTrueSkillPpf(p: number): number {
  return -Math.sqrt(2) * ierfcNumericalRecipes(2 * p);
}

function vWin(diff: number, drawMargin: number): number {
  const x = diff - drawMargin;
  const denom = tsTrueSkillCdf(x);
  return denom ? tsTrueSkillPdf(x) / denom : -x;
}

/** ts-trueskill's _wWin; `v` is vWin(diff, drawMargin), which it recomputes. */
function wWin(diff: number, drawMargin: number, v: number): number {
  return v * (v + diff - drawMargin);
}

function vDraw(diff: number, drawMargin: number): number {
  const absDiff = Math.abs(diff);
  const a = drawMargin - absDiff;
  const b = -drawMargin - absDiff;
  const denom = tsTrueSkillCdf(a) - tsTrueSkillCdf(b);
  const numer = tsTrueSkillPdf(b) - tsTrueSkillPdf(a);
  return (denom ? numer / denom : a) * (diff < 0 ? -1 : 1);
}

function wDraw(diff: number, drawMargin: number): number {
  const absDiff = Math.abs(diff);
  const a = drawMargin - absDiff;
  const b = -drawMargin - absDiff;
  const denom = tsTrueSkillCdf(a) - tsTrueSkillCdf(b);
  const v = vDraw(absDiff, drawMargin);
  return v * v + (a * tsTrueSkillPdf(a) - b * tsTrueSkillPdf(b)) / denom;
}

/** ts-trueskill's v / w (win: v, w; draw: vt, wt). */
export const tsTrueSkillTruncation: TruncationFunctions = { v: vWin, w: wWin, vt: vDraw, wt: wDraw };
