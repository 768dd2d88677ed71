/**
 * `npm start` / `matchd`: the configuration from the environment (the only place that reads
 * process.env), then a running server, then graceful shutdown on SIGINT/SIGTERM: the current
 * tick finishes, in-flight requests complete, stores close.
 */
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { loadConfig } from './config.ts';
import { startServer } from './start.ts';

/** Starts the server from the environment; resolves once it is listening. */
export async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const server = await startServer(config);
  const { log } = server.app;
  log.info(
    {
      address: server.address,
      ratings: config.ratingsBackend,
      pool: config.poolBackend,
      queues: server.service.context.queues.size,
    },
    'matchd listening',
  );
  process.stdout.write(`matchd listening on ${server.address} (OpenAPI at ${server.address}/docs)\n`);
  if (server.localAdminKeyFile !== undefined) {
    process.stdout.write(
      `local admin key: ${server.localAdminKeyFile} (use: Authorization: Bearer $(cat ${server.localAdminKeyFile}))\n`,
    );
  }
  let shuttingDown = false;
  const shutdown = (signal: string): void => {
    if (shuttingDown) return;
    shuttingDown = true;
    log.info({ signal }, 'shutting down: finishing the current tick');
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

const invokedPath = process.argv[1];
if (invokedPath !== undefined && import.meta.url === pathToFileURL(realpathSync(invokedPath)).href) {
  main().catch((error: unknown) => {
    process.stderr.write(
      `matchd failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  });
}
