/**
 * Runs the ratings store contract against every adapter, on the real servers: memory, PGlite and
 * PostgreSQL (a fresh database per case).
 */
import { after } from 'node:test';
import { createMemoryRatingsStore } from '../src/store/memory/memory-ratings-store.ts';
import { openPglite } from '../src/store/sql/pglite-client.ts';
import { openPostgres } from '../src/store/sql/postgres-client.ts';
import type { SqlClient } from '../src/store/sql/sql-client.ts';
import { createSqlRatingsStore } from '../src/store/sql/sql-ratings-store.ts';
import { ratingsStoreContract } from './store-contract.ts';
import { freshPostgresDatabase } from './support/backends.ts';

ratingsStoreContract({
  name: 'memory',
  async open() {
    return { store: createMemoryRatingsStore(), dispose: async () => {} };
  },
});

// One PGlite for the whole suite (opening one costs seconds of WASM start-up); each case starts
// from empty tables. In memory: the same engine and SQL as the file-backed default, without
// the disk; the restart tests cover the file.
let sharedPglite: Promise<SqlClient> | undefined;
after(async () => {
  if (sharedPglite !== undefined) await (await sharedPglite).close();
});
ratingsStoreContract({
  name: 'pglite',
  async open() {
    sharedPglite ??= openPglite(undefined);
    const client = await sharedPglite;
    const store = createSqlRatingsStore({ ...client, close: async () => {} });
    await store.migrate();
    await client.query('TRUNCATE ratings, match_players, matches, queue_configs, models');
    return { store, dispose: () => store.close() };
  },
});

ratingsStoreContract({
  name: 'postgres',
  async open() {
    const database = await freshPostgresDatabase('contract');
    const store = createSqlRatingsStore(await openPostgres(database.url));
    await store.migrate();
    return {
      store,
      dispose: async () => {
        await store.close();
        await database.drop();
      },
    };
  },
});
