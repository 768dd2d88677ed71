import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

// The engine must stay a pure library: time and randomness come in as inputs, and nothing
// reaches I/O. Lint blocks imports; this test also blocks the ambient clock and RNG, which
// lint rules cannot tell apart from legitimate member access.
const engineSrc = join(import.meta.dirname, '.');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test-support' ? [] : sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

test('engine source uses no ambient clock, RNG or node imports', () => {
  const offenders: string[] = [];
  for (const file of sourceFiles(engineSrc)) {
    // Comments may show how a host calls the engine (e.g. a clock from performance.now); only code counts.
    const text = readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    for (const pattern of [
      /Date\.now\(/,
      /new Date\(\)/,
      /Math\.random\(/,
      /from ['"]node:/,
      /performance\.now\(/,
    ]) {
      if (pattern.test(text)) offenders.push(`${file}: ${pattern}`);
    }
  }
  assert.deepEqual(offenders, []);
});
