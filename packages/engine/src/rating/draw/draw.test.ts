import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { ErrorCodes, isMatchdError } from '../../errors.ts';
import { Random } from '../../random.ts';
import { createElo } from '../elo/elo.ts';
import { davidsonDraw, eommDraw } from './draw-models.ts';
import { type DrawSample, drawLogLikelihood, fitDavidsonDraw, fitEommDraw } from './fit-draw.ts';
import { withDraws } from './with-draws.ts';

const close = (actual: number, expected: number, tolerance = 1e-12) =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${actual} != ${expected}`);
const throwsCode = (fn: () => unknown, code: string) =>
  assert.throws(fn, (error: unknown) => isMatchdError(error) && error.code === code);

describe('draw: the EOMM rule', () => {
  test("EOMM's 20%: draw = d, win = (1 - d) P, loss = (1 - d)(1 - P)", () => {
    const split = eommDraw({ drawProbability: 0.2 }).split(0.75);
    close(split.win, 0.6);
    close(split.draw, 0.2);
    close(split.loss, 0.2);
  });
});

describe("draw: Davidson's rule", () => {
  const model = davidsonDraw({ nu: 0.5 });

  test('between equals P(draw) = nu / (2 + nu)', () => {
    close(model.split(0.5).draw, 0.5 / 2.5);
  });

  test('keeps the skill odds, sums to 1, and draws shrink as the gap grows', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.001, max: 0.999, noNaN: true }),
        fc.double({ min: 0, max: 5, noNaN: true }),
        (p, nu) => {
          const split = davidsonDraw({ nu }).split(p);
          close(split.win + split.draw + split.loss, 1, 1e-12);
          close(split.win / split.loss, p / (1 - p), 1e-9 * (p / (1 - p)));
          const wider = davidsonDraw({ nu }).split(
            p > 0.5 ? Math.min(0.9999, p + 0.05) : Math.max(0.0001, p - 0.05),
          );
          assert.ok(wider.draw <= split.draw + 1e-15);
        },
      ),
    );
  });
});

/** Synthetic outcomes drawn from a known draw model, P uniform in [0.05, 0.95]. */
function synthesize(
  split: (p: number) => { win: number; draw: number },
  n: number,
  seed: number,
): DrawSample[] {
  const random = Random.fromSeed(seed);
  return Array.from({ length: n }, () => {
    const p = random.uniform(0.05, 0.95);
    const { win, draw } = split(p);
    const u = random.next();
    return { p, outcome: u < win ? 'win' : u < win + draw ? 'draw' : 'loss' };
  });
}

describe('draw: fitting by maximum likelihood', () => {
  test('the EOMM d is the share of draws, and recovers the d the data came from', () => {
    const samples: DrawSample[] = [
      { p: 0.3, outcome: 'draw' },
      { p: 0.6, outcome: 'win' },
      { p: 0.9, outcome: 'loss' },
      { p: 0.5, outcome: 'win' },
    ];
    assert.equal(fitEommDraw(samples).model.parameter, 0.25);
    const fitted = fitEommDraw(synthesize(eommDraw({ drawProbability: 0.2 }).split, 20_000, 7));
    close(fitted.model.parameter, 0.2, 0.01);
  });

  test('the Davidson nu recovers the nu the data came from, and is a maximum', () => {
    const samples = synthesize(davidsonDraw({ nu: 0.6 }).split, 20_000, 11);
    const fit = fitDavidsonDraw(samples);
    close(fit.model.parameter, 0.6, 0.05);
    for (const factor of [0.9, 1.1]) {
      const nearby = drawLogLikelihood(davidsonDraw({ nu: fit.model.parameter * factor }), samples);
      assert.ok(nearby < fit.meanLogLikelihood);
    }
    assert.equal(fitDavidsonDraw(samples.filter((s) => s.outcome !== 'draw')).model.parameter, 0);
  });

  test('the model that generated the data wins on likelihood', () => {
    const eommData = synthesize(eommDraw({ drawProbability: 0.25 }).split, 10_000, 3);
    assert.ok(fitEommDraw(eommData).meanLogLikelihood > fitDavidsonDraw(eommData).meanLogLikelihood);
    const davidsonData = synthesize(davidsonDraw({ nu: 2 }).split, 10_000, 5);
    assert.ok(fitDavidsonDraw(davidsonData).meanLogLikelihood > fitEommDraw(davidsonData).meanLogLikelihood);
  });
});

describe('draw: layered on a rating model', () => {
  const elo = createElo();
  const player = (rating: number) => ({ rating, games: 10, streak: 0 });

  test("Elo with the EOMM rule: equals get 0.4 / 0.2 / 0.4; updates are the inner model's", () => {
    const layered = withDraws(elo, eommDraw({ drawProbability: 0.2 }));
    const match = { teams: [[player(1500)], [player(1500)]] };
    const prediction = layered.predict(match);
    close(prediction.win[0] ?? 0, 0.4);
    close(prediction.win[1] ?? 0, 0.4);
    close(prediction.draw, 0.2);
    assert.deepEqual(layered.update(match, { ranks: [1, 2] }), elo.update(match, { ranks: [1, 2] }));
    assert.equal(layered.name, 'elo+eomm-draw');
  });

  test('three teams pass through unchanged', () => {
    const layered = withDraws(elo, davidsonDraw({ nu: 1 }));
    const match = { teams: [[player(1500)], [player(1600)], [player(1400)]] };
    assert.deepEqual(layered.predict(match), elo.predict(match));
  });
});

describe('draw: bad input', () => {
  test('options and data', () => {
    throwsCode(() => eommDraw({ drawProbability: 1.2 }), ErrorCodes.INVALID_OPTION);
    throwsCode(() => eommDraw({ d: 0.2 } as never), ErrorCodes.INVALID_OPTION);
    throwsCode(() => davidsonDraw({ nu: -1 }), ErrorCodes.INVALID_OPTION);
    throwsCode(() => davidsonDraw({ nu: Number.NaN }), ErrorCodes.INVALID_OPTION);
    throwsCode(() => fitEommDraw([]), ErrorCodes.INVALID_DATA);
    throwsCode(() => fitDavidsonDraw([{ p: 1.5, outcome: 'win' }]), ErrorCodes.INVALID_DATA);
    throwsCode(() => fitDavidsonDraw([{ p: 0.5, outcome: 'tie' as never }]), ErrorCodes.INVALID_DATA);
  });
});
