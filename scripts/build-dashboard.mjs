#!/usr/bin/env node
// Builds the dashboard (packages/dashboard: Preact, Chart.js, the client) with esbuild into
// packages/dashboard/dist, which the server serves at `/`, when its sources changed since the last
// build (a hash of the sources is kept in dist/.source-hash). Run by `npm ci` (prepare) and
// `npm start` (prestart), so a fresh clone serves the dashboard with no extra step, also when
// installed without dev dependencies (esbuild is a dependency: the one build tool at run time).
// `--force` rebuilds anyway; `--watch` rebuilds on every change (development: reload the page).
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { filesUnder, hashOf, root, stampMatches, writeAtomically } from './build-freshness.mjs';

const dashboard = join(root, 'packages', 'dashboard');
const dist = join(dashboard, 'dist');
const hashFile = join(dist, '.source-hash');

/** Every file the bundle is made of: the dashboard's sources and the client it bundles. */
function sources() {
  return filesUnder(
    join(dashboard, 'index.html'),
    join(dashboard, 'package.json'),
    join(dashboard, 'src'),
    join(root, 'packages', 'client', 'src'),
    join(root, 'scripts', 'build-dashboard.mjs'),
  );
}

/** A hash of the sources (names and contents). */
export function sourceHash() {
  return hashOf(sources());
}

/** True when dist/ was built from the current sources. */
export function dashboardIsFresh() {
  return stampMatches(hashFile, sourceHash());
}

/** index.html with the bundle's script and stylesheet in place of the sources' entry. */
function pageOf(outputs) {
  const named = (extension) =>
    Object.keys(outputs)
      .map((path) => basename(path))
      .find((name) => name.endsWith(extension));
  const script = named('.js');
  const style = named('.css');
  const template = readFileSync(join(dashboard, 'index.html'), 'utf8');
  const entry = '<script type="module" src="/src/main.tsx"></script>';
  if (!template.includes(entry)) throw new Error(`packages/dashboard/index.html must load ${entry}`);
  let page = template.replace(entry, `<script type="module" src="/assets/${script}"></script>`);
  if (style !== undefined)
    page = page.replace('</head>', `  <link rel="stylesheet" href="/assets/${style}" />\n  </head>`);
  return page;
}

/** Writes index.html last (readers see the old page or the new one) and removes older bundles. */
const writePage = {
  name: 'dashboard-page',
  setup(build) {
    build.onEnd((result) => {
      if (result.errors.length > 0 || result.metafile === undefined) return;
      writeAtomically(join(dist, 'index.html'), pageOf(result.metafile.outputs));
      const current = new Set(Object.keys(result.metafile.outputs).map((path) => basename(path)));
      for (const name of readdirSync(join(dist, 'assets'))) {
        if (!current.has(name)) rmSync(join(dist, 'assets', name), { force: true });
      }
    });
  },
};

const options = {
  absWorkingDir: root,
  entryPoints: [join(dashboard, 'src', 'main.tsx')],
  outdir: join(dist, 'assets'),
  entryNames: '[name]-[hash]',
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  jsx: 'automatic',
  jsxImportSource: 'preact',
  minify: true,
  sourcemap: false,
  metafile: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [writePage],
};

/** Builds dist/ unless it is fresh (or always, with force). */
export async function buildDashboard({ force = false } = {}) {
  const hash = sourceHash();
  if (!force && stampMatches(hashFile, hash)) return false;
  await esbuild.build(options);
  writeAtomically(hashFile, `${hash}\n`);
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--watch')) {
    const context = await esbuild.context(options);
    await context.watch();
    process.stderr.write('dashboard: watching packages/dashboard/src (reload the page after a change)\n');
  } else if (await buildDashboard({ force: process.argv.includes('--force') })) {
    // Quiet when there is nothing to do, and on stderr otherwise: `npm start --silent` keeps stdout
    // for the server's JSON log lines.
    process.stderr.write('dashboard built: packages/dashboard/dist\n');
  }
}
