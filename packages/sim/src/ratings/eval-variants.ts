/**
 * Variants of `ratings eval` models: each adds one term around any model (see eval-models.ts for
 * the list of what is added where).
 * - `+side`: a side (home) term in log-odds, learned online from past matches only by one
 *   stochastic gradient step on the log-loss per match (rate `sideRate`): P = sigmoid(logit(p) + h)
 *   for the side team. No look-ahead, so it cannot leak.
 * - `+slope`: an online recalibration slope (see `withSlope`).
 * - `+home`: the rating model's own home advantage, tuned (see `withHome`).
 * - `+time`: the deviation grows with time away, sqrt(d^2 + c^2 days), capped at the initial
 *   deviation (policy/inactivity.ts), for models whose own update has no notion of time.
 */
import { withHomeAdvantage } from '@matchd/engine';
import type { EvalModelSpec } from './eval-types.ts';
import { numberParam } from './params.ts';

/** Adds the online side term (see the file comment). */
export function withSide(spec: EvalModelSpec): EvalModelSpec {
  return {
    name: `${spec.name}+side`,
    summary: `${spec.summary}; side term learned online`,
    appliesTo: (traits) => traits.hasSides && (spec.appliesTo?.(traits) ?? true),
    defaults: (traits) => ({ ...spec.defaults(traits), sideRate: 0.01 }),
    space: (traits) => [
      ...spec.space(traits),
      { name: 'sideRate', kind: 'number', min: 0.0005, max: 0.2, scale: 'log' },
    ],
    create: (params) => ({ ...spec.create(params), sideRate: numberParam(params, 'sideRate') }),
    base: spec.name,
  };
}

/**
 * Adds an online recalibration slope: P = sigmoid(a * logit(p)), a starting at 1 and taking one
 * SGD step on the log-loss per match after it is scored (Platt scaling without an intercept, so it
 * cannot learn which team a file lists first). It corrects a model that is over- or underconfident
 * without changing how its ratings move.
 */
export function withSlope(spec: EvalModelSpec): EvalModelSpec {
  return {
    name: `${spec.name}+slope`,
    summary: `${spec.summary}; online recalibration slope`,
    ...(spec.appliesTo === undefined ? {} : { appliesTo: spec.appliesTo }),
    defaults: (traits) => ({ ...spec.defaults(traits), slopeRate: 0.001 }),
    space: (traits) => [
      ...spec.space(traits),
      { name: 'slopeRate', kind: 'number', min: 0.00001, max: 0.03, scale: 'log' },
    ],
    create: (params) => ({ ...spec.create(params), slopeRate: numberParam(params, 'slopeRate') }),
    base: spec.name,
  };
}

/**
 * Adds a home (side) advantage inside the model (the rating model's own `withHomeAdvantage`): the
 * side team plays as if `home` log-odds units stronger, in prediction and in the update's expected
 * score. Tuned, not learned online.
 */
export function withHome(spec: EvalModelSpec): EvalModelSpec {
  return {
    name: `${spec.name}+home`,
    summary: `${spec.summary}; tuned home/side advantage in the model`,
    appliesTo: (traits) => traits.hasSides && (spec.appliesTo?.(traits) ?? true),
    defaults: (traits) => ({ ...spec.defaults(traits), home: 0.1 }),
    space: (traits) => [
      ...spec.space(traits),
      { name: 'home', kind: 'number', min: -0.5, max: 1, scale: 'linear' },
    ],
    create: (params) => {
      const runner = spec.create(params);
      const { access, logOddsUnit } = runner;
      if (access === undefined || logOddsUnit === undefined)
        throw new TypeError(`${spec.name} cannot take +home`);
      const model = withHomeAdvantage(runner.model, {
        advantage: numberParam(params, 'home') * logOddsUnit,
        shift: (rating, amount) => {
          const estimate = access.estimate(rating);
          return access.withEstimate(rating, { mean: estimate.mean + amount, deviation: estimate.deviation });
        },
      });
      return { ...runner, model };
    },
    base: spec.name,
  };
}

/**
 * Adds deviation growth with time away (see the file comment); `maxDeviation` is the model's
 * initial deviation.
 */
export function withTime(
  spec: EvalModelSpec,
  defaultGrowth: number,
  growthRange: [number, number],
): EvalModelSpec {
  return {
    name: `${spec.name}+time`,
    summary: `${spec.summary}; deviation grows with time away`,
    appliesTo: (traits) => traits.hasDates && (spec.appliesTo?.(traits) ?? true),
    defaults: (traits) => ({ ...spec.defaults(traits), growth: defaultGrowth }),
    space: (traits) => [
      ...spec.space(traits),
      { name: 'growth', kind: 'number', min: growthRange[0], max: growthRange[1], scale: 'log' },
    ],
    create: (params) => {
      const runner = spec.create(params);
      if (runner.access === undefined) throw new TypeError(`${spec.name} has no rating access for +time`);
      const initial = runner.access.estimate(runner.model.initial());
      return {
        ...runner,
        inactivity: {
          deviationGrowthPerSqrtDay: numberParam(params, 'growth'),
          maxDeviation: initial.deviation,
        },
      };
    },
  };
}
