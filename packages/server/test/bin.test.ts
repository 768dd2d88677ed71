/** The `matchd` command: help, and a refusal for unknown commands (serving and the CLIs are covered elsewhere). */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';

const bin = join(import.meta.dirname, '..', 'bin', 'matchd.mjs');

test('matchd help lists serve, ratings and sim; an unknown command exits 2', () => {
  const help = spawnSync(process.execPath, [bin, 'help'], { encoding: 'utf8' });
  assert.equal(help.status, 0);
  assert.match(help.stdout, /matchd ratings/);
  assert.match(help.stdout, /matchd sim/);
  const unknown = spawnSync(process.execPath, [bin, 'fly'], { encoding: 'utf8' });
  assert.equal(unknown.status, 2);
  assert.match(unknown.stderr, /unknown command fly/);
});

test('matchd ratings hands its arguments to the ratings CLI', () => {
  const models = spawnSync(process.execPath, [bin, 'ratings', 'models'], { encoding: 'utf8' });
  assert.equal(models.status, 0, models.stderr);
  assert.match(models.stdout, /glicko2|elo|weng/i);
});
