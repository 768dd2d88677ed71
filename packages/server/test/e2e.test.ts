/**
 * End to end on port 0, as clients would: the embedded default (PGlite in a folder + memory pool,
 * matchmaker in a worker thread) and the scale-out backends (PostgreSQL + Redis). Each server is
 * then stopped and started again on the same data: ratings, history and queue configs survive, and
 * with Redis waiting tickets too.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { duelFlow, ratingsSurvive, seasonResetFlow, squadFlow, waitingTicketSurvives } from './e2e-flow.ts';
import { keys, startTestServer } from './support/harness.ts';

describe('e2e: embedded default (PGlite, memory pool, worker thread)', () => {
  test('party and solos: watch, match, report once, ratings on profile and leaderboard; a restart keeps them', async () => {
    let server = await startTestServer({ ratings: 'pglite', pool: 'memory', worker: true });
    try {
      await squadFlow(server);
      await duelFlow(server);
      await seasonResetFlow(server);
      const metrics = await server.client.request('GET', '/metrics');
      assert.equal(metrics.status, 200);
      const text = String(metrics.body);
      assert.match(text, /matchd_matches_formed_total\{queue="squad"\} 1/);
      assert.match(text, /matchd_rating_updates_total\{track="ranked\/party"\} 2/);
      assert.match(text, /matchd_tick_seconds_count\{queue="duel"\} \d+/);
      assert.match(text, /matchd_wait_seconds_bucket/);
      assert.match(text, /matchd_match_quality_bucket/);
      const docs = await server.client.request<{ openapi: string; paths: Record<string, unknown> }>(
        'GET',
        '/openapi.json',
      );
      assert.equal(docs.status, 200);
      assert.ok(docs.body.openapi.startsWith('3.'));
      assert.ok(docs.body.paths['/v1/tickets']);
      const health = await server.client.request('GET', '/healthz');
      assert.deepEqual(health.body, {
        status: 'ok',
        ratingsBackend: 'pglite',
        poolBackend: 'memory',
        queues: 2,
      });
      const queue = await server.client.request<{ matchesFormed: number; waitP50Ms: number }>(
        'GET',
        '/v1/queues/squad',
        {
          credential: keys.server,
        },
      );
      assert.equal(queue.body.matchesFormed, 1);
      assert.equal(typeof queue.body.waitP50Ms, 'number');
      server = await ratingsSurvive(server);
    } finally {
      await server.dispose();
    }
  });
});

describe('e2e: PostgreSQL and Redis', () => {
  test('the same flow on the scale-out backends; a restart keeps ratings, configs and waiting tickets', async () => {
    let server = await startTestServer({ ratings: 'postgres', pool: 'redis', worker: false });
    try {
      await squadFlow(server);
      await duelFlow(server);
      await seasonResetFlow(server);
      server = await ratingsSurvive(server);
      server = await waitingTicketSurvives(server);
    } finally {
      await server.dispose();
    }
  });
});
