/**
 * Queue config validation: every field of a plain object (from JSON or YAML) is checked and the
 * first problem throws MM_ERR_INVALID_QUEUE_CONFIG naming its path (`criteria[2].weight: must be
 * >= 0`). Unknown fields are refused so that typos do not pass silently.
 */

import { ErrorCodes } from '../errors.ts';
import { countSplits } from '../matching/team-formation/splits.ts';
import { MAX_SPLITS_PER_MATCH } from '../matching/team-formation/validate.ts';
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

/** Largest team size (DomiNations' 50v50) and team count a queue may have. */
export const MAX_TEAM_SIZE = 50;
export const MAX_TEAM_COUNT = 16;

/** A relaxation (`threshold`, `regions.maxPingMs`, a rule's limit) whose values stay within `bounds`. */
export function relaxation(value: unknown, path: string, bounds: { min: number; max: number }): Relaxation {
  const r = object(checker, value, path, ['start', 'steps', 'linear']);
  number(checker, r['start'], `${path}.start`, bounds);
  if (r['steps'] !== undefined) {
    let previous = -1;
    array(checker, r['steps'], `${path}.steps`).forEach((item, i) => {
      const step = object(checker, item, `${path}.steps[${i}]`, ['afterMs', 'value']);
      const afterMs = number(checker, step['afterMs'], `${path}.steps[${i}].afterMs`, { min: 0 });
      if (afterMs <= previous)
        fail(checker, `${path}.steps[${i}].afterMs`, 'must increase from step to step');
      previous = afterMs;
      number(checker, step['value'], `${path}.steps[${i}].value`, bounds);
    });
  }
  if (r['linear'] !== undefined) {
    const linear = object(checker, r['linear'], `${path}.linear`, ['startAfterMs', 'perSecond', 'limit']);
    optionalNumber(checker, linear['startAfterMs'], `${path}.linear.startAfterMs`, { min: 0 });
    number(checker, linear['perSecond'], `${path}.linear.perSecond`, { min: 0 });
    number(checker, linear['limit'], `${path}.linear.limit`, bounds);
  }
  return value as Relaxation;
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
  number(checker, c['weight'], `${path}.weight`, { min: 0 });
  if (c['shaping'] !== undefined) {
    const shaping = object(checker, c['shaping'], `${path}.shaping`, ['floor', 'cap', 'power']);
    const floor = optionalNumber(checker, shaping['floor'], `${path}.shaping.floor`);
    const cap = optionalNumber(checker, shaping['cap'], `${path}.shaping.cap`);
    optionalNumber(checker, shaping['power'], `${path}.shaping.power`, { min: 0, exclusiveMin: true });
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
    integer: true,
  });
  optionalNumber(checker, c['wantedHosts'], `${path}.wantedHosts`, { min: 0, integer: true });
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
    'gates',
    'regions',
    'acceptance',
    'roundAggregate',
    'expireAfterMs',
    'eta',
    'attributes',
    'rules',
  ]);
  string(checker, c['id'], 'id');
  if (c['name'] !== undefined) string(checker, c['name'], 'name');

  const teams = object(checker, c['teams'], 'teams', ['count', 'size']);
  const teamCount = number(checker, teams['count'], 'teams.count', {
    min: 2,
    max: MAX_TEAM_COUNT,
    integer: true,
  });
  const teamSize = number(checker, teams['size'], 'teams.size', {
    min: 1,
    max: MAX_TEAM_SIZE,
    integer: true,
  });

  const rating = object(checker, c['rating'], 'rating', [
    'track',
    'skillRange',
    'skillScale',
    'calibrationGames',
  ]);
  string(checker, rating['track'], 'rating.track');
  if (rating['skillRange'] !== undefined) {
    const range = object(checker, rating['skillRange'], 'rating.skillRange', ['min', 'max']);
    const min = number(checker, range['min'], 'rating.skillRange.min');
    number(checker, range['max'], 'rating.skillRange.max', { min, exclusiveMin: true });
  }
  optionalNumber(checker, rating['skillScale'], 'rating.skillScale', { min: 0, exclusiveMin: true });
  optionalNumber(checker, rating['calibrationGames'], 'rating.calibrationGames', { min: 0, integer: true });

  const criteria = array(checker, c['criteria'], 'criteria', { min: 1 }).map((item, i) =>
    criterion(item, `criteria[${i}]`),
  );
  if (!criteria.some((item) => item.weight > 0))
    fail(checker, 'criteria', 'at least one criterion needs a weight > 0');
  relaxation(c['threshold'], 'threshold', { min: 0, max: 1 });

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
  ]);
  const kind = oneOf(checker, mode['kind'], 'mode.kind', ['continuous', 'rounds']);
  if (kind === 'continuous') {
    object(checker, mode, 'mode', [
      'kind',
      'maxWaitMs',
      'candidateWindow',
      'selection',
      'maxEvaluationsPerTick',
    ]);
    optionalNumber(checker, mode['maxEvaluationsPerTick'], 'mode.maxEvaluationsPerTick', {
      min: 1,
      integer: true,
    });
    if (mode['selection'] !== undefined)
      oneOf(checker, mode['selection'], 'mode.selection', ['greedy', 'exact']);
    number(checker, mode['maxWaitMs'], 'mode.maxWaitMs', { min: 0, exclusiveMin: true });
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
    ]);
    if (mode['searchMethod'] !== undefined) {
      oneOf(checker, mode['searchMethod'], 'mode.searchMethod', ['restarts', 'annealing']);
    }
    number(checker, mode['periodMs'], 'mode.periodMs', { min: 0, exclusiveMin: true });
    number(checker, mode['maxWaitMs'], 'mode.maxWaitMs', { min: 0, exclusiveMin: true });
    optionalNumber(checker, mode['minPlayers'], 'mode.minPlayers', {
      min: teamCount * teamSize,
      integer: true,
    });
    optionalNumber(checker, mode['searchBudgetMs'], 'mode.searchBudgetMs', { min: 0, exclusiveMin: true });
    // A round's team formation re-splits matches exhaustively; past this many splits (e.g. 15v15 of
    // solos) only continuous mode, whose large matches are split by local search, can serve the shape.
    const soloSplits = countSplits(
      new Array<number>(teamCount * teamSize).fill(1),
      teamCount,
      teamSize,
      MAX_SPLITS_PER_MATCH + 1,
    );
    if (soloSplits > MAX_SPLITS_PER_MATCH) {
      fail(
        checker,
        'mode.kind',
        `rounds mode supports teams of up to ${MAX_SPLITS_PER_MATCH} splits per match (2x10 at most for two teams); use "continuous" for ${teamCount}x${teamSize}`,
      );
    }
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
  if (usesEngagement && teamCount !== 2)
    fail(checker, 'teams.count', 'engagement (EOMM) needs exactly 2 teams');

  if (c['gates'] !== undefined) {
    const gates = object(checker, c['gates'], 'gates', [
      'minGamesPlayed',
      'maxPartySize',
      'minPartySize',
      'lowPriority',
      'disallowedRoles',
    ]);
    optionalNumber(checker, gates['minGamesPlayed'], 'gates.minGamesPlayed', { min: 0, integer: true });
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
    const names = stringArray(checker, regions['names'], 'regions.names');
    if (names.length === 0) fail(checker, 'regions.names', 'must have at least 1 item(s)');
    if (new Set(names).size !== names.length) fail(checker, 'regions.names', 'must not repeat a region');
    relaxation(regions['maxPingMs'], 'regions.maxPingMs', { min: 0, max: Number.MAX_VALUE });
  }
  if (c['acceptance'] !== undefined) {
    const acceptance = object(checker, c['acceptance'], 'acceptance', ['timeoutMs']);
    number(checker, acceptance['timeoutMs'], 'acceptance.timeoutMs', { min: 0, exclusiveMin: true });
  }
  if (c['roundAggregate'] !== undefined)
    oneOf(checker, c['roundAggregate'], 'roundAggregate', ['mean', 'sqrt-mean']);
  optionalNumber(checker, c['expireAfterMs'], 'expireAfterMs', { min: 0, exclusiveMin: true });
  if (c['eta'] !== undefined) {
    const eta = object(checker, c['eta'], 'eta', ['skillBandWidth', 'samples']);
    optionalNumber(checker, eta['skillBandWidth'], 'eta.skillBandWidth', { min: 0, exclusiveMin: true });
    optionalNumber(checker, eta['samples'], 'eta.samples', { min: 1, max: 10_000, integer: true });
  }
  const attributes =
    c['attributes'] === undefined ? undefined : validateAttributeDeclarations(c['attributes'], 'attributes');
  if (c['rules'] !== undefined) validateRules(c['rules'], 'rules', attributes);
  return value as QueueConfig;
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
