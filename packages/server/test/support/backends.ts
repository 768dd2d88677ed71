/**
 * Real backing servers for tests: a fresh PostgreSQL database and a fresh Redis key prefix per
 * test run, so parallel runs never collide, and both are removed afterwards. The servers are the
 * machine's (127.0.0.1:5432 user postgres, 127.0.0.1:6379); `.ci/run` starts them where they are
 * not running. Override with MATCHD_TEST_POSTGRES_URL / MATCHD_TEST_REDIS_URL.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { deleteRedisPrefix } from '../../src/store/redis/redis-fleet-state.ts';

/** The admin connection (a database that always exists). */
export const postgresAdminUrl =
  process.env['MATCHD_TEST_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The Redis the tests use. */
export const redisUrl = process.env['MATCHD_TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

/** A unique, lowercase, SQL-safe name for this run. */
export function uniqueName(label: string): string {
  return `matchd_test_${label}_${process.pid}_${randomBytes(4).toString('hex')}`;
}

/** Creates an empty database; returns its URL and a function that drops it. */
export async function freshPostgresDatabase(
  label: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = uniqueName(label);
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: postgresAdminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** A unique Redis key prefix and a function that deletes every key under it. */
export function freshRedisPrefix(label: string): { prefix: string; drop: () => Promise<void> } {
  const prefix = `${uniqueName(label)}:`;
  return { prefix, drop: () => deleteRedisPrefix(redisUrl, prefix) };
}
