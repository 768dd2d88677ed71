/**
 * `matchd queues import --from flexmatch|playfab FILE [--id ID] [--regions a,b]`: translates a
 * FlexMatch rule set or a PlayFab queue into a matchd queue config, printed as JSON on stdout (exit
 * 0), ready for `PUT /v1/admin/queues/:id`; what was approximated is noted on stderr. What cannot be
 * translated exits 2 with the path in the source (`rules[3].measurements: ...`).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { importFlexMatch, importPlayFab, isMatchdError, validateQueueConfig } from '@matchd/engine';
import { readRuleSetText } from './rule-set-text.ts';

/** Where the CLI writes; injectable for tests. */
export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
}

const processIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

const USAGE = `usage: matchd queues import --from flexmatch|playfab FILE [--id ID] [--regions REGION,...]

Translates a FlexMatch rule set or a PlayFab matchmaking queue into a matchd queue config and prints
it as JSON (for PUT /v1/admin/queues/:id). Notes on what was approximated go to stderr.

  --from       flexmatch or playfab
  --id         the queue id (default: the source's name)
  --regions    the regions matches can be played in, comma-separated (needed by latency rules)
  --max-wait-ms  the queue's mode.maxWaitMs (default 120000)

exit: 0 translated, 2 bad usage or something that cannot be translated (its path in the source)
`;

/** Runs the CLI; returns the exit code. */
export async function main(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    (command === undefined ? io.stderr : io.stdout)(USAGE);
    return command === undefined ? 2 : 0;
  }
  if (command !== 'import') {
    io.stderr(`matchd queues: unknown command '${command}'\n\n${USAGE}`);
    return 2;
  }
  let values: { from?: string; id?: string; regions?: string; 'max-wait-ms'?: string; help?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: [...rest],
      allowPositionals: true,
      options: {
        from: { type: 'string' },
        id: { type: 'string' },
        regions: { type: 'string' },
        'max-wait-ms': { type: 'string' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    io.stderr(`matchd queues import: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help === true) {
    io.stdout(USAGE);
    return 0;
  }
  const file = positionals[0];
  if (values.from !== 'flexmatch' && values.from !== 'playfab') {
    io.stderr(`matchd queues import: --from must be flexmatch or playfab\n\n${USAGE}`);
    return 2;
  }
  if (file === undefined || positionals.length > 1) {
    io.stderr(`matchd queues import: give exactly one FILE\n\n${USAGE}`);
    return 2;
  }
  const maxWaitMs = values['max-wait-ms'] === undefined ? undefined : Number(values['max-wait-ms']);
  if (maxWaitMs !== undefined && !(Number.isFinite(maxWaitMs) && maxWaitMs > 0)) {
    io.stderr('matchd queues import: --max-wait-ms must be a number > 0\n');
    return 2;
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    io.stderr(`matchd queues import: cannot read ${file}: ${(error as Error).message}\n`);
    return 2;
  }
  const regions = values.regions
    ?.split(',')
    .map((region) => region.trim())
    .filter((region) => region.length > 0);
  const options = {
    ...(values.id !== undefined ? { id: values.id } : {}),
    ...(regions !== undefined ? { regions } : {}),
    ...(maxWaitMs !== undefined ? { maxWaitMs } : {}),
  };
  try {
    const source = readRuleSetText(text);
    const { config, notes } =
      values.from === 'flexmatch' ? importFlexMatch(source, options) : importPlayFab(source, options);
    validateQueueConfig(config);
    for (const note of notes) io.stderr(`note: ${note}\n`);
    io.stdout(`${JSON.stringify(config, null, 2)}\n`);
    return 0;
  } catch (error) {
    if (isMatchdError(error)) {
      io.stderr(`matchd queues import: ${file}: ${error.message}\n`);
      return 2;
    }
    throw error;
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
