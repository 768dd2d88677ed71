import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isMatchdError } from '../../errors.ts';
import { validateQueueConfig } from '../../queue/validate-config.ts';
import { fixtureFiles, readFixture } from '../test-support/fixtures.ts';
import type { Rule } from '../types.ts';
import { importFlexMatch } from './flexmatch.ts';
import { importPlayFab } from './playfab.ts';

const regions = { regions: ['eu', 'us'] };

function refusedPath(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    assert.ok(isMatchdError(error, 'MM_ERR_INVALID_DATA'), String(error));
    const path = String(error.details['path']);
    assert.ok(error.message.startsWith(`${path}: `), error.message);
    return path;
  }
  assert.fail('expected the import to refuse');
}

function rule(rules: readonly Rule[] | undefined, name: string): Rule {
  const found = rules?.find((item) => item.name === name);
  assert.ok(found !== undefined, `rule ${name}`);
  return found;
}

describe('every documentation example', () => {
  for (const [vendor, translate] of [
    ['flexmatch', importFlexMatch],
    ['playfab', importPlayFab],
  ] as const) {
    for (const file of fixtureFiles(vendor)) {
      test(`${vendor}/${file}: a queue the config validation accepts unchanged, or a refusal naming the path`, () => {
        const source = readFixture(vendor, file);
        const { config } = translate(source, regions);
        const copy = structuredClone(config);
        assert.equal(validateQueueConfig(config), config);
        assert.deepEqual(config, copy, 'validation changes nothing');
      });
    }
  }
});

describe('FlexMatch translations', () => {
  test('example 1: team averages against the match average with expansion steps; equal team sizes', () => {
    const { config, notes } = importFlexMatch(readFixture('flexmatch', '01-aliens-vs-cowboys.json'));
    // FlexMatch's teams of 4 to 8: the same range, viable at 4 a side from the start.
    assert.deepEqual(config.teams, { count: 2, size: { min: 4, max: 8 }, minMatchPlayers: { start: 8 } });
    assert.deepEqual(config.attributes, { skill: { type: 'number', default: 10 } });
    const fair = rule(config.rules, 'FairTeamSkill');
    assert.deepEqual(
      { ...fair, description: undefined },
      {
        name: 'FairTeamSkill',
        description: undefined,
        partyAggregate: 'avg',
        kind: 'distance',
        attribute: 'skill',
        scope: 'team',
        aggregate: 'avg',
        reference: 'match',
        maxDistance: {
          start: 10,
          steps: [
            { afterMs: 5000, value: 50 },
            { afterMs: 15000, value: 100 },
          ],
        },
      },
    );
    const equal = rule(config.rules, 'EqualTeamSizes');
    assert.equal(equal.kind, 'comparison');
    assert.deepEqual(
      [equal.kind === 'comparison' && equal.scope, equal.kind === 'comparison' && equal.aggregate],
      ['team', 'count'],
    );
    assert.ok(notes.some((note) => /teams of 4\.\.8 players/.test(note)));
  });

  test("example 7: one team of 175 to 200 stays one team, its minPlayers expansions relax the match's size", () => {
    const { config } = importFlexMatch(readFixture('flexmatch', '07-free-for-all.json'), regions);
    assert.deepEqual(config.teams, {
      count: 1,
      size: { min: 100, max: 200 },
      minMatchPlayers: {
        start: 175,
        steps: [
          { afterMs: 10_000, value: 150 },
          { afterMs: 15_000, value: 100 },
        ],
      },
    });
  });

  test('example 3: the medic limit is a composition, latency relaxes in steps and sets the regions', () => {
    const { config } = importFlexMatch(readFixture('flexmatch', '03-three-team-game.json'), regions);
    assert.deepEqual(rule(config.rules, 'OverallMedicLimit'), {
      name: 'OverallMedicLimit',
      description: "Don't allow more than 5 medics in the game",
      partyAggregate: 'union',
      kind: 'composition',
      attribute: 'character',
      value: 'medic',
      scope: 'match',
      max: 5,
    });
    const latency = rule(config.rules, 'FastConnection');
    const expected = {
      start: 50,
      steps: [
        { afterMs: 10000, value: 100 },
        { afterMs: 20000, value: 150 },
      ],
    };
    assert.deepEqual(latency.kind === 'latency' && latency.maxLatencyMs, expected);
    assert.deepEqual(config.regions, { names: ['eu', 'us'], maxPingMs: expected });
    assert.deepEqual(rule(config.rules, 'CloseTeamSizes'), {
      name: 'CloseTeamSizes',
      description:
        'Only launch a game when the team sizes are within 1 of each other.  e.g. 3 v 3 v 4 is okay, but not 3 v 5 v 5',
      kind: 'distance',
      scope: 'team',
      aggregate: 'count',
      reference: 'spread',
      maxDistance: 1,
    });
  });

  test('example 10: the compound rule holds the rules it names, which no longer stand alone', () => {
    const { config } = importFlexMatch(readFixture('flexmatch', '10-compound.json'));
    assert.deepEqual(
      config.rules?.map((item) => item.name),
      ['CompoundRuleMatchmaker'],
    );
    const compound = rule(config.rules, 'CompoundRuleMatchmaker');
    assert.ok(compound.kind === 'compound' && 'or' in compound.statement);
    const text = JSON.stringify(compound);
    assert.match(
      text,
      /"name":"SimilarSkillDistance","partyAggregate":"avg","kind":"distance","attribute":"skill","scope":"player","reference":"spread","maxDistance":\{"start":10/,
    );
  });

  test('example 11 and example 5: reference sets (player ids, the intersection of preferred opponents)', () => {
    const block = importFlexMatch(readFixture('flexmatch', '11-block-list.json')).config;
    assert.deepEqual(rule(block.rules, 'PlayerIdNotInBlockList'), {
      name: 'PlayerIdNotInBlockList',
      partyAggregate: 'union',
      kind: 'set-intersection',
      attribute: 'BlockList',
      against: { playerIds: true },
      maxCount: 0,
    });
    const characters = importFlexMatch(readFixture('flexmatch', '05-preferred-characters.json')).config;
    const opponent = rule(characters.rules, 'OpponentMatch');
    assert.deepEqual(opponent.kind === 'set-intersection' && opponent.against, {
      attribute: 'preferredOpponents',
      combine: 'intersection',
    });
    assert.deepEqual(characters.teams, { count: 5, size: 1 });
  });

  test('expansionAgeSelection oldest reaches every rule; sort rules are left out with a note', () => {
    const source = {
      ruleLanguageVersion: '1.0',
      algorithm: { strategy: 'exhaustiveSearch', expansionAgeSelection: 'oldest' },
      playerAttributes: [{ name: 'skill', type: 'number' }],
      teams: [{ name: 'a', minPlayers: 2, maxPlayers: 2, quantity: 2 }],
      rules: [
        { name: 'Sort', type: 'distanceSort', sortDirection: 'ascending', sortAttribute: 'skill' },
        { name: 'Close', type: 'batchDistance', batchAttribute: 'skill', maxDistance: '500' },
      ],
    };
    const { config, notes } = importFlexMatch(source);
    assert.deepEqual(config.rules, [
      {
        name: 'Close',
        expansionAge: 'oldest',
        partyAggregate: 'avg',
        kind: 'batch-distance',
        attribute: 'skill',
        maxDistance: 500,
      },
    ]);
    assert.ok(notes.some((note) => note.startsWith('rules[0]: Sort (distanceSort) only sorts candidates')));
  });

  test('example 2: named teams of 5 (floor relaxed to 4, then 3) and 1; rules on one team each, and one team against the other', () => {
    const { config } = importFlexMatch(readFixture('flexmatch', '02-players-vs-monster.json'));
    assert.deepEqual(config.teams, [
      {
        name: 'players',
        minPlayers: {
          start: 5,
          steps: [
            { afterMs: 30_000, value: 4 },
            { afterMs: 60_000, value: 3 },
          ],
        },
        maxPlayers: 5,
      },
      { name: 'monster', minPlayers: 1, maxPlayers: 1 },
    ]);
    const strip = (item: Rule) => ({ ...item, description: undefined });
    assert.deepEqual(strip(rule(config.rules, 'MonsterSelection')), {
      name: 'MonsterSelection',
      description: undefined,
      partyAggregate: 'avg',
      kind: 'comparison',
      attribute: 'wantsToBeMonster',
      scope: 'player',
      operator: '=',
      value: 1,
      team: 'monster',
    });
    assert.equal(rule(config.rules, 'PlayerSelection').team, 'players');
    assert.deepEqual(strip(rule(config.rules, 'MonsterSkill')), {
      name: 'MonsterSkill',
      description: undefined,
      partyAggregate: 'avg',
      kind: 'comparison',
      attribute: 'skill',
      scope: 'team',
      aggregate: 'avg',
      operator: '>=',
      against: { team: 'players', aggregate: 'max', attribute: 'desiredSkillOfMonster' },
      team: 'monster',
    });
  });

  test('example 8: a team of 5 and ten copies of a team of 12..15, every copy relaxed by the one expansion', () => {
    const { config } = importFlexMatch(readFixture('flexmatch', '08-monster-hunters.json'), regions);
    assert.ok(Array.isArray(config.teams));
    const teams = config.teams as readonly { name: string; minPlayers: unknown; maxPlayers: number }[];
    assert.deepEqual(teams[0], { name: 'Monsters', minPlayers: 5, maxPlayers: 5 });
    assert.equal(teams.length, 11);
    for (let k = 1; k <= 10; k++)
      assert.deepEqual(teams[k], {
        name: `Hunters_${k}`,
        minPlayers: {
          start: 12,
          steps: [
            { afterMs: 15_000, value: 10 },
            { afterMs: 20_000, value: 8 },
          ],
        },
        maxPlayers: 15,
      });
  });

  test('rules on one team: refused when the team is one of several copies (quantity)', () => {
    const source = {
      ruleLanguageVersion: '1.0',
      playerAttributes: [{ name: 'skill', type: 'number' }],
      teams: [
        { name: 'boss', minPlayers: 1, maxPlayers: 1 },
        { name: 'minions', minPlayers: 3, maxPlayers: 3, quantity: 2 },
      ],
      rules: [
        {
          name: 'M',
          type: 'comparison',
          measurements: ['avg(teams[minions].players.attributes[skill])'],
          referenceValue: 10,
          operation: '<=',
        },
      ],
    };
    assert.equal(
      refusedPath(() => importFlexMatch(source, {})),
      'rules[0].measurements',
    );
  });

  test('what cannot be translated names its path in the rule set', () => {
    const base = {
      ruleLanguageVersion: '1.0',
      playerAttributes: [
        { name: 'skill', type: 'number' },
        { name: 'role', type: 'string' },
      ],
      teams: [
        { name: 'red', minPlayers: 2, maxPlayers: 2 },
        { name: 'blue', minPlayers: 2, maxPlayers: 2 },
      ],
    };
    const cases: [unknown, string][] = [
      [{ ...base, ruleLanguageVersion: '2.0' }, 'ruleLanguageVersion'],
      [
        {
          ...base,
          rules: [
            { name: 'A', type: 'latency', maxLatency: 100 },
            { name: 'B', type: 'latency', maxLatency: 100 },
            { name: 'C', type: 'latency', maxLatency: 100 },
            {
              name: 'D',
              type: 'distance',
              measurements: ['stddev(flatten(teams[*].players.attributes[skill]))'],
              referenceValue: 1,
              maxDistance: 1,
            },
          ],
        },
        'rules[3].measurements',
      ],
      [
        {
          ...base,
          rules: [
            {
              name: 'D',
              type: 'distance',
              measurements: ['avg(teams[*].players.attributes[level])'],
              referenceValue: 'avg(flatten(teams[*].players.attributes[level]))',
              maxDistance: 1,
            },
          ],
        },
        'rules[0].measurements',
      ],
      [
        {
          ...base,
          rules: [
            {
              name: 'T',
              type: 'comparison',
              measurements: ['teams[green].players.attributes[skill]'],
              referenceValue: 1,
              operation: '=',
            },
          ],
        },
        'rules[0].measurements',
      ],
      [{ ...base, rules: [{ name: 'X', type: 'magic' }] }, 'rules[0].type'],
      [
        {
          ...base,
          rules: [
            { name: 'C', type: 'compound', statement: 'and(A, B)' },
            { name: 'A', type: 'batchDistance', batchAttribute: 'role' },
          ],
        },
        'rules[0].statement',
      ],
      [
        {
          ...base,
          rules: [{ name: 'S', type: 'batchDistance', batchAttribute: 'skill', maxDistance: 10 }],
          expansions: [
            {
              target: 'rules[S].maxDistance',
              steps: [
                { waitTimeSeconds: 5, value: 20 },
                { waitTimeSeconds: 10, value: 15 },
              ],
            },
          ],
        },
        'expansions[0].steps[1].value',
      ],
      [
        {
          ...base,
          rules: [{ name: 'S', type: 'batchDistance', batchAttribute: 'skill', maxDistance: 10 }],
          expansions: [{ target: 'rules[Q].maxDistance', steps: [] }],
        },
        'expansions[0].target',
      ],
      [{ ...base, rules: [{ name: 'L', type: 'latency', maxLatency: 100 }] }, 'rules[0]'],
      [{ ...base, teams: [{ name: 'red', minPlayers: 2, maxPlayers: 2, quantity: 101 }] }, 'teams'],
      [
        {
          ...base,
          rules: [
            {
              name: 'S',
              type: 'batchDistance',
              batchAttribute: 'skill',
              maxDistance: 10,
              partyAggregation: 'median',
            },
          ],
        },
        'rules[0].partyAggregation',
      ],
    ];
    for (const [source, path] of cases) {
      assert.equal(
        refusedPath(() => importFlexMatch(source, {})),
        path,
        JSON.stringify(source).slice(0, 200),
      );
    }
  });
});

describe('PlayFab translations', () => {
  test('linear expansion: +Delta after each interval up to the limit; optional after; default values', () => {
    const { config } = importPlayFab(readFixture('playfab', 'skill-based-free-for-all-queue.json'));
    assert.deepEqual(config.attributes, { Skill: { type: 'number', default: 0.5 } });
    assert.deepEqual(config.rules, [
      {
        name: 'SkillRule',
        weight: 1,
        optionalAfterMs: 30000,
        kind: 'batch-distance',
        attribute: 'Skill',
        partyAggregate: 'avg',
        maxDistance: {
          start: 0.2,
          steps: [
            { afterMs: 5000, value: 0.3 },
            { afterMs: 10000, value: 0.4 },
            { afterMs: 15000, value: 0.5 },
          ],
        },
      },
    ]);
  });

  test('custom expansion: the k-th override in the k-th interval; MatchAny leaves players without a value out', () => {
    const custom = importPlayFab(
      readFixture('playfab', 'skill-based-free-for-all-custom-expansion-queue.json'),
    ).config;
    const skill = rule(custom.rules, 'SkillRule');
    assert.deepEqual(skill.kind === 'batch-distance' && skill.maxDistance, {
      start: 0.025,
      steps: [
        { afterMs: 5000, value: 0.05 },
        { afterMs: 10000, value: 0.1 },
        { afterMs: 15000, value: 0.2 },
        { afterMs: 20000, value: 0.3 },
        { afterMs: 25000, value: 0.5 },
      ],
    });
    const build = importPlayFab(readFixture('playfab', 'my-first-queue.json')).config;
    assert.deepEqual(build.rules, [
      {
        name: 'BuildVersionRule',
        weight: 1,
        kind: 'string-equality',
        attribute: 'Build',
        whenMissing: 'ignore',
      },
    ]);
  });

  test('the large-teams queue: two hard rules at once, each optional after its own wait', () => {
    const { config } = importPlayFab(readFixture('playfab', 'large-teams-queue.json'), regions);
    assert.deepEqual(config.teams, { count: 2, size: 12 });
    assert.deepEqual(rule(config.rules, 'PreventLargePremadeVersusRandomsRule'), {
      name: 'PreventLargePremadeVersusRandomsRule',
      optionalAfterMs: 20000,
      kind: 'party-similarity',
      largePartySize: 6,
    });
    const skill = rule(config.rules, 'TeamSkillRule');
    assert.equal(skill.kind, 'distance');
    assert.equal(skill.optionalAfterMs, 30000);
    assert.deepEqual(rule(config.rules, 'RegionSelectionRule'), {
      name: 'RegionSelectionRule',
      weight: 1,
      kind: 'latency',
      maxLatencyMs: 200,
    });
  });

  test('roles are match totals; a player without the attribute adds nothing', () => {
    const { config } = importPlayFab(readFixture('playfab', 'role-based-queue.json'));
    assert.deepEqual(rule(config.rules, 'DPSRule'), {
      name: 'DPSRule',
      weight: 1,
      kind: 'composition',
      attribute: 'DPSSelected',
      whenMissing: 'ignore',
      scope: 'match',
      min: 2,
      max: 2,
    });
  });

  test('what cannot be translated names its path in the queue', () => {
    const queue = { Name: 'q', MinMatchSize: 4, MaxMatchSize: 4 };
    const skill = { Path: 'skill', Source: 'User' };
    const cases: [unknown, string][] = [
      [{ MatchmakingQueue: { ...queue, Rules: [{ Type: 'FancyRule', Name: 'x' }] } }, 'Rules[0].Type'],
      [
        { ...queue, Rules: [{ Type: 'TeamDifferenceRule', Name: 'x', Attribute: skill, Difference: 1 }] },
        'Rules[0].Type',
      ],
      [
        {
          ...queue,
          Rules: [
            {
              Type: 'DifferenceRule',
              Name: 'x',
              Attribute: skill,
              Difference: 1,
              Expansion: { Type: 'Custom', DifferenceOverrides: [1, 2, 1.5], SecondsBetweenExpansions: 5 },
            },
          ],
        },
        'Rules[0].Expansion.DifferenceOverrides[2]',
      ],
      [
        {
          ...queue,
          Rules: [
            {
              Type: 'DifferenceRule',
              Name: 'x',
              Attribute: skill,
              Difference: 1,
              Expansion: { Type: 'Custom', DifferenceOverrides: [1, null], SecondsBetweenExpansions: 5 },
            },
          ],
        },
        'Rules[0].Expansion.DifferenceOverrides[1]',
      ],
      [
        {
          ...queue,
          Rules: [
            {
              Type: 'MatchTotalRule',
              Name: 'x',
              Attribute: skill,
              Min: 1,
              Expansion: { Type: 'Linear', Delta: 1, Limit: 0, SecondsBetweenExpansions: 5 },
            },
          ],
        },
        'Rules[0].Expansion',
      ],
      [
        { ...queue, Rules: [{ Type: 'RegionSelectionRule', Name: 'r', MaxLatency: 100, Path: 'Latency' }] },
        'Rules[0]',
      ],
      [
        {
          ...queue,
          Rules: [
            {
              Type: 'DifferenceRule',
              Name: 'x',
              Attribute: skill,
              Difference: 1,
              AttributeNotSpecifiedBehavior: 'MatchAny',
            },
            { Type: 'DifferenceRule', Name: 'y', Attribute: skill, Difference: 2, DefaultAttributeValue: 3 },
          ],
        },
        'Rules[1].AttributeNotSpecifiedBehavior',
      ],
      [
        {
          ...queue,
          Teams: [
            { Name: 'a', MinTeamSize: 2, MaxTeamSize: 2 },
            { Name: 'b', MinTeamSize: 1, MaxTeamSize: 1 },
          ],
        },
        'Teams[1]',
      ],
      [{ ...queue, Colour: 'red' }, 'Colour'],
    ];
    for (const [source, path] of cases) {
      assert.equal(
        refusedPath(() => importPlayFab(source, {})),
        path,
        JSON.stringify(source).slice(0, 200),
      );
    }
  });
});
