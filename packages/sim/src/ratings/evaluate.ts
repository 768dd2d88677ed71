/**
 * One `ratings eval` run over a file: every chosen model through the online protocol, with
 * default parameters scored on the whole file, or with `--tune` tuned on the first part and scored
 * on the rest (plus the defaults scored on the same rest, for comparison).
 */
import { ErrorCodes, MatchdError } from '@matchd/engine';
import { allModels, type EvalModelSpec, type FileTraits, modelsFor } from './eval-models.ts';
import type { MatchFile } from './match-file.ts';
import type { CalibrationRow, ScoreSummary } from './metrics.ts';
import { runOnline } from './online.ts';
import { formatParams, type Params } from './params.ts';
import { plannedEvaluations, tuneModel } from './tune.ts';

/** Options of an evaluation. */
export interface EvaluateOptions {
  /** Model names; default: every model that applies to the file. */
  readonly models?: readonly string[];
  readonly tune?: boolean;
  /** Share of the file used for tuning (default 0.7). */
  readonly tuneFraction?: number;
  /** Share of the tuning part not scored while tuning (default 0.5; see tune.ts). */
  readonly tuneBurnIn?: number;
  /** Time-ordered folds of the tuning part (default 4). */
  readonly tuneFolds?: number;
  /** Parameter values that replace the defaults of every chosen model that has them. */
  readonly params?: Params;
  readonly warmGames?: number;
  /** Progress in matches processed (`total` is announced once, before any work). */
  readonly progress?: { start(total: number): void; advance(matches: number, model: string): void };
}

/** One model's result. */
export interface ModelReport {
  readonly model: string;
  readonly summary: string;
  readonly params: Params;
  readonly all: ScoreSummary;
  readonly warm: ScoreSummary;
  readonly calibration: readonly CalibrationRow[];
  readonly sideLogOdds?: number;
  readonly slope?: number;
  /** With --tune: the defaults scored on the same matches, and the search's own figures. */
  readonly defaults?: {
    readonly params: Params;
    readonly all: ScoreSummary;
    readonly warm: ScoreSummary;
    /** The defaults over the whole file (beside the README's whole-file baselines). */
    readonly whole: ScoreSummary;
  };
  /** With --tune: the tuned parameters scored over the whole file (tuning matches included, so optimistic). */
  readonly whole?: ScoreSummary;
  readonly tuning?: {
    readonly logLoss: number;
    readonly evaluations: number;
    /** Log-loss of the chosen parameters per time-ordered fold of the tuning part. */
    readonly foldLogLoss: readonly number[];
    readonly failedEvaluations: number;
  };
}

/** The whole evaluation. */
export interface EvaluationReport {
  readonly file: string;
  readonly format: string;
  readonly matches: number;
  readonly players: number;
  /** Scored match indices [from, to). */
  readonly scored: { readonly from: number; readonly to: number };
  readonly tuned: boolean;
  readonly tuneFraction?: number;
  readonly tuneBurnIn?: number;
  readonly warmGames: number;
  readonly models: readonly ModelReport[];
  /** Models skipped, parameters that failed, values at the edge of their range. */
  readonly warnings: readonly string[];
}

/** What a file offers to the models. */
export function fileTraits(file: MatchFile): FileTraits {
  return {
    hasDates: file.hasDates,
    hasSides: file.hasSides,
    hasScores: file.hasScores,
    hasSeasons: file.hasSeasons,
    hasDraws: file.hasDraws,
  };
}

/** Resolves model names; throws MM_ERR_INVALID_OPTION for an unknown or inapplicable name. */
export function chooseModels(names: readonly string[] | undefined, traits: FileTraits): EvalModelSpec[] {
  if (names === undefined) return modelsFor(traits);
  const known = new Map(allModels().map((spec) => [spec.name, spec]));
  return names.map((name) => {
    const spec = known.get(name);
    if (spec === undefined) {
      throw new MatchdError(ErrorCodes.INVALID_OPTION, `unknown model "${name}"`, {
        path: 'models',
        value: name,
        known: [...known.keys()],
      });
    }
    if (!(spec.appliesTo?.(traits) ?? true)) {
      throw new MatchdError(ErrorCodes.INVALID_OPTION, `model "${name}" does not apply to this file`, {
        path: 'models',
        value: name,
        reason: 'the file lacks what the model needs (dates, sides, scores, seasons or draws)',
      });
    }
    return spec;
  });
}

/** Runs the evaluation (see the file comment). */
export function evaluate(file: MatchFile, options: EvaluateOptions = {}): EvaluationReport {
  const traits = fileTraits(file);
  const specs = chooseModels(options.models, traits);
  const tune = options.tune ?? false;
  const fraction = options.tuneFraction ?? 0.7;
  if (!(fraction > 0 && fraction < 1)) {
    throw new MatchdError(ErrorCodes.INVALID_OPTION, 'tune fraction must lie in (0, 1)', {
      path: 'tuneFraction',
      value: String(fraction),
    });
  }
  const burnIn = options.tuneBurnIn ?? 0.5;
  if (!(burnIn >= 0 && burnIn < 1)) {
    throw new MatchdError(ErrorCodes.INVALID_OPTION, 'tune burn-in must lie in [0, 1)', {
      path: 'tuneBurnIn',
      value: String(burnIn),
    });
  }
  const total = file.matches.length;
  const scoreFrom = tune ? Math.floor(total * fraction) : 0;
  const warmGames = options.warmGames ?? 10;
  const progress = options.progress;
  progress?.start(
    specs.reduce(
      (sum, spec) =>
        sum +
        (tune
          ? plannedEvaluations(spec.space(traits), {
              sweeps: spec.base !== undefined && specs.some((s) => s.name === spec.base) ? 1 : 2,
            }) *
              scoreFrom +
            4 * total
          : total),
      0,
    ),
  );
  const overrides = options.params ?? {};
  for (const name of Object.keys(overrides)) {
    if (!specs.some((spec) => name in spec.defaults(traits))) {
      throw new MatchdError(ErrorCodes.INVALID_OPTION, `no chosen model has a parameter "${name}"`, {
        path: 'params',
        value: name,
      });
    }
  }
  const folds = options.tuneFolds ?? 4;
  if (!(Number.isInteger(folds) && folds >= 1 && folds <= 20)) {
    throw new MatchdError(ErrorCodes.INVALID_OPTION, 'tune folds must be an integer in [1, 20]', {
      path: 'tuneFolds',
      value: String(folds),
    });
  }
  const warnings: string[] = [];
  const tunedParams = new Map<string, Params>();
  const models: ModelReport[] = [];
  for (const spec of specs) {
    try {
      const report = evaluateModel(spec);
      if (report !== undefined) models.push(report);
    } catch (error) {
      // One model that cannot run on this file (or with these values) must not lose the others.
      warnings.push(`${spec.name} skipped: ${(error as Error).message}`);
    }
  }
  function evaluateModel(spec: EvalModelSpec): ModelReport | undefined {
    const advance = (matches: number) => progress?.advance(matches, spec.name);
    const ownDefaults = spec.defaults(traits);
    const defaults: Params = Object.fromEntries(
      Object.entries(ownDefaults).map(([name, value]) => [name, overrides[name] ?? value]),
    );
    // A variant starts its search where its base model's search ended, when that ran first.
    const start = spec.base === undefined ? undefined : tunedParams.get(spec.base);
    const tuned = tune
      ? tuneModel(file, spec, traits, {
          tuneFraction: fraction,
          burnIn,
          folds,
          onEvaluation: advance,
          start: { ...defaults, ...start },
          // Warm-started variants need one sweep: their base's search already settled the rest.
          ...(start === undefined ? {} : { sweeps: 1 }),
        })
      : undefined;
    if (tuned !== undefined) {
      if (tuned.failures.length > 0) {
        const first = tuned.failures[0] as (typeof tuned.failures)[number];
        warnings.push(
          `${spec.name}: ${tuned.failures.length} parameter set(s) failed and were passed over, e.g. ${formatParams(first.params)}: ${first.message}`,
        );
      }
      if (!Number.isFinite(tuned.tuningLogLoss)) {
        warnings.push(`${spec.name} skipped: no parameter set ran on this file`);
        return undefined;
      }
      for (const edge of tuned.atEdge) {
        warnings.push(
          `${spec.name}: ${edge.name}=${Number(edge.value.toPrecision(4))} sits at the ${edge.end} of its range; the best value may lie beyond it`,
        );
      }
      tunedParams.set(spec.name, tuned.params);
    }
    const params = tuned?.params ?? defaults;
    const result = runOnline(file, spec.create(params), { scoreFrom, warmGames, onProgress: advance });
    const base = tune
      ? runOnline(file, spec.create(defaults), { scoreFrom, warmGames, onProgress: advance })
      : undefined;
    const whole = tune ? runOnline(file, spec.create(params), { warmGames, onProgress: advance }) : undefined;
    const baseWhole = tune
      ? runOnline(file, spec.create(defaults), { warmGames, onProgress: advance })
      : undefined;
    return {
      model: spec.name,
      summary: spec.summary,
      params,
      all: result.all,
      warm: result.warm,
      calibration: result.calibration,
      ...(result.sideLogOdds === undefined ? {} : { sideLogOdds: result.sideLogOdds }),
      ...(result.slope === undefined ? {} : { slope: result.slope }),
      ...(base === undefined || baseWhole === undefined
        ? {}
        : { defaults: { params: defaults, all: base.all, warm: base.warm, whole: baseWhole.all } }),
      ...(whole === undefined ? {} : { whole: whole.all }),
      ...(tuned === undefined
        ? {}
        : {
            tuning: {
              logLoss: tuned.tuningLogLoss,
              evaluations: tuned.evaluations,
              foldLogLoss: tuned.foldLogLoss,
              failedEvaluations: tuned.failures.length,
            },
          }),
    };
  }
  return {
    file: file.path,
    format: file.format,
    matches: total,
    players: file.playerCount,
    scored: { from: scoreFrom, to: total },
    tuned: tune,
    ...(tune ? { tuneFraction: fraction, tuneBurnIn: burnIn } : {}),
    warmGames,
    models,
    warnings,
  };
}
