/**
 * What the FlexMatch and PlayFab importers share: the options, the result (a matchd queue config and
 * the notes on what was approximated), the error that names the path in the source of what cannot
 * be translated, and the queue skeleton every imported config starts from.
 */

import { ErrorCodes, MatchdError } from '../../errors.ts';
import type { QueueConfig, QueueTeams, Relaxation, TeamsConfig } from '../../queue/types.ts';
import { MAX_TEAM_COUNT, MAX_TEAM_SIZE } from '../../queue/validate-config.ts';
import type { AttributeDeclarations, Limit, Rule } from '../types.ts';

export interface ImportOptions {
  /** The queue id; default: the source's name, else `imported`. */
  readonly id?: string;
  /** The regions matches can be played in (needed by latency and region rules). */
  readonly regions?: readonly string[];
  /** `mode.maxWaitMs` of the imported queue; default 120,000 (two minutes). */
  readonly maxWaitMs?: number;
}

export interface ImportResult {
  readonly config: QueueConfig;
  /** What was translated approximately or left out, each `path: what` in the source's terms. */
  readonly notes: readonly string[];
}

export const DEFAULT_MAX_WAIT_MS = 120_000;

/** Throws the import error: MM_ERR_INVALID_DATA naming the path in the source. */
export function untranslatable(path: string, problem: string): never {
  throw new MatchdError(ErrorCodes.INVALID_DATA, `${path}: ${problem}`, { path });
}

/** A record (not null, not an array) or the import error. */
export function record(value: unknown, path: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    untranslatable(path, 'must be an object');
  return value as Record<string, unknown>;
}

/** Refuses fields this importer does not know, so that nothing is dropped silently. */
export function knownFields(value: Record<string, unknown>, path: string, allowed: readonly string[]): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key))
      untranslatable(path === '' ? key : `${path}.${key}`, `unknown field (known: ${allowed.join(', ')})`);
  }
}

/** A finite number; vendors' examples also write numbers as strings (`"maxDistance": "500"`). */
export function numeric(
  value: unknown,
  path: string,
  bounds: { min?: number; integer?: boolean } = {},
): number {
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof parsed !== 'number' || !Number.isFinite(parsed)) untranslatable(path, 'must be a number');
  if (bounds.integer === true && !Number.isInteger(parsed)) untranslatable(path, 'must be a whole number');
  if (bounds.min !== undefined && parsed < bounds.min) untranslatable(path, `must be >= ${bounds.min}`);
  return parsed;
}

export function text(value: unknown, path: string): string {
  if (typeof value !== 'string' || value.length === 0) untranslatable(path, 'must be a non-empty string');
  return value;
}

export function list(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) untranslatable(path, 'must be a list');
  return value;
}

/** A step of a relaxation: from `afterMs` of wait on, `value`. */
export interface Step {
  readonly afterMs: number;
  readonly value: number;
  /** Where the step comes from, for errors. */
  readonly path: string;
}

/**
 * A limit relaxing in steps. Steps must relax (go up for a maximum, down for a minimum): matchd's
 * relaxations only ever relax, so a step that tightens cannot be translated.
 */
export function steppedLimit(start: number, steps: readonly Step[], direction: 'up' | 'down'): Limit {
  if (steps.length === 0) return start;
  const sorted = [...steps].sort((a, b) => a.afterMs - b.afterMs);
  let previous = start;
  for (const step of sorted) {
    const relaxes = direction === 'up' ? step.value >= previous : step.value <= previous;
    if (!relaxes) {
      untranslatable(
        step.path,
        `${step.value} after ${step.afterMs / 1000} s ${direction === 'up' ? 'lowers' : 'raises'} the limit from ${previous}: matchd's limits only relax with the wait`,
      );
    }
    previous = step.value;
  }
  const deduplicated = sorted.filter((step, i) => i === 0 || step.afterMs !== sorted[i - 1]?.afterMs);
  const relaxation: Relaxation = {
    start,
    steps: deduplicated.map((step) => ({ afterMs: step.afterMs, value: step.value })),
  };
  return relaxation;
}

/** The team shape, or the import error naming the source path that the current shapes cannot hold. */
export function teamsShape(count: number, size: number, path: string): TeamsConfig {
  if (size > MAX_TEAM_SIZE)
    untranslatable(path, `teams of ${size} players: matchd queues have teams of 1..${MAX_TEAM_SIZE}`);
  if (count > MAX_TEAM_COUNT)
    untranslatable(path, `${count} teams: matchd queues have 2..${MAX_TEAM_COUNT} teams per match`);
  return { count, size };
}

/**
 * The queue every import starts from: continuous matching, a neutral quality (wait time, threshold
 * 0) so that only the imported rules decide which matches may form, and the rating track named
 * after the queue.
 */
export function queueSkeleton(
  id: string,
  teams: QueueTeams,
  attributes: AttributeDeclarations,
  rules: readonly Rule[],
  options: ImportOptions,
): QueueConfig {
  return {
    id,
    teams,
    rating: { track: id },
    criteria: [{ kind: 'wait-time', weight: 1 }],
    threshold: { start: 0 },
    mode: { kind: 'continuous', maxWaitMs: options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS },
    ...(Object.keys(attributes).length > 0 ? { attributes } : {}),
    rules,
  };
}

/** A queue id from a source name: letters, digits, `-` and `_`; empty names fall back. */
export function queueIdFrom(name: unknown, fallback = 'imported'): string {
  if (typeof name !== 'string') return fallback;
  const id = name
    .trim()
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 128);
  return id.length > 0 ? id : fallback;
}

/** Declares an attribute, or refuses a second declaration of another type. */
export function declare(
  attributes: Record<string, { type: AttributeDeclarations[string]['type']; default?: unknown }>,
  name: string,
  type: AttributeDeclarations[string]['type'],
  path: string,
  defaultValue?: unknown,
): void {
  const existing = attributes[name];
  if (existing !== undefined && existing.type !== type)
    untranslatable(path, `attribute ${name} is read as a ${type} here and as a ${existing.type} elsewhere`);
  if (existing !== undefined && defaultValue !== undefined && existing.default !== undefined) {
    if (JSON.stringify(existing.default) !== JSON.stringify(defaultValue))
      untranslatable(
        path,
        `attribute ${name} has the default ${JSON.stringify(defaultValue)} here and ${JSON.stringify(existing.default)} elsewhere`,
      );
  }
  attributes[name] = {
    type,
    ...(defaultValue !== undefined
      ? { default: defaultValue }
      : existing?.default !== undefined
        ? { default: existing.default }
        : {}),
  };
}
