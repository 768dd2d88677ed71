// Creates a PGlite database (initdb) in the folder given as the first argument, in a process of its
// own: its exit gives back the memory initdb grew (see pglite-client.ts). Plain JavaScript, so it
// needs no TypeScript loader, from the sources and from the compiled server alike.
import { PGlite } from '@electric-sql/pglite';

const [dataDir, ...startParams] = process.argv.slice(2);
const db = new PGlite(dataDir, { startParams });
await db.waitReady;
await db.close();
