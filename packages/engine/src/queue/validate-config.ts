/**
 * Queue config validation: every field of a plain object (from JSON or YAML) is checked and the
 * first problem throws MM_ERR_INVALID_QUEUE_CONFIG naming its path (`criteria[2].weight: must be
 * >= 0`). Unknown fields are refused so that typos do not pass silently.
 */

import { createChurnTable } from '../engagement/churn-table.ts';
import { ErrorCodes, isMatchdError } from '../errors.ts';
import type { CriterionConfig, CriterionKind } from '../quality/types.ts';
import { validateAttributeDeclarations, validateRules } from '../rules/validate.ts';
import {
  array,
  boolean,
  type Checker,
  fail,
  number,
  object,
  oneOf,
  optionalNumber,
  string,
  stringArray,
} from './checks.ts';
import { innerRules } from './queue-rules.ts';
import { lowestFloor, matchShapeOf } from './shape.ts';
import type { QueueConfig, Relaxation } from './types.ts';

const checker: Checker = { code: ErrorCodes.INVALID_QUEUE_CONFIG };

/** Every criterion kind, and the options each accepts besides `kind`, `weight`, `shaping`. */
export const CRITERION_OPTIONS: Readonly<Record<CriterionKind, readonly string[]>> = {
  'team-balance': [],
  'skill-spread': ['partyAggregate'],
  'experience-spread': ['partyAggregate'],
  'top-player-parity': [],
  'party-balance': [],
  'common-language': ['withinTeamPenalty', 'acrossMatchPenalty'],
  'wait-time': ['aggregate'],
  'team-skill-gap': [],
  'player-skill-gap': [],
  premades: ['smallDifferencePlayers', 'smallDifferenceScore'],
  'enemy-ping': [],
  'opponent-variation': ['swappedRolePenalty'],
  hosts: ['wantedHosts'],
  'offense-defense': [],
  'variance-rating': [],
  engagement: [],
};

const CRITERION_KINDS = Object.keys(CRITERION_OPTIONS) as CriterionKind[];

/**
 * The documented ranges of a queue config's numbers (docs/queues.md, "Config reference"). Every
 * number is finite and within its range, so that no sum, product or mean of them overflows: a quality,
 * an explanation or a metric can never be NaN.
 */
export const CONFIG_LIMITS = {
  /** Teams per match (a single team to a 100-player free-for-all). */
  maxTeamCount: 100,
  /** Players per team. */
  maxTeamSize: 200,
  /** Players per match (FlexMatch's large matches). */
  maxMatchPlayers: 200,
  /** Any duration: waits, periods, timeouts, relaxation steps (30 days). */
  maxDurationMs: 30 * 24 * 3_600_000,
  /** A ping cap, ms. */
  maxPingMs: 60_000,
  /** A criterion's weight. */
  maxWeight: 1_000_000,
  /** Shaping floors and caps, skill ranges and scales, rating bands: magnitudes up to this. */
  maxMagnitude: 1e12,
  /** A shaping power. */
  maxPower: 100,
  /** Games played thresholds. */
  maxGames: 1_000_000_000,
  /** Criteria of one queue, relaxation steps of one value, regions of one queue. */
  maxItems: 64,
} as const;

/** Largest team size and team count a queue may have. */
export const MAX_TEAM_SIZE = CONFIG_LIMITS.maxTeamSize;
export const MAX_TEAM_COUNT = CONFIG_LIMITS.maxTeamCount;

const duration = (options: { exclusiveMin?: boolean } = {}) => ({
  min: 0,
  max: CONFIG_LIMITS.maxDurationMs,
  ...options,
});

/** A relaxation (`threshold`, `regions.maxPingMs`, a rule's limit) whose values stay within `bounds`. */
export function relaxation(
  value: unknown,
  path: string,
  bounds: { min: number; max: number; integer?: boolean },
  maxPerSecond: number,
): Relaxation {
  const r = object(checker, value, path, ['start', 'steps', 'linear']);
  number(checker, r['start'], `${path}.start`, bounds);
  if (r['steps'] !== undefined) {
    let previous = -1;
    array(checker, r['steps'], `${path}.steps`, { max: CONFIG_LIMITS.maxItems }).forEach((item, i) => {
      const step = object(checker, item, `${path}.steps[${i}]`, ['afterMs', 'value']);
      const afterMs = number(checker, step['afterMs'], `${path}.steps[${i}].afterMs`, duration());
      if (afterMs <= previous)
        fail(checker, `${path}.steps[${i}].afterMs`, 'must increase from step to step');
      previous = afterMs;
      number(checker, step['value'], `${path}.steps[${i}].value`, bounds);
    });
  }
  if (r['linear'] !== undefined) {
    const linear = object(checker, r['linear'], `${path}.linear`, ['startAfterMs', 'perSecond', 'limit']);
    optionalNumber(checker, linear['startAfterMs'], `${path}.linear.startAfterMs`, duration());
    number(checker, linear['perSecond'], `${path}.linear.perSecond`, { min: 0, max: maxPerSecond });
    number(checker, linear['limit'], `${path}.linear.limit`, bounds);
  }
  return value as Relaxation;
}

/** A count: an integer in [1, max], or `{ min, max }` with 1 <= min <= max <= max. */
function countRange(value: unknown, path: string, largest: number): { min: number; max: number } {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const range = object(checker, value, path, ['min', 'max']);
    const min = number(checker, range['min'], `${path}.min`, { min: 1, max: largest, integer: true });
    const max = number(checker, range['max'], `${path}.max`, { min, max: largest, integer: true });
    return { min, max };
  }
  if (typeof value !== 'number') fail(checker, path, 'must be an integer or { min, max }');
  const exact = number(checker, value, path, { min: 1, max: largest, integer: true });
  return { min: exact, max: exact };
}

/**
 * `teams` as named teams: 1 to 100 of them, each with a unique name and its own size range
 * (`minPlayers` a number or a relaxation over the wait), together at most 200 players.
 */
function namedTeams(value: readonly unknown[]): {
  count: { min: number; max: number };
  size: { min: number; max: number };
} {
  if (value.length === 0) fail(checker, 'teams', 'needs at least one team');
  if (value.length > CONFIG_LIMITS.maxTeamCount)
    fail(checker, 'teams', `at most ${CONFIG_LIMITS.maxTeamCount} teams`);
  const names = new Set<string>();
  let players = 0;
  let smallest = Number.POSITIVE_INFINITY;
  let largest = 0;
  value.forEach((item, i) => {
    const path = `teams[${i}]`;
    const team = object(checker, item, path, ['name', 'minPlayers', 'maxPlayers']);
    const name = string(checker, team['name'], `${path}.name`);
    if (name.length === 0) fail(checker, `${path}.name`, 'must not be empty');
    if (names.has(name)) fail(checker, `${path}.name`, `${name} names two teams`);
    names.add(name);
    const max = number(checker, team['maxPlayers'], `${path}.maxPlayers`, {
      min: 1,
      max: CONFIG_LIMITS.maxTeamSize,
      integer: true,
    });
    const floor = team['minPlayers'];
    const bounds = { min: 1, max };
    if (typeof floor === 'number') number(checker, floor, `${path}.minPlayers`, { ...bounds, integer: true });
    else if (typeof floor === 'object' && floor !== null)
      relaxation(floor, `${path}.minPlayers`, bounds, CONFIG_LIMITS.maxTeamSize);
    else fail(checker, `${path}.minPlayers`, 'must be an integer or a relaxation { start, steps, linear }');
    players += max;
    smallest = Math.min(smallest, lowestFloor(floor as number | Relaxation));
    largest = Math.max(largest, max);
  });
  if (players > CONFIG_LIMITS.maxMatchPlayers)
    fail(
      checker,
      'teams',
      `a match holds at most ${CONFIG_LIMITS.maxMatchPlayers} players (the teams hold ${players})`,
    );
  return { count: { min: value.length, max: value.length }, size: { min: smallest, max: largest } };
}

/** `teams`: count and size (numbers or ranges), size difference, match size relaxation. */
function teamsShape(
  value: unknown,
  maxWaitMs: number,
): { count: { min: number; max: number }; size: { min: number; max: number } } {
  if (Array.isArray(value)) return namedTeams(value);
  const teams = object(checker, value, 'teams', ['count', 'size', 'maxSizeDifference', 'minMatchPlayers']);
  const count = countRange(teams['count'], 'teams.count', CONFIG_LIMITS.maxTeamCount);
  const size = countRange(teams['size'], 'teams.size', CONFIG_LIMITS.maxTeamSize);
  if (count.max * size.max > CONFIG_LIMITS.maxMatchPlayers) {
    fail(
      checker,
      'teams',
      `a match holds at most ${CONFIG_LIMITS.maxMatchPlayers} players (count ${count.max} x size ${size.max} = ${count.max * size.max})`,
    );
  }
  optionalNumber(checker, teams['maxSizeDifference'], 'teams.maxSizeDifference', {
    min: 0,
    max: CONFIG_LIMITS.maxTeamSize,
    integer: true,
  });
  if (teams['minMatchPlayers'] !== undefined) {
    const shape = matchShapeOf({
      teams: { count, size },
      mode: { kind: 'continuous', maxWaitMs },
    } as QueueConfig);
    relaxation(
      teams['minMatchPlayers'],
      'teams.minMatchPlayers',
      { min: shape.minPlayers, max: shape.maxPlayers },
      CONFIG_LIMITS.maxMatchPlayers,
    );
  }
  return { count, size };
}

function criterion(value: unknown, path: string): CriterionConfig {
  const kindHolder = object(checker, value, path, [
    'kind',
    'weight',
    'shaping',
    ...new Set(Object.values(CRITERION_OPTIONS).flat()),
  ]);
  const kind = oneOf(checker, kindHolder['kind'], `${path}.kind`, CRITERION_KINDS);
  const c = object(checker, value, path, ['kind', 'weight', 'shaping', ...CRITERION_OPTIONS[kind]]);
  number(checker, c['weight'], `${path}.weight`, { min: 0, max: CONFIG_LIMITS.maxWeight });
  if (c['shaping'] !== undefined) {
    const shaping = object(checker, c['shaping'], `${path}.shaping`, ['floor', 'cap', 'power']);
    const magnitude = { min: -CONFIG_LIMITS.maxMagnitude, max: CONFIG_LIMITS.maxMagnitude };
    const floor = optionalNumber(checker, shaping['floor'], `${path}.shaping.floor`, magnitude);
    const cap = optionalNumber(checker, shaping['cap'], `${path}.shaping.cap`, magnitude);
    optionalNumber(checker, shaping['power'], `${path}.shaping.power`, {
      min: 0,
      exclusiveMin: true,
      max: CONFIG_LIMITS.maxPower,
    });
    if (floor !== undefined && cap !== undefined && cap <= floor)
      fail(checker, `${path}.shaping.cap`, 'must be > floor');
  }
  if (c['partyAggregate'] !== undefined) boolean(checker, c['partyAggregate'], `${path}.partyAggregate`);
  for (const key of [
    'withinTeamPenalty',
    'acrossMatchPenalty',
    'smallDifferenceScore',
    'swappedRolePenalty',
  ]) {
    optionalNumber(checker, c[key], `${path}.${key}`, { min: 0, max: 1 });
  }
  if (c['aggregate'] !== undefined) oneOf(checker, c['aggregate'], `${path}.aggregate`, ['max', 'mean']);
  optionalNumber(checker, c['smallDifferencePlayers'], `${path}.smallDifferencePlayers`, {
    min: 0,
    max: CONFIG_LIMITS.maxMatchPlayers,
    integer: true,
  });
  optionalNumber(checker, c['wantedHosts'], `${path}.wantedHosts`, {
    min: 0,
    max: CONFIG_LIMITS.maxMatchPlayers,
    integer: true,
  });
  return value as CriterionConfig;
}

/**
 * Validates a queue config and returns it typed. Throws MM_ERR_INVALID_QUEUE_CONFIG with
 * `details.path` at the first problem.
 */
export function validateQueueConfig(value: unknown): QueueConfig {
  const c = object(checker, value, '', [
    'id',
    'name',
    'teams',
    'rating',
    'criteria',
    'threshold',
    'mode',
    'objective',
    'engagement',
    'gates',
    'regions',
    'acceptance',
    'roundAggregate',
    'expireAfterMs',
    'eta',
    'attributes',
    'rules',
    'backfill',
    'handoff',
  ]);
  string(checker, c['id'], 'id');
  if (c['name'] !== undefined) string(checker, c['name'], 'name');

  // The team shape reads the maximum wait (the default match size relaxation ends there).
  const modeHolder = c['mode'];
  const maxWaitMs =
    typeof modeHolder === 'object' && modeHolder !== null
      ? (modeHolder as Record<string, unknown>)['maxWaitMs']
      : undefined;
  const teams = teamsShape(
    c['teams'],
    typeof maxWaitMs === 'number' && maxWaitMs > 0 && Number.isFinite(maxWaitMs) ? maxWaitMs : 1,
  );
  const teamSize = teams.size.max;

  const rating = object(checker, c['rating'], 'rating', [
    'track',
    'skillRange',
    'skillScale',
    'calibrationGames',
    'policy',
    'partyAdjustment',
  ]);
  string(checker, rating['track'], 'rating.track');
  if (rating['partyAdjustment'] !== undefined) modelName(rating['partyAdjustment'], 'rating.partyAdjustment');
  const policy = rating['policy'];
  if (
    policy !== undefined &&
    !(typeof policy === 'string' && policy.length > 0) &&
    !(typeof policy === 'object' && policy !== null && !Array.isArray(policy))
  ) {
    fail(checker, 'rating.policy', 'must be a policy name or a policy declaration (the service checks it)');
  }
  if (rating['skillRange'] !== undefined) {
    const range = object(checker, rating['skillRange'], 'rating.skillRange', ['min', 'max']);
    const min = number(checker, range['min'], 'rating.skillRange.min', {
      min: -CONFIG_LIMITS.maxMagnitude,
      max: CONFIG_LIMITS.maxMagnitude,
    });
    number(checker, range['max'], 'rating.skillRange.max', {
      min,
      exclusiveMin: true,
      max: CONFIG_LIMITS.maxMagnitude,
    });
  }
  optionalNumber(checker, rating['skillScale'], 'rating.skillScale', {
    min: 0,
    exclusiveMin: true,
    max: CONFIG_LIMITS.maxMagnitude,
  });
  optionalNumber(checker, rating['calibrationGames'], 'rating.calibrationGames', {
    min: 0,
    max: CONFIG_LIMITS.maxGames,
    integer: true,
  });

  const criteria = array(checker, c['criteria'], 'criteria', { min: 1, max: CONFIG_LIMITS.maxItems }).map(
    (item, i) => criterion(item, `criteria[${i}]`),
  );
  if (!criteria.some((item) => item.weight > 0))
    fail(checker, 'criteria', 'at least one criterion needs a weight > 0');
  relaxation(c['threshold'], 'threshold', { min: 0, max: 1 }, 1);

  const mode = object(checker, c['mode'], 'mode', [
    'kind',
    'maxWaitMs',
    'candidateWindow',
    'periodMs',
    'minPlayers',
    'searchBudgetMs',
    'searchMethod',
    'selection',
    'maxEvaluationsPerTick',
    'overdue',
  ]);
  const kind = oneOf(checker, mode['kind'], 'mode.kind', ['continuous', 'rounds']);
  if (mode['overdue'] !== undefined) oneOf(checker, mode['overdue'], 'mode.overdue', ['accept', 'force']);
  if (kind === 'continuous') {
    object(checker, mode, 'mode', [
      'kind',
      'maxWaitMs',
      'candidateWindow',
      'selection',
      'maxEvaluationsPerTick',
      'overdue',
    ]);
    optionalNumber(checker, mode['maxEvaluationsPerTick'], 'mode.maxEvaluationsPerTick', {
      min: 1,
      max: 10_000_000,
      integer: true,
    });
    if (mode['selection'] !== undefined)
      oneOf(checker, mode['selection'], 'mode.selection', ['greedy', 'exact']);
    number(checker, mode['maxWaitMs'], 'mode.maxWaitMs', duration({ exclusiveMin: true }));
    optionalNumber(checker, mode['candidateWindow'], 'mode.candidateWindow', {
      min: 1,
      max: 256,
      integer: true,
    });
  } else {
    object(checker, mode, 'mode', [
      'kind',
      'periodMs',
      'minPlayers',
      'maxWaitMs',
      'searchBudgetMs',
      'searchMethod',
      'overdue',
    ]);
    if (mode['searchMethod'] !== undefined) {
      oneOf(checker, mode['searchMethod'], 'mode.searchMethod', ['restarts', 'annealing']);
    }
    number(checker, mode['periodMs'], 'mode.periodMs', duration({ exclusiveMin: true }));
    number(checker, mode['maxWaitMs'], 'mode.maxWaitMs', duration({ exclusiveMin: true }));
    optionalNumber(checker, mode['minPlayers'], 'mode.minPlayers', {
      min: teams.count.min * teams.size.min,
      max: 10_000_000,
      integer: true,
    });
    optionalNumber(checker, mode['searchBudgetMs'], 'mode.searchBudgetMs', duration({ exclusiveMin: true }));
  }

  let usesEngagement = criteria.some((item) => item.kind === 'engagement');
  if (c['objective'] !== undefined) {
    const objective = object(checker, c['objective'], 'objective', [
      'kind',
      'engagementWeight',
      'maxFavouriteWinProbability',
    ]);
    const objectiveKind = oneOf(checker, objective['kind'], 'objective.kind', [
      'quality',
      'engagement',
      'blend',
    ]);
    if (objectiveKind === 'blend') {
      number(checker, objective['engagementWeight'], 'objective.engagementWeight', { min: 0, max: 1 });
    } else if (objective['engagementWeight'] !== undefined) {
      fail(checker, 'objective.engagementWeight', "only a 'blend' objective has an engagement weight");
    }
    optionalNumber(checker, objective['maxFavouriteWinProbability'], 'objective.maxFavouriteWinProbability', {
      min: 0.5,
      exclusiveMin: true,
      max: 1,
    });
    if (objectiveKind !== 'quality') usesEngagement = true;
  }
  if (usesEngagement && (teams.count.min !== 2 || teams.count.max !== 2))
    fail(checker, 'teams.count', 'engagement (EOMM) needs exactly 2 teams');

  if (c['engagement'] !== undefined) {
    const engagement = object(checker, c['engagement'], 'engagement', ['churnTable', 'churnModel']);
    if (engagement['churnTable'] === undefined && engagement['churnModel'] === undefined)
      fail(checker, 'engagement', 'needs a churnTable, a churnModel, or both');
    if (engagement['churnTable'] !== undefined) {
      const table = object(
        checker,
        engagement['churnTable'],
        'engagement.churnTable',
        Object.keys(engagement['churnTable'] ?? {}),
      );
      try {
        createChurnTable(table);
      } catch (error) {
        if (isMatchdError(error)) fail(checker, 'engagement.churnTable', error.message);
        throw error;
      }
    }
    if (engagement['churnModel'] !== undefined) modelName(engagement['churnModel'], 'engagement.churnModel');
  }
  if (c['gates'] !== undefined) {
    const gates = object(checker, c['gates'], 'gates', [
      'minGamesPlayed',
      'gamesTrack',
      'maxPartySize',
      'minPartySize',
      'lowPriority',
      'disallowedRoles',
    ]);
    optionalNumber(checker, gates['minGamesPlayed'], 'gates.minGamesPlayed', {
      min: 0,
      max: CONFIG_LIMITS.maxGames,
      integer: true,
    });
    if (gates['gamesTrack'] !== undefined) {
      const track = string(checker, gates['gamesTrack'], 'gates.gamesTrack');
      if (!TRACK_NAME.test(track)) fail(checker, 'gates.gamesTrack', 'must be a track name or key');
      if (gates['minGamesPlayed'] === undefined)
        fail(checker, 'gates.gamesTrack', 'counts games for minGamesPlayed, which is missing');
    }
    const largest = optionalNumber(checker, gates['maxPartySize'], 'gates.maxPartySize', {
      min: 1,
      max: teamSize,
      integer: true,
    });
    optionalNumber(checker, gates['minPartySize'], 'gates.minPartySize', {
      min: 1,
      max: largest ?? teamSize,
      integer: true,
    });
    if (gates['lowPriority'] !== undefined)
      oneOf(checker, gates['lowPriority'], 'gates.lowPriority', ['separate', 'reject']);
    if (gates['disallowedRoles'] !== undefined)
      stringArray(checker, gates['disallowedRoles'], 'gates.disallowedRoles');
  }
  if (c['regions'] !== undefined) {
    const regions = object(checker, c['regions'], 'regions', ['names', 'maxPingMs']);
    array(checker, regions['names'], 'regions.names', { min: 1, max: CONFIG_LIMITS.maxItems });
    const names = stringArray(checker, regions['names'], 'regions.names');
    if (new Set(names).size !== names.length) fail(checker, 'regions.names', 'must not repeat a region');
    relaxation(
      regions['maxPingMs'],
      'regions.maxPingMs',
      { min: 0, max: CONFIG_LIMITS.maxPingMs },
      CONFIG_LIMITS.maxPingMs,
    );
  }
  if (c['acceptance'] !== undefined) {
    const acceptance = object(checker, c['acceptance'], 'acceptance', ['timeoutMs']);
    number(checker, acceptance['timeoutMs'], 'acceptance.timeoutMs', duration({ exclusiveMin: true }));
  }
  if (c['roundAggregate'] !== undefined)
    oneOf(checker, c['roundAggregate'], 'roundAggregate', ['mean', 'sqrt-mean']);
  optionalNumber(checker, c['expireAfterMs'], 'expireAfterMs', duration({ exclusiveMin: true }));
  if (c['eta'] !== undefined) {
    const eta = object(checker, c['eta'], 'eta', ['skillBandWidth', 'samples']);
    optionalNumber(checker, eta['skillBandWidth'], 'eta.skillBandWidth', {
      min: 0,
      exclusiveMin: true,
      max: CONFIG_LIMITS.maxMagnitude,
    });
    optionalNumber(checker, eta['samples'], 'eta.samples', { min: 1, max: 10_000, integer: true });
  }
  const attributes =
    c['attributes'] === undefined ? undefined : validateAttributeDeclarations(c['attributes'], 'attributes');
  if (c['rules'] !== undefined) {
    const teamNames = Array.isArray(c['teams'])
      ? (c['teams'] as readonly { readonly name: string }[]).map((team) => team.name)
      : undefined;
    const rules = validateRules(c['rules'], 'rules', attributes, teamNames);
    // A latency rule reads the pings to the match's region: without regions no match could pass it.
    rules.forEach((rule, i) => {
      const reads = rule.kind === 'compound' ? innerRules(rule.statement) : [rule];
      if (c['regions'] === undefined && reads.some((inner) => inner.kind === 'latency'))
        fail(checker, `rules[${i}]`, "a latency rule needs the queue's regions (regions.names)");
    });
  }
  if (c['backfill'] !== undefined) {
    const backfill = object(checker, c['backfill'], 'backfill', ['auto', 'expireAfterMs', 'leavers']);
    if (backfill['auto'] !== undefined) boolean(checker, backfill['auto'], 'backfill.auto');
    if (
      backfill['leavers'] !== undefined &&
      backfill['leavers'] !== 'unrated' &&
      backfill['leavers'] !== 'loss'
    )
      fail(checker, 'backfill.leavers', "must be 'unrated' or 'loss'");
    optionalNumber(
      checker,
      backfill['expireAfterMs'],
      'backfill.expireAfterMs',
      duration({ exclusiveMin: true }),
    );
  }
  if (c['handoff'] !== undefined) {
    const handoff = object(checker, c['handoff'], 'handoff', ['webhookUrl', 'allocation']);
    if (handoff['webhookUrl'] !== undefined) {
      const url = string(checker, handoff['webhookUrl'], 'handoff.webhookUrl');
      if (!/^https?:\/\/[^\s]+$/.test(url) || url.length > 2048)
        fail(checker, 'handoff.webhookUrl', 'must be an http or https URL of at most 2048 characters');
    }
    if (handoff['allocation'] !== undefined) {
      const allocation = object(checker, handoff['allocation'], 'handoff.allocation', ['timeoutMs']);
      number(
        checker,
        allocation['timeoutMs'],
        'handoff.allocation.timeoutMs',
        duration({ exclusiveMin: true }),
      );
    }
  }
  return value as QueueConfig;
}

/** A track name (`normal`) or key (`normal/solo`), as the service's tracks are spelled. */
const TRACK_NAME = /^[A-Za-z0-9_.:@-]{1,128}(\/[A-Za-z0-9_.:@-]{1,64})?$/;
/** A fitted model's name: its file name in the service's models folder, without `.json`. */
const MODEL_NAME = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127}$/;

function modelName(value: unknown, path: string): string {
  const name = string(checker, value, path);
  if (!MODEL_NAME.test(name))
    fail(checker, path, 'must be a model name (letters, digits, _ . -; up to 128 characters)');
  return name;
}

/**
 * True when the queue scores matches by expected churn (an engagement criterion, or an engagement
 * or blend objective): its tickets then need each player's recent outcomes.
 */
export function queueUsesEngagement(config: QueueConfig): boolean {
  return (
    config.criteria.some((criterion) => criterion.kind === 'engagement') ||
    (config.objective !== undefined && config.objective.kind !== 'quality')
  );
}
