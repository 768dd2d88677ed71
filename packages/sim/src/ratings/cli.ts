/**
 * `matchd ratings ...` / `npm run ratings -- ...`:
 *   ratings eval <file.csv[.gz]> [--models a,b] [--params k=20,keep=0.7] [--tune] [--tune-fraction 0.7]
 *                [--tune-burn-in 0.5] [--tune-folds 4] [--warm-games 10] [--json]
 *   ratings eval --help       the usage, with the file formats; reads nothing
 *   ratings models            lists the models and their parameters
 * Exit codes: 0 done, 1 bad data (MM_ERR_INVALID_DATA: missing file, unknown format, malformed
 * row), 2 bad usage (MM_ERR_INVALID_OPTION: unknown flag, command or model). Errors go to stderr
 * as `error MM_ERR_...: message`, or as JSON `{ "error": { code, message, details } }` with --json.
 */
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ErrorCodes, isMatchdError, MatchdError } from '@matchd/engine';
import cliProgress from 'cli-progress';
import { allModels } from './eval-models.ts';
import { evaluate } from './evaluate.ts';
import { readMatchFile } from './match-file.ts';
import { formatParams, type Params, type ParamValue } from './params.ts';
import { formatReport } from './report-text.ts';

/** Where the command writes (injectable for tests). */
export interface CliIo {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown; readonly isTTY?: boolean };
}

const USAGE = `usage:
  ratings eval <file.csv[.gz]> [--models a,b] [--params name=value,...] [--tune] [--tune-fraction 0.7]
               [--tune-burn-in 0.5] [--tune-folds 4] [--warm-games 10] [--json]
  ratings models
  ratings eval --help
`;

const EVAL_HELP = `${USAGE}
Scores rating models online over a match file: each match is predicted from the matches before it,
scored (log-loss, Brier, accuracy, calibration), then rated.

File formats (detected by the header; .gz is decompressed):
  date,tourney_id,round,winner_id,loser_id                 1v1, dated
  match_id,date,team,player_id,rank                        teams, dated, one row per player
  match_id,period,league,team,player_id,rank               teams, team 0 on the side
  date,season,neutral,home,away,home_score,away_score      team sports with scores (season and
                                                           neutral may be left out; neutral 1 = no home side)

Options:
  --models a,b          models to run (default: every model that applies; see \`ratings models\`)
  --params k=20,keep=1  replace default parameters of every chosen model that has them
  --tune                tune on the first --tune-fraction of the file (time-ordered folds, after
                        --tune-burn-in of it), score the rest; whole-file figures are shown beside
  --tune-folds N        time-ordered folds of the tuning part (default 4)
  --warm-games N        a match is warm when every participant has N earlier matches (default 10)
  --json                the report as JSON (errors too)
`;

function usageError(message: string, details: Record<string, unknown> = {}): MatchdError {
  return new MatchdError(ErrorCodes.INVALID_OPTION, message, details);
}

function parseNumberFlag(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number)) {
    throw usageError(`--${name} must be a number`, { path: name, value });
  }
  return number;
}

async function evalCommand(args: readonly string[], io: CliIo): Promise<number> {
  let parsed: ReturnType<typeof parseEvalArgs>;
  try {
    parsed = parseEvalArgs(args);
  } catch (error) {
    if (isMatchdError(error)) throw error;
    throw usageError((error as Error).message, { reason: 'bad-arguments' });
  }
  const { values, positionals } = parsed;
  if (values.help === true) {
    io.stdout.write(EVAL_HELP);
    return 0;
  }
  if (positionals.length !== 1)
    throw usageError('ratings eval takes exactly one match file', { path: 'file' });
  const warmGames = parseNumberFlag(values['warm-games'], 'warm-games');
  if (warmGames !== undefined && !(Number.isInteger(warmGames) && warmGames >= 0)) {
    throw usageError('--warm-games must be an integer >= 0', { path: 'warm-games' });
  }
  const tuneFraction = parseNumberFlag(values['tune-fraction'], 'tune-fraction');
  const tuneBurnIn = parseNumberFlag(values['tune-burn-in'], 'tune-burn-in');
  const tuneFolds = parseNumberFlag(values['tune-folds'], 'tune-folds');
  const params = values.params === undefined ? undefined : parseParamsFlag(values.params);
  const models = values.models
    ?.split(',')
    .map((name) => name.trim())
    .filter((name) => name.length > 0);
  const json = values.json === true;
  const file = await readMatchFile(positionals[0] as string);
  const showBar = !json && io.stderr.isTTY === true;
  const bar = showBar
    ? new cliProgress.SingleBar(
        {
          stream: io.stderr as NodeJS.WritableStream,
          format: 'ratings eval {bar} {percentage}% | {model} | ETA {eta_formatted}',
          hideCursor: true,
          clearOnComplete: true,
        },
        cliProgress.Presets.shades_classic,
      )
    : undefined;
  let done = 0;
  const report = evaluate(file, {
    ...(models === undefined ? {} : { models }),
    tune: values.tune === true,
    ...(tuneFraction === undefined ? {} : { tuneFraction }),
    ...(tuneBurnIn === undefined ? {} : { tuneBurnIn }),
    ...(tuneFolds === undefined ? {} : { tuneFolds }),
    ...(params === undefined ? {} : { params }),
    ...(warmGames === undefined ? {} : { warmGames }),
    ...(bar === undefined
      ? {}
      : {
          progress: {
            start: (total: number) => bar.start(total, 0, { model: '' }),
            advance: (matches: number, model: string) => {
              done += matches;
              bar.update(done, { model });
            },
          },
        }),
  });
  bar?.stop();
  if (!json) for (const warning of report.warnings) io.stderr.write(`warning: ${warning}\n`);
  io.stdout.write(json ? `${JSON.stringify(jsonReport(report), null, 2)}\n` : formatReport(report));
  return 0;
}

/** `k=20,home=on`: numbers where they parse as numbers, else choices. */
function parseParamsFlag(text: string): Params {
  const params: Record<string, ParamValue> = {};
  for (const pair of text.split(',')) {
    const [name = '', value = '', ...rest] = pair.split('=').map((part) => part.trim());
    if (name === '' || value === '' || rest.length > 0) {
      throw usageError('--params takes name=value pairs separated by commas', {
        path: 'params',
        value: pair,
      });
    }
    const number = Number(value);
    params[name] = Number.isFinite(number) ? number : value;
  }
  return params;
}

function parseEvalArgs(args: readonly string[]) {
  return parseArgs({
    args: [...args],
    allowPositionals: true,
    strict: true,
    options: {
      models: { type: 'string' },
      tune: { type: 'boolean' },
      'tune-fraction': { type: 'string' },
      'tune-burn-in': { type: 'string' },
      'tune-folds': { type: 'string' },
      params: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      'warm-games': { type: 'string' },
      json: { type: 'boolean' },
    },
  });
}

/** The JSON form: per model logLoss, brier, accuracy, warm metrics and the parameters used. */
function jsonReport(report: ReturnType<typeof evaluate>) {
  return {
    ...report,
    models: report.models.map((model) => ({
      model: model.model,
      summary: model.summary,
      params: model.params,
      logLoss: model.all.logLoss,
      brier: model.all.brier,
      accuracy: model.all.accuracy,
      matches: model.all.matches,
      warm: model.warm,
      calibration: model.calibration,
      ...(model.sideLogOdds === undefined ? {} : { sideLogOdds: model.sideLogOdds }),
      ...(model.slope === undefined ? {} : { slope: model.slope }),
      ...(model.defaults === undefined ? {} : { defaults: model.defaults }),
      ...(model.whole === undefined ? {} : { whole: model.whole }),
      ...(model.tuning === undefined ? {} : { tuning: model.tuning }),
    })),
  };
}

function modelsCommand(io: CliIo): number {
  const traits = { hasDates: true, hasSides: true, hasScores: true, hasSeasons: true, hasDraws: true };
  for (const spec of allModels()) {
    const space = spec
      .space(traits)
      .map((param) =>
        param.kind === 'choice'
          ? `${param.name} in {${param.choices.join('|')}}`
          : `${param.name} in [${param.min}, ${param.max}]`,
      )
      .join(', ');
    io.stdout.write(
      `${spec.name}: ${spec.summary}\n  defaults ${formatParams(spec.defaults(traits))}\n  tunes ${space}\n`,
    );
  }
  return 0;
}

/** Runs the command; returns the exit code (see the file comment). */
export async function main(argv: readonly string[], io: CliIo = process): Promise<number> {
  const json = argv.includes('--json');
  try {
    const [command, ...rest] = argv;
    if (command === 'eval') return await evalCommand(rest, io);
    if (command === 'models') return modelsCommand(io);
    if (command === undefined || command === '--help' || command === 'help') {
      io.stdout.write(USAGE);
      return command === undefined ? 2 : 0;
    }
    throw usageError(`unknown command "${command}"`, { path: 'command', value: command });
  } catch (error) {
    if (!isMatchdError(error)) throw error;
    if (json) {
      io.stdout.write(
        `${JSON.stringify({ error: { code: error.code, message: error.message, details: error.details } })}\n`,
      );
    } else {
      io.stderr.write(`error ${error.code}: ${error.message}\n`);
      if (error.code === ErrorCodes.INVALID_OPTION) io.stderr.write(USAGE);
    }
    return error.code === ErrorCodes.INVALID_OPTION ? 2 : 1;
  }
}

const invokedPath = process.argv[1];
if (invokedPath !== undefined && import.meta.url === pathToFileURL(realpathSync(invokedPath)).href) {
  process.exitCode = await main(process.argv.slice(2));
}
