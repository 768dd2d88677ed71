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
 * - `+margin`: margin of victory with its autocorrelation correction learned from past games
 *   (engine `MarginCorrectionFit`), on files with scores.
 * - `+season`: regression toward the initial mean at a team's first match of a new season (`keep`
 *   of the distance stays), on files with seasons.
 * - `+draw`: draws as a third outcome (ordered logit, draw rate learned from past matches), on files
 *   with draws.
 */
import { MarginCorrectionFit, withHomeAdvantage, withMarginOfVictory } from '@matchd/engine';
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

/** Adds margin of victory with a learned autocorrelation correction (see the file comment). */
export function withMargin(spec: EvalModelSpec): EvalModelSpec {
  return {
    name: `${spec.name}+margin`,
    summary: `${spec.summary}; margin of victory, correction learned`,
    appliesTo: (traits) => traits.hasScores === true && (spec.appliesTo?.(traits) ?? true),
    defaults: (traits) => spec.defaults(traits),
    space: (traits) => spec.space(traits),
    create: (params) => {
      const runner = spec.create(params);
      const { access } = runner;
      if (access === undefined) throw new TypeError(`${spec.name} cannot take +margin`);
      // One fit per run: it learns from the run's own past games only.
      const fit = new MarginCorrectionFit();
      const learning = fit.multiplier();
      const model = withMarginOfVictory(runner.model, {
        scale: (before, after, factor) => {
          const from = access.estimate(before);
          const to = access.estimate(after);
          return access.withEstimate(after, {
            mean: from.mean + factor * (to.mean - from.mean),
            deviation: to.deviation,
          });
        },
        multiplier: (margin, winnerGap) => {
          const factor = learning(margin, winnerGap);
          fit.observe(margin, winnerGap);
          return factor;
        },
      });
      return { ...runner, model };
    },
    base: spec.name,
  };
}

/** Adds regression toward the mean between seasons (see the file comment). */
export function withSeason(spec: EvalModelSpec): EvalModelSpec {
  return {
    name: `${spec.name}+season`,
    summary: `${spec.summary}; regression to the mean between seasons`,
    appliesTo: (traits) => traits.hasSeasons === true && (spec.appliesTo?.(traits) ?? true),
    defaults: (traits) => ({ ...spec.defaults(traits), keep: 2 / 3 }),
    space: (traits) => [
      ...spec.space(traits),
      { name: 'keep', kind: 'number', min: 0, max: 1, scale: 'linear' },
    ],
    create: (params) => {
      const runner = spec.create(params);
      const { access } = runner;
      if (access === undefined) throw new TypeError(`${spec.name} cannot take +season`);
      const initial = access.estimate(runner.model.initial());
      const keep = numberParam(params, 'keep');
      return {
        ...runner,
        seasonRegression: () => ({
          keep,
          anchor: initial.mean,
          ...(access.hasDeviation ? { priorDeviation: initial.deviation } : {}),
        }),
      };
    },
    base: spec.name,
  };
}

/** Adds draws as a third outcome (see the file comment). */
export function withDrawTerm(spec: EvalModelSpec): EvalModelSpec {
  return {
    name: `${spec.name}+draw`,
    summary: `${spec.summary}; draws as a third outcome (ordered logit)`,
    appliesTo: (traits) => traits.hasDraws === true && (spec.appliesTo?.(traits) ?? true),
    defaults: (traits) => spec.defaults(traits),
    space: (traits) => spec.space(traits),
    create: (params) => ({ ...spec.create(params), drawTerm: true }),
    base: spec.name,
  };
}
