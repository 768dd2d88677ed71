import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { CandidateMatch } from '../quality/types.ts';
import type { EloRating } from '../rating/elo/k-policy.ts';
import { ruleCandidateOf } from './candidate.ts';
import { evaluateRule, evaluateRules } from './evaluate.ts';
import { atWait, match, player, solo, ticket } from './test-support/candidates.ts';
import type { AttributeDeclarations, Rule } from './types.ts';

const declared: AttributeDeclarations = {
  skill: { type: 'number', default: 10 },
  league: { type: 'number' },
  mode: { type: 'string' },
  build: { type: 'string' },
  character: { type: 'string_list', default: ['peasant'] },
  modes: { type: 'string_list' },
  myCharacter: { type: 'string_list' },
  preferredOpponents: { type: 'string_list' },
  blockList: { type: 'string_list', default: [] },
  isHost: { type: 'number', default: 0 },
};

function verdict(rule: Rule, candidate: Parameters<typeof evaluateRule>[2]) {
  return evaluateRule(rule, declared, candidate);
}

describe('comparison', () => {
  test('per player against a value that relaxes downwards with the wait', () => {
    const rule: Rule = {
      name: 'Veterans',
      kind: 'comparison',
      attribute: 'skill',
      scope: 'player',
      operator: '>=',
      value: { start: 30, steps: [{ afterMs: 10_000, value: 20 }] },
    };
    const candidate = match([[solo('a', { skill: 35 })], [solo('b', { skill: 22 })]]);
    const early = verdict(rule, atWait(candidate, 5_000));
    assert.equal(early.pass, false);
    assert.equal(early.measured, 22);
    assert.deepEqual(early.limits, { value: 30 });
    assert.equal(early.passesAtWaitMs, 10_000);
    assert.match(
      early.explanation,
      /Veterans \(comparison\) fails .*smallest player skill: 22 < value 30.*passes from a wait of 10 s/,
    );
    assert.equal(verdict(rule, atWait(candidate, 10_000)).pass, true);
  });

  test('= and != without a value compare the players with each other; strings too', () => {
    const same: Rule = {
      name: 'SameMode',
      kind: 'comparison',
      attribute: 'mode',
      scope: 'player',
      operator: '=',
    };
    const different: Rule = {
      name: 'Distinct',
      kind: 'comparison',
      attribute: 'skill',
      scope: 'player',
      operator: '!=',
    };
    const a = match([[solo('a', { mode: 'ctf', skill: 1 })], [solo('b', { mode: 'ctf', skill: 2 })]]);
    const b = match([[solo('a', { mode: 'ctf', skill: 1 })], [solo('b', { mode: 'dm', skill: 1 })]]);
    assert.equal(verdict(same, a).pass, true);
    assert.equal(verdict(same, b).pass, false);
    assert.match(verdict(same, b).explanation, /ctf, dm \(all equal wanted\)/);
    assert.equal(verdict(different, a).pass, true);
    assert.equal(verdict(different, b).pass, false);
  });

  test('team and match aggregates, and the team player count', () => {
    const candidate = match([
      [solo('a', { skill: 10 }), solo('b', { skill: 30 })],
      [solo('c', { skill: 15 }), solo('d', { skill: 16 }), solo('e', { skill: 17 })],
    ]);
    const teamAvg: Rule = {
      name: 'TeamAvg',
      kind: 'comparison',
      attribute: 'skill',
      scope: 'team',
      aggregate: 'avg',
      operator: '<=',
      value: 19,
    };
    assert.equal(verdict(teamAvg, candidate).pass, false, 'team 0 averages 20');
    const total: Rule = { ...teamAvg, name: 'Total', scope: 'match', aggregate: 'sum', value: 88 };
    assert.equal(verdict(total, candidate).pass, true, 'the match sums 88');
    const size: Rule = { name: 'Size', kind: 'comparison', scope: 'team', aggregate: 'count', operator: '=' };
    assert.equal(verdict(size, candidate).pass, false, 'teams of 2 and 3');
  });
});

describe('distance', () => {
  const fairTeamSkill: Rule = {
    name: 'FairTeamSkill',
    kind: 'distance',
    attribute: 'skill',
    scope: 'team',
    aggregate: 'avg',
    reference: 'match',
    maxDistance: {
      start: 10,
      steps: [
        { afterMs: 5_000, value: 50 },
        { afterMs: 15_000, value: 100 },
      ],
    },
  };

  test("each team's average from the match's, relaxed in steps", () => {
    // Teams average 10 and 50: the match averages 30, each team is 20 away.
    const candidate = match([
      [solo('a', { skill: 5 }), solo('b', { skill: 15 })],
      [solo('c', { skill: 40 }), solo('d', { skill: 60 })],
    ]);
    const now = verdict(fairTeamSkill, atWait(candidate, 1_000));
    assert.equal(now.pass, false);
    assert.equal(now.measured, 20);
    assert.equal(now.passesAtWaitMs, 5_000);
    assert.equal(verdict(fairTeamSkill, atWait(candidate, 5_000)).pass, true);
  });

  test('the newest ticket relaxes the limits by default, the oldest when asked', () => {
    const candidate = match([
      [solo('a', { skill: 5 }, 20_000), solo('b', { skill: 15 }, 20_000)],
      [solo('c', { skill: 40 }, 20_000), solo('d', { skill: 60 }, 1_000)],
    ]);
    assert.equal(verdict(fairTeamSkill, candidate).pass, false);
    assert.equal(verdict({ ...fairTeamSkill, expansionAge: 'oldest' }, candidate).pass, true);
  });

  test('player spread, defaults for missing values, and a minimum distance', () => {
    const spread: Rule = {
      name: 'Spread',
      kind: 'distance',
      attribute: 'skill',
      scope: 'player',
      maxDistance: 5,
    };
    const candidate = match([[solo('a', { skill: 12 })], [solo('b')]]);
    const outcome = verdict(spread, candidate);
    assert.equal(outcome.pass, true, 'b gets the default 10');
    assert.equal(outcome.measured, 2);
    assert.ok(Math.abs(outcome.score - 0.6) < 1e-9, 'closeness: 1 - 2/5');
    const apart: Rule = {
      name: 'Apart',
      kind: 'distance',
      attribute: 'skill',
      scope: 'player',
      minDistance: 3,
    };
    assert.equal(verdict(apart, candidate).pass, false);
  });

  test('team size spread (count)', () => {
    const close: Rule = {
      name: 'CloseTeamSizes',
      kind: 'distance',
      scope: 'team',
      aggregate: 'count',
      maxDistance: 1,
    };
    const three = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => solo(`${prefix}${i}`));
    assert.equal(verdict(close, match([three('a', 3), three('b', 3), three('c', 4)])).pass, true);
    assert.equal(verdict(close, match([three('a', 3), three('b', 5), three('c', 5)])).pass, false);
  });

  test('a player with no value and no default fails the rule, or is left out', () => {
    const rule: Rule = {
      name: 'League',
      kind: 'distance',
      attribute: 'league',
      scope: 'player',
      maxDistance: 2,
    };
    const candidate = match([[solo('a', { league: 3 })], [solo('b')]]);
    const failing = verdict(rule, candidate);
    assert.equal(failing.pass, false);
    assert.equal(failing.passesAtWaitMs, Infinity);
    assert.match(failing.explanation, /player b has no league/);
    assert.equal(verdict({ ...rule, whenMissing: 'ignore' }, candidate).pass, true);
  });
});

describe('string equality', () => {
  const rule: Rule = {
    name: 'BuildVersionRule',
    kind: 'string-equality',
    attribute: 'build',
    whenMissing: 'ignore',
  };

  test('one value in the match; players without one match any', () => {
    assert.equal(
      verdict(rule, match([[solo('a', { build: '1.2' })], [solo('b', { build: '1.2' })]])).pass,
      true,
    );
    assert.equal(
      verdict(rule, match([[solo('a', { build: '1.2' })], [solo('b', { build: '1.3' })]])).pass,
      false,
    );
    assert.equal(verdict(rule, match([[solo('a', { build: '1.2' })], [solo('b')]])).pass, true);
    assert.equal(
      verdict({ ...rule, whenMissing: 'fail' }, match([[solo('a', { build: '1.2' })], [solo('b')]])).pass,
      false,
    );
  });

  test('per team', () => {
    const perTeam: Rule = { ...rule, scope: 'team' };
    const candidate = match([
      [solo('a', { build: '1' }), solo('b', { build: '1' })],
      [solo('c', { build: '2' }), solo('d', { build: '2' })],
    ]);
    assert.equal(verdict(perTeam, candidate).pass, true);
    assert.equal(verdict(rule, candidate).pass, false);
  });
});

describe('set intersection', () => {
  test('at least N items shared by all players', () => {
    const rule: Rule = { name: 'SharedMode', kind: 'set-intersection', attribute: 'modes', minCount: 1 };
    const shared = match([[solo('a', { modes: ['ctf', 'dm'] })], [solo('b', { modes: ['dm', 'koth'] })]]);
    const none = match([[solo('a', { modes: ['ctf'] })], [solo('b', { modes: ['dm'] })]]);
    assert.equal(verdict(rule, shared).pass, true);
    assert.equal(verdict(rule, none).pass, false);
    assert.equal(verdict(rule, none).measured, 0);
  });

  test('a party shares the union of its members by request', () => {
    const rule: Rule = {
      name: 'Shared',
      kind: 'set-intersection',
      attribute: 'modes',
      minCount: 1,
      partyAggregate: 'union',
    };
    const candidate = match([
      [ticket('p', [player('a', { modes: ['ctf'] }), player('b', { modes: ['dm'] })])],
      [solo('c', { modes: ['dm'] })],
    ]);
    assert.equal(verdict(rule, candidate).pass, true);
    assert.equal(
      verdict({ name: 'PerPlayer', kind: 'set-intersection', attribute: 'modes', minCount: 1 }, candidate)
        .pass,
      false,
    );
  });

  test("each player's list against the intersection of another attribute (preferred opponents)", () => {
    const rule: Rule = {
      name: 'OpponentMatch',
      kind: 'set-intersection',
      attribute: 'myCharacter',
      against: { attribute: 'preferredOpponents', combine: 'intersection' },
      minCount: { start: 1, steps: [{ afterMs: 15_000, value: 0 }] },
    };
    const fine = match([
      [solo('a', { myCharacter: ['orc'], preferredOpponents: ['orc', 'elf'] })],
      [solo('b', { myCharacter: ['elf'], preferredOpponents: ['elf', 'orc', 'imp'] })],
    ]);
    const bad = match([
      [solo('a', { myCharacter: ['imp'], preferredOpponents: ['orc', 'elf'] })],
      [solo('b', { myCharacter: ['elf'], preferredOpponents: ['elf', 'orc', 'imp'] })],
    ]);
    assert.equal(verdict(rule, fine).pass, true);
    const failing = verdict(rule, bad);
    assert.equal(failing.pass, false);
    assert.equal(failing.passesAtWaitMs, 15_000);
    assert.equal(verdict(rule, atWait(bad, 15_000)).pass, true);
  });

  test('block lists against the match player ids', () => {
    const rule: Rule = {
      name: 'Blocked',
      kind: 'set-intersection',
      attribute: 'blockList',
      against: { playerIds: true },
      maxCount: 0,
    };
    const clean = match([[solo('a', { blockList: ['zed'] })], [solo('b')]]);
    const blocked = match([[solo('a', { blockList: ['b'] })], [solo('b')]]);
    assert.equal(verdict(rule, clean).pass, true);
    assert.equal(verdict(rule, blocked).pass, false);
  });
});

describe('composition', () => {
  test('exactly one medic per team; at most five in the match', () => {
    const perTeam: Rule = {
      name: 'OneMedic',
      kind: 'composition',
      attribute: 'character',
      value: 'medic',
      scope: 'team',
      min: 1,
      max: 1,
    };
    const good = match([
      [solo('a', { character: ['medic'] }), solo('b')],
      [solo('c', { character: ['sniper', 'medic'] }), solo('d', { character: ['sniper'] })],
    ]);
    const bad = match([
      [solo('a', { character: ['medic'] }), solo('b', { character: ['medic'] })],
      [solo('c'), solo('d')],
    ]);
    assert.equal(verdict(perTeam, good).pass, true);
    const failing = verdict(perTeam, bad);
    assert.equal(failing.pass, false);
    assert.match(
      failing.explanation,
      /smallest number of players with character medic in a team: 0 < min 1; largest .* 2 > max 1/,
    );
    const overall: Rule = {
      name: 'MedicLimit',
      kind: 'composition',
      attribute: 'character',
      value: 'medic',
      scope: 'match',
      max: 1,
    };
    assert.equal(verdict(overall, bad).pass, false);
  });

  test('the total of a numeric attribute (one host), relaxing its minimum', () => {
    const rule: Rule = {
      name: 'OneHostRule',
      kind: 'composition',
      attribute: 'isHost',
      scope: 'match',
      min: { start: 2, steps: [{ afterMs: 10_000, value: 1 }] },
      max: 1,
    };
    const candidate = match([[solo('a', { isHost: 1 })], [solo('b')]]);
    assert.equal(verdict(rule, candidate).pass, false);
    assert.equal(verdict(rule, candidate).passesAtWaitMs, 10_000);
    assert.equal(verdict(rule, atWait(candidate, 10_000)).pass, true);
  });
});

describe('latency', () => {
  const rule: Rule = {
    name: 'FastConnection',
    kind: 'latency',
    maxLatencyMs: { start: 50, steps: [{ afterMs: 10_000, value: 100 }] },
  };

  test("every player's ping to the chosen region", () => {
    const candidate = match(
      [[solo('a', {}, 0, { eu: 30, us: 90 })], [solo('b', {}, 0, { eu: 70, us: 20 })]],
      'eu',
    );
    const outcome = verdict(rule, candidate);
    assert.equal(outcome.pass, false);
    assert.equal(outcome.measured, 70);
    assert.equal(outcome.passesAtWaitMs, 10_000);
    assert.equal(verdict(rule, { ...candidate, region: 'us' }).pass, false);
    assert.equal(verdict(rule, atWait(candidate, 10_000)).pass, true);
  });

  test('no region or a missing ping fails; distance from the fastest ping', () => {
    assert.equal(verdict(rule, match([[solo('a', {}, 0, { eu: 10 })]])).pass, false);
    assert.match(
      verdict(rule, match([[solo('a', {}, 0, { us: 10 })]], 'eu')).explanation,
      /player a has no ping to eu/,
    );
    const close: Rule = {
      name: 'Close',
      kind: 'latency',
      maxLatencyMs: 200,
      maxDistanceMs: 30,
      distanceReference: 'min',
    };
    const candidate = match([[solo('a', {}, 0, { eu: 10 })], [solo('b', {}, 0, { eu: 45 })]], 'eu');
    assert.equal(verdict(close, candidate).pass, false);
  });
});

describe('batch distance', () => {
  test('numbers within a distance (a party counts by its average), strings equal', () => {
    const rule: Rule = { name: 'SimilarSkill', kind: 'batch-distance', attribute: 'skill', maxDistance: 10 };
    const party = ticket('p', [player('a', { skill: 0 }), player('b', { skill: 30 })]);
    assert.equal(
      verdict(rule, match([[party], [solo('c', { skill: 20 })]])).pass,
      true,
      'the party counts as 15',
    );
    assert.equal(
      verdict({ ...rule, partyAggregate: 'max' }, match([[party], [solo('c', { skill: 15 })]])).pass,
      false,
    );
    const sameMode: Rule = { name: 'SameMode', kind: 'batch-distance', attribute: 'mode' };
    assert.equal(
      verdict(sameMode, match([[solo('a', { mode: 'x' })], [solo('b', { mode: 'y' })]])).pass,
      false,
    );
    // A party's members each carry their own string: a party of one mode batches with that mode.
    const duo = ticket('d', [player('d1', { mode: 'x' }), player('d2', { mode: 'x' })]);
    assert.equal(verdict(sameMode, match([[duo], [solo('c', { mode: 'x' })]])).pass, true);
    const mixed = ticket('m', [player('m1', { mode: 'x' }), player('m2', { mode: 'y' })]);
    assert.equal(verdict(sameMode, match([[mixed], [solo('c', { mode: 'x' })]])).pass, false);
  });
});

describe('party similarity', () => {
  test('every team has a large party, or none has', () => {
    const rule: Rule = { name: 'Premades', kind: 'party-similarity', largePartySize: 2 };
    const duo = (id: string) => ticket(id, [player(`${id}1`), player(`${id}2`)]);
    assert.equal(verdict(rule, match([[duo('x')], [duo('y')]])).pass, true);
    assert.equal(
      verdict(
        rule,
        match([
          [solo('a'), solo('b')],
          [solo('c'), solo('d')],
        ]),
      ).pass,
      true,
    );
    assert.equal(verdict(rule, match([[duo('x')], [solo('c'), solo('d')]])).pass, false);
  });
});

describe('compound', () => {
  const sameMap: Rule = { name: 'SameMap', kind: 'string-equality', attribute: 'mode' };
  const closeSkill: Rule = {
    name: 'CloseSkill',
    kind: 'distance',
    attribute: 'skill',
    scope: 'player',
    maxDistance: 10,
  };
  const closeLeague: Rule = {
    name: 'CloseLeague',
    kind: 'distance',
    attribute: 'league',
    scope: 'player',
    maxDistance: 2,
  };
  const either: Rule = {
    name: 'Either',
    kind: 'compound',
    statement: { or: [{ rule: sameMap }, { and: [{ rule: closeSkill }, { rule: closeLeague }] }] },
  };

  test('or of and: either branch lets the match pass', () => {
    const sameModeFarSkill = match([
      [solo('a', { mode: 'x', skill: 0, league: 1 })],
      [solo('b', { mode: 'x', skill: 90, league: 9 })],
    ]);
    const closeOtherMode = match([
      [solo('a', { mode: 'x', skill: 10, league: 1 })],
      [solo('b', { mode: 'y', skill: 15, league: 2 })],
    ]);
    const neither = match([
      [solo('a', { mode: 'x', skill: 10, league: 1 })],
      [solo('b', { mode: 'y', skill: 50, league: 2 })],
    ]);
    assert.equal(verdict(either, sameModeFarSkill).pass, true);
    assert.equal(verdict(either, closeOtherMode).pass, true);
    const failing = verdict(either, neither);
    assert.equal(failing.pass, false);
    assert.equal(failing.inner?.length, 3);
    assert.match(failing.explanation, /or\(SameMap fails, and\(CloseSkill fails, CloseLeague passes\)\)/);
  });

  test('not and xor', () => {
    const notSame: Rule = { name: 'NotSame', kind: 'compound', statement: { not: { rule: sameMap } } };
    const one: Rule = {
      name: 'One',
      kind: 'compound',
      statement: { xor: [{ rule: sameMap }, { rule: closeSkill }] },
    };
    const candidate = match([[solo('a', { mode: 'x', skill: 0 })], [solo('b', { mode: 'x', skill: 5 })]]);
    assert.equal(verdict(notSame, candidate).pass, false);
    assert.equal(verdict(one, candidate).pass, false, 'both hold');
    assert.equal(
      verdict(one, match([[solo('a', { mode: 'x', skill: 0 })], [solo('b', { mode: 'x', skill: 50 })]])).pass,
      true,
    );
  });
});

describe('optional after a wait, soft rules, the verdict', () => {
  test('optionalAfterMs lets the rule pass from then on', () => {
    const rule: Rule = {
      name: 'Skill',
      kind: 'batch-distance',
      attribute: 'skill',
      maxDistance: 0.2,
      optionalAfterMs: 30_000,
    };
    const candidate = match([[solo('a', { skill: 0.1 })], [solo('b', { skill: 0.9 })]]);
    const failing = verdict(rule, atWait(candidate, 29_000));
    assert.equal(failing.pass, false);
    assert.equal(failing.passesAtWaitMs, 30_000);
    const later = verdict(rule, atWait(candidate, 30_000));
    assert.equal(later.pass, true);
    assert.equal(later.optional, true);
    assert.match(later.explanation, /no longer applies/);
  });

  test('hard rules filter, soft rules only score; the verdict names what fails', () => {
    const rules: Rule[] = [
      { name: 'Close', kind: 'distance', attribute: 'skill', scope: 'player', maxDistance: 20, weight: 2 },
      { name: 'Closer', kind: 'distance', attribute: 'skill', scope: 'player', maxDistance: 5, hard: false },
      { name: 'SameMode', kind: 'string-equality', attribute: 'mode' },
    ];
    const candidate = match([[solo('a', { skill: 10, mode: 'x' })], [solo('b', { skill: 20, mode: 'y' })]]);
    const result = evaluateRules(rules, declared, candidate);
    assert.equal(result.pass, false);
    assert.deepEqual(
      result.failed.map((outcome) => outcome.rule),
      ['SameMode'],
      'the soft rule fails without holding the match back',
    );
    assert.equal(result.weight, 3, 'hard 2 + soft default 1 + hard default 0');
    assert.ok(Math.abs(result.weightedScore - 2 * 0.5) < 1e-9, 'Close scores 1 - 10/20; Closer 0');
    const agreed = evaluateRules(
      rules,
      declared,
      match([[solo('a', { skill: 10, mode: 'x' })], [solo('b', { skill: 12, mode: 'x' })]]),
    );
    assert.equal(agreed.pass, true);
    assert.equal(agreed.failed.length, 0);
  });
});

describe('integration aids', () => {
  test('retryAfterMs: how much longer the tickets wait before every failing hard rule could pass', () => {
    const rules: Rule[] = [
      {
        name: 'Skill',
        kind: 'batch-distance',
        attribute: 'skill',
        maxDistance: { start: 5, steps: [{ afterMs: 10_000, value: 50 }] },
      },
      {
        name: 'Ping',
        kind: 'latency',
        maxLatencyMs: { start: 50, steps: [{ afterMs: 20_000, value: 100 }] },
      },
    ];
    const candidate = match(
      [[solo('a', { skill: 0 }, 4_000, { eu: 80 })], [solo('b', { skill: 30 }, 6_000, { eu: 20 })]],
      'eu',
    );
    const verdict = evaluateRules(rules, declared, candidate);
    assert.deepEqual(
      verdict.failed.map((outcome) => outcome.rule),
      ['Skill', 'Ping'],
    );
    assert.equal(verdict.retryAfterMs, 16_000, 'the newest ticket (4 s) reaches 20 s in 16 s');
    assert.equal(evaluateRules(rules, declared, atWait(candidate, 20_000)).retryAfterMs, undefined);
  });

  test("ruleCandidateOf reads a matchmaker candidate's tickets, profiles and waits", () => {
    const candidate: CandidateMatch<EloRating> = {
      region: 'eu',
      teams: [
        [
          {
            ticketId: 't1',
            enqueuedAtMs: 1_000,
            skill: 0,
            skillBand: 0,
            experience: 0,
            players: [
              {
                profile: {
                  playerId: 'a',
                  rating: { rating: 1500, games: 0, streak: 0 },
                  pingMsByRegion: { eu: 10 },
                },
                skill: 0,
                skillBand: 0,
                experience: 0,
              },
            ],
          },
        ],
        [
          {
            ticketId: 't2',
            enqueuedAtMs: 4_000,
            skill: 0,
            skillBand: 0,
            experience: 0,
            players: [
              {
                profile: { playerId: 'b', rating: { rating: 1500, games: 0, streak: 0 } },
                skill: 0,
                skillBand: 0,
                experience: 0,
              },
            ],
          },
        ],
      ],
    };
    const converted = ruleCandidateOf(candidate, 10_000);
    assert.equal(converted.region, 'eu');
    assert.deepEqual(
      converted.teams.map((team) =>
        team.map((t) => [t.ticketId, t.waitMs, t.players.map((p) => p.playerId)]),
      ),
      [[['t1', 9_000, ['a']]], [['t2', 6_000, ['b']]]],
    );
  });
});

describe('rules on one named team', () => {
  const monsterOnly: Rule = {
    name: 'MonsterLeague',
    kind: 'comparison',
    team: 'monster',
    scope: 'player',
    attribute: 'league',
    operator: '>=',
    value: 3,
  };
  const stronger: Rule = {
    name: 'MonsterStronger',
    kind: 'comparison',
    team: 'monster',
    scope: 'team',
    aggregate: 'avg',
    attribute: 'skill',
    operator: '>',
    against: { team: 'hunters', aggregate: 'max', attribute: 'skill' },
  };
  const hunters = [solo('h1', { league: 1, skill: 12 }), solo('h2', { league: 1, skill: 14 })];
  const named = (monster: Record<string, number>) => ({
    ...match([hunters, [solo('m', monster)]]),
    teamNames: ['hunters', 'monster'],
  });

  test('a rule on a team reads that team alone: the hunters low league does not count', () => {
    assert.equal(evaluateRule(monsterOnly, declared, named({ league: 4, skill: 20 })).pass, true);
    const low = evaluateRule(monsterOnly, declared, named({ league: 2, skill: 20 }));
    assert.equal(low.pass, false);
    assert.match(low.explanation, /MonsterLeague \(comparison on team monster\) fails/);
  });

  test('against: the monster team average against the hunters highest, strictly', () => {
    assert.equal(evaluateRule(stronger, declared, named({ league: 4, skill: 15 })).pass, true);
    const equal = evaluateRule(stronger, declared, named({ league: 4, skill: 14 }));
    assert.equal(equal.pass, false);
    assert.match(equal.explanation, /max skill of team hunters \(14\)/);
  });

  test('a candidate without that team fails the rule, naming the team', () => {
    const outcome = evaluateRule(monsterOnly, declared, match([hunters, [solo('m', { league: 4 })]]));
    assert.equal(outcome.pass, false);
    assert.match(outcome.explanation, /the match has no team monster/);
  });
});
