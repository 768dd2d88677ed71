/**
 * Fits models from the service's own match history (the store the server config names: the same
 * environment and MATCHD_CONFIG file as `matchd serve`), stores them by name in that store (the
 * version every node's queues read) and exports a copy to the models folder:
 *   matchd ratings fit-party [--track NAME] [--name party-bonus] [--json]
 *   matchd engagement fit [--queue ID] [--window-ms 28800000] [--name churn] [--seed 1] [--json]
 *   matchd models export NAME [--out FILE]   |   matchd models import NAME FILE
 * Exit codes: 0 written, 1 the history cannot fit the model (MM_ERR_INVALID_DATA: too few matches,
 * one class of label, ratings that predict nothing) or the store is unavailable, 2 bad usage.
 * With PGlite the data folder is locked by a running server: fit through the server instead
 * (POST /v1/admin/models/{name}/fit), or let it refit on its schedule (`churnRefitIntervalMs`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { isMatchdError } from '@matchd/engine';
import { loadConfig, type ServerConfig } from '../config.ts';
import { fitChurnModel, fitPartyModel } from '../models/fit-models.ts';
import { modelJson } from '../models/model-catalog.ts';
import { type ModelFile, ModelFiles, validateModelFile } from '../models/model-files.ts';
import { reportedMatches } from '../models/stored-history.ts';
import { openRatings } from '../start.ts';
import { lockDataDir } from '../store/data-dir.ts';
import type { RatingsStore } from '../store/ratings-store.ts';

/** Where the CLI writes; injectable for tests. */
export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
}

const processIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

export const FIT_PARTY_USAGE = `usage: matchd ratings fit-party [--track NAME] [--name party-bonus] [--json]

Fits Dota's party bonus (party-adjusted MMR) by logistic regression on the stored two-team matches:
each player's rating before the match, parties = players of one ticket. Stores the model in the
shared store (every node's queues read it) and writes
<modelsDir>/<name>.json (an export); a queue uses it with "rating": { "partyAdjustment": "<name>" }.

  --track   only matches on this track (a name covers its solo and party tracks)
  --name    the model's name (default party-bonus)
  --json    print the model as JSON

The store and models folder come from the server's configuration (MATCHD_CONFIG, MATCHD_* variables).
exit: 0 written, 1 the history cannot fit it, 2 bad usage
`;

export const ENGAGEMENT_USAGE = `usage: matchd engagement fit [--queue ID] [--window-ms MS] [--name churn] [--seed N] [--json]

Fits EOMM's churn model (logistic regression on each player's recent matches, L2 chosen by 5-fold
cross-validation) on the stored reported matches. A player churned after a match when they played
none within the window. Stores it in the shared store and writes <modelsDir>/<name>.json (an export); an engagement queue uses it with
"engagement": { "churnModel": "<name>" }.

  --queue      only this queue's matches (default: every queue)
  --window-ms  the churn window (default 28800000, EOMM's eight hours)
  --name       the model's name (default churn)
  --seed       deals the cross-validation folds (default 1)
  --json       print the model as JSON

The store and models folder come from the server's configuration (MATCHD_CONFIG, MATCHD_* variables).
exit: 0 written, 1 the history cannot fit it, 2 bad usage
`;

export const MODELS_USAGE = `usage: matchd models export NAME [--out FILE]
       matchd models import NAME FILE

export  writes the newest stored version of the model (JSON) to FILE, or prints it
import  checks FILE (a model file as export or the fit commands write it) and stores it as the
        name's next version; every node's queues take it on their next config poll

The store comes from the server's configuration (MATCHD_CONFIG, MATCHD_* variables).
exit: 0 done, 1 no such model or a bad file, 2 bad usage
`;

async function modelsCommand(
  args: readonly string[],
  io: CliIo,
  config: () => ServerConfig,
): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: { out: { type: 'string' }, help: { type: 'boolean' } },
  });
  const [command, name, file] = positionals;
  if (values.help === true || command === 'help') {
    io.stdout(MODELS_USAGE);
    return 0;
  }
  if (command !== 'export' && command !== 'import')
    throw new UsageError(`unknown command '${command ?? ''}'`);
  if (name === undefined) throw new UsageError('a model name is needed');
  if (command === 'import') {
    if (file === undefined) throw new UsageError('import needs a file');
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      io.stderr(`matchd models: ${file}: ${error instanceof Error ? error.message : String(error)}\n`);
      return 1;
    }
    const model = validateModelFile(name, parsed);
    const stored = await withStore(config(), (ratings) =>
      ratings.putModel({ name, fittedAtMs: model.fittedAtMs, model: modelJson(model) }),
    );
    io.stdout(`model ${name} version ${stored.version} stored\n`);
    return 0;
  }
  const stored = await withStore(config(), (ratings) => ratings.getModel(name));
  if (stored === undefined) {
    io.stderr(`matchd models: no model named ${name} in the store\n`);
    return 1;
  }
  const text = `${JSON.stringify(stored.model, null, 2)}\n`;
  if (values.out === undefined) io.stdout(text);
  else {
    writeFileSync(values.out, text);
    io.stdout(`model ${name} version ${stored.version} -> ${values.out}\n`);
  }
  return 0;
}

function positiveInteger(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!(Number.isInteger(number) && number > 0)) throw new UsageError(`--${name} must be a whole number > 0`);
  return number;
}

class UsageError extends Error {}

/** Opens the configured store (taking the PGlite folder's lock) for the length of `work`. */
async function withStore<T>(config: ServerConfig, work: (ratings: RatingsStore) => Promise<T>): Promise<T> {
  const lock = config.ratingsBackend === 'pglite' ? lockDataDir(config.dataDir) : undefined;
  try {
    const ratings = await openRatings(config);
    try {
      await ratings.migrate();
      return await work(ratings);
    } finally {
      await ratings.close();
    }
  } finally {
    lock?.release();
  }
}

async function fitParty(args: readonly string[], io: CliIo, config: () => ServerConfig): Promise<number> {
  const { values } = parseArgs({
    args: [...args],
    options: {
      track: { type: 'string' },
      name: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help === true) {
    io.stdout(FIT_PARTY_USAGE);
    return 0;
  }
  const settings = config();
  const name = values.name ?? 'party-bonus';
  const models = new ModelFiles(settings.modelsDir as string);
  const { fit, matches, file } = await withStore(settings, async (ratings) => {
    const fitted = fitPartyModel(
      await reportedMatches(ratings),
      values.track === undefined ? {} : { track: values.track },
    );
    const model: ModelFile = {
      kind: 'party-bonus',
      fittedAtMs: Date.now(),
      matches: fitted.matches,
      ...(values.track === undefined ? {} : { track: values.track }),
      coefficients: fitted.fit.coefficients,
      logOddsPerRatingPoint: fitted.fit.logOddsPerRatingPoint,
    };
    // The shared store is what queues read; the file is the export.
    await ratings.putModel({ name, fittedAtMs: model.fittedAtMs, model: modelJson(model) });
    return { ...fitted, file: models.put(name, model) };
  });
  const model = models.get(name);
  if (values.json === true) io.stdout(`${JSON.stringify({ file, model }, null, 2)}\n`);
  else {
    const c = fit.coefficients;
    io.stdout(
      `party bonus from ${matches} matches -> ${file}\n` +
        `  per extra member ${c.perExtraMember.toFixed(2)} points, per point of spread ${c.perSpread.toFixed(4)}, per point below the top ${c.perBelowTop.toFixed(4)}\n`,
    );
  }
  return 0;
}

async function fitEngagement(
  args: readonly string[],
  io: CliIo,
  config: () => ServerConfig,
): Promise<number> {
  const [command, ...rest] = args;
  if (command === '--help' || command === '-h' || command === 'help') {
    io.stdout(ENGAGEMENT_USAGE);
    return 0;
  }
  if (command !== 'fit') throw new UsageError(`unknown command '${command ?? ''}'`);
  const { values } = parseArgs({
    args: [...rest],
    options: {
      queue: { type: 'string' },
      'window-ms': { type: 'string' },
      name: { type: 'string' },
      seed: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help === true) {
    io.stdout(ENGAGEMENT_USAGE);
    return 0;
  }
  const churnWindowMs = positiveInteger(values['window-ms'], 'window-ms') ?? 8 * 3600 * 1000;
  const seed = positiveInteger(values.seed, 'seed') ?? 1;
  const settings = config();
  const name = values.name ?? 'churn';
  const models = new ModelFiles(settings.modelsDir as string);
  const nowMs = Date.now();
  const { model, file } = await withStore(settings, async (ratings) => {
    const fitted = fitChurnModel(await reportedMatches(ratings), {
      churnWindowMs,
      logEndMs: nowMs,
      seed,
      ...(values.queue === undefined ? {} : { queueId: values.queue }),
    });
    const stored: ModelFile = {
      kind: 'churn-model',
      fittedAtMs: nowMs,
      ...(values.queue === undefined ? {} : { queueId: values.queue }),
      model: fitted,
    };
    // The shared store is what queues read; the file is the export.
    await ratings.putModel({ name, fittedAtMs: nowMs, model: modelJson(stored) });
    return { model: fitted, file: models.put(name, stored) };
  });
  if (values.json === true) io.stdout(`${JSON.stringify({ file, model: models.get(name) }, null, 2)}\n`);
  else {
    const best = [...model.crossValidation].sort((a, b) => a.meanLogLoss - b.meanLogLoss)[0];
    io.stdout(
      `churn model from ${model.trainingMatches} labelled matches (window ${churnWindowMs} ms) -> ${file}\n` +
        `  L2 ${model.regression.l2}, held-out log loss ${best === undefined ? '-' : best.meanLogLoss.toFixed(4)}\n`,
    );
  }
  return 0;
}

/** Runs `matchd ratings fit-party ...` (`which` = 'fit-party') or `matchd engagement ...`. */
export async function main(
  which: 'fit-party' | 'engagement' | 'models',
  argv: readonly string[],
  io: CliIo = processIo,
  environment: Readonly<Record<string, string | undefined>> = process.env,
): Promise<number> {
  const usage =
    which === 'fit-party' ? FIT_PARTY_USAGE : which === 'models' ? MODELS_USAGE : ENGAGEMENT_USAGE;
  const prefix =
    which === 'fit-party'
      ? 'matchd ratings fit-party'
      : which === 'models'
        ? 'matchd models'
        : 'matchd engagement';
  try {
    const config = () => loadConfig(environment);
    if (which === 'models') return await modelsCommand(argv, io, config);
    return which === 'fit-party' ? await fitParty(argv, io, config) : await fitEngagement(argv, io, config);
  } catch (error) {
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error)) {
      io.stderr(`${prefix}: ${error.message}\n\n${usage}`);
      return 2;
    }
    if (isMatchdError(error)) {
      io.stderr(`${prefix}: error ${error.code}: ${error.message}\n`);
      return error.code === 'MM_ERR_INVALID_OPTION' ? 2 : 1;
    }
    throw error;
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const [which, ...rest] = process.argv.slice(2);
  main(which === 'fit-party' ? 'fit-party' : which === 'models' ? 'models' : 'engagement', rest).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
