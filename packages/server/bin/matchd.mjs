#!/usr/bin/env node
// The matchd command. `matchd` (or `matchd serve`) starts the server; `matchd ratings ...` and
// `matchd sim ...` hand their arguments to the ratings and simulator CLIs. `--help` works on every
// command and starts nothing. The commands run compiled (packages/server/dist/cli.js, built by
// scripts/build-server.mjs at install, and here again when the sources changed since), so they
// need nothing from the dev dependencies and work from any directory.
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const [command, ...rest] = process.argv.slice(2);

// Output into a closed pipe (`matchd ratings models | head`) ends the command quietly, as a
// shell tool ends on SIGPIPE, instead of with an EPIPE stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
}

const usage =
  'usage: matchd [serve] [--help]       start the server (matchd serve --help: every setting)\n' +
  '       matchd ratings <args...>      rating model evaluation (matchd ratings --help)\n' +
  '       matchd ratings fit-party ...  party bonus fitted from the stored history (--help)\n' +
  '       matchd engagement fit ...     churn model fitted from the stored history (--help)\n' +
  '       matchd models export|import   a stored model to or from a file (matchd models --help)\n' +
  '       matchd sim <args...>          simulator and experiments (matchd sim --help)\n' +
  '       matchd queues import ...      a FlexMatch or PlayFab rule set as a queue (matchd queues --help)\n' +
  '       matchd help                   this text\n';

/** A compiled command (dist/cli/NAME.js), rebuilt first when the sources changed since the last build. */
async function compiled(name) {
  const { buildServer } = await import(pathToFileURL(join(root, 'scripts', 'build-server.mjs')).href);
  await buildServer();
  return import(pathToFileURL(join(root, 'packages', 'server', 'dist', 'cli', `${name}.js`)).href);
}

if ((command === 'ratings' && rest[0] === 'fit-party') || command === 'engagement' || command === 'models') {
  // Fitting reads the service's own store: the server's CLI, with the server's configuration.
  const cli = await compiled('models');
  process.exitCode = await cli.main(
    command === 'ratings' ? 'fit-party' : command,
    command === 'ratings' ? rest.slice(1) : rest,
  );
} else if (command === 'ratings' || command === 'sim' || command === 'queues') {
  const cli = await compiled(command);
  process.exitCode = await cli.main(rest);
} else if (
  command === undefined ||
  command === 'serve' ||
  (command.startsWith('-') && command !== '--help' && command !== '-h')
) {
  const server = await compiled('serve');
  server.runMain(command === 'serve' ? rest : process.argv.slice(2));
} else if (command === 'help' || command === '--help' || command === '-h') {
  process.stdout.write(usage);
} else {
  process.stderr.write(`matchd: unknown command ${command} (try matchd help)\n${usage}`);
  process.exitCode = 2;
}
