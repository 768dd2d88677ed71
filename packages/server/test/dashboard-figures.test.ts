/**
 * The figures the dashboard shows, as the insights API gives them: matches per minute leave out the
 * minute under way (its count is partial), and a match has one wait, the one its quality
 * explanation gives, also when the match waited for its players to accept.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { MatchmakerEffect, MatchSummary, QueueConfig } from '@matchd/engine';
import { QueueActivity } from '../src/service/activity.ts';
import { keys, startTestServer } from './support/harness.ts';

const summary = (matchId: string): MatchSummary => ({
  matchId,
  teams: [
    { ticketIds: ['a'], playerIds: ['pa'] },
    { ticketIds: ['b'], playerIds: ['pb'] },
  ],
  quality: 0.9,
  criteria: [],
  winProbabilities: [0.5, 0.5],
  forced: false,
});

const matched = (matchId: string, atMs: number, waits: Record<string, number>): MatchmakerEffect => ({
  kind: 'matched',
  match: summary(matchId),
  atMs,
  waitMsByTicket: waits,
});

describe('the dashboard figures', () => {
  test('matches per minute count whole minutes only: the minute under way is left out', () => {
    const activity = new QueueActivity();
    const minute = 60_000 * 1000;
    for (let index = 0; index < 5; index += 1) {
      activity.record(
        'q',
        [matched(`m${index}`, minute + 1000 * index, { a: 1, b: 1 })],
        minute + 1000 * index,
      );
    }
    // One match 2 s into the next minute, read 3 s into it.
    activity.record('q', [matched('m5', minute + 62_000, { a: 1, b: 1 })], minute + 62_000);
    const series = activity.matchesPerMinute('q', minute + 63_000, 3);
    assert.deepEqual(series, [
      { atMs: minute - 120_000, matches: 0 },
      { atMs: minute - 60_000, matches: 0 },
      { atMs: minute, matches: 5 },
    ]);
  });

  test("a match's waits are those when it formed (its quality's instant), not when its players accepted", () => {
    const activity = new QueueActivity();
    activity.record('q', [{ kind: 'proposed', match: summary('m1'), deadlineMs: 40_000 }], 10_000);
    activity.record('q', [matched('m1', 13_500, { a: 6000, b: 4500 })], 13_500);
    assert.deepEqual(activity.recentMatches(1)[0]?.waitMsByTicket, { a: 2500, b: 1000 });
  });

  test('over HTTP: the longest wait of a match with an acceptance step is the one its explanation gives', async () => {
    const queue: QueueConfig = {
      id: 'duel-accept',
      teams: { count: 2, size: 1 },
      rating: { track: 'duel' },
      criteria: [
        { kind: 'team-balance', weight: 1 },
        { kind: 'wait-time', weight: 1, shaping: { cap: 60_000 } },
      ],
      threshold: { start: 0 },
      acceptance: { timeoutMs: 30_000 },
      mode: { kind: 'continuous', maxWaitMs: 60_000 },
    };
    const server = await startTestServer({ ratings: 'memory', pool: 'memory' }, [queue], {
      tickIntervalMs: 50,
    });
    try {
      const game = server.api(keys.server);
      const tickets = [];
      for (const playerId of ['wa', 'wb']) {
        tickets.push(await game.createTicket({ queueId: 'duel-accept', players: [{ playerId }] }));
      }
      const state = async (ticketId: string) => (await game.getTicket(ticketId)).state;
      for (let attempt = 0; attempt < 200 && (await state(tickets[0]?.ticketId as string)) !== 'proposed'; ) {
        attempt += 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // The players take their time to accept: the match starts 1.5 s after it formed.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      for (const [index, ticket] of tickets.entries())
        await game.acceptMatch(ticket.ticketId, `w${'ab'[index]}`);
      let recent = await server.api(keys.admin).getRecentMatches({ queueId: 'duel-accept' });
      for (let attempt = 0; attempt < 100 && recent.matches.length === 0; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        recent = await server.api(keys.admin).getRecentMatches({ queueId: 'duel-accept' });
      }
      const match = recent.matches[0];
      assert.ok(match !== undefined);
      const longest = Math.max(...Object.values(match.waitMsByTicket));
      const explained = match.criteria.find((criterion) => criterion.criterion === 'wait-time');
      assert.equal(explained?.raw, longest, JSON.stringify(match));
      assert.equal(explained?.detail, `longest wait ${(longest / 1000).toFixed(1)} s`);
    } finally {
      await server.dispose();
    }
  });
});
