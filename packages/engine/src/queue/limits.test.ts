import assert from 'node:assert/strict';
import { test } from 'node:test';
import { match, player, ticket } from '../quality/test-support/build.ts';
import { HardLimits } from './limits.ts';
import { matchShapeOf } from './shape.ts';
import type { QueueConfig } from './types.ts';
import { validateQueueConfig } from './validate-config.ts';

const config: QueueConfig = validateQueueConfig({
  id: 'limits',
  teams: {
    count: 2,
    size: { min: 1, max: 3 },
    minMatchPlayers: { start: 6, steps: [{ afterMs: 10_000, value: 4 }] },
  },
  rating: { track: 'limits' },
  criteria: [{ kind: 'team-balance', weight: 1 }],
  threshold: { start: 0 },
  mode: { kind: 'continuous', maxWaitMs: 60_000 },
  objective: { kind: 'quality', maxFavouriteWinProbability: 0.7 },
  regions: { names: ['eu', 'na'], maxPingMs: { start: 60, linear: { perSecond: 2, limit: 200 } } },
  gates: { minGamesPlayed: 10, disallowedRoles: ['coach'] },
});
const limits = new HardLimits(config, matchShapeOf(config));
const near = { pingMsByRegion: { eu: 30, na: 150 }, gamesPlayed: 50 };

test('every hard limit is checked for every ticket of a candidate, and says why it fails', () => {
  const candidate = match(
    [ticket('a', [player('a', 1500, near)]), ticket('b', [player('b', 1500, { ...near, roles: ['coach'] })])],
    [ticket('c', [player('c', 1500, { pingMsByRegion: { eu: 90 }, gamesPlayed: 50 })])],
  );
  const placed = { match: { ...candidate, region: 'eu' }, winProbabilities: [0.5, 0.5] };
  const breaches = limits.breaches(placed, 0);
  assert.deepEqual(
    breaches.map((breach) => `${breach.limit}:${breach.ticketId}`).sort(),
    // Teams of 2 and 1 (sizes must be equal), b plays coach, c is 90 ms from eu (cap 60), and a
    // 3-player match is below the 6 every fresh ticket accepts.
    [
      'gates:b',
      'match-size:a',
      'match-size:b',
      'match-size:c',
      'ping-cap:c',
      'team-sizes:a',
      'team-sizes:b',
      'team-sizes:c',
    ],
  );
  const details = Object.fromEntries(
    limits.describe(placed, breaches, 0).map((hold) => [hold.limit, hold.detail]),
  );
  assert.equal(details['gates'], 'b: b plays coach');
  assert.equal(details['ping-cap'], 'c: 90 ms to eu, over its 60 ms cap');
  assert.equal(details['match-size'], 'a: 3 players, it waits for 6 yet');
  assert.equal(details['team-sizes'], "teams of 2, 1 players do not fit the queue's shape");
});

test('limits that relax with wait say when they hold; the fairness floor never relaxes', () => {
  const pair = match(
    [ticket('a', [player('a', 1500, near)])],
    [ticket('c', [player('c', 1500, { pingMsByRegion: { eu: 90 }, gamesPlayed: 50 })])],
  );
  const placed = { match: { ...pair, region: 'eu' }, winProbabilities: [0.5, 0.5] };
  // Two players: never (the match size relaxes to 4 at 10 s and no further).
  assert.equal(limits.holdFromMs(placed, 0), Number.POSITIVE_INFINITY);
  const four = match(
    [ticket('a', [player('a', 1500, near)]), ticket('b', [player('b', 1500, near)])],
    [
      ticket('c', [player('c', 1500, { pingMsByRegion: { eu: 90 }, gamesPlayed: 50 })]),
      ticket('d', [player('d', 1500, near)]),
    ],
  );
  assert.equal(
    limits.holdFromMs({ match: { ...four, region: 'eu' }, winProbabilities: [0.5, 0.5] }, 0),
    15_000,
  );
  assert.equal(
    limits.breaches({ match: { ...four, region: 'eu' }, winProbabilities: [0.5, 0.5] }, 15_000).length,
    0,
  );
  const lopsided = { match: { ...four, region: 'eu' }, winProbabilities: [0.8, 0.2] };
  assert.equal(limits.holdFromMs(lopsided, 0), Number.POSITIVE_INFINITY);
  assert.deepEqual(
    [...new Set(limits.breaches(lopsided, 20_000).map((breach) => breach.limit))],
    ['fairness-floor'],
  );
});

test('region masks: a ticket reaches the regions within its own cap at its wait', () => {
  const tickets = [
    ticket('a', [player('a', 1500, near)]),
    ticket('b', [player('b', 1500, { pingMsByRegion: { na: 40 } })], 0),
    ticket('c', [player('c', 1500, { pingMsByRegion: { eu: 100, na: 100 } })]),
  ];
  assert.deepEqual([...(limits.regionMasks(tickets, 0) ?? [])], [0b01, 0b10, 0b00]);
  assert.deepEqual([...(limits.regionMasks(tickets, 50_000) ?? [])], [0b11, 0b10, 0b11]);
  assert.deepEqual(limits.reachableRegions(tickets[0] as (typeof tickets)[number], 0), ['eu']);
});
