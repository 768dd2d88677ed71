import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { ErrorCodes, isMatchdError } from '../errors.ts';
import { createElo } from '../rating/elo/elo.ts';
import { isNumberWithin, number } from './checks.ts';
import type { QueueConfig } from './types.ts';
import { validateTicket } from './validate-ticket.ts';

const config: QueueConfig = {
  id: 'q',
  teams: { count: 2, size: 2 },
  rating: { track: 'r' },
  criteria: [{ kind: 'skill-spread', weight: 1 }],
  threshold: { start: 0.5 },
  mode: { kind: 'continuous', maxWaitMs: 1000 },
  regions: { names: ['eu', 'na'], maxPingMs: { start: 80 } },
  gates: { lowPriority: 'reject', disallowedRoles: ['coach'], minGamesPlayed: 2 },
};

const player = (extra: Record<string, unknown> = {}) => ({
  playerId: 'x',
  rating: { rating: 1500, games: 5, streak: 0 },
  gamesPlayed: 5,
  pingMsByRegion: { eu: 30, na: 120 },
  ...extra,
});

// Each bad ticket, with the code, message and details a client reads (the first problem found).
const CASES: [string, unknown, string, string, Record<string, unknown>][] = [
  ['not an object', 5, 'MM_ERR_INVALID_TICKET', 'ticket: must be an object', { path: 'ticket' }],
  [
    'unknown ticket field',
    { ticketId: 't', players: [player()], colour: 1 },
    'MM_ERR_INVALID_TICKET',
    'ticket.colour: unknown field (allowed: ticketId, players, minQuality)',
    { path: 'ticket.colour' },
  ],
  [
    'empty ticketId',
    { ticketId: '', players: [player()] },
    'MM_ERR_INVALID_TICKET',
    'ticketId: must be a non-empty string',
    { path: 'ticketId' },
  ],
  [
    'minQuality over 1',
    { ticketId: 't', players: [player()], minQuality: 2 },
    'MM_ERR_INVALID_TICKET',
    'minQuality: must be <= 1',
    { path: 'minQuality' },
  ],
  [
    'player not an object',
    { ticketId: 't', players: [null] },
    'MM_ERR_INVALID_TICKET',
    'players[0]: must be an object',
    { path: 'players[0]' },
  ],
  [
    'empty playerId',
    { ticketId: 't', players: [player({ playerId: '' })] },
    'MM_ERR_INVALID_TICKET',
    'players[0].playerId: must be a non-empty string',
    { path: 'players[0].playerId' },
  ],
  [
    'numeric playerId',
    { ticketId: 't', players: [player({ playerId: 7 })] },
    'MM_ERR_INVALID_TICKET',
    'players[0].playerId: must be a non-empty string',
    { path: 'players[0].playerId' },
  ],
  [
    'gamesPlayed fraction',
    { ticketId: 't', players: [player({ gamesPlayed: 1.5 })] },
    'MM_ERR_INVALID_TICKET',
    'players[0].gamesPlayed: must be an integer',
    { path: 'players[0].gamesPlayed' },
  ],
  [
    'gamesPlayed negative',
    { ticketId: 't', players: [player({ gamesPlayed: -1 })] },
    'MM_ERR_INVALID_TICKET',
    'players[0].gamesPlayed: must be >= 0',
    { path: 'players[0].gamesPlayed' },
  ],
  [
    'gamesPlayed string',
    { ticketId: 't', players: [player({ gamesPlayed: '3' })] },
    'MM_ERR_INVALID_TICKET',
    'players[0].gamesPlayed: must be a finite number',
    { path: 'players[0].gamesPlayed' },
  ],
  [
    'gamesPlayed huge',
    { ticketId: 't', players: [player({ gamesPlayed: 1e15 })] },
    'MM_ERR_INVALID_TICKET',
    'players[0].gamesPlayed: must be <= 1000000000',
    { path: 'players[0].gamesPlayed' },
  ],
  [
    'gamesByTrack array',
    { ticketId: 't', players: [player({ gamesByTrack: [1] })] },
    'MM_ERR_INVALID_TICKET',
    'players[0].gamesByTrack: must be an object',
    { path: 'players[0].gamesByTrack' },
  ],
  [
    'gamesByTrack null',
    { ticketId: 't', players: [player({ gamesByTrack: null })] },
    'MM_ERR_INVALID_TICKET',
    'players[0].gamesByTrack: must be an object',
    { path: 'players[0].gamesByTrack' },
  ],
  [
    'gamesByTrack bad',
    { ticketId: 't', players: [player({ gamesByTrack: { ranked: 2, normal: -3 } })] },
    'MM_ERR_INVALID_TICKET',
    'players[0].gamesByTrack.normal: must be >= 0',
    { path: 'players[0].gamesByTrack.normal' },
  ],
  [
    'pings not an object',
    { ticketId: 't', players: [player({ pingMsByRegion: 'eu' })] },
    'MM_ERR_INVALID_TICKET',
    'players[0].pingMsByRegion: must be an object',
    { path: 'players[0].pingMsByRegion' },
  ],
  [
    'ping NaN',
    { ticketId: 't', players: [player({ pingMsByRegion: { eu: Number.NaN } })] },
    'MM_ERR_INVALID_TICKET',
    'players[0].pingMsByRegion.eu: must be a finite number',
    { path: 'players[0].pingMsByRegion.eu' },
  ],
  [
    'ping over max',
    { ticketId: 't', players: [player({ pingMsByRegion: { eu: 30, na: 1e9 } })] },
    'MM_ERR_INVALID_TICKET',
    'players[0].pingMsByRegion.na: must be <= 60000',
    { path: 'players[0].pingMsByRegion.na' },
  ],
  [
    'ping negative second region',
    { ticketId: 't', players: [player({ pingMsByRegion: { na: 40, eu: -1 } })] },
    'MM_ERR_INVALID_TICKET',
    'players[0].pingMsByRegion.eu: must be >= 0',
    { path: 'players[0].pingMsByRegion.eu' },
  ],
  [
    'no known region',
    { ticketId: 't', players: [player({ pingMsByRegion: { mars: 30 } })] },
    'MM_ERR_INVALID_TICKET',
    'players[0].pingMsByRegion: needs a ping to at least one of eu, na',
    { path: 'players[0].pingMsByRegion' },
  ],
  [
    'no pings',
    { ticketId: 't', players: [player({ pingMsByRegion: undefined })] },
    'MM_ERR_INVALID_TICKET',
    'players[0].pingMsByRegion: needs a ping to at least one of eu, na',
    { path: 'players[0].pingMsByRegion' },
  ],
  [
    'offense zero',
    { ticketId: 't', players: [player({ offenseRating: 0 })] },
    'MM_ERR_INVALID_TICKET',
    'players[0].offenseRating: must be > 0',
    { path: 'players[0].offenseRating' },
  ],
  [
    'defense string',
    { ticketId: 't', players: [player({ defenseRating: 'x' })] },
    'MM_ERR_INVALID_TICKET',
    'players[0].defenseRating: must be a finite number',
    { path: 'players[0].defenseRating' },
  ],
  [
    'second player bad ping',
    { ticketId: 't', players: [player(), player({ playerId: 'y', pingMsByRegion: { eu: -2 } })] },
    'MM_ERR_INVALID_TICKET',
    'players[1].pingMsByRegion.eu: must be >= 0',
    { path: 'players[1].pingMsByRegion.eu' },
  ],
  [
    'player twice',
    { ticketId: 't', players: [player(), player()] },
    'MM_ERR_INVALID_TICKET',
    'players[1].playerId: appears twice in the ticket',
    { path: 'players[1].playerId' },
  ],
  [
    'low priority rejected',
    { ticketId: 't', players: [player({ lowPriority: true })] },
    'MM_ERR_GATE_REJECTED',
    'players[0].lowPriority: low-priority players may not play this queue',
    { path: 'players[0].lowPriority', playerId: 'x' },
  ],
  [
    'role not allowed',
    { ticketId: 't', players: [player({ roles: ['coach'] })] },
    'MM_ERR_GATE_REJECTED',
    'players[0].roles: role coach is not allowed in this queue',
    { path: 'players[0].roles', playerId: 'x' },
  ],
  [
    'too few games',
    { ticketId: 't', players: [player({ gamesPlayed: 1 })] },
    'MM_ERR_GATE_REJECTED',
    'players[0].gamesPlayed: needs at least 2 games to play this queue',
    { path: 'players[0].gamesPlayed', playerId: 'x' },
  ],
  [
    'already queued',
    { ticketId: 't', players: [player({ playerId: 'queued' })] },
    'MM_ERR_PLAYER_ALREADY_QUEUED',
    'players[0].playerId: queued is already queued',
    { path: 'players[0].playerId', playerId: 'queued' },
  ],
  [
    'party too large',
    { ticketId: 't', players: [player(), player({ playerId: 'y' }), player({ playerId: 'z' })] },
    'MM_ERR_PARTY_TOO_LARGE',
    'players: a party of 3 exceeds 2',
    { path: 'players', partySize: 3, maxPartySize: 2 },
  ],
];

test('a bad ticket is refused with the code, message and details of its first problem', () => {
  const elo = createElo();
  for (const [name, ticket, code, message, details] of CASES) {
    assert.throws(
      () => validateTicket(ticket, config, elo, (playerId) => playerId === 'queued'),
      (error) => {
        assert.ok(isMatchdError(error), `${name}: ${String(error)}`);
        assert.equal(error.code, code, name);
        assert.equal(error.message, message, name);
        assert.deepEqual(error.details, details, name);
        return true;
      },
      name,
    );
  }
  const good = { ticketId: 't', players: [player(), player({ playerId: 'y', gamesByTrack: { ranked: 3 } })] };
  assert.equal(
    validateTicket(good, config, elo, () => false),
    good,
  );
});

test('isNumberWithin is false exactly when number() throws, for any value and bounds', () => {
  const bound = fc.oneof(fc.integer({ min: -5, max: 5 }), fc.double({ noNaN: true }));
  const value = fc.oneof(
    fc.integer({ min: -6, max: 6 }),
    fc.double(),
    fc.constantFrom(Number.NaN, Infinity, -Infinity, '1', null, undefined, true),
  );
  const bounds = fc.record(
    { min: bound, max: bound, integer: fc.boolean(), exclusiveMin: fc.boolean() },
    { requiredKeys: [] },
  );
  fc.assert(
    fc.property(value, bounds, (v, b) => {
      let throws = false;
      try {
        number({ code: ErrorCodes.INVALID_TICKET }, v, 'x', b);
      } catch {
        throws = true;
      }
      assert.equal(isNumberWithin(v, b), !throws);
    }),
    { numRuns: 5_000 },
  );
});
