/** The OpenAPI and AsyncAPI documents as a server started in memory, on a free port, serves them. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configFrom, startServer } from '@matchd/server';
import type { Schema } from './shapes.ts';

export async function liveDocuments(): Promise<{ openapi: Schema; asyncapi: Schema }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'matchd-csharp-sdk-'));
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
    const read = async (path: string) => (await (await fetch(`${server.address}${path}`)).json()) as Schema;
    return { openapi: await read('/openapi.json'), asyncapi: await read('/asyncapi.json') };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
