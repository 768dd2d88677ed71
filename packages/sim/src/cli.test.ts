import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { type CliIo, main } from './cli.ts';

function capture(): CliIo & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, stdout: (t) => out.push(t), stderr: (t) => err.push(t), stderrIsTty: false };
}

describe('sim CLI', () => {
  it('lists the experiments and exits 2 without one', async () => {
    const io = capture();
    assert.equal(await main([], io), 2);
    assert.match(io.err.join(''), /eomm-table2/);
  });

  it('rejects unknown experiments, unknown flags and bad values with a clear message and exit 2', async () => {
    for (const argv of [
      ['no-such-experiment'],
      ['eomm-table2', '--nope'],
      ['eomm-table2', '--rounds', 'many'],
      ['eomm-table2', '--pools', '100,-2'],
      ['eomm-table2', '--params', '/nonexistent/params.json'],
      ['eomm-table2', '--methods', 'EOMM,BestMM'],
    ]) {
      const io = capture();
      assert.equal(await main(argv, io), 2, argv.join(' '));
      assert.ok(io.err.join('').length > 0);
      assert.equal(io.out.join(''), '');
    }
  });

  it('prints JSON with --json and writes Markdown, JSON and SVG with --out', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'matchd-sim-'));
    const io = capture();
    const code = await main(
      ['eomm-table2', '--pools', '20', '--rounds', '4', '--workers', '1', '--json', '--out', dir],
      io,
    );
    assert.equal(code, 0, io.err.join(''));
    const report = JSON.parse(io.out.join('')) as { pools: { rows: unknown[] }[] };
    assert.equal(report.pools[0]?.rows.length, 4);
    assert.deepEqual(readdirSync(dir).sort(), [
      'expected-gain.svg',
      'report.json',
      'report.md',
      'retained-gain.svg',
    ]);
    assert.match(readFileSync(join(dir, 'report.md'), 'utf8'), /Welch/);
  });
});
