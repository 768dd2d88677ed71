/** The embedded default: PGlite (Postgres compiled to WASM) in a folder, or in memory without one. */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Row, SqlClient } from './sql-client.ts';

/** Opens PGlite at `dataDir` (created if missing), or in memory when `dataDir` is undefined. */
export async function openPglite(dataDir: string | undefined): Promise<SqlClient> {
  if (dataDir !== undefined) mkdirSync(dataDir, { recursive: true });
  const db = dataDir === undefined ? new PGlite() : new PGlite(dataDir);
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
