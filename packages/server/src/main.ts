/**
 * `npm start` / `matchd serve`: the configuration from the environment (the only place that reads
 * process.env), then a running server, then graceful shutdown on SIGINT/SIGTERM: the current
 * tick finishes, in-flight requests complete, stores close. `--help` prints the settings and
 * starts nothing. Every line it writes is a JSON log line (MATCHD_LOG_FORMAT=pretty for people).
 */
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from './config.ts';
import { fatalLine } from './logging.ts';
import { serveUsage } from './serve-help.ts';
import { startServer } from './start.ts';

/** Starts the server from the environment; resolves once it is listening (or after --help). */
export async function main(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  const { values } = parseArgs({ args: [...argv], options: { help: { type: 'boolean', short: 'h' } } });
  if (values.help === true) {
    process.stdout.write(serveUsage());
    return;
  }
  const config = loadConfig(process.env);
  const server = await startServer(config);
  // The start and stop lines reach the operator at any level but silent: where it listens, where
  // the admin key is, that it stopped.
  const log = config.logLevel === 'silent' ? server.app.log : server.app.log.child({}, { level: 'info' });
  const { address } = server;
  log.info(
    {
      address,
      dashboard: `${address}/`,
      docs: `${address}/docs`,
      ratings: config.ratingsBackend,
      pool: config.poolBackend,
      queues: server.service.context.queues.size,
    },
    `matchd listening on ${address} (dashboard ${address}/, API reference ${address}/docs)`,
  );
  if (server.localAdminKeyFile !== undefined) {
    const file = server.localAdminKeyFile;
    log.info({ adminKeyFile: file }, `local admin key: ${file} (use: Authorization: Bearer $(cat ${file}))`);
  }
  let shuttingDown = false;
  const shutdown = (signal: string): void => {
    if (shuttingDown) return;
    shuttingDown = true;
    log.info({ signal }, 'shutting down: finishing the current tick');
    server.stop().then(
      () => {
        log.info({ signal }, 'stopped');
        process.exit(0);
      },
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

/** Starts the server as the process's program: a failed start is one fatal line and exit code 1. */
export function runMain(argv: readonly string[] = process.argv.slice(2)): void {
  main(argv).catch((error: unknown) => {
    process.stderr.write(
      fatalLine(`matchd failed to start: ${error instanceof Error ? error.message : String(error)}`),
    );
    process.exit(1);
  });
}

// The compiled server (scripts/build-server.mjs) calls runMain from its own entry.
const invokedPath = process.argv[1];
if (invokedPath !== undefined && import.meta.url === pathToFileURL(realpathSync(invokedPath)).href) runMain();
