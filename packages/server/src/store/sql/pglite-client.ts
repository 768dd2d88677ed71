/** The embedded default: PGlite (Postgres compiled to WASM) in a folder, or in memory without one. */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { Row, SqlClient } from './sql-client.ts';

/**
 * Postgres's shared buffers live inside PGlite's WASM heap, in the server's own memory; Postgres's
 * default (128 MB) is most of an idle server's size. Reads that miss them still come from the
 * operating system's file cache (PGlite's files are ordinary files in the data folder), and the
 * ratings a ticket creation reads are a few small rows.
 */
const SHARED_BUFFERS = '16MB';

/**
 * Opens PGlite at `dataDir` (created if missing), or in memory when `dataDir` is undefined.
 *
 * Creating the database (initdb, inside PGlite's WASM heap) grows that heap to several hundred MB,
 * and a WASM heap never shrinks: a server's first start on a new folder would keep it for its whole
 * life (453 MB idle against 344 MB on a restart). So a new database is created by a PGlite in a
 * short-lived process of its own (pglite-create.mjs), whose exit gives that memory back, and the
 * server opens the finished files. (Neither closing a PGlite in the server nor creating it in a
 * worker thread gave the memory back: measured with bench/server-idle-rss.ts.)
 */
export async function openPglite(dataDir: string | undefined): Promise<SqlClient> {
  const options = { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`] };
  if (dataDir !== undefined) {
    mkdirSync(dataDir, { recursive: true });
    if (!existsSync(join(dataDir, 'PG_VERSION'))) {
      const creator = spawn(
        process.execPath,
        [fileURLToPath(new URL('./pglite-create.mjs', import.meta.url)), dataDir, ...options.startParams],
        { stdio: ['ignore', 'ignore', 'inherit'] },
      );
      await new Promise<void>((resolve, reject) => {
        creator.once('error', reject);
        creator.once('exit', (code) =>
          code === 0 ? resolve() : reject(new Error(`creating the PGlite database exited with code ${code}`)),
        );
      });
    }
  }
  const db = dataDir === undefined ? new PGlite(options) : new PGlite(dataDir, options);
  await db.waitReady;
  let closed = false;
  return {
    backend: 'pglite',
    async query(sql, params = []) {
      return (await db.query<Row>(sql, [...params])).rows;
    },
    async transaction(work) {
      return db.transaction(async (tx) =>
        work({ query: async (sql, params = []) => (await tx.query<Row>(sql, [...params])).rows }),
      );
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.close();
    },
  };
}
