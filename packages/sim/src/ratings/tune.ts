/**
 * `--tune`: a coordinate search over a model's parameters that minimises log-loss on the tuning
 * part of the file (the first `tuneFraction` of matches; the first `burnIn` share of it only warms
 * the ratings up, see `TuneOptions.burnIn`).
 * The caller then runs the whole file with the chosen parameters and scores only the rest, so the
 * reported figures never saw their own matches during tuning.
 *
 * The objective is time-ordered cross-validation: the scored part of the tuning matches is cut into
 * `folds` consecutive blocks, each predicted online from everything before it (never from after),
 * and the mean of the blocks' log-losses is minimised; the spread of the chosen parameters' fold
 * losses is reported, so a choice that only suits one period shows.
 * A parameter set whose run throws (a model that cannot take those values on this data) counts as
 * infinitely bad, and the error is kept for the report; a chosen value within 1% of its range's end
 * is reported as sitting at the edge.
 *
 * Per parameter and sweep: a coarse grid of `gridPoints` values across its range (log or linear),
 * then a golden-section search between the best grid point's neighbours; choices are tried one by
 * one. Two sweeps by default, so parameters that interact (K and a newcomer K) settle. Runs are
 * deterministic, so evaluations are cached by their parameters.
 */
import type { EvalModelSpec, FileTraits } from './eval-models.ts';
import type { MatchFile } from './match-file.ts';
import { runOnline } from './online.ts';
import type { ParamSpec, Params, ParamValue } from './params.ts';

/** Options of a search. */
export interface TuneOptions {
  /** Share of the file used for tuning, in (0, 1); default 0.7. */
  readonly tuneFraction?: number;
  /**
   * Share of the tuning part that only warms the ratings up and is not scored while tuning, in
   * [0, 1); default 0.5. The scored part of the file follows years of history, so the search
   * scores what also follows a history: otherwise it favours whatever fits the cold start (a
   * large K), which does not carry over.
   */
  readonly burnIn?: number;
  readonly sweeps?: number;
  readonly gridPoints?: number;
  readonly goldenSteps?: number;
  /** Parameters to start from instead of the defaults (e.g. the base model's tuned ones). */
  readonly start?: Params;
  /** Time-ordered folds of the scored tuning matches; default 4. */
  readonly folds?: number;
  /** Called after each evaluation with the number of matches it ran. */
  readonly onEvaluation?: (matches: number) => void;
}

/** The outcome of a search. */
export interface TuneResult {
  readonly params: Params;
  /** Log-loss of the chosen parameters on the tuning part. */
  readonly tuningLogLoss: number;
  readonly evaluations: number;
  /** The chosen parameters' log-loss per fold. */
  readonly foldLogLoss: readonly number[];
  /** Parameter values that made the model fail, with the first error's message. */
  readonly failures: readonly { readonly params: Params; readonly message: string }[];
  /** Chosen number parameters within 1% of an end of their range. */
  readonly atEdge: readonly { readonly name: string; readonly value: number; readonly end: 'min' | 'max' }[];
}

const GOLDEN = (Math.sqrt(5) - 1) / 2;

/** How many evaluations a search plans at most (for a progress bar). */
export function plannedEvaluations(space: readonly ParamSpec[], options: TuneOptions = {}): number {
  const sweeps = options.sweeps ?? 2;
  const grid = options.gridPoints ?? 7;
  const golden = options.goldenSteps ?? 6;
  const perSweep = space.reduce(
    (sum, spec) => sum + (spec.kind === 'choice' ? spec.choices.length : grid + golden + 2),
    0,
  );
  return 1 + sweeps * perSweep;
}

function fromUnit(spec: Extract<ParamSpec, { kind: 'number' }>, unit: number): number {
  const value =
    spec.scale === 'log' ? spec.min * (spec.max / spec.min) ** unit : spec.min + unit * (spec.max - spec.min);
  return spec.integer === true ? Math.round(value) : value;
}

/** Searches the model's parameters on the tuning part of the file. */
export function tuneModel(
  file: MatchFile,
  spec: EvalModelSpec,
  traits: FileTraits,
  options: TuneOptions = {},
): TuneResult {
  const fraction = options.tuneFraction ?? 0.7;
  const stopAt = Math.floor(file.matches.length * fraction);
  const scoreFrom = Math.floor(stopAt * (options.burnIn ?? 0.5));
  const sweeps = options.sweeps ?? 2;
  const gridPoints = options.gridPoints ?? 7;
  const goldenSteps = options.goldenSteps ?? 6;
  const folds = options.folds ?? 4;
  const cache = new Map<string, { loss: number; folds: number[] }>();
  const failures: { params: Params; message: string }[] = [];
  const run = (params: Params) => {
    const key = JSON.stringify(Object.entries(params).sort(([a], [b]) => a.localeCompare(b)));
    const known = cache.get(key);
    if (known !== undefined) return known;
    let outcome: { loss: number; folds: number[] };
    try {
      const result = runOnline(file, spec.create(params), { stopAt, scoreFrom, folds });
      const foldLosses = result.foldLogLoss ?? [];
      const mean = foldLosses.reduce((sum, loss) => sum + loss, 0) / foldLosses.length;
      // A model that fails numerically (NaN) loses to every finite candidate.
      outcome = { loss: Number.isFinite(mean) ? mean : Number.POSITIVE_INFINITY, folds: foldLosses };
    } catch (error) {
      // Parameters the model refuses (or that break it on this data) lose; the search goes on.
      failures.push({ params, message: (error as Error).message });
      outcome = { loss: Number.POSITIVE_INFINITY, folds: [] };
    }
    cache.set(key, outcome);
    options.onEvaluation?.(stopAt);
    return outcome;
  };
  const evaluate = (params: Params): number => run(params).loss;
  let best: Params = { ...spec.defaults(traits), ...options.start };
  let bestLoss = evaluate(best);
  const consider = (name: string, value: ParamValue): number => {
    const candidate = { ...best, [name]: value };
    const loss = evaluate(candidate);
    if (loss < bestLoss) {
      best = candidate;
      bestLoss = loss;
    }
    return loss;
  };
  for (let sweep = 0; sweep < sweeps; sweep++) {
    for (const param of spec.space(traits)) {
      if (param.kind === 'choice') {
        for (const choice of param.choices) consider(param.name, choice);
        continue;
      }
      const units = Array.from({ length: gridPoints }, (_, i) => i / (gridPoints - 1));
      const losses = units.map((unit) => consider(param.name, fromUnit(param, unit)));
      const bestIndex = losses.indexOf(Math.min(...losses));
      let low = units[Math.max(0, bestIndex - 1)] as number;
      let high = units[Math.min(units.length - 1, bestIndex + 1)] as number;
      let left = high - GOLDEN * (high - low);
      let right = low + GOLDEN * (high - low);
      let leftLoss = consider(param.name, fromUnit(param, left));
      let rightLoss = consider(param.name, fromUnit(param, right));
      for (let step = 0; step < goldenSteps; step++) {
        if (leftLoss <= rightLoss) {
          high = right;
          right = left;
          rightLoss = leftLoss;
          left = high - GOLDEN * (high - low);
          leftLoss = consider(param.name, fromUnit(param, left));
        } else {
          low = left;
          left = right;
          leftLoss = rightLoss;
          right = low + GOLDEN * (high - low);
          rightLoss = consider(param.name, fromUnit(param, right));
        }
      }
    }
  }
  const atEdge: { name: string; value: number; end: 'min' | 'max' }[] = [];
  for (const param of spec.space(traits)) {
    const value = best[param.name];
    if (param.kind !== 'number' || typeof value !== 'number') continue;
    const unit =
      param.scale === 'log'
        ? Math.log(value / param.min) / Math.log(param.max / param.min)
        : (value - param.min) / (param.max - param.min);
    if (unit <= 0.01) atEdge.push({ name: param.name, value, end: 'min' });
    else if (unit >= 0.99) atEdge.push({ name: param.name, value, end: 'max' });
  }
  return {
    params: best,
    tuningLogLoss: bestLoss,
    evaluations: cache.size,
    foldLogLoss: run(best).folds,
    failures,
    atEdge,
  };
}
