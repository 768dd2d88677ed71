import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  erf,
  erfc,
  erfcx,
  normalCdf,
  normalCdfOverPdf,
  normalPdf,
  normalPpf,
  normalSf,
  vDraw,
  vWin,
  wDraw,
  wWin,
} from './normal.ts';

// Reference values: mpmath 1.3.0 at 500 digits (erfc-based cdf, so the tails are exact),
// evaluated at the double nearest to each argument and rounded to the nearest double.

/** Asserts |actual - expected| <= tolerance * |expected| (or absolute when expected is 0). */
function assertRelative(actual: number, expected: number, tolerance: number, label: string): void {
  const error = expected === 0 ? Math.abs(actual) : Math.abs(actual - expected) / Math.abs(expected);
  assert.ok(error <= tolerance, `${label}: got ${actual}, expected ${expected} (relative error ${error})`);
}

describe('normalCdf', () => {
  const cases: [number, number][] = [
    [1.96, 0.9750021048517795],
    [-8, 6.220960574271784e-16],
    [0, 0.5],
    [-1, 0.15865525393145705],
    [2.5, 0.9937903346742238],
    [0.3, 0.6179114221889527],
    [5, 0.9999997133484281],
    [-20, 2.7536241186062337e-89],
  ];
  it('matches 50-digit references to 1e-15 relative', () => {
    for (const [x, expected] of cases) assertRelative(normalCdf(x), expected, 1e-15, `cdf(${x})`);
  });
  it('keeps relative accuracy deep in the lower tail', () => {
    assertRelative(normalCdf(-37), 5.725571222524577e-300, 1e-15, 'cdf(-37)');
  });
  it('is monotone, in [0, 1], and symmetric: Phi(x) + Phi(-x) = 1', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -40, max: 40, noNaN: true }),
        fc.double({ min: 0, max: 5, noNaN: true }),
        (x, d) => {
          const p = normalCdf(x);
          assert.ok(p >= 0 && p <= 1);
          assert.ok(normalCdf(x + d) >= p);
          assert.ok(Math.abs(p + normalCdf(-x) - 1) <= 2e-16);
          assert.equal(normalSf(x), normalCdf(-x));
        },
      ),
      { numRuns: 2000 },
    );
  });
  it('saturates at the ends', () => {
    assert.equal(normalCdf(Number.NEGATIVE_INFINITY), 0);
    assert.equal(normalCdf(Number.POSITIVE_INFINITY), 1);
    assert.equal(normalCdf(40), 1);
  });
});

describe('normalPdf', () => {
  it('matches references to 1e-15', () => {
    const cases: [number, number][] = [
      [0, 0.3989422804014327],
      [1, 0.24197072451914334],
      [-2.5, 0.017528300493568537],
      [10, 7.694598626706419e-23],
    ];
    for (const [x, expected] of cases) assertRelative(normalPdf(x), expected, 1e-15, `pdf(${x})`);
  });
});

describe('erfc, erf and erfcx', () => {
  it('match references to 1e-15 over all of Cody\u2019s intervals', () => {
    const cases: [number, number][] = [
      [0.1, 0.8875370839817152],
      [0.5, 0.4795001221869535],
      [1, 0.15729920705028513],
      [3, 2.209049699858544e-5],
      [4.5, 1.9661604415428876e-10],
      [10, 2.088487583762545e-45],
      [-1, 1.8427007929497148],
      [26, 5.663192408856143e-296],
    ];
    for (const [x, expected] of cases) assertRelative(erfc(x), expected, 1e-15, `erfc(${x})`);
  });
  it('erf = 1 - erfc and erfcx = exp(x^2) erfc(x) where both are representable', () => {
    fc.assert(
      fc.property(fc.double({ min: -5, max: 5, noNaN: true }), (x) => {
        assert.ok(Math.abs(erf(x) - (1 - erfc(x))) <= 4e-16);
        assertRelative(erfcx(x), Math.exp(x * x) * erfc(x), 1e-14, `erfcx(${x})`);
      }),
      { numRuns: 2000 },
    );
  });
  it('erfcx stays finite for large x where erfc underflows', () => {
    assertRelative(erfcx(1e3), 1 / (1e3 * Math.sqrt(Math.PI)) / (1 + 0.5e-6), 1e-12, 'erfcx(1000)');
    assert.ok(Number.isFinite(erfcx(1e300)) && erfcx(1e300) > 0);
  });
});

describe('normalPpf', () => {
  it('matches references to 1e-15 relative', () => {
    const cases: [number, number][] = [
      [0.975, 1.9599639845400538],
      [0.025, -1.9599639845400543],
      [0.5, 0],
      [1e-10, -6.361340902404057],
      [0.01, -2.326347874040841],
      [0.3, -0.5244005127080408],
      [0.999999, 4.753424308817087],
      [1e-300, -37.0470962993612],
    ];
    for (const [p, expected] of cases) assertRelative(normalPpf(p), expected, 1e-15, `ppf(${p})`);
  });
  it('inverts normalCdf down to p = 1e-300, within the problem\u2019s conditioning', () => {
    fc.assert(
      fc.property(fc.double({ min: -300, max: Math.log10(0.5), noNaN: true }), (exponent) => {
        const p = 10 ** exponent;
        const x = normalPpf(p);
        // d(ln p) / dx ~ |x| in the tail, so one ulp of x moves p by ~x^2 ulps (relative).
        assertRelative(normalCdf(x), p, 1e-15 * (4 + x * x), `cdf(ppf(${p}))`);
      }),
      { numRuns: 2000 },
    );
  });
  it('returns the ends and NaN outside [0, 1]', () => {
    assert.equal(normalPpf(0), Number.NEGATIVE_INFINITY);
    assert.equal(normalPpf(1), Number.POSITIVE_INFINITY);
    assert.ok(Number.isNaN(normalPpf(-0.1)));
    assert.ok(Number.isNaN(normalPpf(1.5)));
    assert.ok(Number.isNaN(normalPpf(Number.NaN)));
    // Subnormal p: finite and ordered (Acklam's value, ~1e-9 relative).
    assert.ok(normalPpf(Number.MIN_VALUE) < normalPpf(1e-320) && normalPpf(1e-320) < normalPpf(1e-300));
    assert.ok(Math.abs(normalPpf(Number.MIN_VALUE) + 38.4674) < 1e-3);
  });
});

describe('TrueSkill v / w functions', () => {
  // [t, drawMargin, vWin, wWin, vDraw, wDraw]
  const cases: [number, number, number, number, number, number][] = [
    [1, 0.5, 0.5091604338370335, 0.5138245643036329, -0.9206446052220353, 0.9230579020575508],
    [-2, 0.3, 2.64143483089468, 0.9018778548058421, 1.942063018175017, 0.9723340014079519],
    [0, 0.7, 1.2904993394581665, 0.7620390075212475, 0, 0.8470812551791883],
    [-30, 0.1, 30.13314965457845, 0.9989035024100482, 29.93287727694756, 0.9989876072052705],
    [8, 0.2, 2.4528552856964355e-14, 1.9132271228432256e-13, -7.908372461147263, 0.9914743033881833],
  ];
  it('match references to 1e-12 relative, including the far tails', () => {
    for (const [t, eps, vw, ww, vd, wd] of cases) {
      assertRelative(vWin(t, eps), vw, 1e-12, `vWin(${t}, ${eps})`);
      assertRelative(wWin(t, eps), ww, 1e-12, `wWin(${t}, ${eps})`);
      assertRelative(vDraw(t, eps), vd, 1e-12, `vDraw(${t}, ${eps})`);
      assertRelative(wDraw(t, eps), wd, 1e-12, `wDraw(${t}, ${eps})`);
    }
    assertRelative(vWin(0.4, 0), 0.5618827037969629, 1e-12, 'vWin(0.4, 0)');
    assertRelative(wWin(0.4, 0), 0.5404652543449706, 1e-12, 'wWin(0.4, 0)');
  });
  it('stay finite with w in (0, 1] and v odd for draws, for any difference', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -60, max: 60, noNaN: true }),
        fc.double({ min: 1e-3, max: 5, noNaN: true }),
        (t, eps) => {
          const w = wWin(t, eps);
          assert.ok(Number.isFinite(vWin(t, eps)) && vWin(t, eps) >= 0);
          assert.ok(w >= 0 && w <= 1 + 1e-9, `wWin(${t}, ${eps}) = ${w}`);
          const wd = wDraw(t, eps);
          assert.ok(wd > 0 && wd <= 1 + 1e-9, `wDraw(${t}, ${eps}) = ${wd}`);
          assert.ok(Math.abs(vDraw(t, eps) + vDraw(-t, eps)) <= 1e-12 * (1 + Math.abs(t)));
        },
      ),
      { numRuns: 2000 },
    );
  });
  it('normalCdfOverPdf is Mills\u2019 ratio', () => {
    for (const x of [-5, -1, 0, 2])
      assertRelative(normalCdfOverPdf(x), normalCdf(x) / normalPdf(x), 1e-14, `${x}`);
  });
});
