/**
 * The docs say what the code does: the README's configuration table is the one generated from the
 * service's own table of variables (`npm run docs:config`), every `MATCHD_*` variable a doc names
 * is one the service or its tests read, and every error code a doc names is in the registry.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { ErrorCodes } from '@matchd/engine';
import { readmePath, withTable } from '../../../scripts/write-config-table.ts';
import { configVariables, otherVariables } from '../src/config-variables.ts';
import { configTableMarkdown } from '../src/serve-help.ts';

const root = join(import.meta.dirname, '..', '..', '..');

/** Every Markdown file a user reads: the README, docs/ (experiment reports too), the packages' READMEs. */
function docs(): string[] {
  const walk = (path: string): string[] =>
    statSync(path).isDirectory() ? readdirSync(path).flatMap((name) => walk(join(path, name))) : [path];
  return [
    join(root, 'README.md'),
    ...walk(join(root, 'docs')),
    ...readdirSync(join(root, 'packages')).map((name) => join(root, 'packages', name, 'README.md')),
  ].filter((path) => path.endsWith('.md') && statSync(path, { throwIfNoEntry: false }) !== undefined);
}

/** Each distinct match of `pattern` in the docs, with the first file that names it. */
function named(pattern: RegExp): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of docs()) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(pattern)) {
      // The README's example of a mistyped variable, and the answer that names the right one.
      if (text.startsWith(': did you mean', (match.index ?? 0) + match[0].length)) continue;
      if (!found.has(match[0])) found.set(match[0], relative(root, file));
    }
  }
  return found;
}

test("the README's variable table is the one generated from the config's own table", () => {
  const readme = readFileSync(readmePath, 'utf8');
  assert.equal(readme, withTable(readme, configTableMarkdown()), 'run `npm run docs:config`');
  for (const variable of configVariables) assert.ok(readme.includes(`\`${variable.name}\``), variable.name);
});

test('every MATCHD_* variable a doc names is one the service or its tests read', () => {
  const known = new Set<string>([...configVariables.map((variable) => variable.name), ...otherVariables]);
  const unknown = [...named(/\bMATCHD_[A-Z0-9_]*[A-Z0-9]\b/g)].filter(([name]) => !known.has(name));
  assert.deepEqual(unknown, []);
});

test('every error code a doc names exists in the registry', () => {
  const codes = new Set<string>([...Object.values(ErrorCodes), 'MM_ERR_INTERNAL']);
  const found = named(/\bMM_ERR_[A-Z_]*[A-Z]\b/g);
  assert.ok(found.size >= 10, `${found.size} codes named`);
  const unknown = [...found].filter(([code]) => !codes.has(code));
  assert.deepEqual(unknown, []);
});
