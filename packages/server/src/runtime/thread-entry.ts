/**
 * Where a worker thread of the server starts. Run from the TypeScript sources (tests, `node --import
 * tsx`), a thread starts at worker-boot.mjs, which registers tsx in that thread and then imports the
 * TypeScript entry. The compiled server (`npm start`, built by scripts/build-server.mjs) starts each
 * thread at its compiled file instead, so no thread carries the TypeScript loader.
 */

/** Defined (true) by scripts/build-server.mjs in the compiled server only. */
declare const MATCHD_COMPILED: boolean | undefined;

/** The compiled threads, one bundle each beside the server's (packages/server/dist/). */
export type ThreadName = 'matchmaker-worker' | 'fit-worker';

const compiled = typeof MATCHD_COMPILED !== 'undefined' && MATCHD_COMPILED;

const sources: Record<ThreadName, URL> = {
  'matchmaker-worker': new URL('./matchmaker-worker.ts', import.meta.url),
  'fit-worker': new URL('../models/fit-worker.ts', import.meta.url),
};

/** The file a `new Worker` starts at, and the TypeScript entry worker-boot.mjs imports (sources only). */
export function threadEntry(name: ThreadName): { file: URL; entry: string } {
  if (compiled) {
    const file = new URL(`../../dist/${name}.js`, import.meta.url);
    return { file, entry: file.href };
  }
  return { file: new URL('./worker-boot.mjs', import.meta.url), entry: sources[name].href };
}
