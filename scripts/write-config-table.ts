/**
 * Writes the README's configuration table from the service's own table of variables
 * (packages/server/src/config-variables.ts), between the README's config-table markers.
 * Usage: npm run docs:config
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { configTableMarkdown } from '../packages/server/src/serve-help.ts';

export const readmePath = join(import.meta.dirname, '..', 'README.md');
export const tableStart =
  '<!-- config-table: written by `npm run docs:config` from packages/server/src/config-variables.ts -->';
export const tableEnd = '<!-- /config-table -->';

/** The README's text with its table replaced by `table`. */
export function withTable(readme: string, table: string): string {
  const start = readme.indexOf(tableStart);
  const end = readme.indexOf(tableEnd);
  if (start < 0 || end < start) throw new Error(`README.md lacks the markers ${tableStart} … ${tableEnd}`);
  return `${readme.slice(0, start + tableStart.length)}\n${table}\n${readme.slice(end)}`;
}

if (import.meta.filename === process.argv[1]) {
  writeFileSync(readmePath, withTable(readFileSync(readmePath, 'utf8'), configTableMarkdown()));
  process.stdout.write(`wrote the configuration table of ${readmePath}\n`);
}
