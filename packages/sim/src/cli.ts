/**
 * `matchd sim <experiment> [flags]` (or `npm run sim -- <experiment> [flags]`): runs one seeded
 * experiment and writes its report as Markdown (stdout, or report.md), JSON (--json on stdout,
 * report.json with --out) and SVG charts (with --out). A progress bar goes to stderr when it is a
 * terminal and --json is off. Bad flags print a clear error and exit 2.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { isMatchdError } from '@matchd/engine';
import cliProgress from 'cli-progress';
import type { Experiment } from './experiment.ts';
import { EXPERIMENTS } from './experiments/index.ts';

/** Flags every experiment takes. */
const COMMON_FLAGS = {
  out: { type: 'string', description: 'directory for report.md, report.json and the SVG charts' },
  json: { type: 'boolean', description: 'print the report as JSON on stdout (no progress bar)' },
  help: { type: 'boolean', description: 'show this help' },
} as const;

/** Where the CLI writes; injectable for tests. */
export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** Whether stderr is a terminal (the progress bar is drawn only then). */
  readonly stderrIsTty: boolean;
}

const processIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  stderrIsTty: process.stderr.isTTY === true,
};

function usage(): string {
  const lines = ['usage: matchd sim <experiment> [flags]', '', 'experiments:'];
  for (const experiment of EXPERIMENTS) lines.push(`  ${experiment.name.padEnd(22)} ${experiment.summary}`);
  lines.push('', 'common flags:');
  for (const [name, spec] of Object.entries(COMMON_FLAGS))
    lines.push(`  --${name.padEnd(20)} ${spec.description}`);
  lines.push('', 'run `matchd sim <experiment> --help` for its flags.');
  return `${lines.join('\n')}\n`;
}

function experimentUsage(experiment: Experiment): string {
  const lines = [`usage: matchd sim ${experiment.name} [flags]`, '', experiment.summary, '', 'flags:'];
  for (const [name, spec] of Object.entries({ ...experiment.flags, ...COMMON_FLAGS })) {
    const fallback = 'default' in spec && spec.default !== undefined ? ` (default ${spec.default})` : '';
    lines.push(`  --${name.padEnd(20)} ${spec.description}${fallback}`);
  }
  return `${lines.join('\n')}\n`;
}

/** Runs the CLI; returns the exit code (0 ok, 1 failure, 2 bad usage). */
export async function main(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? io.stderr : io.stdout)(usage());
    return name === undefined ? 2 : 0;
  }
  const experiment = EXPERIMENTS.find((e) => e.name === name);
  if (experiment === undefined) {
    io.stderr(`matchd sim: unknown experiment '${name}'\n\n${usage()}`);
    return 2;
  }
  const options: NonNullable<ParseArgsConfig['options']> = {};
  for (const [flag, spec] of Object.entries({ ...experiment.flags, ...COMMON_FLAGS }))
    options[flag] = { type: spec.type };
  let values: Record<string, string | boolean | undefined>;
  try {
    const parsed = parseArgs({ args: [...rest], options, strict: true, allowPositionals: false });
    values = parsed.values as Record<string, string | boolean | undefined>;
  } catch (error) {
    io.stderr(`matchd sim ${name}: ${(error as Error).message}\n\n${experimentUsage(experiment)}`);
    return 2;
  }
  if (values['help'] === true) {
    io.stdout(experimentUsage(experiment));
    return 0;
  }
  const json = values['json'] === true;
  const bar =
    !json && io.stderrIsTty
      ? new cliProgress.SingleBar(
          {
            stream: process.stderr,
            format: `${name} [{bar}] {percentage}% | {value}/{total} | ETA {eta_formatted}`,
          },
          cliProgress.Presets.shades_classic,
        )
      : undefined;
  let started = false;
  const progress = (done: number, total: number) => {
    if (bar === undefined) return;
    if (!started) {
      bar.start(total, 0);
      started = true;
    }
    bar.setTotal(total);
    bar.update(done);
  };
  try {
    const report = await experiment.run({ flags: values, progress });
    bar?.stop();
    const out = values['out'];
    if (typeof out === 'string') {
      const dir = resolve(out);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'report.md'), report.markdown);
      writeFileSync(join(dir, 'report.json'), `${JSON.stringify(report.json, undefined, 2)}\n`);
      for (const [file, svg] of Object.entries(report.charts)) writeFileSync(join(dir, file), svg);
    }
    io.stdout(json ? `${JSON.stringify(report.json, undefined, 2)}\n` : report.markdown);
    return 0;
  } catch (error) {
    bar?.stop();
    if (isMatchdError(error)) {
      io.stderr(`matchd sim ${name}: ${error.message}\n`);
      return 2;
    }
    io.stderr(`matchd sim ${name}: ${(error as Error).stack ?? String(error)}\n`);
    return 1;
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
