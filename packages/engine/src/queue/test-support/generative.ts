import assert from 'node:assert/strict';
/**
 * Random valid queue configs and random ticket streams for the queue's properties (fast-check), and
 * a replay that checks every invariant a user relies on: `tick()` never throws; a refused operation
 * changes nothing; no ticket in two matches; parties whole; teams within the shape; every hard limit
 * and threshold of every ticket holds (MatchAudit); every ticket ends (matched, cancelled or expired)
 * no later than its config says; every number of a match and of an explanation is finite. The same
 * seed replayed gives the same effects. Shared by `properties.test.ts` (bounded) and
 * `scripts/queue-properties.ts` (long runs).
 */

import fc from 'fast-check';

/** A number in [min, max] in steps of a hundredth of the range (fast-check's doubles reach 1e-300). */
/** `arbitrary` in `percent`% of draws, else undefined. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>, percent: number): fc.Arbitrary<T | undefined> =>
  fc.oneof({ weight: percent, arbitrary }, { weight: 100 - percent, arbitrary: fc.constant(undefined) });
const share = (min: number, max: number) =>
  fc.integer({ min: 0, max: 100 }).map((step) => min + ((max - min) * step) / 100);

import { isMatchdError } from '../../errors.ts';
import type { CriterionConfig, CriterionKind } from '../../quality/types.ts';
import { createElo } from '../../rating/elo/elo.ts';
import type { EloRating } from '../../rating/elo/k-policy.ts';
import type {
  AttributeDeclarations,
  CompoundStatement,
  Limit,
  PlayerAttributes,
  Rule,
} from '../../rules/types.ts';
import { createMatchmaker } from '../matchmaker.ts';
import type { Matchmaker, MatchmakerEffect, QueueConfig, Relaxation, TicketInput } from '../types.ts';
import { validateQueueConfig } from '../validate-config.ts';
import { allFinite, MatchAudit } from './invariants.ts';

const REGIONS = ['eu', 'na', 'sa'] as const;

/** A config with what the stream needs to know about it. */
export interface GeneratedQueue {
  readonly config: QueueConfig;
  /** Largest party a ticket may hold (beyond it tickets are refused, which the stream also tries). */
  readonly maxParty: number;
  /** Players of the largest match: streams enqueue in bursts of about this many. */
  readonly matchPlayers: number;
}

const range = (min: number, max: number) => (min === max ? min : { min, max });

/** Team shapes from 1v1 to 100-player free-for-all and 200-player matches, 1 to 16 teams, ranges. */
const shapeArb: fc.Arbitrary<{
  count: number | { min: number; max: number };
  size: number | { min: number; max: number };
  maxSizeDifference?: number;
}> = fc.oneof(
  { weight: 5, arbitrary: fc.constant({ count: 2, size: 1 }) },
  {
    weight: 6,
    arbitrary: fc.record({ count: fc.integer({ min: 2, max: 4 }), size: fc.integer({ min: 2, max: 6 }) }),
  },
  {
    weight: 5,
    arbitrary: fc
      .record({
        countMin: fc.integer({ min: 1, max: 4 }),
        countExtra: fc.integer({ min: 0, max: 3 }),
        sizeMin: fc.integer({ min: 1, max: 6 }),
        sizeExtra: fc.integer({ min: 0, max: 4 }),
        difference: fc.integer({ min: 0, max: 2 }),
      })
      .map(({ countMin, countExtra, sizeMin, sizeExtra, difference }) => ({
        count: range(countMin, countMin + countExtra),
        size: range(sizeMin, sizeMin + sizeExtra),
        ...(difference > 0 ? { maxSizeDifference: difference } : {}),
      })),
  },
  {
    weight: 3,
    arbitrary: fc
      .record({ min: fc.integer({ min: 3, max: 8 }), extra: fc.integer({ min: 0, max: 12 }) })
      .map(({ min, extra }) => ({ count: range(min, min + extra), size: 1 })),
  },
  {
    // Large matches: a 100-player free-for-all, single teams up to 200, two teams up to 2x100.
    weight: 2,
    arbitrary: fc.oneof(
      fc.constant({ count: { min: 3, max: 100 }, size: 1 }),
      fc
        .record({ min: fc.integer({ min: 1, max: 40 }), extra: fc.integer({ min: 0, max: 20 }) })
        .map(({ min, extra }) => ({ count: 1, size: range(min, min + extra) })),
      fc.constant({ count: 1, size: { min: 175, max: 200 } }),
      fc.record({ size: fc.integer({ min: 11, max: 100 }) }).map(({ size }) => ({ count: 2, size })),
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({ count: fc.integer({ min: 5, max: 16 }), size: fc.integer({ min: 1, max: 3 }) })
      .map(({ count, size }) => ({ count, size })),
  },
);

const KINDS: readonly CriterionKind[] = [
  'team-balance',
  'skill-spread',
  'experience-spread',
  'top-player-parity',
  'party-balance',
  'wait-time',
  'team-skill-gap',
  'player-skill-gap',
  'premades',
  'enemy-ping',
  'hosts',
];

const criteriaArb: fc.Arbitrary<CriterionConfig[]> = fc
  .uniqueArray(fc.constantFrom(...KINDS), { minLength: 1, maxLength: 4 })
  .chain((kinds) =>
    fc
      .tuple(
        ...kinds.map(() =>
          fc.oneof(
            { weight: 9, arbitrary: fc.integer({ min: 1, max: 5 }) },
            { weight: 1, arbitrary: fc.constant(1_000_000) },
          ),
        ),
      )
      .map((weights) => kinds.map((kind, i) => ({ kind, weight: weights[i] as number }) as CriterionConfig)),
  );

const thresholdArb: fc.Arbitrary<Relaxation> = fc.oneof(
  fc.record({ start: share(0, 0.8) }),
  fc
    .record({
      start: share(0.3, 1),
      perSecond: share(0, 0.05),
      limit: share(0, 0.3),
    })
    .map(({ start, perSecond, limit }) => ({ start, linear: { perSecond, limit } })),
  fc
    .record({ start: share(0.5, 1), afterMs: fc.integer({ min: 1, max: 20_000 }) })
    .map(({ start, afterMs }) => ({ start, steps: [{ afterMs, value: start / 2 }] })),
);

/** Random valid configs. */
export const queueArb: fc.Arbitrary<GeneratedQueue> = fc
  .record({
    shape: shapeArb,
    criteria: criteriaArb,
    threshold: thresholdArb,
    rounds: fc.boolean(),
    maxWaitMs: fc.integer({ min: 2_000, max: 40_000 }),
    periodMs: fc.integer({ min: 4_000, max: 20_000 }),
    overdue: fc.constantFrom('accept', 'force', undefined),
    regions: sometimes(
      fc.record({
        count: fc.integer({ min: 1, max: 3 }),
        start: fc.integer({ min: 30, max: 150 }),
        perSecond: fc.integer({ min: 0, max: 20 }),
        limit: fc.integer({ min: 150, max: 400 }),
      }),
      60,
    ),
    gates: fc.record({
      minGames: sometimes(fc.integer({ min: 1, max: 20 }), 40),
      partyCap: sometimes(fc.integer({ min: 1, max: 5 }), 40),
      roles: fc.boolean(),
      lowPriority: fc.constantFrom('separate', 'reject', undefined),
    }),
    acceptance: sometimes(fc.integer({ min: 1_000, max: 10_000 }), 25),
    fairness: sometimes(share(0.6, 0.95), 25),
    expireAfterMs: sometimes(fc.integer({ min: 3_000, max: 90_000 }), 80),
    minMatchPlayers: sometimes(share(0, 1), 40),
  })
  .map((drawn): GeneratedQueue => {
    const count = typeof drawn.shape.count === 'number' ? drawn.shape.count : drawn.shape.count.max;
    const sizeRange =
      typeof drawn.shape.size === 'number'
        ? { min: drawn.shape.size, max: drawn.shape.size }
        : drawn.shape.size;
    const countRange =
      typeof drawn.shape.count === 'number'
        ? { min: drawn.shape.count, max: drawn.shape.count }
        : drawn.shape.count;
    const maxParty = Math.min(sizeRange.max, drawn.gates.partyCap ?? sizeRange.max);
    const maxPlayers = count * sizeRange.max;
    const minPlayers = countRange.min * sizeRange.min;
    const mode: QueueConfig['mode'] = drawn.rounds
      ? {
          kind: 'rounds',
          periodMs: drawn.periodMs,
          maxWaitMs: drawn.maxWaitMs,
          ...(drawn.overdue === undefined ? {} : { overdue: drawn.overdue }),
        }
      : {
          kind: 'continuous',
          maxWaitMs: drawn.maxWaitMs,
          ...(drawn.overdue === undefined ? {} : { overdue: drawn.overdue }),
        };
    const regions = drawn.regions;
    const config: QueueConfig = {
      id: 'generated',
      teams: {
        count: drawn.shape.count,
        size: drawn.shape.size,
        ...(drawn.shape.maxSizeDifference === undefined
          ? {}
          : { maxSizeDifference: drawn.shape.maxSizeDifference }),
        ...(drawn.minMatchPlayers === undefined || minPlayers >= maxPlayers
          ? {}
          : {
              // Anywhere in the shape's range (minPlayers here is a lower estimate: start at the largest).
              minMatchPlayers: {
                start: maxPlayers,
                steps: [
                  {
                    afterMs: Math.round(drawn.minMatchPlayers * drawn.maxWaitMs) + 1,
                    value: maxPlayers - Math.floor((maxPlayers - minPlayers) * drawn.minMatchPlayers),
                  },
                ],
              },
            }),
      },
      rating: { track: 'generated' },
      criteria: drawn.criteria,
      threshold: drawn.threshold,
      mode,
      gates: {
        ...(drawn.gates.minGames === undefined ? {} : { minGamesPlayed: drawn.gates.minGames }),
        ...(drawn.gates.partyCap === undefined ? {} : { maxPartySize: maxParty }),
        ...(drawn.gates.roles ? { disallowedRoles: ['coach'] } : {}),
        ...(drawn.gates.lowPriority === undefined ? {} : { lowPriority: drawn.gates.lowPriority }),
      },
      ...(regions === undefined
        ? {}
        : {
            regions: {
              names: REGIONS.slice(0, regions.count),
              maxPingMs: {
                start: regions.start,
                linear: { perSecond: regions.perSecond, limit: regions.limit },
              },
            },
          }),
      ...(drawn.acceptance === undefined ? {} : { acceptance: { timeoutMs: drawn.acceptance } }),
      ...(drawn.fairness === undefined
        ? {}
        : { objective: { kind: 'quality' as const, maxFavouriteWinProbability: drawn.fairness } }),
      ...(drawn.expireAfterMs === undefined ? {} : { expireAfterMs: drawn.expireAfterMs }),
    };
    return { config, maxParty, matchPlayers: maxPlayers };
  })
  .filter((queue) => {
    // A drawn minMatchPlayers step may fall under the shape's true smallest match: keep valid ones.
    try {
      validateQueueConfig(queue.config);
      return true;
    } catch {
      return false;
    }
  });

/** The attributes of queues with rules: one of each type a rule reads, some with a default. */
export const RULE_ATTRIBUTES = {
  level: { type: 'number', default: 5 },
  build: { type: 'string' },
  modes: { type: 'string_list', default: ['a'] },
  role: { type: 'string', default: 'dps' },
} as const satisfies AttributeDeclarations;

const limitArb = (min: number, max: number, up: boolean): fc.Arbitrary<Limit> =>
  fc.oneof(
    fc.integer({ min, max }),
    fc
      .record({ start: fc.integer({ min, max }), afterMs: fc.integer({ min: 500, max: 20_000 }) })
      .map(({ start, afterMs }) => ({
        start,
        steps: [
          { afterMs, value: up ? start + (max - min) : Math.max(min - (max - min), start - (max - min)) },
        ],
      })),
  );

/** What every rule may have besides its kind's fields. */
const commonArb = fc.record({
  hard: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  weight: sometimes(fc.integer({ min: 0, max: 5 }), 30),
  optionalAfterMs: sometimes(fc.integer({ min: 1_000, max: 30_000 }), 20),
  expansionAge: sometimes(fc.constant('oldest' as const), 15),
  whenMissing: sometimes(fc.constant('ignore' as const), 30),
});

/** One rule of a kind drawn at random (latency only where the queue has regions). */
const simpleRuleArb = (name: string, regions: boolean): fc.Arbitrary<Rule> => {
  const kinds: fc.Arbitrary<Omit<Rule, 'name'>>[] = [
    fc
      .record({
        scope: fc.constantFrom('player', 'team', 'match'),
        aggregate: fc.constantFrom('avg', 'min', 'max', 'sum'),
        operator: fc.constantFrom('=', '!=', '<', '<=', '>', '>='),
        value: sometimes(fc.integer({ min: 0, max: 9 }), 70),
      })
      .map((drawn) => ({
        kind: 'comparison' as const,
        attribute: 'level',
        scope: drawn.scope,
        aggregate: drawn.aggregate,
        operator: drawn.operator,
        ...(drawn.value === undefined || drawn.operator === '=' || drawn.operator === '!='
          ? drawn.operator === '=' || drawn.operator === '!='
            ? {}
            : { value: 5 }
          : { value: drawn.value }),
      })),
    fc
      .record({
        scope: fc.constantFrom('player', 'team'),
        reference: fc.constantFrom('spread', 'match'),
        maxDistance: limitArb(0, 6, true),
        party: sometimes(fc.constantFrom('min', 'max', 'avg', 'sum'), 30),
      })
      .map((drawn) => ({
        kind: 'distance' as const,
        attribute: 'level',
        scope: drawn.scope,
        reference: drawn.reference,
        maxDistance: drawn.maxDistance,
        ...(drawn.party === undefined ? {} : { partyAggregate: drawn.party }),
      })),
    fc
      .constantFrom('match', 'team')
      .map((scope) => ({ kind: 'string-equality' as const, attribute: 'build', scope })),
    fc.record({ minCount: limitArb(0, 2, false), scope: fc.constantFrom('match', 'team') }).map((drawn) => ({
      kind: 'set-intersection' as const,
      attribute: 'modes',
      scope: drawn.scope,
      minCount: drawn.minCount,
      partyAggregate: 'union' as const,
    })),
    fc
      .record({
        scope: fc.constantFrom('team', 'match'),
        min: sometimes(fc.integer({ min: 0, max: 1 }), 60),
        max: sometimes(fc.integer({ min: 1, max: 2 }), 60),
      })
      .map((drawn) => ({
        kind: 'composition' as const,
        attribute: 'role',
        value: 'medic',
        scope: drawn.scope,
        ...(drawn.min === undefined ? {} : { min: drawn.min }),
        ...(drawn.max === undefined ? {} : { max: drawn.max }),
      })),
    limitArb(0, 4, true).map((maxDistance) => ({
      kind: 'batch-distance' as const,
      attribute: 'level',
      maxDistance,
    })),
    fc
      .integer({ min: 2, max: 3 })
      .map((largePartySize) => ({ kind: 'party-similarity' as const, largePartySize })),
  ];
  if (regions)
    kinds.push(
      fc
        .record({ max: limitArb(40, 120, true), distance: sometimes(fc.integer({ min: 10, max: 60 }), 30) })
        .map((drawn) => ({
          kind: 'latency' as const,
          maxLatencyMs: drawn.max,
          ...(drawn.distance === undefined ? {} : { maxDistanceMs: drawn.distance }),
        })),
    );
  return fc.tuple(fc.oneof(...kinds), commonArb).map(([rule, common]) => {
    const { whenMissing, ...rest } = common;
    const kindTakesMissing = rule.kind !== 'latency' && rule.kind !== 'party-similarity';
    return {
      name,
      ...rule,
      ...Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)),
      ...(whenMissing !== undefined && kindTakesMissing ? { whenMissing } : {}),
    } as Rule;
  });
};

/** One to three rules of any kind, a compound of two now and then. */
const rulesArb = (regions: boolean): fc.Arbitrary<Rule[]> =>
  fc.integer({ min: 1, max: 3 }).chain((count) =>
    fc.tuple(
      ...Array.from({ length: count }, (_, i) =>
        fc.oneof(
          { weight: 5, arbitrary: simpleRuleArb(`R${i}`, regions) },
          {
            weight: 1,
            arbitrary: fc
              .tuple(
                simpleRuleArb(`R${i}a`, regions),
                simpleRuleArb(`R${i}b`, regions),
                fc.constantFrom('and', 'or', 'xor', 'not'),
              )
              .map(([a, b, operator]): Rule => {
                const inner = (rule: Rule) => ({ rule: { ...rule, hard: true, weight: 0 } });
                const statement =
                  operator === 'not'
                    ? { not: inner(a) }
                    : ({ [operator]: [inner(a), inner(b)] } as unknown as CompoundStatement);
                return { name: `R${i}`, kind: 'compound', statement } as Rule;
              }),
          },
        ),
      ),
    ),
  );

/**
 * Random valid configs with player attributes and rules of every kind, hard and soft, expanding and
 * optional; every ticket expires by 60 s at the latest, so that every ticket ends.
 */
export const ruledQueueArb: fc.Arbitrary<GeneratedQueue> = queueArb
  .chain((queue) =>
    rulesArb(queue.config.regions !== undefined).map(
      (rules): GeneratedQueue => ({
        ...queue,
        config: {
          ...queue.config,
          attributes: RULE_ATTRIBUTES,
          rules,
          expireAfterMs: Math.min(queue.config.expireAfterMs ?? 60_000, 60_000),
        },
      }),
    ),
  )
  .filter((queue) => {
    try {
      validateQueueConfig(queue.config);
      return true;
    } catch {
      return false;
    }
  });

/** A player's attributes in a queue with rules, spread from the stream's draws (some left out). */
function attributesOf(seed: number): PlayerAttributes {
  const pick = (salt: number, modulo: number) =>
    Math.abs((seed * 2654435761 + salt * 40503) % 2147483647) % modulo;
  const modes = ['a', 'b', 'c'].filter((_, i) => pick(10 + i, 3) !== 0);
  return {
    ...(pick(1, 6) === 0 ? {} : { level: pick(2, 10) }),
    ...(pick(3, 8) === 0 ? {} : { build: pick(4, 3) === 0 ? 'v2' : 'v1' }),
    ...(pick(5, 5) === 0 ? {} : { modes }),
    ...(pick(6, 4) === 0 ? { role: 'medic' } : pick(7, 5) === 0 ? {} : { role: 'dps' }),
  };
}

/** One step of a ticket stream. */
export type StreamEvent =
  | {
      readonly kind: 'enqueue';
      /** A burst: tickets arriving at once, as a share of the largest match's players (else one ticket). */
      readonly burst: number | undefined;
      readonly skill: number;
      /** Share of the party cap (the party size is 1 + floor(share x cap)), or more to test refusals. */
      readonly partyShare: number;
      readonly oversize: boolean;
      readonly games: number;
      readonly lowPriority: boolean;
      readonly coach: boolean;
      readonly region: number;
      readonly farPing: number;
      readonly minQuality: number | undefined;
    }
  | { readonly kind: 'cancel'; readonly pick: number }
  | { readonly kind: 'accept'; readonly pick: number }
  | { readonly kind: 'decline'; readonly pick: number }
  | { readonly kind: 'tick'; readonly advanceMs: number };

/** Random ticket streams. */
export const streamArb = (maxLength: number): fc.Arbitrary<StreamEvent[]> =>
  fc.array(
    fc.oneof(
      {
        weight: 6,
        arbitrary: fc.record({
          kind: fc.constant('enqueue' as const),
          burst: sometimes(share(0.1, 0.7), 25),
          skill: fc.integer({ min: 1300, max: 1700 }),
          partyShare: share(0, 0.999),
          oversize: fc.integer({ min: 0, max: 30 }).map((n) => n === 0),
          games: fc.integer({ min: 0, max: 40 }),
          lowPriority: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
          coach: fc.integer({ min: 0, max: 24 }).map((n) => n === 0),
          region: fc.integer({ min: 0, max: 2 }),
          farPing: fc.integer({ min: 60, max: 350 }),
          minQuality: sometimes(share(0, 1), 10),
        }),
      },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
      { weight: 3, arbitrary: fc.record({ kind: fc.constant('accept' as const), pick: fc.nat() }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('decline' as const), pick: fc.nat() }) },
      {
        weight: 5,
        arbitrary: fc.record({
          kind: fc.constant('tick' as const),
          advanceMs: fc.integer({ min: 0, max: 6_000 }),
        }),
      },
    ),
    { minLength: 10, maxLength, size: 'max' },
  );

/** What a replay found. */
export interface ReplayResult {
  /** Every effect and refusal in order: two replays of the same inputs must give the same log. */
  readonly log: string;
  readonly violations: string[];
  readonly matches: number;
  readonly tickets: number;
  readonly proposed: number;
  readonly expired: number;
}

const elo = createElo();

function catchError(action: () => unknown): unknown {
  try {
    action();
    return undefined;
  } catch (error) {
    return error;
  }
}

function ticketOf(
  queue: GeneratedQueue,
  id: string,
  event: Extract<StreamEvent, { kind: 'enqueue' }>,
  index: number,
) {
  const partySize = event.oversize ? queue.maxParty + 1 : 1 + Math.floor(event.partyShare * queue.maxParty);
  const home = REGIONS[event.region % REGIONS.length] as string;
  const skill = event.skill + 11 * index;
  return {
    ticketId: id,
    players: Array.from({ length: partySize }, (_, p) => {
      const pings: Record<string, number> = {};
      for (const region of REGIONS)
        pings[region] = region === home ? 20 + ((index * 7 + p * 13) % 50) : event.farPing + p;
      return {
        playerId: `${id}p${p}`,
        rating: { rating: skill + 25 * p, games: event.games, streak: 0 },
        gamesPlayed: event.games + p,
        pingMsByRegion: pings,
        ...(event.lowPriority ? { lowPriority: true } : {}),
        ...(event.coach && p === 0 ? { roles: ['coach'] } : {}),
        ...(queue.config.attributes === undefined
          ? {}
          : {
              attributes: attributesOf(
                event.skill * 131 + index * 17 + p * 7 + event.games * 3 + event.farPing,
              ),
            }),
      };
    }),
    ...(event.minQuality === undefined ? {} : { minQuality: event.minQuality }),
  } satisfies TicketInput<EloRating>;
}

/**
 * Replays a stream twice with the same seed: asserts that the first replay broke no queue rule and
 * that the second gave the same effects, and returns the first.
 */
export function replayChecked(
  queue: GeneratedQueue,
  seed: number,
  events: readonly StreamEvent[],
): ReplayResult {
  const first = replay(queue, seed, events);
  assert.deepEqual(first.violations, [], JSON.stringify(queue.config));
  const second = replay(queue, seed, events);
  assert.equal(second.log, first.log, 'same seed, same effects');
  return first;
}

/**
 * Replays a stream against a fresh matchmaker, auditing every effect, the state after every tick and
 * the end state of every ticket. Exceptions from `tick()` are not caught: they fail the property.
 */
export function replay(queue: GeneratedQueue, seed: number, events: readonly StreamEvent[]): ReplayResult {
  const { config } = queue;
  const mm: Matchmaker<EloRating> = createMatchmaker({ config, ratingModel: elo, seed });
  const tickets = new Map<string, TicketInput<EloRating>>();
  const enqueuedAt = new Map<string, number>();
  const audit = new MatchAudit(config, tickets);
  const ended = new Map<string, string>();
  const violations: string[] = [];
  const log: unknown[] = [];
  let now = 0;
  let counter = 0;
  let expired = 0;
  const record = (effects: readonly MatchmakerEffect[]) => {
    audit.observe(effects);
    trackProposals(effects);
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
      if (effect.kind === 'expired') expired++;
      for (const [id, how] of finished) {
        if (ended.has(id)) violations.push(`${id} ended twice (${ended.get(id)}, ${how})`);
        ended.set(id, how);
      }
    }
  };
  const waiting = () => [...tickets.keys()].filter((id) => !ended.has(id));
  const proposedNow = new Set<string>();
  const trackProposals = (effects: readonly MatchmakerEffect[]) => {
    for (const effect of effects) {
      if (effect.kind === 'proposed')
        for (const team of effect.match.teams) for (const id of team.ticketIds) proposedNow.add(id);
      if (effect.kind === 'matched')
        for (const team of effect.match.teams) for (const id of team.ticketIds) proposedNow.delete(id);
      if (effect.kind === 'returned' || effect.kind === 'cancelled') proposedNow.delete(effect.ticketId);
    }
  };
  const acceptAll = (id: string) => {
    for (const player of (tickets.get(id) as TicketInput<EloRating>).players)
      record(mm.accept(id, player.playerId, now));
  };
  const tick = () => {
    record(mm.tick(now));
    // The pool's counts are the tickets still waiting and their players.
    const stillWaiting = waiting();
    let players = 0;
    for (const id of stillWaiting) players += (tickets.get(id) as TicketInput<EloRating>).players.length;
    const size = mm.size();
    if (size.tickets !== stillWaiting.length || size.players !== players)
      violations.push(
        `size ${JSON.stringify(size)}, waiting ${stillWaiting.length} tickets, ${players} players`,
      );
    // No searching ticket outlives its expiry at a tick.
    const limit = config.expireAfterMs;
    if (limit === undefined) return;
    for (const id of waiting()) {
      if (now - (enqueuedAt.get(id) as number) < limit) continue;
      const state = mm.status(id, now).state;
      if (state === 'searching')
        violations.push(`${id} still searching at ${now - (enqueuedAt.get(id) as number)} ms`);
    }
  };
  for (const event of events) {
    if (event.kind === 'tick') {
      now += event.advanceMs;
      tick();
      continue;
    }
    if (event.kind === 'enqueue') {
      // Bursts fill large matches; a stream holds at most about two largest matches of tickets.
      if (counter > 2 * queue.matchPlayers + 10) continue;
      const count = event.burst === undefined ? 1 : Math.max(2, Math.round(event.burst * queue.matchPlayers));
      for (let k = 0; k < count; k++) {
        const id = `t${counter++}`;
        const ticket = ticketOf(queue, id, event, k);
        const before = JSON.stringify(mm.size());
        try {
          record(mm.enqueue(ticket, now));
          tickets.set(id, ticket);
          enqueuedAt.set(id, now);
        } catch (error) {
          if (!isMatchdError(error)) throw error;
          if (JSON.stringify(mm.size()) !== before) violations.push(`${id}: refused but the pool changed`);
          if (
            !isMatchdError(
              catchError(() => mm.status(id, now)),
              'MM_ERR_TICKET_NOT_FOUND',
            )
          )
            violations.push(`${id}: refused but known`);
          log.push(error.code);
        }
      }
      continue;
    }
    // Cancels pick any waiting ticket; accepts and declines pick a proposed one.
    const open = event.kind === 'cancel' ? waiting() : [...proposedNow];
    if (open.length === 0) continue;
    const id = open[event.pick % open.length] as string;
    const state = mm.status(id, now).state;
    const ticket = tickets.get(id) as TicketInput<EloRating>;
    try {
      if (event.kind === 'cancel') record(mm.cancel(id, now));
      else if (event.kind === 'accept' && state === 'proposed') acceptAll(id);
      else if (event.kind === 'decline' && state === 'proposed')
        record(mm.decline(id, ticket.players[0]?.playerId as string, now));
    } catch (error) {
      if (!isMatchdError(error)) throw error;
      violations.push(`${event.kind} ${id} (${state}) threw ${error.code}`);
    }
  }
  // Explanations of the tickets still waiting: a sentence, and no number that is not finite.
  for (const id of waiting().slice(0, 20)) {
    const status = mm.status(id, now);
    if (status.state === 'searching' && (status.explanation?.summary ?? '') === '')
      violations.push(`${id}: no explanation`);
    if (!allFinite(status)) violations.push(`${id}: a status number is not finite`);
  }
  // Run out the clock: with an expiry, every ticket must end by it (plus a pending acceptance).
  const horizon =
    (config.expireAfterMs ?? config.mode.maxWaitMs) + 2 * (config.acceptance?.timeoutMs ?? 0) + 2_000;
  const end = now + horizon;
  const step = Math.max(500, Math.ceil(horizon / 8));
  while (now < end) {
    now = Math.min(end, now + step);
    tick();
    // Every proposal still pending is accepted (the stream's own accepts and declines are random).
    for (const id of [...proposedNow]) if (proposedNow.has(id)) acceptAll(id);
  }
  for (const id of tickets.keys()) {
    const state = mm.status(id, now).state;
    const how = ended.get(id);
    if (how === undefined && config.expireAfterMs !== undefined)
      violations.push(`${id} never ended (${state})`);
    if (how === undefined && state !== 'searching' && state !== 'proposed')
      violations.push(`${id} lost in ${state}`);
    if (how !== undefined && how !== state) violations.push(`${id} ended ${how} but status says ${state}`);
  }
  return {
    log: JSON.stringify(log),
    violations: [...violations, ...audit.violations],
    matches: audit.matches,
    tickets: tickets.size,
    proposed: audit.proposedTickets.size,
    expired,
  };
}
