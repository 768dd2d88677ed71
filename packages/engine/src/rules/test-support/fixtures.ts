/**
 * Reads the documentation rule sets under `../fixtures/` as their vendors' readers do: comments and
 * trailing commas allowed, and a PlayFab fragment (`"MatchmakingQueue": { ... }`) read as an object.
 */

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ParseError, parse } from 'jsonc-parser';

export const FIXTURES = join(import.meta.dirname, '..', 'fixtures');

/** The parsed rule set of `fixtures/<vendor>/<file>`. */
export function readFixture(vendor: 'flexmatch' | 'playfab', file: string): unknown {
  const source = readFileSync(join(FIXTURES, vendor, file), 'utf8').trim();
  const text = source.startsWith('"') ? `{${source}}` : source;
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { allowTrailingComma: true });
  if (errors.length > 0) throw new Error(`${vendor}/${file}: not readable (${JSON.stringify(errors)})`);
  return value;
}

/** The fixture files of a vendor, sorted. */
export function fixtureFiles(vendor: 'flexmatch' | 'playfab'): string[] {
  return readdirSync(join(FIXTURES, vendor))
    .filter((file) => file.endsWith('.json'))
    .sort();
}
