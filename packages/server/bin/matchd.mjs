#!/usr/bin/env node
// The matchd command. `matchd` (or `matchd serve`) starts the server; `matchd ratings ...` and
// `matchd sim ...` hand their arguments to the ratings and simulator CLIs. `--help` works on every
// command and starts nothing. The TypeScript sources run through tsx, registered here so the
// command works from any directory.
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

register();
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const [command, ...rest] = process.argv.slice(2);

const clis = {
  ratings: join(root, 'packages', 'sim', 'src', 'ratings', 'cli.ts'),
  sim: join(root, 'packages', 'sim', 'src', 'cli.ts'),
  queues: join(root, 'packages', 'server', 'src', 'cli', 'queues.ts'),
  models: join(root, 'packages', 'server', 'src', 'cli', 'models.ts'),
};

const usage =
  'usage: matchd [serve] [--help]       start the server (matchd serve --help: every setting)\n' +
  '       matchd ratings <args...>      rating model evaluation (matchd ratings --help)\n' +
  '       matchd ratings fit-party ...  party bonus fitted from the stored history (--help)\n' +
  '       matchd engagement fit ...     churn model fitted from the stored history (--help)\n' +
  '       matchd models export|import   a stored model to or from a file (matchd models --help)\n' +
  '       matchd sim <args...>          simulator and experiments (matchd sim --help)\n' +
  '       matchd queues import ...      a FlexMatch or PlayFab rule set as a queue (matchd queues --help)\n' +
  '       matchd help                   this text\n';

if ((command === 'ratings' && rest[0] === 'fit-party') || command === 'engagement' || command === 'models') {
  // Fitting reads the service's own store: the server's CLI, with the server's configuration.
  const cli = await import(pathToFileURL(clis.models).href);
  process.exitCode = await cli.main(
    command === 'ratings' ? 'fit-party' : command,
    command === 'ratings' ? rest.slice(1) : rest,
  );
} else if (command === 'ratings' || command === 'sim' || command === 'queues') {
  const cli = await import(pathToFileURL(clis[command]).href);
  process.exitCode = await cli.main(rest);
} else if (
  command === undefined ||
  command === 'serve' ||
  (command.startsWith('-') && command !== '--help' && command !== '-h')
) {
  const server = await import(pathToFileURL(join(root, 'packages', 'server', 'src', 'main.ts')).href);
  const { fatalLine } = await import(
    pathToFileURL(join(root, 'packages', 'server', 'src', 'logging.ts')).href
  );
  const args = command === 'serve' ? rest : process.argv.slice(2);
  await server.main(args).catch((error) => {
    process.stderr.write(
      fatalLine(`matchd failed to start: ${error instanceof Error ? error.message : String(error)}`),
    );
    process.exit(1);
  });
} else if (command === 'help' || command === '--help' || command === '-h') {
  process.stdout.write(usage);
} else {
  process.stderr.write(`matchd: unknown command ${command} (try matchd help)\n${usage}`);
  process.exitCode = 2;
}
