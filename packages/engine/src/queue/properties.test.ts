import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { isMatchdError } from '../errors.ts';
import { createElo } from '../rating/elo/elo.ts';
import type { EloRating } from '../rating/elo/k-policy.ts';
import { createMatchmaker } from './matchmaker.ts';
import { oneVersusOne, twoVersusTwo } from './test-support/configs.ts';
import { MatchAudit } from './test-support/invariants.ts';
import type { Matchmaker, MatchmakerEffect, QueueConfig, TicketInput } from './types.ts';

const elo = createElo();

/** Queue shapes the properties run over: 1v1 and 2v2, continuous and rounds, with and without acceptance. */
const CONFIGS: readonly QueueConfig[] = [
  oneVersusOne({ expireAfterMs: 90_000 }),
  oneVersusOne({
    mode: { kind: 'continuous', maxWaitMs: 45_000, selection: 'exact' },
    acceptance: { timeoutMs: 6_000 },
  }),
  oneVersusOne({
    mode: { kind: 'rounds', periodMs: 10_000, maxWaitMs: 30_000 },
    objective: { kind: 'quality', maxFavouriteWinProbability: 0.8 },
  }),
  twoVersusTwo('continuous', { expireAfterMs: 60_000 }),
  twoVersusTwo('continuous', { mode: { kind: 'continuous', maxWaitMs: 40_000, maxEvaluationsPerTick: 3 } }),
  twoVersusTwo('continuous', {
    acceptance: { timeoutMs: 8_000 },
    regions: { names: ['eu', 'na'], maxPingMs: { start: 60, linear: { perSecond: 5, limit: 300 } } },
  }),
  twoVersusTwo('rounds', { acceptance: { timeoutMs: 5_000 } }),
  {
    ...twoVersusTwo('rounds'),
    id: 'trio',
    teams: { count: 2, size: 3 },
    gates: { maxPartySize: 3, minGamesPlayed: 5, disallowedRoles: ['coach'] },
  },
];

type Event =
  | {
      kind: 'enqueue';
      skill: number;
      partySize: number;
      lowPriority: boolean;
      games: number;
      coach: boolean;
      region: number;
    }
  | { kind: 'cancel'; pick: number }
  | { kind: 'accept'; pick: number }
  | { kind: 'decline'; pick: number }
  | { kind: 'tick'; advanceMs: number };

const eventArb: fc.Arbitrary<Event> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('enqueue' as const),
      skill: fc.integer({ min: 1000, max: 2000 }),
      partySize: fc.constantFrom(1, 1, 1, 1, 2, 2, 3, 4),
      lowPriority: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
      games: fc.integer({ min: 0, max: 30 }),
      coach: fc.integer({ min: 0, max: 19 }).map((n) => n === 0),
      region: fc.integer({ min: 0, max: 1 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('accept' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('decline' as const), pick: fc.nat() }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('tick' as const),
      advanceMs: fc.integer({ min: 0, max: 15_000 }),
    }),
  },
);

interface RunResult {
  readonly log: string;
  readonly violations: string[];
  readonly matches: number;
  readonly proposed: number;
}

/** Replays events against a fresh matchmaker, auditing every effect and the end state of every ticket. */
function replay(config: QueueConfig, seed: number, events: readonly Event[]): RunResult {
  const mm: Matchmaker<EloRating> = createMatchmaker({ config, ratingModel: elo, seed });
  const tickets = new Map<string, TicketInput<EloRating>>();
  const audit = new MatchAudit(config, tickets);
  const ended = new Map<string, string>();
  const violations: string[] = [];
  const log: unknown[] = [];
  let now = 0;
  let counter = 0;
  const record = (effects: readonly MatchmakerEffect[]) => {
    audit.observe(effects);
    log.push(effects);
    for (const effect of effects) {
      const finished: [string, string][] =
        effect.kind === 'matched'
          ? effect.match.teams.flatMap((team) =>
              team.ticketIds.map((id): [string, string] => [id, 'matched']),
            )
          : effect.kind === 'cancelled' || effect.kind === 'expired'
            ? [[effect.ticketId, effect.kind]]
            : [];
      for (const [id, how] of finished) {
        if (ended.has(id)) violations.push(`${id} ended twice (${ended.get(id)}, ${how})`);
        ended.set(id, how);
      }
    }
  };
  const waiting = () => [...tickets.keys()].filter((id) => !ended.has(id));
  for (const event of events) {
    if (event.kind === 'tick') {
      now += event.advanceMs;
      record(mm.tick(now));
      continue;
    }
    if (event.kind === 'enqueue') {
      const id = `t${counter++}`;
      const ticket: TicketInput<EloRating> = {
        ticketId: id,
        players: Array.from({ length: event.partySize }, (_, p) => ({
          playerId: `${id}p${p}`,
          rating: { rating: event.skill + 40 * p, games: event.games, streak: 0 },
          gamesPlayed: event.games,
          pingMsByRegion: event.region === 0 ? { eu: 30, na: 140 } : { eu: 150, na: 40 },
          ...(event.lowPriority ? { lowPriority: true } : {}),
          ...(event.coach ? { roles: ['coach'] } : {}),
        })),
      };
      const before = mm.size();
      try {
        record(mm.enqueue(ticket, now));
        tickets.set(id, ticket);
      } catch (error) {
        if (!isMatchdError(error)) throw error;
        if (JSON.stringify(mm.size()) !== JSON.stringify(before))
          violations.push(`${id}: refused but the pool changed`);
        log.push(error.code);
      }
      continue;
    }
    const open = waiting();
    if (open.length === 0) continue;
    const id = open[event.pick % open.length] as string;
    const state = mm.status(id, now).state;
    const player = (tickets.get(id) as TicketInput<EloRating>).players[0]?.playerId as string;
    try {
      if (event.kind === 'cancel') record(mm.cancel(id, now));
      else if (event.kind === 'accept' && state === 'proposed') {
        for (const p of (tickets.get(id) as TicketInput<EloRating>).players)
          record(mm.accept(id, p.playerId, now));
      } else if (event.kind === 'decline' && state === 'proposed') record(mm.decline(id, player, now));
    } catch (error) {
      if (!isMatchdError(error)) throw error;
      violations.push(`${event.kind} ${id} (${state}) threw ${error.code}`);
    }
  }
  for (let step = 0; step < 12; step++) {
    now += 10_000;
    record(mm.tick(now));
  }
  // No ticket lost: each ended once, or is still waiting (searching or proposed).
  for (const id of tickets.keys()) {
    const state = mm.status(id, now).state;
    const how = ended.get(id);
    if (how === undefined && state !== 'searching' && state !== 'proposed')
      violations.push(`${id} lost in ${state}`);
    if (how !== undefined && how !== state) violations.push(`${id} ended ${how} but status says ${state}`);
  }
  return {
    log: JSON.stringify(log),
    violations: [...violations, ...audit.violations],
    matches: audit.matches,
    proposed: audit.proposedTickets.size,
  };
}

test('random event sequences keep every queue rule', () => {
  let matches = 0;
  let proposed = 0;
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: CONFIGS.length - 1 }),
      fc.integer(),
      fc.array(eventArb, { minLength: 20, maxLength: 100 }),
      (configIndex, seed, events) => {
        const result = replay(CONFIGS[configIndex] as QueueConfig, seed, events);
        matches += result.matches;
        proposed += result.proposed;
        assert.deepEqual(result.violations, []);
      },
    ),
    { numRuns: 150, seed: 20261121 },
  );
  // The sequences must actually exercise matching and acceptance, or the properties say nothing.
  assert.ok(matches > 100, `only ${matches} matches formed`);
  assert.ok(proposed > 20, `only ${proposed} tickets proposed`);
});

test('same seed and inputs give the same matches', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: CONFIGS.length - 1 }),
      fc.integer(),
      fc.array(eventArb, { minLength: 20, maxLength: 60 }),
      (configIndex, seed, events) => {
        const config = CONFIGS[configIndex] as QueueConfig;
        assert.equal(replay(config, seed, events).log, replay(config, seed, events).log);
      },
    ),
    { numRuns: 40, seed: 7 },
  );
});
