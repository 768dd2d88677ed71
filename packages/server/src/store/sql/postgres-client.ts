/** PostgreSQL through node-postgres, for deployments that scale out (`DATABASE_URL`). */
import pg from 'pg';
import type { Row, SqlClient } from './sql-client.ts';

// BIGINT (int8) columns hold epoch milliseconds, which fit a double exactly: parse them as numbers.
pg.types.setTypeParser(20, (value) => Number(value));

/** A pool of connections to `databaseUrl`. */
export async function openPostgres(databaseUrl: string, maxConnections = 10): Promise<SqlClient> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: maxConnections });
  // An idle connection that the server drops must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  let closed = false;
  return {
    backend: 'postgres',
    async query(sql, params = []) {
      return (await pool.query<Row>(sql, [...params])).rows;
    },
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({
          query: async (sql, params = []) => (await client.query<Row>(sql, [...params])).rows,
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
