/**
 * Fitted models as files, the CLI's export format: one JSON file each in the models folder (config `modelsDir`, default
 * `<dataDir>/models`): the party bonus `matchd ratings fit-party` fits and the churn model
 * `matchd engagement fit` fits. A queue names them (`rating.partyAdjustment`,
 * `engagement.churnModel`) from the shared store (model-catalog.ts); files are the CLI's export and
 * import format. Files are written
 * whole (a temporary file renamed over the old), so a reader never sees half a model.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type ChurnModel,
  ErrorCodes,
  MatchdError,
  type PartyBonusCoefficients,
  validateChurnModel,
} from '@matchd/engine';
import { type ModelSource, requireModel } from './model-catalog.ts';

/** Dota's party-adjusted MMR: bonus coefficients fitted from the stored history. */
export interface PartyBonusModelFile {
  readonly kind: 'party-bonus';
  readonly fittedAtMs: number;
  /** Reported two-team matches the fit used. */
  readonly matches: number;
  /** The track (name or key) whose matches it was fitted on; absent = every track. */
  readonly track?: string;
  readonly coefficients: PartyBonusCoefficients;
  /** Log-odds per rating point of team mean difference: how much the ratings predicted. */
  readonly logOddsPerRatingPoint: number;
}

/** EOMM's churn model fitted from the stored history. */
export interface ChurnModelFile {
  readonly kind: 'churn-model';
  readonly fittedAtMs: number;
  /** The queue whose matches it was fitted on; absent = every queue. */
  readonly queueId?: string;
  readonly model: ChurnModel;
}

export type ModelFile = PartyBonusModelFile | ChurnModelFile;

const NAME = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127}$/;

function fileOf(dir: string, name: string): string {
  if (!NAME.test(name)) {
    throw new MatchdError(ErrorCodes.INVALID_OPTION, `model name ${name}: letters, digits, _ . - only`, {
      path: 'name',
    });
  }
  return join(dir, `${name}.json`);
}

function invalid(name: string, problem: string): MatchdError {
  return new MatchdError(ErrorCodes.INVALID_DATA, `model ${name}: ${problem}`, { model: name });
}

function finite(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Checks a parsed model file; throws MM_ERR_INVALID_DATA naming the model. */
export function validateModelFile(name: string, value: unknown): ModelFile {
  if (typeof value !== 'object' || value === null) throw invalid(name, 'not a JSON object');
  const file = value as Record<string, unknown>;
  if (!finite(file['fittedAtMs'])) throw invalid(name, 'fittedAtMs must be a number');
  if (file['kind'] === 'party-bonus') {
    const c = (file['coefficients'] ?? {}) as Record<string, unknown>;
    if (!finite(c['perExtraMember']) || !finite(c['perSpread']) || !finite(c['perBelowTop']))
      throw invalid(name, 'coefficients need perExtraMember, perSpread and perBelowTop numbers');
    return value as PartyBonusModelFile;
  }
  if (file['kind'] === 'churn-model') {
    try {
      validateChurnModel(file['model']);
    } catch (error) {
      throw invalid(name, error instanceof Error ? error.message : String(error));
    }
    return value as ChurnModelFile;
  }
  throw invalid(name, 'kind must be party-bonus or churn-model');
}

/** Writes a model file whole (temporary file, then rename). */
export function writeModelFile(dir: string, name: string, model: ModelFile): string {
  const file = fileOf(dir, name);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(model, null, 2)}\n`);
  renameSync(temporary, file);
  return file;
}

/** The named models of one folder, re-read when a file changes. */
export class ModelFiles implements ModelSource {
  readonly dir: string;
  readonly #cache = new Map<string, { mtimeMs: number; model: ModelFile }>();

  constructor(dir: string) {
    this.dir = dir;
  }

  /** The model, or undefined when no file has the name. Throws MM_ERR_INVALID_DATA for a bad file. */
  get(name: string): ModelFile | undefined {
    const file = fileOf(this.dir, name);
    if (!existsSync(file)) return undefined;
    const { mtimeMs } = statSync(file);
    const cached = this.#cache.get(name);
    if (cached !== undefined && cached.mtimeMs === mtimeMs) return cached.model;
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      throw invalid(name, `${file} is not JSON`);
    }
    const model = validateModelFile(name, parsed);
    this.#cache.set(name, { mtimeMs, model });
    return model;
  }

  /** The named model of the given kind; MM_ERR_INVALID_QUEUE_CONFIG naming `path` when absent. */
  require<K extends ModelFile['kind']>(name: string, kind: K, path: string): Extract<ModelFile, { kind: K }> {
    return requireModel(this.get(name), name, kind, path, this.dir);
  }

  /** Writes a model (see writeModelFile). */
  put(name: string, model: ModelFile): string {
    return writeModelFile(this.dir, name, model);
  }
}
