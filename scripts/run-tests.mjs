#!/usr/bin/env node
// Finds every *.test.ts under packages/ (and bench/, examples/, sdks/) and runs them with node's test
// runner through tsx. Node 20's --test takes no globs, so the list is built here.
// Usage: node scripts/run-tests.mjs [path-substring-filter ...]
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');
const filters = process.argv.slice(2);

function find(dir) {
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    if (name === 'node_modules' || name.startsWith('.') || name === 'data') return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return find(path);
    return name.endsWith('.test.ts') ? [path] : [];
  });
}

const files = ['packages', 'bench', 'examples', 'sdks']
  .flatMap((dir) => find(join(root, dir)))
  .map((file) => relative(root, file))
  .filter((file) => filters.length === 0 || filters.some((filter) => file.includes(filter)))
  .sort();

if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}

const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--import', './scripts/test-setup.mjs', '--test', '--test-reporter=spec', ...files],
  {
    stdio: 'inherit',
    cwd: root,
  },
);
process.exit(result.status ?? 1);
