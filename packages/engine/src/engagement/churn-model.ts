/**
 * EOMM's churn model (section 5.2): a logistic regression of "no match within the churn window
 * after this one" on the player's recent history and the upcoming outcome, with the L2 strength
 * chosen by k-fold cross-validation over a grid (the paper: 5 folds and a grid search).
 * Features are standardised before fitting so that one L2 strength suits them all; the
 * standardisation is part of the model.
 */
import { ErrorCodes, MatchdError } from '../errors.ts';
import type { Random } from '../random.ts';
import {
  crossValidateLogistic,
  type LogisticGridScore,
  type LogisticModel,
  predictLogistic,
} from '../stats/logistic-regression.ts';
import { type ChurnPlayerState, churnFeatureNames, churnFeatures } from './churn-features.ts';
import { type ChurnLabelOptions, type HistoryEntry, type LabelledMatch, labelChurn } from './history-log.ts';
import type { MatchOutcome, OutcomeChurn } from './outcomes.ts';

/** A fitted churn model: standardisation plus logistic regression. */
export interface ChurnModel {
  readonly featureNames: readonly string[];
  readonly featureMeans: readonly number[];
  readonly featureScales: readonly number[];
  readonly regression: LogisticModel;
  /** Cross-validation scores per L2 strength (mean held-out log loss). */
  readonly crossValidation: readonly LogisticGridScore[];
  /** The churn window the labels used. */
  readonly churnWindowMs: number;
  /** Labelled matches it was trained on. */
  readonly trainingMatches: number;
}

/** Options of `trainChurnModel`. */
export interface ChurnModelTrainingOptions extends ChurnLabelOptions {
  /** L2 strengths to try; default a log grid 10^-2 .. 10^3. */
  readonly l2Grid?: readonly number[];
  /** Cross-validation folds; default 5, as in the paper. */
  readonly folds?: number;
  /** Deals the folds. */
  readonly random: Random;
}

/** The default grid of L2 strengths (on standardised features). */
export const DEFAULT_CHURN_L2_GRID: readonly number[] = [0.01, 0.1, 1, 10, 100, 1000];

/** The feature matrix and labels of labelled matches (the upcoming outcome is the match's own). */
export function churnTrainingData(matches: readonly LabelledMatch[]): {
  features: number[][];
  labels: number[];
} {
  const features = matches.map((m) =>
    churnFeatures({ previous: m.previous, nowMs: m.match.timeMs }, m.match.outcome),
  );
  return { features, labels: matches.map((m) => (m.churned ? 1 : 0)) };
}

/**
 * Trains a churn model from a match-history log. Throws MM_ERR_INVALID_DATA when the log has
 * fewer labelled matches than folds or only one class of label.
 */
export function trainChurnModel(
  log: readonly HistoryEntry[],
  options: ChurnModelTrainingOptions,
): ChurnModel {
  const matches = labelChurn(log, options);
  return trainChurnModelFromLabelled(matches, options);
}

/** As `trainChurnModel`, from matches already labelled. */
export function trainChurnModelFromLabelled(
  matches: readonly LabelledMatch[],
  options: Omit<ChurnModelTrainingOptions, 'logEndMs'>,
): ChurnModel {
  const folds = options.folds ?? 5;
  const churnedCount = matches.filter((m) => m.churned).length;
  if (matches.length < Math.max(folds, 2) || churnedCount === 0 || churnedCount === matches.length) {
    throw new MatchdError(
      ErrorCodes.INVALID_DATA,
      'the log needs labelled matches of both kinds, at least one per fold',
      {
        matches: matches.length,
        churned: churnedCount,
      },
    );
  }
  const { features, labels } = churnTrainingData(matches);
  const width = features[0]?.length ?? 0;
  const means = new Array<number>(width).fill(0);
  const scales = new Array<number>(width).fill(0);
  for (const row of features)
    for (let j = 0; j < width; j++) means[j] = (means[j] as number) + (row[j] as number);
  for (let j = 0; j < width; j++) means[j] = (means[j] as number) / features.length;
  for (const row of features) {
    for (let j = 0; j < width; j++)
      scales[j] = (scales[j] as number) + ((row[j] as number) - (means[j] as number)) ** 2;
  }
  // A constant feature (e.g. a slot no one fills) gets scale 1, so it stays 0 after centring.
  for (let j = 0; j < width; j++) scales[j] = Math.sqrt((scales[j] as number) / features.length) || 1;
  const standardised = features.map((row) =>
    row.map((x, j) => (x - (means[j] as number)) / (scales[j] as number)),
  );
  const cv = crossValidateLogistic(
    { features: standardised, labels },
    { l2Grid: options.l2Grid ?? DEFAULT_CHURN_L2_GRID, folds, random: options.random },
  );
  return {
    featureNames: churnFeatureNames(),
    featureMeans: means,
    featureScales: scales,
    regression: cv.model,
    crossValidation: cv.scores,
    churnWindowMs: options.churnWindowMs,
    trainingMatches: matches.length,
  };
}

/** The churn probability of a player in `state` after the upcoming match ends in `upcoming`. */
export function predictChurn(model: ChurnModel, state: ChurnPlayerState, upcoming: MatchOutcome): number {
  const raw = churnFeatures(state, upcoming);
  const row = raw.map((x, j) => (x - (model.featureMeans[j] as number)) / (model.featureScales[j] as number));
  return predictLogistic(model.regression, row);
}

/** Churn after each outcome of the upcoming match: the input of the EOMM cost. */
export function predictOutcomeChurn(model: ChurnModel, state: ChurnPlayerState): OutcomeChurn {
  return {
    win: predictChurn(model, state, 'W'),
    draw: predictChurn(model, state, 'D'),
    loss: predictChurn(model, state, 'L'),
  };
}

/**
 * Checks a churn model read back from JSON (a model file): the feature layout must be this
 * engine's (names in order), every number finite and every scale positive. Throws
 * MM_ERR_INVALID_DATA naming the field; returns the model typed.
 */
export function validateChurnModel(value: unknown): ChurnModel {
  const bad = (path: string, problem: string): MatchdError =>
    new MatchdError(ErrorCodes.INVALID_DATA, `churn model ${path}: ${problem}`, { path });
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw bad('', 'must be an object');
  const model = value as Record<string, unknown>;
  const names = churnFeatureNames();
  const numbers = (path: string, length: number, positive = false): void => {
    const list = model[path];
    if (!Array.isArray(list) || list.length !== length) throw bad(path, `must hold ${length} numbers`);
    list.forEach((x, i) => {
      if (typeof x !== 'number' || !Number.isFinite(x) || (positive && !(x > 0)))
        throw bad(`${path}[${i}]`, positive ? 'must be a positive number' : 'must be a finite number');
    });
  };
  const featureNames = model['featureNames'];
  if (!Array.isArray(featureNames) || featureNames.join(',') !== names.join(','))
    throw bad('featureNames', 'must list the features of this engine, in order');
  numbers('featureMeans', names.length);
  numbers('featureScales', names.length, true);
  const regression = model['regression'] as Record<string, unknown> | undefined;
  if (typeof regression !== 'object' || regression === null) throw bad('regression', 'must be an object');
  if (typeof regression['intercept'] !== 'number' || !Number.isFinite(regression['intercept']))
    throw bad('regression.intercept', 'must be a finite number');
  const coefficients = regression['coefficients'];
  if (
    !Array.isArray(coefficients) ||
    coefficients.length !== names.length ||
    !coefficients.every((x) => typeof x === 'number' && Number.isFinite(x))
  )
    throw bad('regression.coefficients', `must hold ${names.length} finite numbers`);
  const windowMs = model['churnWindowMs'];
  if (typeof windowMs !== 'number' || !(windowMs > 0)) throw bad('churnWindowMs', 'must be positive');
  return value as ChurnModel;
}
