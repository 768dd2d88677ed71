/**
 * The shape every experiment of the simulator has: a name, its own flags, and a run that returns
 * its report as JSON, Markdown and SVG charts. The CLI picks one by name (a flag, never a code edit).
 */
import { ErrorCodes, MatchdError } from '@matchd/engine';

/** A flag of an experiment (all flags take a value except booleans). */
export interface FlagSpec {
  readonly type: 'string' | 'boolean';
  readonly description: string;
  /** Shown in --help and used when the flag is absent. */
  readonly default?: string;
}

/** What an experiment's run receives. */
export interface ExperimentContext {
  /** The parsed flags (strings as given; booleans true when present). */
  readonly flags: Readonly<Record<string, string | boolean | undefined>>;
  /** Reports progress (done of total units). */
  readonly progress: (done: number, total: number) => void;
}

/** What an experiment returns. */
export interface ExperimentReport {
  readonly json: unknown;
  readonly markdown: string;
  /** File name (e.g. `retained-gain.svg`) to SVG document. */
  readonly charts: Readonly<Record<string, string>>;
}

/** One experiment. */
export interface Experiment {
  readonly name: string;
  readonly summary: string;
  readonly flags: Readonly<Record<string, FlagSpec>>;
  run(context: ExperimentContext): Promise<ExperimentReport>;
}

function flagValue(context: ExperimentContext, name: string, fallback: string): string {
  const value = context.flags[name];
  return typeof value === 'string' ? value : fallback;
}

/** An integer flag in [min, max]; throws MM_ERR_INVALID_OPTION naming the flag. */
export function intFlag(
  context: ExperimentContext,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  return boundedNumberFlag(context, name, fallback, min, max, 'integer');
}

/** A number flag in [min, max]. */
export function numberFlag(
  context: ExperimentContext,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  return boundedNumberFlag(context, name, fallback, min, max, 'number');
}

/** Whether `text` is a well-formed number of `kind` within [min, max]. */
function inBounds(text: string, kind: NumberKind, min: number, max: number): boolean {
  const trimmed = text.trim();
  const value = Number(trimmed);
  const wellFormed =
    kind === 'integer'
      ? /^-?\d+$/.test(trimmed) && Number.isSafeInteger(value)
      : trimmed !== '' && Number.isFinite(value);
  return wellFormed && value >= min && value <= max;
}

type NumberKind = 'integer' | 'number';

function boundedNumberFlag(
  context: ExperimentContext,
  name: string,
  fallback: number,
  min: number,
  max: number,
  kind: NumberKind,
): number {
  const raw = flagValue(context, name, String(fallback));
  if (!inBounds(raw, kind, min, max)) {
    const article = kind === 'integer' ? 'an integer' : 'a number';
    throw invalidFlag(name, `must be ${article} in [${min}, ${max}], got '${raw}'`);
  }
  return Number(raw.trim());
}

function boundedListFlag(
  context: ExperimentContext,
  name: string,
  fallback: string,
  min: number,
  max: number,
  kind: NumberKind,
): number[] {
  const raw = flagValue(context, name, fallback);
  const parts = raw.split(',');
  if (!parts.every((part) => inBounds(part, kind, min, max))) {
    const plural = kind === 'integer' ? 'integers' : 'numbers';
    throw invalidFlag(name, `must be comma-separated ${plural} in [${min}, ${max}], got '${raw}'`);
  }
  return parts.map((part) => Number(part.trim()));
}

function invalidFlag(name: string, problem: string): MatchdError {
  return new MatchdError(ErrorCodes.INVALID_OPTION, `--${name} ${problem}`, { path: name });
}

/** A comma-separated list of integers in [min, max]. */
export function intListFlag(
  context: ExperimentContext,
  name: string,
  fallback: string,
  min: number,
  max: number,
): number[] {
  return boundedListFlag(context, name, fallback, min, max, 'integer');
}

/** A comma-separated list of numbers in [min, max]. */
export function numberListFlag(
  context: ExperimentContext,
  name: string,
  fallback: string,
  min: number,
  max: number,
): number[] {
  return boundedListFlag(context, name, fallback, min, max, 'number');
}

/** One of a fixed set of words. */
export function choiceFlag<T extends string>(
  context: ExperimentContext,
  name: string,
  fallback: T,
  choices: readonly T[],
): T {
  const raw = flagValue(context, name, fallback);
  if (!(choices as readonly string[]).includes(raw)) {
    throw invalidFlag(name, `must be one of ${choices.join(', ')}, got '${raw}'`);
  }
  return raw as T;
}

/** A string flag (or its default). */
export function stringFlag(context: ExperimentContext, name: string, fallback: string): string {
  return flagValue(context, name, fallback);
}
