import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isMatchdError } from '../errors.ts';
import { Random } from '../random.ts';
import {
  assignFolds,
  crossValidateLogistic,
  fitLogisticRegression,
  logisticLogLoss,
  predictLogistic,
  sigmoid,
} from './logistic-regression.ts';

describe('fitLogisticRegression', () => {
  it('matches the hand-checked two-cell case: logit(1/4) and logit(3/4) - logit(1/4)', () => {
    // x = 0: one success in four (p = 1/4); x = 1: three in four (p = 3/4). The unpenalised MLE
    // reproduces the cell frequencies: intercept = ln(1/3), slope = ln 3 - ln(1/3) = 2 ln 3.
    const features = [[0], [0], [0], [0], [1], [1], [1], [1]];
    const labels = [0, 0, 0, 1, 1, 1, 1, 0];
    const model = fitLogisticRegression({ features, labels });
    assert.ok(model.converged);
    assert.ok(Math.abs(model.intercept - Math.log(1 / 3)) < 1e-8);
    assert.ok(Math.abs((model.coefficients[0] as number) - 2 * Math.log(3)) < 1e-8);
    assert.ok(Math.abs(predictLogistic(model, [1]) - 0.75) < 1e-9);
  });

  it('treats sample weights as repeated rows', () => {
    const weighted = fitLogisticRegression(
      { features: [[0], [0], [1], [1]], labels: [0, 1, 1, 0], sampleWeights: [3, 1, 3, 1] },
      { l2: 0.5 },
    );
    const repeated = fitLogisticRegression(
      { features: [[0], [0], [0], [0], [1], [1], [1], [1]], labels: [0, 0, 0, 1, 1, 1, 1, 0] },
      { l2: 0.5 },
    );
    // weights [3,1,3,1] on labels [0,1,1,0]: x=0 has 3 zeros and 1 one, x=1 has 3 ones and 1 zero.
    assert.ok(Math.abs(weighted.intercept - repeated.intercept) < 1e-9);
    assert.ok(Math.abs((weighted.coefficients[0] as number) - (repeated.coefficients[0] as number)) < 1e-9);
  });

  it('satisfies the penalised optimality condition and leaves the intercept unpenalised', () => {
    const random = Random.fromSeed(3);
    const features = Array.from({ length: 300 }, () => [random.normal(), random.normal()]);
    const labels = features.map(([a, b]) =>
      random.bernoulli(sigmoid(2 + (a as number) - (b as number))) ? 1 : 0,
    );
    const l2 = 25;
    const model = fitLogisticRegression({ features, labels }, { l2 });
    // Gradient of the objective: X^T (p - y) + l2 * b for coefficients, sum (p - y) for the intercept.
    const gradient = [0, 0, 0];
    features.forEach((row, i) => {
      const residual = predictLogistic(model, row) - (labels[i] as number);
      gradient[0] = (gradient[0] as number) + residual;
      gradient[1] = (gradient[1] as number) + residual * (row[0] as number);
      gradient[2] = (gradient[2] as number) + residual * (row[1] as number);
    });
    assert.ok(Math.abs(gradient[0] as number) < 1e-7, 'intercept has no penalty term');
    assert.ok(Math.abs((gradient[1] as number) + l2 * (model.coefficients[0] as number)) < 1e-7);
    assert.ok(Math.abs((gradient[2] as number) + l2 * (model.coefficients[1] as number)) < 1e-7);
    const unpenalised = fitLogisticRegression({ features, labels });
    assert.ok(Math.abs(model.coefficients[0] as number) < Math.abs(unpenalised.coefficients[0] as number));
  });

  it('recovers known coefficients from synthetic data', () => {
    const random = Random.fromSeed(11);
    const truth = { intercept: -0.7, coefficients: [1.2, -0.5, 0.3] };
    const features = Array.from({ length: 20000 }, () => [
      random.normal(),
      random.normal(),
      random.uniform(0, 2),
    ]);
    const labels = features.map((row) =>
      random.bernoulli(
        sigmoid(truth.intercept + row.reduce((z, x, j) => z + x * (truth.coefficients[j] as number), 0)),
      )
        ? 1
        : 0,
    );
    const model = fitLogisticRegression({ features, labels }, { l2: 1e-3 });
    assert.ok(Math.abs(model.intercept - truth.intercept) < 0.1, `intercept ${model.intercept}`);
    truth.coefficients.forEach((b, j) => {
      assert.ok(
        Math.abs((model.coefficients[j] as number) - b) < 0.08,
        `coefficient ${j}: ${model.coefficients[j]}`,
      );
    });
  });

  it('stays finite on separable data without a penalty', () => {
    const model = fitLogisticRegression(
      { features: [[0], [1], [2], [3]], labels: [0, 0, 1, 1] },
      { maxIterations: 30 },
    );
    assert.ok(Number.isFinite(model.intercept) && Number.isFinite(model.coefficients[0] as number));
    assert.ok(predictLogistic(model, [3]) > 0.99 && predictLogistic(model, [0]) < 0.01);
  });

  it('rejects bad input with typed errors', () => {
    const bad = [
      () => fitLogisticRegression({ features: [[0], [1]], labels: [0] }),
      () => fitLogisticRegression({ features: [[0], [Number.NaN]], labels: [0, 1] }),
      () => fitLogisticRegression({ features: [[0], [1]], labels: [0, 2] }),
      () => fitLogisticRegression({ features: [[0], [1, 2]], labels: [0, 1] }),
      () => fitLogisticRegression({ features: [[0], [1]], labels: [0, 1], sampleWeights: [1, -1] }),
      () => fitLogisticRegression({ features: [[0], [1]], labels: [0, 1] }, { l2: -1 }),
      () =>
        predictLogistic({ intercept: 0, coefficients: [1], l2: 0, iterations: 0, converged: true }, [1, 2]),
    ];
    for (const call of bad) assert.throws(call, (error) => isMatchdError(error));
  });
});

describe('crossValidateLogistic', () => {
  it('uses deterministic folds of near-equal size', () => {
    const a = assignFolds(23, 5, Random.fromSeed(7));
    const b = assignFolds(23, 5, Random.fromSeed(7));
    assert.deepEqual(a, b);
    const sizes = [0, 1, 2, 3, 4].map((f) => a.filter((x) => x === f).length);
    assert.ok(Math.max(...sizes) - Math.min(...sizes) <= 1);
    assert.throws(
      () => assignFolds(3, 5, Random.fromSeed(1)),
      (error) => isMatchdError(error, 'MM_ERR_INVALID_OPTION'),
    );
  });

  it('prefers a strong penalty when the features are pure noise and a weak one when they carry signal', () => {
    const random = Random.fromSeed(5);
    const noise = Array.from({ length: 200 }, () => Array.from({ length: 10 }, () => random.normal()));
    const coin = noise.map(() => (random.bernoulli(0.5) ? 1 : 0));
    const grid = [0.01, 1, 100, 10000];
    const noisy = crossValidateLogistic(
      { features: noise, labels: coin },
      { l2Grid: grid, folds: 5, random: Random.fromSeed(1) },
    );
    assert.ok(noisy.bestL2 >= 100, `noise picked ${noisy.bestL2}`);
    const signal = noise.map((row) => (random.bernoulli(sigmoid(3 * (row[0] as number))) ? 1 : 0));
    const fitted = crossValidateLogistic(
      { features: noise, labels: signal },
      { l2Grid: grid, folds: 5, random: Random.fromSeed(1) },
    );
    assert.ok(fitted.bestL2 <= 1, `signal picked ${fitted.bestL2}`);
    assert.equal(fitted.scores.length, grid.length);
    assert.equal(fitted.model.l2, fitted.bestL2);
    assert.ok(logisticLogLoss(fitted.model, { features: noise, labels: signal }) < Math.log(2));
  });
});
