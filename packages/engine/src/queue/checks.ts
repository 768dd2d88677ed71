/**
 * A small typed validator for plain JSON objects (the engine has no runtime dependencies). Every
 * check throws a MatchdError with the given code, a message that starts with the field's path
 * (`criteria[2].weight: must be >= 0`) and `details.path`, at the first problem found.
 */

import { type ErrorCode, MatchdError } from '../errors.ts';

/** Validation context: the error code to throw. */
export interface Checker {
  readonly code: ErrorCode;
}

/** Throws the checker's error for `path`. */
export function fail(checker: Checker, path: string, problem: string): never {
  throw new MatchdError(checker.code, `${path}: ${problem}`, { path });
}

/** A plain object (not null, not an array); rejects keys outside `allowed` (catches typos). */
export function object(
  checker: Checker,
  value: unknown,
  path: string,
  allowed: readonly string[],
): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    fail(checker, path, 'must be an object');
  const record = value as Record<string, unknown>;
  // Own enumerable keys in `Object.keys` order, without making that array (run for every ticket).
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    if (!allowed.includes(key))
      fail(checker, path === '' ? key : `${path}.${key}`, `unknown field (allowed: ${allowed.join(', ')})`);
  }
  return record;
}

/** A finite number within [min, max]; `integer` requires a whole number. */
export function number(
  checker: Checker,
  value: unknown,
  path: string,
  bounds: { min?: number; max?: number; integer?: boolean; exclusiveMin?: boolean } = {},
): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(checker, path, 'must be a finite number');
  if (bounds.integer === true && !Number.isInteger(value)) fail(checker, path, 'must be an integer');
  if (bounds.min !== undefined) {
    if (bounds.exclusiveMin === true ? value <= bounds.min : value < bounds.min) {
      fail(checker, path, `must be ${bounds.exclusiveMin === true ? '>' : '>='} ${bounds.min}`);
    }
  }
  if (bounds.max !== undefined && value > bounds.max) fail(checker, path, `must be <= ${bounds.max}`);
  return value;
}

/**
 * Whether `number` accepts `value` within `bounds` (it throws exactly when this is false): lets a
 * caller build the field's path only for a value that fails.
 */
export function isNumberWithin(
  value: unknown,
  bounds: { min?: number; max?: number; integer?: boolean; exclusiveMin?: boolean },
): boolean {
  if (typeof value !== 'number' || !Number.isFinite(value)) return false;
  if (bounds.integer === true && !Number.isInteger(value)) return false;
  if (bounds.min !== undefined && (bounds.exclusiveMin === true ? value <= bounds.min : value < bounds.min))
    return false;
  return !(bounds.max !== undefined && value > bounds.max);
}

/** `number` when present, else undefined. */
export function optionalNumber(
  checker: Checker,
  value: unknown,
  path: string,
  bounds: Parameters<typeof number>[3] = {},
): number | undefined {
  return value === undefined ? undefined : number(checker, value, path, bounds);
}

/** A non-empty string. */
export function string(checker: Checker, value: unknown, path: string): string {
  if (typeof value !== 'string' || value.length === 0) fail(checker, path, 'must be a non-empty string');
  return value;
}

/** One of the listed strings. */
export function oneOf<T extends string>(
  checker: Checker,
  value: unknown,
  path: string,
  options: readonly T[],
): T {
  if (typeof value !== 'string' || !(options as readonly string[]).includes(value)) {
    fail(checker, path, `must be one of ${options.join(', ')}`);
  }
  return value as T;
}

/** An array, with an optional length range. */
export function array(
  checker: Checker,
  value: unknown,
  path: string,
  bounds: { min?: number; max?: number } = {},
): unknown[] {
  if (!Array.isArray(value)) fail(checker, path, 'must be an array');
  if (bounds.min !== undefined && value.length < bounds.min)
    fail(checker, path, `must have at least ${bounds.min} item(s)`);
  if (bounds.max !== undefined && value.length > bounds.max)
    fail(checker, path, `must have at most ${bounds.max} item(s)`);
  return value;
}

/** An array of non-empty strings. */
export function stringArray(checker: Checker, value: unknown, path: string): string[] {
  return array(checker, value, path).map((item, i) => string(checker, item, `${path}[${i}]`));
}

/** A boolean. */
export function boolean(checker: Checker, value: unknown, path: string): boolean {
  if (typeof value !== 'boolean') fail(checker, path, 'must be true or false');
  return value;
}
