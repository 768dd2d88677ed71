/**
 * The matchmaker applies a queue's rules (docs/rules.md): tickets carry player attributes, hard
 * rules are hard limits (never broken, not by a forced match), soft rules weigh into the quality,
 * limits expand with the wait and rules become optional, team rules are kept by the chosen split,
 * match-wide latency picks the region, and a waiting ticket's explanation names the rule.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isMatchdError } from '../errors.ts';
import { createElo } from '../rating/elo/elo.ts';
import type { EloRating } from '../rating/elo/k-policy.ts';
import type { PlayerAttributes, Rule } from '../rules/types.ts';
import { createMatchmaker } from './matchmaker.ts';
import type { Matchmaker, MatchmakerEffect, MatchSummary, QueueConfig, TicketInput } from './types.ts';
import { validateQueueConfig } from './validate-config.ts';

const elo = createElo();

function queue(overrides: Partial<QueueConfig> & { rules: readonly Rule[] }): QueueConfig {
  return validateQueueConfig({
    id: 'rules',
    teams: { count: 2, size: 1 },
    rating: { track: 'rules' },
    criteria: [{ kind: 'team-balance', weight: 1 }],
    threshold: { start: 0 },
    mode: { kind: 'continuous', maxWaitMs: 60_000 },
    attributes: {
      build: { type: 'string' },
      skill: { type: 'number' },
      role: { type: 'string', default: 'dps' },
      modes: { type: 'string_list' },
    },
    ...overrides,
  });
}

const solo = (
  id: string,
  attributes: PlayerAttributes,
  options: { skill?: number; pings?: Record<string, number> } = {},
): TicketInput<EloRating> => ({
  ticketId: id,
  players: [
    {
      playerId: id,
      rating: { rating: options.skill ?? 1500, games: 50, streak: 0 },
      attributes,
      ...(options.pings === undefined ? {} : { pingMsByRegion: options.pings }),
    },
  ],
});

const matchesOf = (effects: readonly MatchmakerEffect[]): MatchSummary[] =>
  effects.flatMap((effect) => (effect.kind === 'matched' ? [effect.match] : []));

/** Enqueues every ticket at 0, ticks every `stepMs` to `untilMs`; the matches with their times. */
function run(
  config: QueueConfig,
  tickets: readonly TicketInput<EloRating>[],
  untilMs: number,
  stepMs = 500,
): { mm: Matchmaker<EloRating>; matches: { atMs: number; match: MatchSummary }[] } {
  const mm = createMatchmaker({ config, ratingModel: elo, seed: 3 });
  for (const ticket of tickets) mm.enqueue(ticket, 0);
  const matches: { atMs: number; match: MatchSummary }[] = [];
  for (let now = 0; now <= untilMs; now += stepMs)
    for (const match of matchesOf(mm.tick(now))) matches.push({ atMs: now, match });
  return { mm, matches };
}

const pairsOf = (matches: readonly { match: MatchSummary }[]) =>
  matches.map(({ match }) => match.teams.flatMap((team) => team.ticketIds).sort());

describe('tickets carry player attributes', () => {
  const config = queue({ rules: [{ name: 'SameBuild', kind: 'string-equality', attribute: 'build' }] });

  test('an undeclared attribute or a value of another type is refused naming the path', () => {
    const mm = createMatchmaker({ config, ratingModel: elo, seed: 1 });
    const cases: [PlayerAttributes, string][] = [
      [{ colour: 'red' }, 'players[0].attributes.colour'],
      [{ skill: 'high' }, 'players[0].attributes.skill'],
      [{ skill: 1e300 }, 'players[0].attributes.skill'],
      [{ modes: ['a', 3] as unknown as string[] }, 'players[0].attributes.modes'],
    ];
    for (const [attributes, path] of cases) {
      assert.throws(
        () => mm.enqueue(solo('a', attributes), 0),
        (error) => isMatchdError(error, 'MM_ERR_INVALID_TICKET') && error.details['path'] === path,
      );
    }
    assert.equal(mm.size().tickets, 0, 'nothing changed');
  });

  test('attributes survive a snapshot', () => {
    const mm = createMatchmaker({ config, ratingModel: elo, seed: 1 });
    mm.enqueue(solo('a', { build: 'v1' }), 0);
    const restored = createMatchmaker({ config, ratingModel: elo, seed: 1, snapshot: mm.exportSnapshot() });
    restored.enqueue(solo('b', { build: 'v2' }), 10);
    restored.enqueue(solo('c', { build: 'v1' }), 20);
    const [match] = matchesOf(restored.tick(30));
    assert.deepEqual(match?.teams.flatMap((team) => team.ticketIds).sort(), ['a', 'c']);
  });
});

describe('hard rules', () => {
  test('a string equality pairs only the same build, and the lone build waits naming the rule', () => {
    const config = queue({ rules: [{ name: 'SameBuild', kind: 'string-equality', attribute: 'build' }] });
    const tickets = [
      solo('a', { build: 'v1' }, { skill: 1500 }),
      solo('b', { build: 'v2' }, { skill: 1501 }),
      solo('c', { build: 'v1' }, { skill: 1700 }),
    ];
    const { matches } = run(config, tickets, 5_000);
    assert.deepEqual(pairsOf(matches), [['a', 'c']]);
    const { mm } = run(config, [tickets[0], tickets[1]] as TicketInput<EloRating>[], 5_000);
    const status = mm.status('b', 5_000);
    assert.equal(status.state, 'searching');
    assert.equal(status.explanation?.alone?.limit, 'rule');
    assert.equal(status.explanation?.alone?.rule, 'SameBuild');
    assert.match(status.explanation?.summary ?? '', /SameBuild/);
  });

  test('a candidate held back by a rule names it in heldBy', () => {
    const config = queue({
      rules: [
        {
          name: 'OneHealer',
          kind: 'composition',
          attribute: 'role',
          value: 'healer',
          scope: 'match',
          max: 1,
        },
      ],
    });
    const { mm, matches } = run(
      config,
      [solo('a', { role: 'healer' }), solo('b', { role: 'healer' })],
      3_000,
    );
    assert.deepEqual(matches, []);
    const held = mm.status('a', 3_000).explanation?.bestCandidate?.heldBy ?? [];
    assert.deepEqual(
      held.map((hold) => [hold.limit, hold.rule]),
      [['rule', 'OneHealer']],
    );
    assert.match(held[0]?.detail ?? '', /OneHealer \(composition\) fails .*: 2 > max 1/);
  });

  test('an overdue ticket with the force policy never breaks a hard rule; it expires instead', () => {
    const config = queue({
      mode: { kind: 'continuous', maxWaitMs: 1_000, overdue: 'force' },
      threshold: { start: 0.99 },
      expireAfterMs: 10_000,
      rules: [{ name: 'SameBuild', kind: 'string-equality', attribute: 'build' }],
    });
    const mm = createMatchmaker({ config, ratingModel: elo, seed: 1 });
    mm.enqueue(solo('a', { build: 'v1' }, { skill: 1000 }), 0);
    mm.enqueue(solo('b', { build: 'v2' }), 0);
    mm.enqueue(solo('c', { build: 'v1' }, { skill: 2000 }), 0);
    const effects: MatchmakerEffect[] = [];
    for (let now = 0; now <= 12_000; now += 500) effects.push(...mm.tick(now));
    const matched = matchesOf(effects);
    // a and c are far apart (quality below 0.99), but a is overdue from 1 s and forces the match.
    assert.deepEqual(pairsOf(matched.map((match) => ({ match }))), [['a', 'c']]);
    assert.equal(matched[0]?.forced, true);
    assert.deepEqual(
      effects.filter((effect) => effect.kind === 'expired').map((effect) => effect.ticketId),
      ['b'],
    );
  });

  test('a player without the attribute and no default cannot be matched (FlexMatch)', () => {
    const config = queue({
      rules: [{ name: 'Close', kind: 'batch-distance', attribute: 'skill', maxDistance: 5 }],
    });
    const { matches } = run(config, [solo('a', {}), solo('b', { skill: 3 }), solo('c', { skill: 4 })], 2_000);
    assert.deepEqual(pairsOf(matches), [['b', 'c']]);
  });
});

describe('limits over the wait', () => {
  test('an expansion lets a wider match form once the newest ticket has waited for it', () => {
    const config = queue({
      rules: [
        {
          name: 'Close',
          kind: 'batch-distance',
          attribute: 'skill',
          maxDistance: { start: 10, steps: [{ afterMs: 4_000, value: 100 }] },
        },
      ],
    });
    const { matches } = run(config, [solo('a', { skill: 10 }), solo('b', { skill: 60 })], 8_000);
    assert.deepEqual(
      matches.map(({ atMs }) => atMs),
      [4_000],
    );
  });

  test('optionalAfterMs: a rule stops applying once the wait reaches it', () => {
    const config = queue({
      rules: [{ name: 'SameBuild', kind: 'string-equality', attribute: 'build', optionalAfterMs: 3_000 }],
    });
    const { matches } = run(config, [solo('a', { build: 'v1' }), solo('b', { build: 'v2' })], 6_000);
    assert.deepEqual(
      matches.map(({ atMs }) => atMs),
      [3_000],
    );
  });

  test('expansionAge oldest relaxes with the oldest ticket (FlexMatch)', () => {
    const rule: Rule = {
      name: 'Close',
      kind: 'batch-distance',
      attribute: 'skill',
      maxDistance: { start: 10, steps: [{ afterMs: 4_000, value: 100 }] },
      expansionAge: 'oldest',
    };
    const mm = createMatchmaker({ config: queue({ rules: [rule] }), ratingModel: elo, seed: 1 });
    mm.enqueue(solo('a', { skill: 10 }), 0);
    assert.deepEqual(mm.tick(0), []);
    mm.enqueue(solo('b', { skill: 60 }), 4_000);
    assert.equal(matchesOf(mm.tick(4_000)).length, 1, 'a has waited 4 s: the oldest ticket relaxes the rule');
  });
});

describe('soft rules', () => {
  test("a soft rule's weight joins the quality and picks the partner", () => {
    const soft: Rule = {
      name: 'SameBuild',
      kind: 'string-equality',
      attribute: 'build',
      hard: false,
      weight: 3,
    };
    const tickets = [
      solo('a', { build: 'v1' }, { skill: 1500 }),
      solo('b', { build: 'v2' }, { skill: 1510 }),
      solo('c', { build: 'v1' }, { skill: 1600 }),
    ];
    const withRule = run(queue({ rules: [soft] }), tickets, 0);
    assert.deepEqual(pairsOf(withRule.matches), [['a', 'c']]);
    const quality = withRule.matches[0]?.match.quality ?? 0;
    // team-balance (weight 1) of a 100-point gap, and the rule's score 1 at weight 3.
    assert.ok(quality > 0.75 && quality < 1, String(quality));
    const without = run(queue({ rules: [{ ...soft, weight: 0 }] }), tickets, 0);
    assert.deepEqual(pairsOf(without.matches), [['a', 'b']]);
  });
});

describe('team rules and the split', () => {
  test('exactly one medic per team is kept even when the balanced split puts both medics together', () => {
    const config = queue({
      teams: { count: 2, size: 3 },
      rules: [
        {
          name: 'OneMedic',
          kind: 'composition',
          attribute: 'role',
          value: 'medic',
          scope: 'team',
          min: 1,
          max: 1,
        },
      ],
    });
    for (const mode of [
      { kind: 'continuous', maxWaitMs: 60_000 },
      { kind: 'rounds', periodMs: 1_000, maxWaitMs: 60_000 },
    ] as const) {
      const tickets = [
        solo('m1', { role: 'medic' }, { skill: 2000 }),
        solo('m2', { role: 'medic' }, { skill: 1000 }),
        ...['a', 'b', 'c', 'd'].map((id) => solo(id, {}, { skill: 1500 })),
      ];
      const { matches } = run({ ...config, mode }, tickets, 2_000);
      assert.equal(matches.length, 1, mode.kind);
      const teams = matches[0]?.match.teams.map((team) => team.ticketIds) ?? [];
      for (const team of teams)
        assert.equal(
          team.filter((id) => id.startsWith('m')).length,
          1,
          `${mode.kind}: ${JSON.stringify(teams)}`,
        );
    }
  });

  test('a team-size range queue in rounds keeps a hard team rule too', () => {
    const config = queue({
      teams: { count: 2, size: { min: 2, max: 3 } },
      mode: { kind: 'rounds', periodMs: 1_000, maxWaitMs: 60_000 },
      rules: [
        {
          name: 'OneMedic',
          kind: 'composition',
          attribute: 'role',
          value: 'medic',
          scope: 'team',
          min: 1,
          max: 1,
        },
      ],
    });
    const tickets = [
      solo('m1', { role: 'medic' }, { skill: 2000 }),
      solo('m2', { role: 'medic' }, { skill: 1000 }),
      ...['a', 'b', 'c', 'd'].map((id) => solo(id, {}, { skill: 1500 })),
    ];
    const { matches } = run(config, tickets, 2_000);
    assert.equal(matches.length, 1);
    for (const team of matches[0]?.match.teams ?? [])
      assert.equal(team.ticketIds.filter((id) => id.startsWith('m')).length, 1);
  });
});

describe('match-wide latency', () => {
  test('the region is one where every player is within the rule, not merely the lowest worst ping', () => {
    const config = queue({
      regions: { names: ['eu', 'us'], maxPingMs: { start: 200 } },
      rules: [{ name: 'Fast', kind: 'latency', maxLatencyMs: 60, maxDistanceMs: 10 }],
    });
    const tickets = [
      solo('a', {}, { pings: { eu: 10, us: 44 } }),
      solo('b', {}, { pings: { eu: 40, us: 48 } }),
      solo('c', {}, { pings: { eu: 90, us: 95 } }),
    ];
    const { matches } = run(config, tickets, 2_000);
    assert.deepEqual(pairsOf(matches), [['a', 'b']]);
    assert.equal(matches[0]?.match.region, 'us');
    // c is over 60 ms everywhere: no region keeps the rule, and its explanation names it.
    const { mm } = run(
      config,
      [tickets[2], solo('d', {}, { pings: { eu: 20, us: 30 } })] as TicketInput<EloRating>[],
      2_000,
    );
    const held = mm.status('c', 2_000).explanation?.bestCandidate?.heldBy ?? [];
    assert.deepEqual(
      held.map((hold) => hold.rule),
      ['Fast'],
    );
    assert.match(held[0]?.detail ?? '', /largest ping to (eu|us): 9\d > maxLatencyMs 60/);
  });
});
