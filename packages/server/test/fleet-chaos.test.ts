/**
 * The chaos run on the machine's Redis: three node processes, tickets streaming in, a node killed
 * with SIGKILL every few seconds and started again; then every end check through the public API
 * (support/chaos.ts). Bounded: about a minute on this machine.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { redisUrl } from './support/backends.ts';
import { runChaos } from './support/chaos.ts';

test('chaos on Redis: 3 nodes, kill -9 every few seconds: nothing lost, nothing doubled, nothing stuck', {
  timeout: 180_000,
}, async () => {
  const report = await runChaos({
    redisUrl,
    label: 'redis',
    loadMs: Number(process.env['MATCHD_CHAOS_LOAD_MS'] ?? 25_000),
    killEveryMs: 3500,
  });
  process.stdout.write(`chaos on redis: ${JSON.stringify(report)}\n`);
  assert.ok(report.kills >= 4, `killed ${report.kills} times`);
  assert.ok(report.matches > 20, `formed ${report.matches} matches`);
  assert.ok((report.states['searching'] ?? 0) > 0 && (report.states['cancelled'] ?? 0) > 0);
});
