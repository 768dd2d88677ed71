/** `npm run example:bots`, small: the bots play 20 matches on a local server and the summary says so. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';

const script = join(import.meta.dirname, 'play.ts');

test('the example bots play their matches through @matchd/client and report what happened', () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', script, '--matches', '20', '--bots', '8'], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  assert.equal(run.status, 0, run.stderr);
  const played = Number(/played (\d+) matches/.exec(run.stdout)?.[1]);
  assert.ok(played >= 20, run.stdout);
  assert.match(run.stdout, /wait p50 \d+ ms, p90 \d+ ms/);
  assert.match(run.stdout, /rank correlation of rating and hidden skill/);
  const help = spawnSync(process.execPath, ['--import', 'tsx', script, '--help'], { encoding: 'utf8' });
  assert.equal(help.status, 0);
  assert.match(help.stdout, /usage: npm run example:bots/);
});
