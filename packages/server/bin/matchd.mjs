#!/usr/bin/env node
// The matchd command. `matchd` (or `matchd serve`) starts the server; `matchd ratings ...` and
// `matchd sim ...` hand their arguments to the ratings and simulator CLIs. The TypeScript sources
// run through tsx, registered here so the command works from any directory.
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
};

if (command === 'ratings' || command === 'sim' || command === 'queues') {
  const cli = await import(pathToFileURL(clis[command]).href);
  process.exitCode = await cli.main(rest);
} else if (command === undefined || command === 'serve') {
  const server = await import(pathToFileURL(join(root, 'packages', 'server', 'src', 'main.ts')).href);
  await server.main();
} else if (command === 'help' || command === '--help' || command === '-h') {
  process.stdout.write(
    'usage: matchd [serve]            start the server (configuration: docs/server.md)\n' +
      '       matchd ratings <args...>  rating model evaluation (docs/ratings-policy.md)\n' +
      '       matchd sim <args...>      simulator and experiments\n',
  );
} else {
  process.stderr.write(`matchd: unknown command ${command} (try matchd help)\n`);
  process.exitCode = 2;
}
