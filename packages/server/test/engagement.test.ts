/**
 * Engagement (EOMM) queues: with a churn table configured, the worker's matchmakers get the
 * engine's churn estimator, and players who send their recent outcomes are matched; players who
 * send none get them from their stored match history.
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

test('without recent outcomes from the client, an engagement queue reads them from the match history', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'matchd-churn-'));
  const outcomes = ['W', 'D', 'L'];
  const churn: Record<string, number> = {};
  for (const a of outcomes) for (const b of outcomes) for (const c of outcomes) churn[a + b + c] = 0.3;
  const tableFile = join(dir, 'churn.json');
  writeFileSync(tableFile, JSON.stringify({ churn }));
  const server = await startTestServer({ ratings: 'pglite', pool: 'memory', worker: false }, [eommDuel], {
    churnTableFile: tableFile,
  });
  const create = async (playerId: string, recentOutcomes?: string[]): Promise<string> => {
    const reply = await server.client.request('POST', '/v1/tickets', {
      credential: keys.server,
      body: { queueId: 'eomm-duel', players: [{ playerId, ...(recentOutcomes ? { recentOutcomes } : {}) }] },
    });
    assert.equal(reply.status, 201, JSON.stringify(reply.body));
    return String(reply.body['ticketId']);
  };
  const pooledOutcomes = async (ticketId: string): Promise<unknown> => {
    const { context } = server.server.service;
    const pooled = await context.state.getTicket(ticketId, context.queues.keys());
    const ticket = pooled?.ticket.ticket as { players: { recentOutcomes?: string[] }[] } | undefined;
    return ticket?.players[0]?.recentOutcomes;
  };
  // Plays h1 against h2 and reports h1's result: 1 win, 2 loss, 0 draw.
  const play = async (result: 'W' | 'L' | 'D'): Promise<void> => {
    const ticket = await create('h1');
    await create('h2');
    const matchId = await eventually(async () => {
      const reply = await server.client.request('GET', `/v1/tickets/${ticket}`, { credential: keys.server });
      return reply.body['state'] === 'matched' ? String(reply.body['matchId']) : undefined;
    });
    const match = await server.client.request<{ teams: { playerId: string }[][] }>(
      'GET',
      `/v1/matches/${matchId}`,
      {
        credential: keys.server,
      },
    );
    const h1First = match.body.teams[0]?.[0]?.playerId === 'h1';
    const ranks = result === 'D' ? [1, 1] : (result === 'W') === h1First ? [1, 2] : [2, 1];
    const reply = await server.client.request('POST', `/v1/matches/${matchId}/result`, {
      credential: keys.server,
      body: { ranks },
    });
    assert.equal(reply.status, 201);
  };
  try {
    await play('W');
    await play('L');
    await play('D');
    // Each ticket is read, then cancelled before the next, so that no two of them are matched.
    const readAndCancel = async (ticketId: string): Promise<unknown> => {
      const seen = await pooledOutcomes(ticketId);
      const cancelled = await server.client.request('DELETE', `/v1/tickets/${ticketId}`, {
        credential: keys.server,
      });
      assert.equal(cancelled.status, 200);
      return seen;
    };
    // Oldest first, as a client sends them.
    assert.deepEqual(await readAndCancel(await create('h1')), ['W', 'L', 'D']);
    assert.deepEqual(await readAndCancel(await create('h2', ['W'])), ['W'], "the client's outcomes win");
    assert.deepEqual(await readAndCancel(await create('newcomer')), [], 'no history, no outcomes');
  } finally {
    await server.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
});
