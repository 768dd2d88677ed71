import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { createElo } from '../rating/elo/elo.ts';
import type { EloRating } from '../rating/elo/k-policy.ts';
import {
  createLookingEveryTickMatchmaker,
  createMatchmaker,
  createNeighbourhoodWakingMatchmaker,
} from './matchmaker.ts';
import { MatchAudit } from './test-support/invariants.ts';
import { pingCapArb, thresholdRelaxationArb } from './test-support/relaxation-arbitraries.ts';
import type { Matchmaker, MatchmakerEffect, QueueConfig, TicketInput } from './types.ts';

/**
 * 5v5 with parties: an arrival wakes a neighbour filled around only when some match holding both
 * could pass now (the bound on their quality from the criteria that only grow worse as tickets join,
 * their thresholds and their ping caps), and schedules it for when such a match first could. These
 * properties hold that scheduling to two references over random streams:
 *
 * - one in which an arrival wakes every neighbour whose window it enters (the queue before the
 *   bound): the same effects at every tick, whatever the pool, since a neighbour left asleep has no
 *   candidate that could pass before it wakes;
 * - one in which every ticket looks at every tick: the same effects up to and including the first
 *   that takes a ticket out of the pool (a match or an expiry; the streams have no cancels): the
 *   first match is formed by the same ticket with the same teams at the same tick. After that the
 *   reference may legitimately form other matches: a departure changes the fills of the tickets
 *   around it (the next nearest joins) without waking them, in this queue and in the first reference
 *   alike, and they see the new fill at their next wake-up, while the reference sees it at once.
 *
 * And the queue's own invariants on every stream: parties whole, no ticket twice, every hard limit
 * kept (MatchAudit), every ticket ends (matched, cancelled or expired), same seed same effects.
 */

const elo = createElo();
const REGIONS = ['eu', 'na', 'asia'];

const configArb: fc.Arbitrary<QueueConfig> = fc
  .record({
    threshold: thresholdRelaxationArb({ minStart: 0.6, minPerSecond: 0.002 }),
    window: fc.integer({ min: 1, max: 8 }),
    maxWaitMs: fc.integer({ min: 5_000, max: 60_000 }),
    expireLaterMs: fc.integer({ min: 0, max: 20_000 }),
    overdue: fc.constantFrom('accept' as const, 'force' as const),
    ping: pingCapArb,
    criteria: fc.constantFrom<QueueConfig['criteria'][]>(
      // The bench's criteria: skill spread bounds any match holding two tickets.
      [
        { kind: 'team-balance', weight: 3 },
        { kind: 'skill-spread', weight: 2 },
        { kind: 'party-balance', weight: 1 },
        { kind: 'top-player-parity', weight: 1 },
      ],
      [
        { kind: 'skill-spread', weight: 1, partyAggregate: false },
        { kind: 'experience-spread', weight: 1 },
      ],
      [
        { kind: 'team-balance', weight: 2 },
        { kind: 'skill-spread', weight: 2, shaping: { cap: 150, power: 2 } },
        { kind: 'wait-time', weight: 1 },
      ],
      // No criterion bounds the pair: only thresholds at 1 and ping caps hold a neighbour back.
      [{ kind: 'team-balance', weight: 1 }],
    ),
  })
  .map(({ threshold, window, maxWaitMs, expireLaterMs, overdue, ping, criteria }) => ({
    id: 'fill-wake-schedule',
    teams: { count: 2, size: 5 },
    rating: { track: 'wake' },
    criteria,
    threshold,
    mode: { kind: 'continuous', maxWaitMs, overdue, candidateWindow: window },
    expireAfterMs: maxWaitMs + expireLaterMs,
    ...(ping === undefined ? {} : { regions: { names: REGIONS, maxPingMs: ping } }),
  }));

type Event =
  | {
      readonly kind: 'enqueue';
      readonly partySize: number;
      readonly skill: number;
      readonly spread: number;
      readonly games: number;
      readonly homePing: number;
      readonly farPing: number;
      readonly minQuality: number | undefined;
    }
  | { readonly kind: 'cancel'; readonly pick: number }
  | { readonly kind: 'tick'; readonly advanceMs: number };

const enqueueArb = fc.record({
  kind: fc.constant('enqueue' as const),
  // Mostly solos and duos, some full parties (which pair whole) and awkward threes and fours.
  partySize: fc.oneof(
    { weight: 6, arbitrary: fc.constant(1) },
    { weight: 3, arbitrary: fc.constant(2) },
    { weight: 2, arbitrary: fc.integer({ min: 3, max: 5 }) },
  ),
  // A narrow band of skill: fills reach their thresholds at many different waits.
  skill: fc.integer({ min: 1400, max: 1700 }),
  spread: fc.integer({ min: 0, max: 80 }),
  games: fc.integer({ min: 0, max: 400 }),
  homePing: fc.integer({ min: 20, max: 150 }),
  farPing: fc.integer({ min: 1, max: 200 }),
  minQuality: fc.option(fc.double({ min: 0, max: 0.9, noNaN: true }), { freq: 8, nil: undefined }),
});

const eventsArb = (withCancels: boolean): fc.Arbitrary<Event[]> =>
  fc.array(
    fc.oneof(
      { weight: 10, arbitrary: enqueueArb },
      {
        weight: withCancels ? 1 : 0,
        arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
      },
      {
        weight: 4,
        arbitrary: fc.record({
          kind: fc.constant('tick' as const),
          advanceMs: fc.integer({ min: 0, max: 4_000 }),
        }),
      },
    ),
    { minLength: 5, maxLength: 160, size: 'max' },
  );

function ticketOf(id: string, event: Extract<Event, { kind: 'enqueue' }>): TicketInput<EloRating> {
  // Every ticket's home is the first region (one bucket); the ping caps still hold fills back until
  // they relax to the players' pings.
  const players = Array.from({ length: event.partySize }, (_, p) => {
    const pings: Record<string, number> = {};
    for (const [index, region] of REGIONS.entries())
      pings[region] = event.homePing + p + (index === 0 ? 0 : event.farPing + index);
    const skill = event.skill + (p % 2 === 0 ? 1 : -1) * ((event.spread * (p + 1)) % 97);
    return {
      playerId: `${id}p${p}`,
      rating: { rating: skill, games: event.games + 3 * p, streak: 0 },
      pingMsByRegion: pings,
    };
  });
  return {
    ticketId: id,
    players,
    ...(event.minQuality === undefined ? {} : { minQuality: event.minQuality }),
  };
}

interface Run {
  /** Each operation's effects, in order. */
  readonly log: MatchmakerEffect[][];
  readonly violations: readonly string[];
  readonly matches: number;
}

/** Every effect of the stream, in order, then ticks until every ticket has expired or left before. */
function run(mm: Matchmaker<EloRating>, config: QueueConfig, events: readonly Event[]): Run {
  const log: MatchmakerEffect[][] = [];
  const tickets = new Map<string, TicketInput<EloRating>>();
  const audit = new MatchAudit(config, tickets);
  const ended = new Map<string, string>();
  const violations: string[] = [];
  const note = (effects: readonly MatchmakerEffect[]) => {
    log.push([...effects]);
    audit.observe(effects);
    for (const effect of effects) {
      const finished =
        effect.kind === 'matched'
          ? effect.match.teams.flatMap((team) => team.ticketIds)
          : effect.kind === 'cancelled' || effect.kind === 'expired'
            ? [effect.ticketId]
            : [];
      for (const id of finished) {
        if (ended.has(id)) violations.push(`${id} ended twice (${ended.get(id)}, ${effect.kind})`);
        ended.set(id, effect.kind);
      }
    }
  };
  let now = 0;
  let counter = 0;
  for (const event of events) {
    if (event.kind === 'enqueue') {
      const id = `t${counter++}`;
      const ticket = ticketOf(id, event);
      tickets.set(id, ticket);
      note(mm.enqueue(ticket, now));
    } else if (event.kind === 'cancel') {
      const open = [...tickets.keys()].filter((id) => !ended.has(id));
      const id = open[event.pick % Math.max(1, open.length)];
      if (id === undefined) continue;
      note(mm.cancel(id, now));
    } else {
      now += event.advanceMs;
      note(mm.tick(now));
    }
  }
  for (const end = now + (config.expireAfterMs ?? 0) + 2_000; now < end; ) {
    now += 1_000;
    note(mm.tick(now));
  }
  for (const id of tickets.keys())
    if (!ended.has(id)) violations.push(`${id} still ${mm.status(id, now).state} after its expiry`);
  return { log, violations: [...audit.violations, ...violations], matches: audit.matches };
}

/** The log up to and including the first effect that takes a ticket out of the pool. */
function untilFirstDeparture(log: readonly MatchmakerEffect[][]): MatchmakerEffect[][] {
  const prefix: MatchmakerEffect[][] = [];
  for (const effects of log) {
    const departure = effects.findIndex((effect) => effect.kind === 'matched' || effect.kind === 'expired');
    if (departure < 0) {
      prefix.push(effects);
      continue;
    }
    prefix.push(effects.slice(0, departure + 1));
    break;
  }
  return prefix;
}

test('5v5 with parties: until a ticket leaves the pool, the effects are those of waking every neighbour and of every ticket looking at every tick', () => {
  let endingInMatch = 0;
  let compared = 0;
  fc.assert(
    fc.property(configArb, fc.integer(), eventsArb(false), (config, seed, events) => {
      const scheduled = untilFirstDeparture(
        run(createMatchmaker({ config, ratingModel: elo, seed }), config, events).log,
      );
      const woken = run(
        createNeighbourhoodWakingMatchmaker({ config, ratingModel: elo, seed }),
        config,
        events,
      );
      assert.deepEqual(scheduled, untilFirstDeparture(woken.log));
      const everyTick = run(
        createLookingEveryTickMatchmaker({ config, ratingModel: elo, seed }),
        config,
        events,
      );
      assert.deepEqual(scheduled, untilFirstDeparture(everyTick.log));
      compared += scheduled.length;
      if (scheduled.at(-1)?.at(-1)?.kind === 'matched') endingInMatch++;
    }),
    { numRuns: 400, seed: 20261124 },
  );
  // The first departure must often be a match formed after ticks of waiting, or the prefix says little.
  assert.ok(endingInMatch > 200, `only ${endingInMatch} runs reached a match`);
  assert.ok(compared > 10_000, `only ${compared} operations compared`);
});

test('5v5 with parties: random streams keep parties whole, no ticket twice, every hard limit; every ticket ends; same seed, same effects', () => {
  let matched = 0;
  fc.assert(
    fc.property(configArb, fc.integer(), eventsArb(true), (config, seed, events) => {
      const first = run(createMatchmaker({ config, ratingModel: elo, seed }), config, events);
      assert.deepEqual(first.violations, []);
      const again = run(createMatchmaker({ config, ratingModel: elo, seed }), config, events);
      assert.deepEqual(again.log, first.log, 'same seed, same effects');
      matched += first.matches;
    }),
    { numRuns: 300, seed: 20261125 },
  );
  assert.ok(matched > 1_000, `only ${matched} matches`);
});

test('5v5 with parties: a fill left unsplit explains itself in status as the split fill would', () => {
  let explained = 0;
  fc.assert(
    fc.property(
      configArb,
      fc.integer(),
      fc.array(enqueueArb, { minLength: 4, maxLength: 30 }),
      (config, seed, arrivals) => {
        // Nothing passes at once (the threshold starts at 1), so every look leaves its fill unsplit.
        const strict: QueueConfig = { ...config, threshold: { ...config.threshold, start: 1 } };
        const statuses = (mm: Matchmaker<EloRating>) => {
          for (const [index, event] of arrivals.entries()) mm.enqueue(ticketOf(`t${index}`, event), 0);
          mm.tick(0);
          return arrivals.map((_, index) => mm.status(`t${index}`, 500));
        };
        const scheduled = statuses(createMatchmaker({ config: strict, ratingModel: elo, seed }));
        const split = statuses(
          createNeighbourhoodWakingMatchmaker({ config: strict, ratingModel: elo, seed }),
        );
        assert.deepEqual(scheduled, split);
        explained += scheduled.filter((status) => status.explanation?.bestCandidate !== undefined).length;
      },
    ),
    { numRuns: 100, seed: 20261126 },
  );
  assert.ok(explained > 500, `only ${explained} statuses showed a candidate`);
});
