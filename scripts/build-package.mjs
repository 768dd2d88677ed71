#!/usr/bin/env node
// Builds a library package a studio installs (`@matchd/engine`, `@matchd/client`) to JavaScript
// with declarations in packages/NAME/dist (tsc with the package's tsconfig.build.json: `.ts`
// imports become `.js`), and copies the repository's LICENSE beside its package.json. Run by
// `npm pack` / `npm publish` (the package's prepack), only when the sources changed since the
// last build (a hash of them is kept in dist/.source-hash); `--force` builds anyway.
// Usage: node scripts/build-package.mjs engine|client [--force]
import { spawnSync } from 'node:child_process';
import { copyFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { filesUnder, hashOf, root, stampMatches, writeAtomically } from './build-freshness.mjs';

export const libraryPackages = ['engine', 'client'];

/** Builds packages/NAME/dist unless it is fresh (or always, with force); true when it built. */
export function buildPackage(name, { force = false } = {}) {
  if (!libraryPackages.includes(name)) throw new Error(`not a library package: ${name}`);
  const folder = join(root, 'packages', name);
  const dist = join(folder, 'dist');
  const hashFile = join(dist, '.source-hash');
  copyFileSync(join(root, 'LICENSE'), join(folder, 'LICENSE'));
  const hash = hashOf(
    filesUnder(
      join(folder, 'src'),
      join(folder, 'tsconfig.build.json'),
      join(root, 'tsconfig.json'),
      join(root, 'scripts', 'build-package.mjs'),
    ).filter((file) => !file.endsWith('.test.ts')),
  );
  if (!force && stampMatches(hashFile, hash)) return false;
  rmSync(dist, { recursive: true, force: true });
  // TypeScript resolved from the package that runs this (a dev dependency: packing is development).
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', join(folder, 'tsconfig.build.json')], {
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`tsc failed for packages/${name} (exit ${result.status})`);
  writeAtomically(hashFile, `${hash}\n`);
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const name = process.argv[2] ?? '';
  if (buildPackage(name, { force: process.argv.includes('--force') })) {
    process.stderr.write(`built packages/${name}/dist\n`);
  }
}
