/** `sim eomm-table2`: the EOMM paper's Table 2 (see docs/experiments/eomm-table2.md). */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { ErrorCodes, MatchdError } from '@matchd/engine';
import { type Experiment, intFlag, intListFlag, stringFlag } from '../../experiment.ts';
import { summarizeTable2, type Table2Report, table2Charts, table2Markdown } from './report.ts';
import { TABLE2_METHODS, type Table2Method } from './round.ts';
import { runEommTable2 } from './run.ts';

/** Reads and parses a JSON parameter file; bad paths or JSON give MM_ERR_INVALID_OPTION. */
export function readJsonFile(path: string, flag: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new MatchdError(
      ErrorCodes.INVALID_OPTION,
      `--${flag}: cannot read ${path}: ${(error as Error).message}`,
      { path: flag },
    );
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new MatchdError(
      ErrorCodes.INVALID_OPTION,
      `--${flag}: ${path} is not JSON: ${(error as Error).message}`,
      { path: flag },
    );
  }
}

export const eommTable2Experiment: Experiment = {
  name: 'eomm-table2',
  summary: 'EOMM Table 2: retained players under RandomMM, SkillMM, EOMM and WorstMM, with Welch t-tests',
  flags: {
    params: {
      type: 'string',
      description: "parameter file (JSON, the issue's form)",
      default: 'examples/eomm-table2.json',
    },
    pools: { type: 'string', description: 'pool sizes, comma-separated', default: '100,200,300,400,500' },
    rounds: { type: 'string', description: 'rounds per pool size', default: '10000' },
    seed: { type: 'string', description: 'seed', default: '1' },
    workers: {
      type: 'string',
      description: 'worker threads',
      default: String(Math.min(2, availableParallelism())),
    },
    methods: { type: 'string', description: 'methods, comma-separated', default: TABLE2_METHODS.join(',') },
  },
  async run(context) {
    const paramsPath = stringFlag(context, 'params', 'examples/eomm-table2.json');
    const params = readJsonFile(paramsPath, 'params');
    const pools = intListFlag(context, 'pools', '100,200,300,400,500', 2, 5000);
    const rounds = intFlag(context, 'rounds', 10000, 2, 10_000_000);
    const seed = intFlag(context, 'seed', 1, 0, 2 ** 31 - 1);
    const workers = intFlag(context, 'workers', Math.min(2, availableParallelism()), 1, 64);
    const methods = stringFlag(context, 'methods', TABLE2_METHODS.join(','))
      .split(',')
      .map((m) => m.trim());
    for (const method of methods) {
      if (!(TABLE2_METHODS as readonly string[]).includes(method)) {
        throw new MatchdError(
          ErrorCodes.INVALID_OPTION,
          `--methods: unknown method '${method}' (use ${TABLE2_METHODS.join(', ')})`,
          {
            path: 'methods',
          },
        );
      }
    }
    const started = process.hrtime.bigint();
    const samples = await runEommTable2({
      params,
      pools,
      rounds,
      seed,
      workers,
      methods: methods as Table2Method[],
      onProgress: context.progress,
    });
    const elapsedSeconds = Number(process.hrtime.bigint() - started) / 1e9;
    const report: Table2Report = {
      experiment: 'eomm-table2',
      seed,
      rounds,
      workers,
      elapsedSeconds,
      params,
      pools: summarizeTable2(samples),
    };
    return { json: report, markdown: table2Markdown(report), charts: table2Charts(report) };
  },
};
