/** The embedded default: PGlite (Postgres compiled to WASM) in a folder, or in memory without one. */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Row, SqlClient } from './sql-client.ts';

/**
 * Postgres's shared buffers live inside PGlite's WASM heap, in the server's own memory; Postgres's
 * default (128 MB) is most of an idle server's size. Reads that miss them still come from the
 * operating system's file cache (PGlite's files are ordinary files in the data folder), and the
 * ratings a ticket creation reads are a few small rows.
 */
const SHARED_BUFFERS = '16MB';

/** Opens PGlite at `dataDir` (created if missing), or in memory when `dataDir` is undefined. */
export async function openPglite(dataDir: string | undefined): Promise<SqlClient> {
  if (dataDir !== undefined) mkdirSync(dataDir, { recursive: true });
  const options = { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`] };
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
