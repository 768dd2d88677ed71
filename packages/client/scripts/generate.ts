/** Writes src/openapi.ts from the OpenAPI document of a server started in memory on a free port. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configFrom, startServer } from '@matchd/server';
import { openApiTypes } from './openapi-types.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'matchd-generate-'));
const server = await startServer(
  configFrom({
    port: 0,
    dataDir,
    ratingsBackend: 'memory',
    poolBackend: 'memory',
    matchWorker: false,
    logLevel: 'silent',
  }),
);
try {
  const document = (await (await fetch(`${server.address}/openapi.json`)).json()) as Record<string, unknown>;
  const target = join(import.meta.dirname, '..', 'src', 'openapi.ts');
  writeFileSync(target, await openApiTypes(document));
  process.stdout.write(`wrote ${target}\n`);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
