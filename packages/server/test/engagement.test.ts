/**
 * Engagement (EOMM) queues: with a churn table configured, the worker's matchmakers get the
 * engine's churn estimator, and players who send their recent outcomes are matched.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { QueueConfig } from '@matchd/engine';
import { eventually, keys, startTestServer } from './support/harness.ts';

const eommDuel: QueueConfig = {
  id: 'eomm-duel',
  teams: { count: 2, size: 1 },
  rating: { track: 'eomm' },
  criteria: [
    { kind: 'engagement', weight: 2 },
    { kind: 'team-balance', weight: 1 },
  ],
  threshold: { start: 0 },
  mode: { kind: 'continuous', maxWaitMs: 1000 },
  objective: { kind: 'engagement', maxFavouriteWinProbability: 0.9 },
};

test('an engagement queue matches players by expected churn once a churn table is configured', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'matchd-churn-'));
  const outcomes = ['W', 'D', 'L'];
  const churn: Record<string, number> = {};
  for (const a of outcomes)
    for (const b of outcomes) for (const c of outcomes) churn[a + b + c] = c === 'L' ? 0.5 : 0.3;
  const tableFile = join(dir, 'churn.json');
  writeFileSync(tableFile, JSON.stringify({ churn }));
  const server = await startTestServer({ ratings: 'memory', pool: 'memory', worker: true }, [eommDuel], {
    churnTableFile: tableFile,
  });
  try {
    const created: string[] = [];
    for (const [playerId, recentOutcomes] of [
      ['e1', ['W', 'L']],
      ['e2', ['L', 'L']],
    ] as const) {
      const reply = await server.client.request('POST', '/v1/tickets', {
        credential: keys.server,
        body: { queueId: 'eomm-duel', players: [{ playerId, recentOutcomes }] },
      });
      assert.equal(reply.status, 201, JSON.stringify(reply.body));
      created.push(String(reply.body['ticketId']));
    }
    await eventually(async () => {
      const reply = await server.client.request('GET', `/v1/tickets/${created[0]}`, {
        credential: keys.server,
      });
      return reply.body['state'] === 'matched' ? true : undefined;
    });
  } finally {
    await server.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
});
