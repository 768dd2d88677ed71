import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isMatchdError } from '../errors.ts';
import { twoVersusTwo } from '../queue/test-support/configs.ts';
import { validateQueueConfig } from '../queue/validate-config.ts';
import { validatePlayerAttributes } from './attributes.ts';

const base = {
  ...twoVersusTwo('continuous'),
  attributes: {
    skill: { type: 'number', default: 10 },
    mode: { type: 'string' },
    character: { type: 'string_list', default: ['peasant'] },
    maps: { type: 'string_number_map' },
  },
};

function refusal(config: unknown): { path: unknown; message: string } {
  try {
    validateQueueConfig(config);
  } catch (error) {
    assert.ok(isMatchdError(error, 'MM_ERR_INVALID_QUEUE_CONFIG'), String(error));
    return { path: error.details['path'], message: error.message };
  }
  assert.fail('expected a refusal');
}

test('a queue with attributes and rules of every kind is accepted unchanged', () => {
  const config = {
    ...base,
    regions: { names: ['eu', 'us'], maxPingMs: { start: 150 } },
    rules: [
      {
        name: 'A',
        kind: 'comparison',
        attribute: 'skill',
        scope: 'player',
        operator: '>=',
        value: { start: 5, steps: [{ afterMs: 1000, value: 1 }] },
      },
      {
        name: 'B',
        kind: 'distance',
        attribute: 'skill',
        scope: 'team',
        aggregate: 'avg',
        reference: 'match',
        maxDistance: 10,
      },
      {
        name: 'C',
        kind: 'string-equality',
        attribute: 'mode',
        whenMissing: 'ignore',
        optionalAfterMs: 30_000,
      },
      { name: 'D', kind: 'set-intersection', attribute: 'character', minCount: 1, partyAggregate: 'union' },
      {
        name: 'E',
        kind: 'composition',
        attribute: 'character',
        value: 'medic',
        scope: 'team',
        max: 1,
        hard: false,
        weight: 2,
      },
      { name: 'F', kind: 'latency', maxLatencyMs: { start: 50, linear: { perSecond: 5, limit: 150 } } },
      { name: 'G', kind: 'batch-distance', attribute: 'skill', maxDistance: 3, expansionAge: 'oldest' },
      { name: 'H', kind: 'party-similarity', largePartySize: 2 },
      {
        name: 'I',
        kind: 'compound',
        statement: {
          or: [
            { rule: { name: 'I1', kind: 'string-equality', attribute: 'mode' } },
            { not: { rule: { name: 'I2', kind: 'batch-distance', attribute: 'mode' } } },
          ],
        },
      },
    ],
  };
  assert.equal(validateQueueConfig(config), config);
});

test('a latency rule needs the queue to have regions', () => {
  const config = { ...base, rules: [{ name: 'Fast', kind: 'latency', maxLatencyMs: 50 }] };
  assert.deepEqual(refusal(config).path, 'rules[0]');
});

test('errors name the path of the field in attributes and rules', () => {
  const rule = (extra: Record<string, unknown>) => ({ ...base, rules: [{ name: 'R', ...extra }] });
  const cases: [unknown, string, RegExp][] = [
    [{ ...base, attributes: { skill: { type: 'float' } } }, 'attributes.skill.type', /must be one of number/],
    [
      { ...base, attributes: { skill: { type: 'number', default: 'ten' } } },
      'attributes.skill.default',
      /finite number/,
    ],
    [{ ...base, rules: {} }, 'rules', /array/],
    [rule({ kind: 'distanse' }), 'rules[0].kind', /must be one of/],
    [
      rule({ kind: 'distance', attribute: 'skill', scope: 'team' }),
      'rules[0]',
      /needs maxDistance or minDistance/,
    ],
    [
      rule({ kind: 'distance', attribute: 'level', scope: 'player', maxDistance: 1 }),
      'rules[0].attribute',
      /level is not declared/,
    ],
    [
      rule({ kind: 'distance', attribute: 'mode', scope: 'player', maxDistance: 1 }),
      'rules[0].attribute',
      /mode is a string; this rule reads number/,
    ],
    [
      rule({
        kind: 'distance',
        attribute: 'skill',
        scope: 'player',
        maxDistance: { start: 1, steps: [{ afterMs: 5, value: -1 }] },
      }),
      'rules[0].maxDistance.steps[0].value',
      />= 0/,
    ],
    [
      rule({ kind: 'comparison', attribute: 'skill', scope: 'player', operator: '<' }),
      'rules[0].value',
      /required with </,
    ],
    [
      rule({ kind: 'comparison', attribute: 'mode', scope: 'team', operator: '=' }),
      'rules[0].scope',
      /per player/,
    ],
    [
      rule({ kind: 'string-equality', attribute: 'mode', maxDistance: 2 }),
      'rules[0].maxDistance',
      /unknown field/,
    ],
    [rule({ kind: 'batch-distance', attribute: 'skill' }), 'rules[0].maxDistance', /required for a number/],
    [rule({ kind: 'latency', maxLatencyMs: -5 }), 'rules[0].maxLatencyMs', />= 0/],
    [
      rule({ kind: 'set-intersection', attribute: 'character', minCount: 1, partyAggregate: 'avg' }),
      'rules[0].partyAggregate',
      /union, intersection/,
    ],
    [rule({ kind: 'party-similarity', largePartySize: 1.5 }), 'rules[0].largePartySize', /integer/],
    [
      rule({
        kind: 'compound',
        statement: { and: [{ rule: { name: 'X', kind: 'latency', maxLatencyMs: 1 } }] },
      }),
      'rules[0].statement.and',
      /at least 2/,
    ],
    [
      rule({
        kind: 'compound',
        statement: {
          and: [
            { rule: { name: 'R', kind: 'latency', maxLatencyMs: 1 } },
            { rule: { name: 'Y', kind: 'latency', maxLatencyMs: 1 } },
          ],
        },
      }),
      'rules[0].statement.and[0].rule.name',
      /R names another rule already/,
    ],
    [rule({ kind: 'latency', maxLatencyMs: 1, hard: 'yes' }), 'rules[0].hard', /true or false/],
  ];
  for (const [config, path, problem] of cases) {
    const refused = refusal(config);
    assert.equal(refused.path, path, refused.message);
    assert.match(refused.message, problem);
  }
});

test('ticket attributes: declared names only, each of its declared type', () => {
  const declarations = base.attributes as Parameters<typeof validatePlayerAttributes>[2];
  assert.deepEqual(
    validatePlayerAttributes({ skill: 3, maps: { dust: 100 } }, 'players[0].attributes', declarations),
    {
      skill: 3,
      maps: { dust: 100 },
    },
  );
  const cases: [unknown, string, RegExp][] = [
    [{ skill: 'high' }, 'players[0].attributes.skill', /finite number/],
    [{ skill: Number.NaN }, 'players[0].attributes.skill', /finite number/],
    [{ character: ['medic', 3] }, 'players[0].attributes.character', /list of strings/],
    [{ maps: { dust: '1' } }, 'players[0].attributes.maps', /object of finite numbers/],
    [{ skil: 3 }, 'players[0].attributes.skil', /unknown field/],
    [[], 'players[0].attributes', /object/],
    [{ skill: 1e300 }, 'players[0].attributes.skill', /within 1000000000000 in magnitude/],
    [{ maps: { dust: -1e13 } }, 'players[0].attributes.maps', /within 1000000000000 in magnitude/],
  ];
  for (const [value, path, problem] of cases) {
    try {
      validatePlayerAttributes(value, 'players[0].attributes', declarations);
      assert.fail(`expected ${path} to be refused`);
    } catch (error) {
      assert.ok(isMatchdError(error, 'MM_ERR_INVALID_TICKET'), String(error));
      assert.equal(error.details['path'], path);
      assert.match(error.message, problem);
    }
  }
});
