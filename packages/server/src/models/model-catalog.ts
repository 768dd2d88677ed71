/**
 * The fitted models queues name, as the shared store holds them: each node keeps the newest version
 * of every named model in memory (queues read them synchronously, on every ticket and matchmaker
 * build) and refreshes it from the store on the fleet's config poll, so a model fitted through any
 * node reaches every node as a queue config does. Files (`ModelFiles`) remain the CLI's export and
 * import format.
 */
import { ErrorCodes, MatchdError } from '@matchd/engine';
import type { RatingsStore } from '../store/ratings-store.ts';
import type { Json } from '../store/records.ts';
import { type ModelFile, validateModelFile } from './model-files.ts';

/** A synchronous source of named models (the catalog; a folder of files for the CLI). */
export interface ModelSource {
  /** The model, or undefined when none has the name. */
  get(name: string): ModelFile | undefined;
  /** The named model of the given kind; MM_ERR_INVALID_QUEUE_CONFIG naming `path` when absent. */
  require<K extends ModelFile['kind']>(name: string, kind: K, path: string): Extract<ModelFile, { kind: K }>;
}

/** Refuses a queue naming a model that `source` (described by `where`) does not hold. */
export function requireModel<K extends ModelFile['kind']>(
  model: ModelFile | undefined,
  name: string,
  kind: K,
  path: string,
  where: string,
): Extract<ModelFile, { kind: K }> {
  if (model === undefined || model.kind !== kind) {
    throw new MatchdError(
      ErrorCodes.INVALID_QUEUE_CONFIG,
      `${path}: no ${kind} model named ${name} in ${where}${model === undefined ? '' : ` (it holds a ${model.kind})`}`,
      { path, model: name },
    );
  }
  return model as Extract<ModelFile, { kind: K }>;
}

/** The newest version of each model, in memory. */
export class ModelCatalog implements ModelSource {
  readonly #models = new Map<string, { version: number; model: ModelFile }>();

  get(name: string): ModelFile | undefined {
    return this.#models.get(name)?.model;
  }

  require<K extends ModelFile['kind']>(name: string, kind: K, path: string): Extract<ModelFile, { kind: K }> {
    return requireModel(this.get(name), name, kind, path, 'the store (fit it first)');
  }

  /** The version held for the name (0 when none). */
  versionOf(name: string): number {
    return this.#models.get(name)?.version ?? 0;
  }

  /** Every model held, by name (to hand to a matchmaker worker). */
  entries(): Record<string, { version: number; model: ModelFile }> {
    return Object.fromEntries(this.#models);
  }

  /** Takes a version unless a newer one is held; true when it was taken. */
  set(name: string, version: number, model: ModelFile): boolean {
    if (this.versionOf(name) >= version) return false;
    this.#models.set(name, { version, model });
    return true;
  }

  /**
   * Reads the store's newest versions and loads those newer than held (a model that fails
   * validation is skipped and reported through `onInvalid`); returns the names taken.
   */
  async sync(ratings: RatingsStore, onInvalid: (name: string, error: unknown) => void): Promise<string[]> {
    const taken: string[] = [];
    for (const stored of await ratings.modelVersions()) {
      if (stored.version <= this.versionOf(stored.name)) continue;
      const record = await ratings.getModel(stored.name);
      if (record === undefined) continue;
      try {
        if (this.set(record.name, record.version, validateModelFile(record.name, record.model)))
          taken.push(record.name);
      } catch (error) {
        onInvalid(record.name, error);
      }
    }
    return taken;
  }
}

/** A model file as the store keeps it. */
export function modelJson(model: ModelFile): Json {
  return model as unknown as Json;
}
