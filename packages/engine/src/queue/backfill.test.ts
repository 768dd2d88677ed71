import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { isMatchdError } from '../errors.ts';
import { createElo } from '../rating/elo/elo.ts';
import type { EloRating } from '../rating/elo/k-policy.ts';
import { createMatchmaker } from './matchmaker.ts';
import type { BackfillRequest, MatchmakerEffect, QueueConfig, TicketInput } from './types.ts';

const elo = createElo();

/** A 5v5 in eu or na: ping cap 80 ms, a fairness floor, quality threshold 0.8 relaxing to 0.2 over a minute. */
const fiveVersusFive: QueueConfig = {
  id: 'arena',
  teams: { count: 2, size: 5 },
  rating: { track: 'arena' },
  criteria: [
    { kind: 'team-balance', weight: 3 },
    { kind: 'player-skill-gap', weight: 1 },
  ],
  threshold: { start: 0.8, linear: { perSecond: 0.01, limit: 0.2 } },
  mode: { kind: 'continuous', maxWaitMs: 120_000 },
  regions: { names: ['eu', 'na'], maxPingMs: { start: 80 } },
  gates: { maxPartySize: 5 },
  objective: { kind: 'quality', maxFavouriteWinProbability: 0.75 },
};

type Extra = Record<string, unknown>;
const profile = (id: string, rating: number, extra: Extra = {}) => ({
  playerId: id,
  rating: { rating, games: 50, streak: 0 },
  gamesPlayed: 50,
  pingMsByRegion: { eu: 30, na: 20 },
  ...extra,
});
const solo = (id: string, rating: number, extra: Extra = {}): TicketInput<EloRating> => ({
  ticketId: id,
  players: [profile(id, rating, extra)],
});
const party = (id: string, size: number, rating: number): TicketInput<EloRating> => ({
  ticketId: id,
  players: Array.from({ length: size }, (_, index) => profile(`${id}-${index}`, rating)),
});

/** A running 5v5 in eu that lost one player per team: four 1500s left on each side. */
function request(overrides: Partial<BackfillRequest<EloRating>> = {}): BackfillRequest<EloRating> {
  return {
    requestId: 'bf-1',
    matchId: 'm-1',
    region: 'eu',
    teams: [0, 1].map((team) => ({
      seats: 5,
      players: [0, 1, 2, 3].map((index) => profile(`present-${team}-${index}`, 1500)),
    })),
    ...overrides,
  };
}

const make = (config: QueueConfig = fiveVersusFive) =>
  createMatchmaker({ config, ratingModel: elo, seed: 7 });
const backfilled = (effects: readonly MatchmakerEffect[]) =>
  effects.filter((effect) => effect.kind === 'backfilled');

function refuses(action: () => unknown, code: string, path?: string): void {
  assert.throws(action, (error) => {
    assert.ok(isMatchdError(error), String(error));
    assert.equal(error.code, code, error.message);
    if (path !== undefined) assert.equal(error.details['path'], path, error.message);
    return true;
  });
}

test('a backfill fills each open seat with a ticket that keeps every hard limit of the match', () => {
  const matchmaker = make();
  // Each waiting ticket breaks something, but two: too far from eu (the match's region, though na
  // would suit it), one so strong that either team would be a favourite over the fairness floor, a
  // party too large for any open seat.
  matchmaker.enqueue(solo('far', 1500, { pingMsByRegion: { eu: 200, na: 10 } }), 0);
  matchmaker.enqueue(solo('star', 3500), 0);
  matchmaker.enqueue(party('trio', 3, 1500), 0);
  matchmaker.enqueue(solo('good-1', 1490), 0);
  matchmaker.enqueue(solo('good-2', 1520), 0);
  matchmaker.requestBackfill(request(), 0);
  const effects = matchmaker.tick(1000);
  const [fill] = backfilled(effects);
  assert.ok(fill !== undefined && fill.kind === 'backfilled', JSON.stringify(effects));
  assert.equal(fill.matchId, 'm-1');
  assert.equal(fill.requestId, 'bf-1');
  // Teams kept: one new player per team, in the request's team order.
  assert.deepEqual(
    fill.added.map((team) => team.ticketIds.length),
    [1, 1],
  );
  assert.deepEqual(fill.added.flatMap((team) => team.ticketIds).sort(), ['good-1', 'good-2']);
  assert.ok(fill.quality >= 0.8, `quality ${fill.quality}`);
  assert.equal(fill.waitMsByTicket['good-1'], 1000);
  // The new players left the pool; the others still wait; the request is gone.
  assert.equal(matchmaker.status('good-1', 1000).state, 'matched');
  assert.equal(matchmaker.status('good-1', 1000).matchId, 'm-1');
  assert.equal(matchmaker.status('far', 1000).state, 'searching');
  assert.equal(backfilled(matchmaker.tick(2000)).length, 0);
});

test('the new tickets judge the whole match at their own wait; present players refuse nothing', () => {
  const matchmaker = make({ ...fiveVersusFive, objective: { kind: 'quality' } });
  // A strong player unbalances the match: below a fresh ticket's threshold, accepted once relaxed.
  matchmaker.requestBackfill(
    request({
      teams: [
        { seats: 5, players: [0, 1, 2, 3].map((index) => profile(`a-${index}`, 1500)) },
        { seats: 5, players: [0, 1, 2, 3, 4].map((index) => profile(`b-${index}`, 1500)) },
      ],
    }),
    0,
  );
  matchmaker.enqueue(solo('strong', 1900), 0);
  assert.equal(backfilled(matchmaker.tick(1000)).length, 0, 'a fresh ticket refuses the uneven match');
  const [fill] = backfilled(matchmaker.tick(59_000));
  assert.ok(fill !== undefined && fill.kind === 'backfilled');
  assert.deepEqual(
    fill.added.map((team) => team.ticketIds),
    [['strong'], []],
  );
});

test('only fills that complete a legal shape form: one candidate for two seats of a fixed 5v5 waits', () => {
  const matchmaker = make();
  matchmaker.requestBackfill(request(), 0);
  matchmaker.enqueue(solo('only', 1500), 0);
  assert.equal(backfilled(matchmaker.tick(1000)).length, 0);
  matchmaker.enqueue(solo('second', 1500), 1500);
  const [fill] = backfilled(matchmaker.tick(2000));
  assert.ok(fill !== undefined && fill.kind === 'backfilled');
  assert.deepEqual(fill.added.flatMap((team) => team.ticketIds).sort(), ['only', 'second']);
});

test('a party fills a team with as many open seats; teams are never mixed', () => {
  const matchmaker = make();
  matchmaker.requestBackfill(
    request({
      teams: [
        { seats: 5, players: [0, 1, 2].map((index) => profile(`a-${index}`, 1500)) },
        { seats: 5, players: [0, 1, 2, 3, 4].map((index) => profile(`b-${index}`, 1500)) },
      ],
    }),
    0,
  );
  matchmaker.enqueue(party('duo', 2, 1500), 0);
  const [fill] = backfilled(matchmaker.tick(1000));
  assert.ok(fill !== undefined && fill.kind === 'backfilled');
  assert.deepEqual(fill.added[0]?.playerIds, ['duo-0', 'duo-1']);
});

test('backfill requests go before new matches, expire like tickets, and are cancelled by id', () => {
  const config: QueueConfig = { ...fiveVersusFive, backfill: { expireAfterMs: 30_000 } };
  const matchmaker = make(config);
  matchmaker.requestBackfill(request(), 0);
  assert.deepEqual(matchmaker.cancel('bf-1', 10), [
    { kind: 'cancelled', ticketId: 'bf-1', reason: 'cancelled' },
  ]);
  matchmaker.requestBackfill(request({ requestId: 'bf-2' }), 20);
  const effects = matchmaker.tick(30_020);
  assert.deepEqual(effects, [{ kind: 'expired', ticketId: 'bf-2', waitMs: 30_000 }]);
  refuses(() => matchmaker.cancel('bf-2', 30_030), 'MM_ERR_TICKET_NOT_FOUND');
});

test('bad backfill requests are refused with stable codes and change nothing', () => {
  const matchmaker = make();
  const full = request({
    teams: [0, 1].map((team) => ({
      seats: 5,
      players: [0, 1, 2, 3, 4].map((index) => profile(`f-${team}-${index}`, 1500)),
    })),
  });
  refuses(() => matchmaker.requestBackfill(full, 0), 'MM_ERR_MATCH_FULL');
  refuses(
    () =>
      matchmaker.requestBackfill(
        request({ teams: [{ seats: 2, players: [profile('x', 1), profile('y', 1), profile('z', 1)] }] }),
        0,
      ),
    'MM_ERR_INVALID_BACKFILL',
    'teams[0].players',
  );
  const twice = request();
  const repeated = {
    ...twice,
    teams: [{ seats: 5, players: [profile('same', 1500), profile('same', 1500)] }],
  };
  refuses(
    () => matchmaker.requestBackfill(repeated, 0),
    'MM_ERR_INVALID_BACKFILL',
    'teams[0].players[1].playerId',
  );
  refuses(
    () => matchmaker.requestBackfill(request({ region: 'mars' }), 0),
    'MM_ERR_INVALID_BACKFILL',
    'region',
  );
  matchmaker.requestBackfill(request(), 0);
  refuses(() => matchmaker.requestBackfill(request({ requestId: 'bf-other' }), 0), 'MM_ERR_BACKFILL_EXISTS');
  refuses(() => matchmaker.requestBackfill(request(), 0), 'MM_ERR_DUPLICATE_TICKET');
  assert.equal(matchmaker.exportSnapshot().backfills?.length, 1);
});

test('a waiting request survives a snapshot and fills after the restore', () => {
  const matchmaker = make();
  matchmaker.requestBackfill(request(), 0);
  const snapshot = matchmaker.exportSnapshot();
  const restored = createMatchmaker({ config: fiveVersusFive, ratingModel: elo, seed: 1, snapshot });
  restored.enqueue(solo('n1', 1500), 100);
  restored.enqueue(solo('n2', 1500), 100);
  assert.equal(backfilled(restored.tick(200)).length, 1);
});

test('property: a fill keeps teams and present players, fills exactly the open seats with whole parties, and every new player is within the ping cap of the match region', () => {
  const teamSize = 4;
  const scenario = fc.record({
    teams: fc.integer({ min: 2, max: 3 }),
    cap: fc.integer({ min: 30, max: 120 }),
    region: fc.constantFrom('eu', 'na'),
    missing: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 3, maxLength: 3 }),
    pool: fc.array(
      fc.record({
        size: fc.integer({ min: 1, max: 2 }),
        rating: fc.integer({ min: 1200, max: 1800 }),
        eu: fc.integer({ min: 5, max: 200 }),
        na: fc.integer({ min: 5, max: 200 }),
        atMs: fc.integer({ min: 0, max: 20_000 }),
      }),
      { maxLength: 14 },
    ),
    tickAtMs: fc.integer({ min: 20_000, max: 90_000 }),
  });
  let fills = 0;
  fc.assert(
    fc.property(scenario, (s) => {
      const config: QueueConfig = {
        ...fiveVersusFive,
        teams: { count: s.teams, size: teamSize },
        gates: { maxPartySize: 2 },
        objective: { kind: 'quality' },
        regions: { names: ['eu', 'na'], maxPingMs: { start: s.cap } },
      };
      const matchmaker = make(config);
      const present = Array.from({ length: s.teams }, (_, t) =>
        Array.from({ length: teamSize - Math.min(s.missing[t] ?? 0, teamSize) }, (_, i) =>
          profile(`present-${t}-${i}`, 1500, { pingMsByRegion: { eu: 30, na: 30 } }),
        ),
      );
      if (present.every((team) => team.length === teamSize)) return;
      const parties = new Map<string, { eu: number; na: number; size: number }>();
      [...s.pool]
        .sort((a, b) => a.atMs - b.atMs)
        .forEach((entry, index) => {
          const id = `w${index}`;
          parties.set(id, entry);
          matchmaker.enqueue(
            {
              ticketId: id,
              players: Array.from({ length: entry.size }, (_, k) =>
                profile(`${id}-${k}`, entry.rating, { pingMsByRegion: { eu: entry.eu, na: entry.na } }),
              ),
            },
            entry.atMs,
          );
        });
      matchmaker.requestBackfill(
        {
          requestId: 'bf',
          matchId: 'm',
          region: s.region,
          teams: present.map((players) => ({ seats: teamSize, players })),
        },
        20_000,
      );
      const [fill] = backfilled(matchmaker.tick(s.tickAtMs));
      if (fill === undefined || fill.kind !== 'backfilled') return;
      fills += 1;
      assert.equal(fill.added.length, s.teams, 'one entry per team, in order');
      const seen = new Set<string>();
      fill.added.forEach((team, t) => {
        const open = teamSize - (present[t]?.length ?? 0);
        assert.equal(team.playerIds.length, open, `team ${t} gets exactly its open seats`);
        for (const ticketId of team.ticketIds) {
          assert.ok(!seen.has(ticketId), 'a ticket once');
          seen.add(ticketId);
          const party = parties.get(ticketId);
          assert.ok(party !== undefined);
          // Whole parties: every player of the ticket is on this team.
          for (let k = 0; k < party.size; k += 1) assert.ok(team.playerIds.includes(`${ticketId}-${k}`));
          // The ping cap holds in the match's region (no relaxation configured).
          assert.ok(
            party[s.region] <= s.cap,
            `${ticketId}: ${party[s.region]} ms to ${s.region} over ${s.cap}`,
          );
          assert.equal(matchmaker.status(ticketId, s.tickAtMs).state, 'matched');
        }
      });
    }),
    { numRuns: 300, seed: 20261124 },
  );
  assert.ok(fills > 30, `only ${fills} fills`);
});

test('a fill that is unfair half-way but fair once complete forms: whole-match limits judge the complete match', () => {
  // Fairness floor 0.75: three weak players with one strong newcomer would lose 24:76; with the
  // second strong newcomer the teams are 39:61 again.
  const matchmaker = make();
  matchmaker.requestBackfill(
    request({
      teams: [
        { seats: 5, players: [0, 1, 2].map((index) => profile(`weak-${index}`, 1100)) },
        { seats: 5, players: [0, 1, 2, 3, 4].map((index) => profile(`mid-${index}`, 1500)) },
      ],
    }),
    0,
  );
  matchmaker.enqueue(solo('strong-1', 1900), 0);
  matchmaker.enqueue(solo('strong-2', 1900), 0);
  // (The complete match's quality, 0.41, is what the newcomers accept after about 40 s.)
  const [fill] = backfilled(matchmaker.tick(45_000));
  assert.ok(fill !== undefined && fill.kind === 'backfilled');
  assert.deepEqual(fill.added[0]?.ticketIds.slice().sort(), ['strong-1', 'strong-2']);
});
