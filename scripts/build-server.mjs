#!/usr/bin/env node
// Compiles the server (packages/server, with the engine it imports) to JavaScript in
// packages/server/dist: main.js, and one file per worker thread (matchmaker-worker.js,
// fit-worker.js). `npm start` runs the compiled server, so neither the TypeScript module runner
// (a loader thread of its own) nor the TypeScript sources are resident in the running server.
// Run by `npm start` (prestart); it takes about a second, so it always builds.
//
// npm packages stay imports (PGlite finds its WASM and data files beside its own modules). Every
// `import.meta.url` of the sources keeps meaning "this source file": the bundle has one URL for all
// of them, so each is rewritten relative to the bundle, and paths such as the dashboard's folder
// resolve as they do from the sources.
import { readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { build } from 'esbuild';

const root = join(import.meta.dirname, '..');
const server = join(root, 'packages', 'server');
const outdir = join(server, 'dist');

/** Bare imports other than our own workspace packages stay imports of node_modules. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@matchd/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** Each module's import.meta.url, as the URL of its source file (relative to the bundle). */
const sourceUrls = {
  name: 'source-urls',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const fromBundle = relative(outdir, args.path).split('\\').join('/');
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
};

export async function buildServer() {
  const common = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outdir,
    sourcemap: true,
    logLevel: 'warning',
    define: { MATCHD_COMPILED: 'true' },
    plugins: [externalPackages, sourceUrls],
  };
  await Promise.all([
    build({
      ...common,
      stdin: {
        contents: "import { runMain } from './main.ts';\nrunMain();\n",
        resolveDir: join(server, 'src'),
        sourcefile: 'main-entry.ts',
        loader: 'ts',
      },
      outfile: join(outdir, 'main.js'),
      outdir: undefined,
    }),
    build({
      ...common,
      entryPoints: {
        'matchmaker-worker': join(server, 'src', 'runtime', 'matchmaker-worker.ts'),
        'fit-worker': join(server, 'src', 'models', 'fit-worker.ts'),
      },
    }),
  ]);
}

await buildServer();
