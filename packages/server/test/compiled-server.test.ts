/**
 * The compiled server (what `npm start` runs: scripts/build-server.mjs, then
 * packages/server/dist/main.js) on a new data folder: it creates its PGlite database, answers, and
 * its matchmaker thread, started from its compiled file, forms a match.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

const root = join(import.meta.dirname, '..', '..', '..');
const key = 'compiled-test-server-key-0123456789';

test('the compiled server creates its database, takes tickets and matches them in its worker thread', async () => {
  const build = spawnSync(process.execPath, [join(root, 'scripts', 'build-server.mjs')], {
    encoding: 'utf8',
  });
  assert.equal(build.status, 0, build.stderr);
  const dataDir = mkdtempSync(join(tmpdir(), 'matchd-compiled-'));
  const queuesDir = join(dataDir, 'queues');
  mkdirSync(queuesDir);
  writeFileSync(
    join(queuesDir, 'duel.json'),
    JSON.stringify({
      id: 'duel',
      teams: { count: 2, size: 1 },
      rating: { track: 'duel' },
      criteria: [{ kind: 'team-balance', weight: 1 }],
      threshold: { start: 0 },
      mode: { kind: 'continuous', maxWaitMs: 60_000 },
    }),
  );
  const server = spawn(process.execPath, [join(root, 'packages', 'server', 'dist', 'main.js')], {
    cwd: root,
    env: {
      ...process.env,
      MATCHD_PORT: String(30_000 + Math.floor(Math.random() * 20_000)),
      MATCHD_DATA_DIR: dataDir,
      MATCHD_QUEUES_DIR: queuesDir,
      MATCHD_API_KEYS: `server:test:${key}`,
      MATCHD_TICK_INTERVAL_MS: '50',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let output = '';
      server.stdout?.on('data', (chunk) => {
        output += String(chunk);
        const match = /listening on (http:\/\/\S+)/.exec(output);
        if (match) resolve(match[1] as string);
      });
      server.once('exit', (code) => reject(new Error(`server exited (${code}): ${output}`)));
    });
    assert.ok(existsSync(join(dataDir, 'pglite', 'PG_VERSION')), 'the database was created');
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const ticketIds: string[] = [];
    for (const playerId of ['ann', 'bob']) {
      const response = await fetch(`${url}/v1/tickets`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ queueId: 'duel', players: [{ playerId }] }),
      });
      assert.equal(response.status, 201);
      ticketIds.push(((await response.json()) as { ticketId: string }).ticketId);
    }
    const deadline = Date.now() + 20_000;
    let states: string[] = [];
    while (Date.now() < deadline) {
      states = await Promise.all(
        ticketIds.map(async (ticketId) => {
          const response = await fetch(`${url}/v1/tickets/${ticketId}`, { headers });
          return ((await response.json()) as { state: string }).state;
        }),
      );
      if (states.every((state) => state === 'matched')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.deepEqual(states, ['matched', 'matched']);
  } finally {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
});
