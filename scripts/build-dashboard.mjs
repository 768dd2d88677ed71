#!/usr/bin/env node
// Builds the dashboard (packages/dashboard, Vite) into packages/dashboard/dist, which the server
// serves at `/`, when its sources changed since the last build: a hash of the sources is kept in
// dist/.source-hash. Run by `npm ci` (prepare) and `npm start` (prestart), so a fresh clone serves
// the dashboard with no extra step; `--force` rebuilds anyway.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = join(import.meta.dirname, '..');
const dashboard = join(root, 'packages', 'dashboard');
const hashFile = join(dashboard, 'dist', '.source-hash');

/** Every file the bundle is made of: the dashboard's sources and the client it bundles. */
function sources() {
  const walk = (path) =>
    statSync(path).isDirectory()
      ? readdirSync(path)
          .sort()
          .flatMap((name) => walk(join(path, name)))
      : [path];
  return [
    join(dashboard, 'index.html'),
    join(dashboard, 'vite.config.ts'),
    join(dashboard, 'package.json'),
    ...walk(join(dashboard, 'src')),
    ...walk(join(root, 'packages', 'client', 'src')),
  ];
}

/** A hash of the sources (names and contents). */
export function sourceHash() {
  const hash = createHash('sha256');
  for (const file of sources())
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

/** True when dist/ was built from the current sources. */
export function dashboardIsFresh() {
  return existsSync(hashFile) && readFileSync(hashFile, 'utf8').trim() === sourceHash();
}

/** Builds dist/ unless it is fresh (or always, with force). */
export async function buildDashboard({ force = false } = {}) {
  if (!force && dashboardIsFresh()) return false;
  let vite;
  try {
    vite = await import('vite');
  } catch {
    process.stderr.write('dashboard: vite is not installed (npm ci without dev dependencies?); not built\n');
    return false;
  }
  const hash = sourceHash();
  await vite.build({ root: dashboard, configFile: join(dashboard, 'vite.config.ts'), logLevel: 'warn' });
  writeFileSync(hashFile, `${hash}\n`);
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // Quiet when there is nothing to do, and on stderr otherwise: `npm start --silent` keeps stdout
  // for the server's JSON log lines.
  if (await buildDashboard({ force: process.argv.includes('--force') })) {
    process.stderr.write('dashboard built: packages/dashboard/dist\n');
  }
}
