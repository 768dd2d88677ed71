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
