import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Random } from '../random.ts';
import { createElo } from '../rating/elo/elo.ts';
import type { EloRating } from '../rating/elo/k-policy.ts';
import type { RatingModel } from '../rating/types.ts';
import { createMatchmaker } from './matchmaker.ts';
import { MatchAudit } from './test-support/invariants.ts';
import { syntheticTickets } from './test-support/synthetic.ts';
import type { MatchmakerEffect, MatchSummary, QueueConfig, TeamsConfig, TicketInput } from './types.ts';
import { validateQueueConfig } from './validate-config.ts';

const elo = createElo();
const rating = (skill: number, games: number) => ({ rating: skill, games, streak: 0 });

function queue(teams: TeamsConfig, overrides: Partial<QueueConfig> = {}): QueueConfig {
  return validateQueueConfig({
    id: 'shape',
    teams,
    rating: { track: 'shape' },
    criteria: [
      { kind: 'team-balance', weight: 2 },
      { kind: 'player-skill-gap', weight: 1 },
    ],
    threshold: { start: 0.5, linear: { perSecond: 0.01, limit: 0.2 } },
    mode: { kind: 'continuous', maxWaitMs: 60_000 },
    ...overrides,
  });
}

const solo = (id: string, skill: number, extra: Record<string, unknown> = {}): TicketInput<EloRating> => ({
  ticketId: id,
  players: [{ playerId: id, rating: rating(skill, 50), gamesPlayed: 50, ...extra }],
});

const matchesOf = (effects: readonly MatchmakerEffect[]): MatchSummary[] =>
  effects.flatMap((effect) => (effect.kind === 'matched' ? [effect.match] : []));

/** Runs a queue over tickets all enqueued at 0, ticking every `stepMs` until `untilMs`; audits every match. */
function run(
  config: QueueConfig,
  tickets: readonly TicketInput<EloRating>[],
  untilMs: number,
  stepMs = 1_000,
) {
  const mm = createMatchmaker({ config, ratingModel: elo, seed: 7 });
  const byId = new Map(tickets.map((ticket) => [ticket.ticketId, ticket]));
  const audit = new MatchAudit(config, byId);
  for (const ticket of tickets) mm.enqueue(ticket, 0);
  const matches: { atMs: number; match: MatchSummary }[] = [];
  for (let now = 0; now <= untilMs; now += stepMs) {
    const effects = mm.tick(now);
    audit.observe(effects);
    for (const match of matchesOf(effects)) matches.push({ atMs: now, match });
  }
  assert.deepEqual(audit.violations, []);
  return { mm, matches };
}

/** Solo players and parties (up to `maxParty`) holding about `players` players. */
function partiesOf(players: number, maxParty: number, seed: number, prefix = 't'): TicketInput<EloRating>[] {
  const weights = [8, 3, 2, 1, 1].slice(0, maxParty);
  return syntheticTickets({
    random: Random.fromSeed(seed),
    count: players,
    prefix,
    rating: (skill, games) => rating(skill, games),
    partySizeWeights: weights,
  }).reduce<{ tickets: TicketInput<EloRating>[]; players: number }>(
    (held, ticket) =>
      held.players >= players
        ? held
        : { tickets: [...held.tickets, ticket], players: held.players + ticket.players.length },
    { tickets: [], players: 0 },
  ).tickets;
}

/** The first tickets holding exactly `players` players (the last party cut to fit). */
function exactly(players: number, tickets: readonly TicketInput<EloRating>[]): TicketInput<EloRating>[] {
  const kept: TicketInput<EloRating>[] = [];
  let held = 0;
  for (const ticket of tickets) {
    if (held === players) break;
    const room = players - held;
    kept.push(ticket.players.length <= room ? ticket : { ...ticket, players: ticket.players.slice(0, room) });
    held += Math.min(room, ticket.players.length);
  }
  return kept;
}

const teamSizes = (match: MatchSummary) => match.teams.map((team) => team.playerIds.length);

for (const [count, size] of [
  [2, 11],
  [2, 12],
  [2, 20],
  [3, 5],
  [4, 4],
] as const) {
  test(`continuous ${count}x${size} with parties waiting forms full matches (tick never throws)`, () => {
    const tickets = partiesOf(4 * count * size, Math.min(size, 5), count * 100 + size);
    assert.ok(
      tickets.some((ticket) => ticket.players.length > 1),
      'parties are waiting',
    );
    const { matches } = run(queue({ count, size }), tickets, 60_000, 2_000);
    assert.ok(matches.length >= 2, `${matches.length} matches`);
    for (const { match } of matches) assert.deepEqual(teamSizes(match), new Array(count).fill(size));
  });

  test(`rounds ${count}x${size} with parties waiting forms full matches`, () => {
    const tickets = partiesOf(4 * count * size, Math.min(size, 5), count * 100 + size + 1);
    const config = queue({ count, size }, { mode: { kind: 'rounds', periodMs: 10_000, maxWaitMs: 60_000 } });
    const { matches } = run(config, tickets, 60_000, 5_000);
    assert.ok(matches.length >= 2, `${matches.length} matches`);
    for (const { match } of matches) assert.deepEqual(teamSizes(match), new Array(count).fill(size));
  });
}

test('continuous 4-player free-for-all forms matches: 30 Elo apart, as soon as the threshold reaches their quality', () => {
  const players = [1500, 1530, 1560, 1590].map((skill, index) => solo(`p${index}`, skill));
  const criteria = [{ kind: 'team-balance' as const, weight: 1 }];
  const threshold = { start: 0.8, linear: { perSecond: 0.01, limit: 0.3 } };
  const ffa = run(queue({ count: 4, size: 1 }, { threshold, criteria }), players, 60_000);
  assert.equal(ffa.matches.length, 1);
  const match = ffa.matches[0]?.match as MatchSummary;
  assert.deepEqual(teamSizes(match), [1, 1, 1, 1]);
  // The favourite (1590) wins 38.5% against a fair 25%: quality 0.462, reached by the threshold at 34 s.
  assert.match(match.criteria[0]?.detail ?? '', /favourite wins with 38\.5% \(fair share 25\.0%/);
  assert.ok(Math.abs(match.quality - 0.4616) < 1e-3, `${match.quality}`);
  assert.equal(ffa.matches[0]?.atMs, 34_000);
  // The same rules with a spread criterion a free-for-all is usually given: at once.
  const spread = run(
    queue(
      { count: 4, size: 1 },
      { criteria: [{ kind: 'skill-spread', weight: 1, shaping: { cap: 900 } }], threshold: { start: 0.8 } },
    ),
    players,
    0,
  );
  assert.equal(spread.matches.length, 1);
  // Twelve players: three matches of four, nobody left.
  const twelve = run(
    queue({ count: 4, size: 1 }, { threshold, criteria }),
    Array.from({ length: 12 }, (_, index) => solo(`q${index}`, 1400 + 15 * index)),
    60_000,
  );
  assert.equal(twelve.matches.length, 3);
});

test('continuous free-for-all of 3 to 100: 100 waiting players form one 100-player match', () => {
  const players = Array.from({ length: 100 }, (_, index) => solo(`p${index}`, 1500 + index));
  const { matches } = run(
    queue({ count: { min: 3, max: 100 }, size: 1 }, { threshold: { start: 0 } }),
    players,
    0,
  );
  assert.equal(matches.length, 1);
  assert.equal(matches[0]?.match.teams.length, 100);
});

test("FlexMatch's 8v8 with 4 to 8 per team: 16 waiting play 8v8 at once; 10 play 5v5 only once the match size relaxes", () => {
  const flex = (overrides: Partial<QueueConfig> = {}) =>
    queue(
      {
        count: 2,
        size: { min: 4, max: 8 },
        minMatchPlayers: { start: 16, steps: [{ afterMs: 20_000, value: 8 }] },
      },
      { threshold: { start: 0 }, ...overrides },
    );
  const sixteen = run(flex(), partiesOf(16, 4, 3, 'a'), 0);
  assert.deepEqual(teamSizes(sixteen.matches[0]?.match as MatchSummary), [8, 8]);

  const ten = run(flex(), partiesOf(10, 1, 4, 'b'), 40_000);
  assert.equal(ten.matches.length, 1);
  assert.equal(ten.matches[0]?.atMs, 20_000, 'a smaller match only once the tickets accept it');
  assert.deepEqual(teamSizes(ten.matches[0]?.match as MatchSummary), [5, 5]);
  // Before then the explanation names the limit that holds the match back.
  const waiting = createMatchmaker({ config: flex(), ratingModel: elo, seed: 1 });
  for (const ticket of partiesOf(10, 1, 4, 'b')) waiting.enqueue(ticket, 0);
  waiting.tick(1_000);
  const held = waiting.status('b0', 1_000).explanation?.bestCandidate?.heldBy ?? [];
  assert.deepEqual(
    held.map((hold) => hold.limit),
    ['match-size'],
  );
  assert.match(held[0]?.detail ?? '', /10 players, it waits for 16 yet/);
});

test("FlexMatch's three teams of 3 to 5 and a single team of 175 to 200 form matches in both modes", () => {
  for (const kind of ['continuous', 'rounds'] as const) {
    const mode =
      kind === 'continuous' ? { kind, maxWaitMs: 60_000 } : { kind, periodMs: 5_000, maxWaitMs: 60_000 };
    const three = run(
      queue({ count: 3, size: { min: 3, max: 5 } }, { mode, threshold: { start: 0 } }),
      partiesOf(45, 3, 5, 'c'),
      10_000,
    );
    assert.ok(three.matches.length >= 2, `${kind}: ${three.matches.length} matches of three teams`);
    for (const { match } of three.matches) assert.deepEqual(teamSizes(match), [5, 5, 5]);
    const large = run(
      queue({ count: 1, size: { min: 175, max: 200 } }, { mode, threshold: { start: 0 } }),
      exactly(200, partiesOf(220, 4, 6, 'd')),
      10_000,
    );
    assert.equal(large.matches.length, 1, kind);
    assert.deepEqual(teamSizes(large.matches[0]?.match as MatchSummary), [200]);
  }
});

/** A 1v1 with a 0.9 threshold and a 60 ms ping cap; `old` waits from 0, `fresh` (1637 Elo) from `freshAtMs`. */
function overdueCase(overdue: 'accept' | 'force', freshPingMs: number, freshAtMs: number) {
  const mm = createMatchmaker({
    config: queue(
      { count: 2, size: 1 },
      {
        criteria: [{ kind: 'team-balance', weight: 1 }],
        threshold: { start: 0.9 },
        mode: { kind: 'continuous', maxWaitMs: 30_000, overdue },
        regions: { names: ['eu'], maxPingMs: { start: 60, linear: { perSecond: 1, limit: 300 } } },
      },
    ),
    ratingModel: elo,
    seed: 1,
  });
  mm.enqueue(solo('old', 1500, { pingMsByRegion: { eu: 40 } }), 0);
  // 137 Elo apart: the favourite wins 68.75%, a quality of 0.25.
  mm.enqueue(solo('fresh', 1637, { pingMsByRegion: { eu: freshPingMs } }), freshAtMs);
  return mm;
}

test('a ticket that waited 1 s is never put under its threshold or over its ping cap by an overdue partner', () => {
  for (const overdue of ['accept', 'force'] as const) {
    // 100 ms from the only region: the fresh ticket's ping cap fails, whatever the policy.
    const mm = overdueCase(overdue, 100, 29_000);
    for (let now = 29_000; now <= 31_000; now += 250) assert.deepEqual(matchesOf(mm.tick(now)), [], overdue);
    const explanation = mm.status('fresh', 30_000).explanation;
    assert.deepEqual(
      explanation?.bestCandidate?.heldBy.map((hold) => hold.limit),
      ['ping-cap'],
      overdue,
    );
    assert.match(explanation?.summary ?? '', /fresh: 100 ms to eu, over its 61 ms cap/);
  }
  // Within its ping cap but under its threshold: only a queue that asks for forced matches forms it.
  for (const overdue of ['accept', 'force'] as const) {
    const formed = matchesOf(overdueCase(overdue, 45, 30_000).tick(31_000));
    if (overdue === 'accept') assert.deepEqual(formed, []);
    else {
      assert.equal(formed.length, 1);
      assert.equal(formed[0]?.forced, true);
      assert.ok(Math.abs((formed[0]?.quality ?? 1) - 0.25) < 0.01, `${formed[0]?.quality}`);
    }
  }
});

test('a lone-region ticket ends the same way whatever the tick cadence, and its explanation names the cap', () => {
  const config = queue(
    { count: 2, size: 1 },
    {
      threshold: { start: 0 },
      mode: { kind: 'continuous', maxWaitMs: 30_000 },
      regions: { names: ['eu', 'na', 'sa'], maxPingMs: { start: 150 } },
      expireAfterMs: 60_000,
    },
  );
  const outcomes = [500, 31_000].map((stepMs) => {
    const mm = createMatchmaker({ config, ratingModel: elo, seed: 3 });
    mm.enqueue(solo('lone', 1500, { pingMsByRegion: { eu: 120, na: 140, sa: 400 } }), 0);
    mm.enqueue(solo('far', 1500, { pingMsByRegion: { eu: 300, na: 320, sa: 30 } }), 0);
    const ended = new Map<string, string>();
    let explained = '';
    for (let now = 0; now <= 62_000; now += stepMs) {
      for (const effect of mm.tick(now)) {
        if (effect.kind === 'matched')
          for (const team of effect.match.teams) for (const id of team.ticketIds) ended.set(id, 'matched');
        if (effect.kind === 'expired') ended.set(effect.ticketId, 'expired');
      }
      if (now >= 31_000 && explained === '') explained = mm.status('lone', now).explanation?.summary ?? '';
    }
    return { ended: Object.fromEntries(ended), explained };
  });
  assert.deepEqual(outcomes[0], outcomes[1]);
  assert.deepEqual(outcomes[0]?.ended, { lone: 'expired', far: 'expired' });
  assert.equal(
    outcomes[0]?.explained,
    'no candidate match: no waiting player within your 150 ms cap in eu or na',
  );
});

test('a tick whose search fails throws and changes nothing; the next tick applies it all', () => {
  let failing = true;
  const flaky: RatingModel<EloRating> = {
    ...elo,
    predict: (match) => {
      if (failing) throw new Error('prediction service down');
      return elo.predict(match);
    },
  };
  const mm = createMatchmaker({
    config: queue({ count: 2, size: 2 }, { threshold: { start: 0 }, expireAfterMs: 5_000 }),
    ratingModel: flaky,
    seed: 1,
  });
  mm.enqueue(solo('old', 1500), 0);
  for (const [index, skill] of [1500, 1510, 1520, 1530].entries())
    mm.enqueue(solo(`t${index}`, skill), 2_000);
  const before = JSON.stringify(mm.exportSnapshot());
  assert.throws(() => mm.tick(6_000), /prediction service down/);
  assert.equal(
    JSON.stringify(mm.exportSnapshot()),
    before,
    'nothing expired, nothing matched, same random state',
  );
  failing = false;
  const effects = mm.tick(6_000);
  assert.deepEqual(
    effects.map((effect) => effect.kind),
    ['expired', 'matched'],
  );
});

test('a 1v1 rounds pool past the dense limit is paired over its sparse candidate graph within every limit', () => {
  const config = queue(
    { count: 2, size: 1 },
    {
      criteria: [{ kind: 'team-balance', weight: 1 }],
      threshold: { start: 0.6 },
      mode: { kind: 'rounds', periodMs: 10_000, maxWaitMs: 60_000, minPlayers: 1_200 },
      regions: { names: ['eu', 'na', 'sa'], maxPingMs: { start: 80 } },
    },
  );
  const tickets = syntheticTickets({
    random: Random.fromSeed(11),
    count: 1_200,
    rating: (skill, games) => rating(skill, games),
    regions: ['eu', 'na', 'sa'],
  });
  const { matches } = run(config, tickets, 0);
  // Nearly everyone finds a partner within 80 ms in their home region.
  assert.ok(matches.length >= 560, `${matches.length} pairs of 1,200 tickets`);
  const meanQuality = matches.reduce((sum, { match }) => sum + match.quality, 0) / matches.length;
  assert.ok(meanQuality > 0.97, `mean quality ${meanQuality}`);
});
