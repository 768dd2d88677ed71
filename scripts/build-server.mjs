#!/usr/bin/env node
// Compiles the server and the `matchd` command (packages/server, with the engine and the simulator
// they import) to JavaScript in packages/server/dist: main.js (what `npm start` runs), cli.js (the
// commands behind `matchd`: serve, ratings, sim, queues, models), and one file per worker thread
// (matchmaker-worker.js, fit-worker.js, eomm-table2-worker.js). Neither the TypeScript module
// runner (a dev dependency, and a loader thread of its own) nor the TypeScript sources are resident
// in a running server or command. Run by `npm ci` (prepare), `npm start` (prestart) and the
// `matchd` command, each time only when the sources changed since the last build (a hash of them
// is kept in dist/.source-hash); `--force` builds anyway. Each file is replaced in one step, so a
// process starting from dist/ never reads half a file while another process rebuilds it.
//
// npm packages stay imports (PGlite finds its WASM and data files beside its own modules). Every
// `import.meta.url` of the sources keeps meaning "this source file": the bundle has one URL for all
// of them, so each is rewritten relative to the bundle, and paths such as the dashboard's folder
// resolve as they do from the sources.
import { readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { filesUnder, hashOf, root, stampMatches, writeAtomically } from './build-freshness.mjs';

const server = join(root, 'packages', 'server');
const outdir = join(server, 'dist');
const hashFile = join(outdir, '.source-hash');

/** Every file the bundles are made of (tests left out: they change nothing in dist/). */
function sources() {
  return filesUnder(
    join(root, 'packages', 'engine', 'src'),
    join(root, 'packages', 'server', 'src'),
    join(root, 'packages', 'sim', 'src'),
    join(root, 'scripts', 'build-server.mjs'),
    join(root, 'scripts', 'build-freshness.mjs'),
  ).filter((file) => !file.endsWith('.test.ts'));
}

/** True when dist/ was built from the current sources. */
export function serverIsFresh() {
  return stampMatches(hashFile, hashOf(sources()));
}

/** Bare imports other than our own workspace packages stay imports of node_modules. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@matchd/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** Each module's import.meta.url, as the URL of its source file (relative to the bundle's folder). */
const sourceUrls = (bundleDir) => ({
  name: 'source-urls',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const fromBundle = relative(bundleDir, args.path).split('\\').join('/');
      return {
        contents: text.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`,
        ),
        loader: 'ts',
        resolveDir: dirname(args.path),
      };
    });
  },
});

/**
 * The commands behind `matchd`, one bundle each (dist/cli/), sharing chunks: a command loads only
 * what it uses (`matchd ratings models` starts without the server's packages).
 */
const commandEntries = {
  'cli/serve': join(server, 'src', 'main.ts'),
  'cli/queues': join(server, 'src', 'cli', 'queues.ts'),
  'cli/models': join(server, 'src', 'cli', 'models.ts'),
  'cli/ratings': join(root, 'packages', 'sim', 'src', 'ratings', 'cli.ts'),
  'cli/sim': join(root, 'packages', 'sim', 'src', 'cli.ts'),
};

/** Builds dist/ unless it is fresh (or always, with force); true when it built. */
export async function buildServer({ force = false } = {}) {
  const hash = hashOf(sources());
  if (!force && stampMatches(hashFile, hash)) return false;
  // Loaded only to build: a fresh dist/ starts without it.
  const { build } = await import('esbuild');
  const common = {
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outdir,
    sourcemap: true,
    write: false,
    logLevel: 'warning',
    define: { MATCHD_COMPILED: 'true' },
    plugins: [externalPackages, sourceUrls(outdir)],
  };
  const entry = (name, contents, resolveDir) =>
    build({
      ...common,
      stdin: { contents, resolveDir, sourcefile: `${name}-entry.ts`, loader: 'ts' },
      outfile: join(outdir, `${name}.js`),
      outdir: undefined,
    });
  const results = await Promise.all([
    entry('main', "import { runMain } from './main.ts';\nrunMain();\n", join(server, 'src')),
    build({
      ...common,
      entryPoints: commandEntries,
      splitting: true,
      chunkNames: 'cli/chunk-[hash]',
      plugins: [externalPackages, sourceUrls(join(outdir, 'cli'))],
    }),
    build({
      ...common,
      entryPoints: {
        'matchmaker-worker': join(server, 'src', 'runtime', 'matchmaker-worker.ts'),
        'fit-worker': join(server, 'src', 'models', 'fit-worker.ts'),
        'eomm-table2-worker': join(root, 'packages', 'sim', 'src', 'experiments', 'eomm-table2', 'worker.ts'),
      },
    }),
  ]);
  const outputs = results.flatMap((result) => result.outputFiles);
  for (const file of outputs) writeAtomically(file.path, file.contents);
  // Chunks of earlier builds have other names: only this build's stay.
  const current = new Set(outputs.map((file) => file.path));
  for (const name of readdirSync(join(outdir, 'cli'))) {
    if (!current.has(join(outdir, 'cli', name))) rmSync(join(outdir, 'cli', name), { force: true });
  }
  writeAtomically(hashFile, `${hash}\n`);
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (await buildServer({ force: process.argv.includes('--force') })) {
    process.stderr.write('server built: packages/server/dist\n');
  }
}
