import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isMatchdError } from '../errors.ts';
import { oneVersusOne, twoVersusTwo } from './test-support/configs.ts';
import { queueUsesEngagement, validateQueueConfig } from './validate-config.ts';

function refusal(config: unknown): { path: unknown; message: string } {
  try {
    validateQueueConfig(config);
  } catch (error) {
    assert.ok(isMatchdError(error, 'MM_ERR_INVALID_QUEUE_CONFIG'), String(error));
    return { path: error.details['path'], message: error.message };
  }
  assert.fail('expected a refusal');
}

test('valid configs pass and come back unchanged', () => {
  const config = twoVersusTwo('rounds');
  assert.equal(validateQueueConfig(config), config);
  assert.doesNotThrow(() => validateQueueConfig(oneVersusOne()));
  assert.doesNotThrow(() => validateQueueConfig({ ...oneVersusOne(), backfill: { leavers: 'loss' } }));
});

test('errors name the path of the field and say what is wrong', () => {
  const base = twoVersusTwo('continuous');
  const cases: [unknown, string, RegExp][] = [
    [
      { ...base, criteria: [...base.criteria.slice(0, 2), { kind: 'premades', weight: -1 }] },
      'criteria[2].weight',
      /must be >= 0/,
    ],
    [{ ...base, teams: { count: 2, size: 201 } }, 'teams.size', /<= 200/],
    [{ ...base, teams: { count: 0, size: 5 } }, 'teams.count', />= 1/],
    [{ ...base, teams: { count: 2, size: 101 } }, 'teams', /at most 200 players/],
    [{ ...base, teams: { count: { min: 3, max: 2 }, size: 1 } }, 'teams.count.max', />= 3/],
    [{ ...base, teams: { count: 2, size: { min: 4 } } }, 'teams.size.max', /finite/],
    [{ ...base, teams: { count: 2, size: '4-8' } }, 'teams.size', /integer or \{ min, max \}/],
    [{ ...base, teams: { count: 2, size: 2.5 } }, 'teams.size', /integer/],
    [
      { ...base, teams: { count: 2, size: { min: 4, max: 8 }, minMatchPlayers: { start: 20 } } },
      'teams.minMatchPlayers.start',
      /<= 16/,
    ],
    [{ ...base, teams: { count: 2, size: 2, maxSizeDifference: -1 } }, 'teams.maxSizeDifference', />= 0/],
    [{ ...base, criteria: [{ kind: 'premades', weight: 1e308 }] }, 'criteria[0].weight', /<= 1000000/],
    [
      { ...base, criteria: [{ kind: 'team-balance', weight: 1, shaping: { cap: 1e300 } }] },
      'criteria[0].shaping.cap',
      /<= 1000000000000/,
    ],
    [
      {
        ...base,
        regions: { names: ['eu'], maxPingMs: { start: 80, linear: { perSecond: 1e9, limit: 200 } } },
      },
      'regions.regions.maxPingMs.linear.perSecond'.replace('regions.regions', 'regions'),
      /<= 60000/,
    ],
    [{ ...base, expireAfterMs: 1e300 }, 'expireAfterMs', /<= 2592000000/],
    [{ ...base, backfill: { leavers: 'forfeit' } }, 'backfill.leavers', /'unrated' or 'loss'/],
    [
      { ...base, mode: { kind: 'continuous', maxWaitMs: 1000, overdue: 'never' } },
      'mode.overdue',
      /accept, force/,
    ],
    [{ ...base, critera: [] }, 'critera', /unknown field/],
    [{ ...base, criteria: [{ kind: 'skil-spread', weight: 1 }] }, 'criteria[0].kind', /must be one of/],
    [
      { ...base, criteria: [{ kind: 'premades', weight: 1, wantedHosts: 2 }] },
      'criteria[0].wantedHosts',
      /unknown field/,
    ],
    [{ ...base, criteria: [{ kind: 'premades', weight: 0 }] }, 'criteria', /weight > 0/],
    [
      { ...base, criteria: [{ kind: 'enemy-ping', weight: 1, shaping: { floor: 80, cap: 50 } }] },
      'criteria[0].shaping.cap',
      /> floor/,
    ],
    [{ ...base, threshold: { start: 1.5 } }, 'threshold.start', /<= 1/],
    [
      {
        ...base,
        threshold: {
          start: 0.9,
          steps: [
            { afterMs: 10, value: 0.8 },
            { afterMs: 5, value: 0.7 },
          ],
        },
      },
      'threshold.steps[1].afterMs',
      /increase/,
    ],
    [{ ...base, mode: { kind: 'sometimes' } }, 'mode.kind', /continuous, rounds/],
    [{ ...base, mode: { kind: 'continuous', maxWaitMs: Number.NaN } }, 'mode.maxWaitMs', /finite/],
    [
      { ...base, mode: { kind: 'rounds', periodMs: 1000, maxWaitMs: 5000, minPlayers: 3 } },
      'mode.minPlayers',
      />= 4/,
    ],
    [{ ...base, objective: { kind: 'blend' } }, 'objective.engagementWeight', /finite/],
    [
      { ...base, objective: { kind: 'quality', maxFavouriteWinProbability: 0.4 } },
      'objective.maxFavouriteWinProbability',
      /> 0.5/,
    ],
    [{ ...base, teams: { count: 3, size: 2 }, objective: { kind: 'engagement' } }, 'teams.count', /2 teams/],
    [{ ...base, gates: { maxPartySize: 3 } }, 'gates.maxPartySize', /<= 2/],
    [{ ...base, gates: { lowPriority: 'maybe' } }, 'gates.lowPriority', /separate, reject/],
    [{ ...base, regions: { names: ['eu', 'eu'], maxPingMs: { start: 80 } } }, 'regions.names', /repeat/],
    [{ ...base, acceptance: { timeoutMs: 0 } }, 'acceptance.timeoutMs', /> 0/],
    [{ ...base, id: '' }, 'id', /non-empty/],
    [null, '', /object/],
  ];
  for (const [config, path, problem] of cases) {
    const refused = refusal(config);
    assert.equal(refused.path, path, refused.message);
    assert.match(refused.message, problem);
    if (path !== '') assert.ok(refused.message.startsWith(`${path}: `), refused.message);
  }
});

test('queueUsesEngagement: an engagement criterion or a non-quality objective, nothing else', () => {
  const base = {
    id: 'q',
    teams: { count: 2, size: 1 },
    rating: { track: 'q' },
    threshold: { start: 0 },
    mode: { kind: 'continuous', maxWaitMs: 1000 },
  } as const;
  assert.equal(queueUsesEngagement({ ...base, criteria: [{ kind: 'team-balance', weight: 1 }] }), false);
  assert.equal(
    queueUsesEngagement({
      ...base,
      criteria: [{ kind: 'team-balance', weight: 1 }],
      objective: { kind: 'quality' },
    }),
    false,
  );
  assert.equal(queueUsesEngagement({ ...base, criteria: [{ kind: 'engagement', weight: 1 }] }), true);
  assert.equal(
    queueUsesEngagement({
      ...base,
      criteria: [{ kind: 'team-balance', weight: 1 }],
      objective: { kind: 'blend', engagementWeight: 0.5 },
    }),
    true,
  );
});

test('named teams: each with its own range, the symmetric form unchanged beside it; bad ones refused by path', () => {
  const base = twoVersusTwo('continuous');
  const hunters = { name: 'hunters', minPlayers: 5, maxPlayers: 5 };
  const monster = { name: 'monster', minPlayers: 1, maxPlayers: 1 };
  const named = { ...base, teams: [hunters, monster] };
  assert.equal(validateQueueConfig(named), named);
  const relaxing = {
    ...base,
    teams: [{ ...hunters, minPlayers: { start: 5, steps: [{ afterMs: 30_000, value: 3 }] } }, monster],
  };
  assert.equal(validateQueueConfig(relaxing), relaxing);
  const attributes = { level: { type: 'number' } } as const;
  const onMonster = {
    ...named,
    attributes,
    rules: [
      {
        name: 'MonsterLevel',
        kind: 'comparison',
        team: 'monster',
        scope: 'team',
        attribute: 'level',
        operator: '>=',
        against: { team: 'hunters', aggregate: 'max', attribute: 'level' },
      },
    ],
  };
  assert.equal(validateQueueConfig(onMonster), onMonster);
  const rule = onMonster.rules[0] as Record<string, unknown>;
  const cases: [unknown, string, RegExp][] = [
    [{ ...base, teams: [] }, 'teams', /at least one team/],
    [{ ...base, teams: [hunters, { ...monster, name: 'hunters' }] }, 'teams[1].name', /names two teams/],
    [{ ...base, teams: [hunters, { ...monster, name: '' }] }, 'teams[1].name', /non-empty|not be empty/],
    [{ ...base, teams: [hunters, { ...monster, minPlayers: 2 }] }, 'teams[1].minPlayers', /<= 1/],
    [{ ...base, teams: [hunters, { ...monster, minPlayers: 0 }] }, 'teams[1].minPlayers', />= 1/],
    [{ ...base, teams: [hunters, { ...monster, maxPlayers: 201 }] }, 'teams[1].maxPlayers', /<= 200/],
    [
      { ...base, teams: [hunters, { name: 'monster', maxPlayers: 1 }] },
      'teams[1].minPlayers',
      /integer or a relaxation/,
    ],
    [{ ...base, teams: [hunters, { ...monster, size: 1 }] }, 'teams[1].size', /unknown field/],
    [
      {
        ...base,
        teams: [hunters, { ...monster, minPlayers: { start: 1, steps: [{ afterMs: 5, value: 0 }] } }],
      },
      'teams[1].minPlayers.steps[0].value',
      />= 1/,
    ],
    [
      {
        ...base,
        teams: Array.from({ length: 3 }, (_, i) => ({ name: `t${i}`, minPlayers: 1, maxPlayers: 100 })),
      },
      'teams',
      /at most 200 players/,
    ],
    [{ ...onMonster, rules: [{ ...rule, team: 'dragon' }] }, 'rules[0].team', /not one of the queue's teams/],
    [
      { ...onMonster, rules: [{ ...rule, against: { ...(rule['against'] as object), team: 'dragon' } }] },
      'rules[0].against.team',
      /not one of the queue's teams/,
    ],
    [{ ...onMonster, rules: [{ ...rule, value: 3 }] }, 'rules[0].against', /value or against, not both/],
    [{ ...onMonster, teams: base.teams }, 'rules[0].team', /teams are not named/],
  ];
  for (const [config, path, problem] of cases) {
    const refused = refusal(config);
    assert.equal(refused.path, path, refused.message);
    assert.match(refused.message, problem);
    assert.ok(refused.message.startsWith(`${path}: `), refused.message);
  }
});
