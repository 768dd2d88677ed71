import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { createElo } from '../rating/elo/elo.ts';
import type { EloRating } from '../rating/elo/k-policy.ts';
import { createLookingEveryTickMatchmaker, createMatchmaker } from './matchmaker.ts';
import { pingCapArb, thresholdRelaxationArb } from './test-support/relaxation-arbitraries.ts';
import type { Matchmaker, MatchmakerEffect, QueueConfig, TicketInput } from './types.ts';

/**
 * (Tickets of one home region here: a ticket reads another region's tickets only once its own ping
 * cap reaches that region, which an arrival there does not change; a reference that looks every
 * tick finds such pairs sooner whatever the wake-ups.)
 *
 * A continuous queue lets a ticket sleep until something in its window could pass, and an arrival
 * wakes a neighbour only when their pair can form now; otherwise the neighbour is scheduled for the
 * time the pair first could (thresholds and ping caps relax with waiting). A pair that the scorer's
 * ceiling bound keeps below the thresholds is noted without being scored. These properties hold
 * that scheduling to a reference in which every waiting ticket looks again at every tick and scores
 * every pair it looks at: a ticket that could match at a tick's time has looked by that tick, so the
 * same stream forms the same matches, and the same seed gives the same effects.
 */

const elo = createElo();
const REGIONS = ['eu', 'na', 'asia'];

interface Setup {
  readonly config: QueueConfig;
}

const setupArb: fc.Arbitrary<Setup> = fc
  .record({
    threshold: thresholdRelaxationArb({ minStart: 0.5, minPerSecond: 0.001 }),
    // Small windows make arrivals enter and leave windows; 8 a side covers most of a small pool.
    window: fc.integer({ min: 1, max: 8 }),
    selection: fc.constantFrom('greedy' as const, 'exact' as const),
    maxWaitMs: fc.integer({ min: 5_000, max: 60_000 }),
    overdue: fc.constantFrom('accept' as const, 'force' as const),
    ping: pingCapArb,
    criteria: fc.constantFrom<QueueConfig['criteria'][]>(
      [{ kind: 'team-balance', weight: 1 }],
      [
        { kind: 'team-balance', weight: 3 },
        { kind: 'skill-spread', weight: 2 },
      ],
      [
        { kind: 'team-balance', weight: 2 },
        { kind: 'enemy-ping', weight: 1 },
      ],
      // The ceiling bound measures skill spread: pairs it keeps back are noted without scoring.
      [{ kind: 'skill-spread', weight: 1 }],
      [
        { kind: 'skill-spread', weight: 1 },
        { kind: 'enemy-ping', weight: 1 },
      ],
    ),
  })
  .map(({ threshold, window, selection, maxWaitMs, overdue, ping, criteria }) => ({
    config: {
      id: 'wake-schedule',
      teams: { count: 2, size: 1 },
      rating: { track: 'wake' },
      criteria,
      threshold,
      mode: { kind: 'continuous', maxWaitMs, overdue, candidateWindow: window, selection },
      ...(ping === undefined ? {} : { regions: { names: REGIONS, maxPingMs: ping } }),
    } satisfies QueueConfig,
  }));

type Event =
  | {
      readonly kind: 'enqueue';
      readonly skill: number;
      readonly homePing: number;
      readonly farPing: number;
      readonly minQuality: number | undefined;
    }
  | { readonly kind: 'cancel'; readonly pick: number }
  | { readonly kind: 'tick'; readonly advanceMs: number };

const eventsArb: fc.Arbitrary<Event[]> = fc.array(
  fc.oneof(
    {
      weight: 8,
      arbitrary: fc.record({
        kind: fc.constant('enqueue' as const),
        // A narrow band of skill: pairs reach their thresholds at many different waits.
        skill: fc.integer({ min: 1400, max: 1700 }),
        homePing: fc.integer({ min: 20, max: 150 }),
        farPing: fc.integer({ min: 1, max: 200 }),
        minQuality: fc.option(fc.double({ min: 0, max: 0.9, noNaN: true }), { freq: 8, nil: undefined }),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant('tick' as const),
        advanceMs: fc.integer({ min: 0, max: 4_000 }),
      }),
    },
  ),
  { minLength: 5, maxLength: 150, size: 'max' },
);

function ticketOf(id: string, event: Extract<Event, { kind: 'enqueue' }>): TicketInput<EloRating> {
  // Every ticket's home is the first region (one bucket): the ping caps still hold pairs back until
  // they relax to the pair's pings, and a far region is chosen when its pings are within the caps.
  const pings: Record<string, number> = {};
  for (const [index, region] of REGIONS.entries())
    pings[region] = event.homePing + (index === 0 ? 0 : event.farPing + index);
  return {
    ticketId: id,
    players: [
      { playerId: `${id}p`, rating: { rating: event.skill, games: 30, streak: 0 }, pingMsByRegion: pings },
    ],
    ...(event.minQuality === undefined ? {} : { minQuality: event.minQuality }),
  };
}

/**
 * Every effect of the stream, in order, then ticks until every ticket is overdue. At most `cap`
 * tickets wait at once (later arrivals are skipped until some leave). With `askStatus`, every
 * waiting ticket's status is asked twice after every tick of the stream (the same answer both times).
 */
function run(
  mm: Matchmaker<EloRating>,
  config: QueueConfig,
  events: readonly Event[],
  cap: number,
  askStatus = false,
): MatchmakerEffect[][] {
  const log: MatchmakerEffect[][] = [];
  const waiting: string[] = [];
  const gone = new Set<string>();
  const note = (effects: readonly MatchmakerEffect[]) => {
    log.push([...effects]);
    for (const effect of effects) {
      if (effect.kind === 'matched')
        for (const team of effect.match.teams) for (const id of team.ticketIds) gone.add(id);
    }
  };
  let now = 0;
  let counter = 0;
  for (const event of events) {
    if (event.kind === 'enqueue') {
      if (waiting.filter((id) => !gone.has(id)).length >= cap) continue;
      const id = `t${counter++}`;
      note(mm.enqueue(ticketOf(id, event), now));
      waiting.push(id);
    } else if (event.kind === 'cancel') {
      const open = waiting.filter((id) => !gone.has(id));
      const id = open[event.pick % Math.max(1, open.length)];
      if (id === undefined) continue;
      note(mm.cancel(id, now));
      gone.add(id);
    } else {
      now += event.advanceMs;
      note(mm.tick(now));
      if (askStatus)
        for (const id of waiting) {
          if (gone.has(id)) continue;
          assert.deepEqual(mm.status(id, now), mm.status(id, now), 'asked twice, the same status');
        }
    }
  }
  const maxWaitMs = config.mode.kind === 'continuous' ? config.mode.maxWaitMs : 0;
  for (const end = now + maxWaitMs + 2_000; now < end; ) {
    now += 1_000;
    note(mm.tick(now));
  }
  return log;
}

/**
 * With at most 2 x window + 1 tickets waiting, every ticket's window holds every other ticket, so a
 * ticket leaving (cancelled or matched) exposes no neighbour its last look did not score: the only
 * way to miss a pair is to sleep past the time it could form. (With more waiting, a departure lets a
 * farther ticket into a window without waking anyone, in the reference's sense a pair found later;
 * the queue's other properties cover those streams.)
 */
test('1v1: the same stream forms the same matches as a reference in which every ticket looks at every tick', () => {
  let matched = 0;
  let woken = 0;
  fc.assert(
    fc.property(setupArb, fc.integer(), eventsArb, ({ config }, seed, events) => {
      const window = config.mode.kind === 'continuous' ? (config.mode.candidateWindow ?? 6) : 6;
      const cap = 2 * window + 1;
      const scheduled = run(createMatchmaker({ config, ratingModel: elo, seed }), config, events, cap);
      const reference = run(
        createLookingEveryTickMatchmaker({ config, ratingModel: elo, seed }),
        config,
        events,
        cap,
      );
      assert.deepEqual(scheduled, reference);
      const again = run(createMatchmaker({ config, ratingModel: elo, seed }), config, events, cap);
      assert.deepEqual(again, scheduled, 'same seed, same effects');
      const formed = scheduled.flat().filter((effect) => effect.kind === 'matched').length;
      matched += formed;
      if (formed > 0) woken++;
    }),
    { numRuns: 400, seed: 20261124 },
  );
  // The streams must form matches over many waits, or the comparison says little.
  assert.ok(matched > 2_000, `only ${matched} matches`);
  assert.ok(woken > 300, `only ${woken} runs formed a match`);
});

/**
 * `status` scores the pairs a ticket's last look saw only when asked, and keeps what it found: asking
 * must not change what the queue does next.
 */
test('1v1: asking every waiting ticket its status after every tick changes no effect of the stream', () => {
  fc.assert(
    fc.property(setupArb, fc.integer(), eventsArb, ({ config }, seed, events) => {
      const window = config.mode.kind === 'continuous' ? (config.mode.candidateWindow ?? 6) : 6;
      const cap = 2 * window + 1;
      const quiet = run(createMatchmaker({ config, ratingModel: elo, seed }), config, events, cap);
      const asked = run(createMatchmaker({ config, ratingModel: elo, seed }), config, events, cap, true);
      assert.deepEqual(asked, quiet);
    }),
    { numRuns: 150, seed: 20261125 },
  );
});
