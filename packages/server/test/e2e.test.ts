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
      const game = server.api(keys.server);
      const text = await game.metrics();
      assert.match(text, /matchd_matches_formed_total\{queue="squad"\} 1/);
      assert.match(text, /matchd_rating_updates_total\{track="ranked\/party"\} 2/);
      assert.match(text, /matchd_tick_seconds_count\{queue="duel"\} \d+/);
      assert.match(text, /matchd_wait_seconds_bucket/);
      assert.match(text, /matchd_match_quality_bucket/);
      assert.deepEqual(await game.health(), {
        status: 'ok',
        ratingsBackend: 'pglite',
        poolBackend: 'memory',
        queues: 2,
      });
      const queue = await game.getQueue('squad');
      assert.equal(queue.matchesFormed, 1);
      assert.equal(typeof queue.waitP50Ms, 'number');
      // The dashboard's reads see the matches formed, with their per-criterion explanation.
      const recent = await server.api(keys.admin).getRecentMatches({ queueId: 'squad' });
      assert.equal(recent.matches.length, 1);
      assert.equal(recent.matches[0]?.criteria[0]?.criterion, 'team-balance');
      assert.equal(typeof recent.matches[0]?.matchId, 'string');
      const distributions = await server.api(keys.admin).getRatingDistributions();
      const duelTrack = distributions.tracks.find((track) => track.track === 'duel/solo');
      // Two duellists; the top one was sent back to calibration by seasonResetFlow (hidden, not binned).
      assert.ok(duelTrack !== undefined && duelTrack.players >= 2 && duelTrack.calibrating >= 1);
      assert.equal(
        duelTrack.display.counts.reduce((sum, count) => sum + count, 0),
        duelTrack.rated,
        'every shown rating is in one bin',
      );
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
