import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { ApartBound } from '../queue/apart-bound.ts';
import { Handshake } from '../queue/handshake.ts';
import { matchShapeOf } from '../queue/shape.ts';
import type { QueueConfig } from '../queue/types.ts';
import type { EloRating } from '../rating/elo/k-policy.ts';
import { createMatchScorer } from './scorer.ts';
import { elo, match, player, ticket } from './test-support/build.ts';
import type { CriterionConfig, ScoredTicket } from './types.ts';

/**
 * The ceiling bound lets a continuous queue note a pair without scoring it: the pair's match is
 * unchanged only if the bound is never below the score (nor the time it gives below the real
 * earliest acceptance), whatever the criteria, weights and tickets.
 */

const criterionArb: fc.Arbitrary<CriterionConfig> = fc
  .record({
    kind: fc.constantFrom(
      'team-balance' as const,
      'skill-spread' as const,
      'experience-spread' as const,
      'enemy-ping' as const,
      'top-player-parity' as const,
      'player-skill-gap' as const,
      'wait-time' as const,
    ),
    weight: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1000, noNaN: true })),
    power: fc.double({ min: 0.25, max: 4, noNaN: true }),
  })
  .map(({ kind, weight, power }) => ({ kind, weight, shaping: { power } }) as CriterionConfig);

const sideArb = fc.record({
  rating: fc.double({ min: 0, max: 3000, noNaN: true }),
  games: fc.integer({ min: 0, max: 2000 }),
  ping: fc.integer({ min: 1, max: 300 }),
  enqueuedAtMs: fc.integer({ min: 0, max: 60_000 }),
});

function pairOf(
  a: { rating: number; games: number; ping: number; enqueuedAtMs: number },
  b: typeof a,
  calibrating: boolean,
) {
  const one = (id: string, side: typeof a) =>
    ticket(
      id,
      [player(id, side.rating, { gamesPlayed: side.games, pingMsByRegion: { eu: side.ping } })],
      side.enqueuedAtMs,
    );
  // Calibrating players carry a skill band (the bound's spreads read the band's nearer edges).
  // (Elo has no deviation: the band of a one-player ticket is set as a calibrating model's would be.)
  const scored = [one('a', a), one('b', b)].map((t) => {
    const skillBand = calibrating ? (t.players[0]?.profile.gamesPlayed ?? 0) % 97 : 0;
    return { ...t, skillBand, players: t.players.map((p) => ({ ...p, skillBand })) };
  });
  return {
    ...match([scored[0] as (typeof scored)[number]], [scored[1] as (typeof scored)[number]]),
    region: 'eu',
  };
}

test('the ceiling bound of a match is never below its ceiling score, so never below its score at any time', () => {
  fc.assert(
    fc.property(
      fc.array(criterionArb, { minLength: 1, maxLength: 5 }),
      sideArb,
      sideArb,
      fc.boolean(),
      fc.integer({ min: 0, max: 600_000 }),
      (criteria, a, b, calibrating, laterMs) => {
        const scorer = createMatchScorer(criteria, { ratingModel: elo, teamSize: 1, skillScale: 200 });
        const candidate = pairOf(a, b, calibrating);
        const evaluation = scorer.evaluate(candidate, 60_000);
        const bound = scorer.ceilingBound(candidate);
        assert.ok(bound >= scorer.ceilingScore(evaluation), `${bound} < ceiling`);
        assert.ok(bound >= evaluation.score);
        assert.ok(bound >= scorer.scoreAt(evaluation, candidate, 60_000 + laterMs));
        assert.ok(bound <= 1);
      },
    ),
    { numRuns: 2_000, seed: 20261124 },
  );
});

test('the ceiling bound measures skill spread: a pair of unequal skill is bounded below 1 without a prediction', () => {
  const scorer = createMatchScorer(
    [
      { kind: 'team-balance', weight: 3 },
      { kind: 'skill-spread', weight: 2 },
    ],
    { ratingModel: elo, teamSize: 1, skillScale: 200 },
  );
  const candidate = match([ticket('a', [player('a', 1500)])], [ticket('b', [player('b', 1700)])]);
  const bound = scorer.ceilingBound(candidate);
  assert.ok(bound < 1);
  assert.ok(bound >= scorer.evaluate(candidate, 0).score);
});

const configArb: fc.Arbitrary<QueueConfig> = fc
  .record({
    start: fc.double({ min: 0, max: 1, noNaN: true }),
    stepped: fc.boolean(),
    afterMs: fc.integer({ min: 1, max: 120_000 }),
    value: fc.double({ min: 0, max: 1, noNaN: true }),
    perSecond: fc.double({ min: 0.001, max: 0.05, noNaN: true }),
    maxWaitMs: fc.integer({ min: 1_000, max: 300_000 }),
    overdue: fc.constantFrom('accept' as const, 'force' as const),
    maxPing: fc.integer({ min: 20, max: 200 }),
  })
  .map(({ start, stepped, afterMs, value, perSecond, maxWaitMs, overdue, maxPing }) => ({
    id: 'bound',
    teams: { count: 2, size: 1 },
    rating: { track: 'bound' },
    criteria: [{ kind: 'team-balance', weight: 1 }],
    threshold: stepped
      ? { start, steps: [{ afterMs, value: Math.min(start, value) }] }
      : { start, linear: { perSecond, limit: Math.min(start, value) } },
    mode: { kind: 'continuous', maxWaitMs, overdue },
    regions: { names: ['eu'], maxPingMs: { start: maxPing, steps: [{ afterMs, value: maxPing + 100 }] } },
  }));

test("the handshake's acceptance bound for any quality at or above the pair's is never after its earliest acceptance", () => {
  fc.assert(
    fc.property(
      configArb,
      sideArb,
      sideArb,
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
      fc.integer({ min: 60_000, max: 400_000 }),
      (config, a, b, quality, slack, minQuality, nowMs) => {
        const handshake = new Handshake(config, matchShapeOf(config));
        const candidate = pairOf(a, b, false);
        const minQualityOf = (ticketId: string) => (ticketId === 'a' ? minQuality : undefined);
        const bound = Math.min(1, quality + slack);
        const acceptMs = handshake.earliestAcceptMs(candidate, [0.5, 0.5], quality, minQualityOf, nowMs);
        const boundMs = handshake.acceptBoundMs(candidate, bound, minQualityOf, nowMs);
        assert.ok(boundMs <= acceptMs, `${boundMs} > ${acceptMs}`);
        assert.ok(boundMs >= nowMs);
      },
    ),
    { numRuns: 2_000, seed: 20261124 },
  );
});

test("a ticket's bound from the nearest skill is never after the acceptance of any of its pairs", () => {
  fc.assert(
    fc.property(
      fc.array(criterionArb, { minLength: 1, maxLength: 5 }),
      configArb,
      sideArb,
      sideArb,
      // Most pairs near in skill, where the spread's shaping (and the bands) decide the bound.
      fc.option(fc.double({ min: -300, max: 300, noNaN: true }), { nil: undefined, freq: 4 }),
      fc.boolean(),
      // How near the nearest neighbour is, as a share of the pair's own distance (1: the pair is it).
      fc.oneof(fc.constant(1), fc.double({ min: 0, max: 1, noNaN: true })),
      // How much wider the widest band listed is than the pair's widest.
      fc.oneof(fc.constant(0), fc.double({ min: 0, max: 300, noNaN: true })),
      fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
      // Often soon after the tickets arrived (by 60 s), while their thresholds still hold pairs back.
      fc.oneof(fc.constant(60_000), fc.integer({ min: 60_000, max: 400_000 })),
      (criteria, config, a, far, apart, calibrating, nearShare, widerBand, minQuality, nowMs) => {
        const b = apart === undefined ? far : { ...far, rating: a.rating + apart };
        const scorer = createMatchScorer(criteria, { ratingModel: elo, teamSize: 1, skillScale: 200 });
        const handshake = new Handshake(config, matchShapeOf(config));
        const minQualityOf = (ticketId: string) => (ticketId === 'a' ? minQuality : undefined);
        const bound = ApartBound.forQueue(scorer, handshake, minQualityOf);
        assert.ok(bound !== undefined);
        const candidate = pairOf(a, b, calibrating);
        const [first, second] = candidate.teams.map((team) => team[0] as (typeof team)[number]);
        assert.ok(first !== undefined && second !== undefined);
        const distance = Math.abs(first.skill - second.skill) * nearShare;
        const widestBand = Math.max(first.skillBand, second.skillBand) + widerBand;
        const times = { fromMs: 0, waitMs: 0, overdueMs: 0 };
        bound.measure(first, distance, widestBand, nowMs, times);
        const fromMs = bound.withOther(times, second.enqueuedAtMs, nowMs);
        assert.ok(bound.withAnyOther(times, nowMs) <= fromMs);
        // What a pair's note would say: the pair's own bound, and its acceptance once scored.
        const pairBoundMs = handshake.acceptBoundMs(
          candidate,
          scorer.ceilingBound(candidate),
          minQualityOf,
          nowMs,
        );
        const evaluation = scorer.evaluate(candidate, nowMs);
        const acceptMs = handshake.earliestAcceptMs(
          candidate,
          evaluation.winProbabilities,
          scorer.ceilingScore(evaluation),
          minQualityOf,
          nowMs,
        );
        assert.ok(fromMs >= nowMs);
        assert.ok(fromMs <= pairBoundMs, `${fromMs} > the pair's bound ${pairBoundMs}`);
        assert.ok(fromMs <= acceptMs, `${fromMs} > the pair's acceptance ${acceptMs}`);
      },
    ),
    { numRuns: 20_000, seed: 20261125 },
  );
});

test('the bound from the nearest skill keeps a fresh ticket back until its threshold relaxes, unless a neighbour is as skilled', () => {
  const config = {
    id: 'apart',
    teams: { count: 2, size: 1 },
    rating: { track: 'apart' },
    criteria: [{ kind: 'team-balance', weight: 1 }],
    threshold: { start: 1, steps: [{ afterMs: 100_000, value: 0.5 }] },
    mode: { kind: 'continuous', maxWaitMs: 300_000 },
  } satisfies QueueConfig;
  const scorer = createMatchScorer(
    [
      { kind: 'team-balance', weight: 3 },
      { kind: 'skill-spread', weight: 2 },
    ],
    { ratingModel: elo, teamSize: 1, skillScale: 200 },
  );
  const bound = ApartBound.forQueue(scorer, new Handshake(config, matchShapeOf(config)), () => undefined);
  assert.ok(bound !== undefined);
  const times = { fromMs: 0, waitMs: 0, overdueMs: 0 };
  const fromMs = (entry: ScoredTicket<EloRating>, distance: number, widestBand: number) => {
    bound.measure(entry, distance, widestBand, 50_000, times);
    return times.fromMs;
  };
  const fresh = ticket('a', [player('a', 1500)], 50_000);
  assert.equal(fromMs(fresh, 0.25, 0), 150_000);
  assert.equal(fromMs(fresh, 0, 0), 50_000);
  // A neighbour that arrived later relaxes later.
  fromMs(fresh, 0.25, 0);
  assert.equal(
    bound.withOther(times, ticket('b', [player('b', 1500.5)], 20_000).enqueuedAtMs, 50_000),
    150_000,
  );
  assert.equal(
    bound.withOther(times, ticket('b', [player('b', 1500.5)], 60_000).enqueuedAtMs, 50_000),
    160_000,
  );
  // Skill bands as wide as the distance: the spread may be nothing.
  const calibrating = { ...fresh, skillBand: 0.15 };
  assert.equal(fromMs(calibrating, 0.25, 0.1), 50_000);
  assert.equal(fromMs(calibrating, 0.25, 0.05), 150_000);
});
