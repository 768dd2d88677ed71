/**
 * Validation of a queue's `attributes` and `rules`, called by the queue config validation. The first
 * problem throws MM_ERR_INVALID_QUEUE_CONFIG naming its path (`rules[2].maxDistance.steps[0].value:
 * must be >= 0`); every attribute a rule reads must be declared with a type the rule can read.
 */

import { ErrorCodes } from '../errors.ts';
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
} from '../queue/checks.ts';
import { CONFIG_LIMITS, relaxation } from '../queue/validate-config.ts';
import { ATTRIBUTE_TYPES, describeType, isAttributeOfType } from './attributes.ts';
import type { AttributeDeclarations, AttributeType, Limit, Rule, RuleKind } from './types.ts';

const checker: Checker = { code: ErrorCodes.INVALID_QUEUE_CONFIG };

const COMMON = [
  'name',
  'kind',
  'description',
  'hard',
  'weight',
  'optionalAfterMs',
  'expansionAge',
  'whenMissing',
  'partyAggregate',
  'team',
] as const;

/** The fields of each kind besides the common ones. */
const KIND_FIELDS: Readonly<Record<RuleKind, readonly string[]>> = {
  comparison: ['attribute', 'scope', 'aggregate', 'operator', 'value', 'against'],
  distance: ['attribute', 'scope', 'aggregate', 'reference', 'maxDistance', 'minDistance'],
  'string-equality': ['attribute', 'scope'],
  'set-intersection': ['attribute', 'scope', 'against', 'minCount', 'maxCount'],
  composition: ['attribute', 'value', 'scope', 'min', 'max'],
  latency: ['maxLatencyMs', 'maxDistanceMs', 'distanceReference'],
  'batch-distance': ['attribute', 'maxDistance'],
  'party-similarity': ['largePartySize'],
  compound: ['statement'],
};

const RULE_KINDS = Object.keys(KIND_FIELDS) as RuleKind[];
const NUMBER_AGGREGATES = ['min', 'max', 'avg', 'sum'] as const;
const LIST_AGGREGATES = ['union', 'intersection'] as const;

/** Validates `QueueConfig.attributes`: a type for each name, and a default of that type. */
export function validateAttributeDeclarations(value: unknown, path: string): AttributeDeclarations {
  const declarations = object(checker, value, path, Object.keys(value ?? {}));
  for (const [name, item] of Object.entries(declarations)) {
    const at = `${path}.${name}`;
    if (name.length === 0) fail(checker, at, 'an attribute needs a non-empty name');
    const declaration = object(checker, item, at, ['type', 'default']);
    const type = oneOf(checker, declaration['type'], `${at}.type`, ATTRIBUTE_TYPES);
    if (declaration['default'] !== undefined && !isAttributeOfType(declaration['default'], type))
      fail(checker, `${at}.default`, `must be ${describeType(type)} (the declared type)`);
  }
  return declarations as AttributeDeclarations;
}

/** A limit: a number in bounds, or a relaxation (the queue's own validator) whose values are. */
function limit(value: unknown, path: string, bounds: { min?: number } = {}): Limit {
  // Finite and ranged like every number of a queue config, so no rule's arithmetic overflows.
  const range = { min: bounds.min ?? -CONFIG_LIMITS.maxMagnitude, max: CONFIG_LIMITS.maxMagnitude };
  if (typeof value !== 'object' || value === null) return number(checker, value, path, range);
  return relaxation(value, path, range, CONFIG_LIMITS.maxMagnitude);
}

function optionalLimit(value: unknown, path: string, bounds: { min?: number } = {}): void {
  if (value !== undefined) limit(value, path, bounds);
}

/** The attribute a rule reads: declared, and of one of the types it can read. */
function declaredAttribute(
  value: unknown,
  path: string,
  declarations: AttributeDeclarations,
  types: readonly AttributeType[],
): AttributeType {
  const name = string(checker, value, path);
  const declaration = declarations[name];
  if (declaration === undefined) fail(checker, path, `attribute ${name} is not declared in attributes`);
  if (!types.includes(declaration.type))
    fail(checker, path, `attribute ${name} is a ${declaration.type}; this rule reads ${types.join(' or ')}`);
  return declaration.type;
}

function requireOne(r: Record<string, unknown>, path: string, fields: readonly [string, string]): void {
  if (r[fields[0]] === undefined && r[fields[1]] === undefined)
    fail(checker, path, `needs ${fields[0]} or ${fields[1]}`);
}

function partyAggregate(r: Record<string, unknown>, path: string, allowed: readonly string[]): void {
  if (r['partyAggregate'] === undefined) return;
  if (allowed.length === 0)
    fail(checker, `${path}.partyAggregate`, 'this rule reads no attribute of a party');
  oneOf(checker, r['partyAggregate'], `${path}.partyAggregate`, allowed);
}

/** A team name a rule reads: one of the queue's named teams. */
function namedTeam(value: unknown, path: string, teams: readonly string[] | undefined): string {
  const name = string(checker, value, path);
  if (teams === undefined)
    fail(checker, path, "names a team, but the queue's teams are not named (declare teams as a list)");
  if (!teams.includes(name))
    fail(checker, path, `${name} is not one of the queue's teams (${teams.join(', ')})`);
  return name;
}

/** A comparison's `against`: an aggregate of a number (or a count) over a named team or the match. */
function validateAgainst(
  r: Record<string, unknown>,
  path: string,
  declarations: AttributeDeclarations,
  teams: readonly string[] | undefined,
): void {
  const against = object(checker, r['against'], `${path}.against`, ['team', 'attribute', 'aggregate']);
  if (r['value'] !== undefined) fail(checker, `${path}.against`, 'compares with value or against, not both');
  if (against['team'] !== undefined) namedTeam(against['team'], `${path}.against.team`, teams);
  const aggregate = oneOf(checker, against['aggregate'], `${path}.against.aggregate`, [
    ...NUMBER_AGGREGATES,
    'count',
  ] as const);
  if (against['attribute'] === undefined) {
    if (aggregate !== 'count')
      fail(checker, `${path}.against.attribute`, "is required unless aggregate is 'count'");
  } else declaredAttribute(against['attribute'], `${path}.against.attribute`, declarations, ['number']);
}

function validateComparison(
  r: Record<string, unknown>,
  path: string,
  declarations: AttributeDeclarations,
  teams: readonly string[] | undefined,
): void {
  const operator = oneOf(checker, r['operator'], `${path}.operator`, [
    '=',
    '!=',
    '<',
    '<=',
    '>',
    '>=',
  ] as const);
  const scope = oneOf(checker, r['scope'], `${path}.scope`, ['player', 'team', 'match'] as const);
  const aggregate =
    r['aggregate'] === undefined
      ? undefined
      : oneOf(checker, r['aggregate'], `${path}.aggregate`, [...NUMBER_AGGREGATES, 'count'] as const);
  if (aggregate !== undefined && scope === 'player')
    fail(checker, `${path}.aggregate`, 'only team and match scopes aggregate');
  let type: AttributeType = 'number';
  if (r['attribute'] === undefined) {
    if (aggregate !== 'count') fail(checker, `${path}.attribute`, "is required unless aggregate is 'count'");
  } else {
    type = declaredAttribute(r['attribute'], `${path}.attribute`, declarations, ['number', 'string']);
  }
  const value = r['value'];
  if (r['against'] !== undefined) {
    validateAgainst(r, path, declarations, teams);
    if (type === 'string') fail(checker, `${path}.against`, 'compares numbers: the attribute is a string');
  } else if (value === undefined) {
    if (operator !== '=' && operator !== '!=')
      fail(
        checker,
        `${path}.value`,
        `is required with ${operator} (only = and != compare players with each other)`,
      );
  } else if (type === 'string') {
    if (typeof value !== 'string')
      fail(checker, `${path}.value`, 'must be a string: the attribute is a string');
  } else if (operator === '=' || operator === '!=') {
    number(checker, value, `${path}.value`);
  } else {
    limit(value, `${path}.value`);
  }
  if (type === 'string') {
    if (operator !== '=' && operator !== '!=')
      fail(checker, `${path}.operator`, 'strings compare with = or != only');
    if (scope !== 'player')
      fail(checker, `${path}.scope`, "strings compare per player: scope must be 'player'");
  }
  partyAggregate(r, path, type === 'string' ? [] : NUMBER_AGGREGATES);
}

function validateDistance(
  r: Record<string, unknown>,
  path: string,
  declarations: AttributeDeclarations,
): void {
  const scope = oneOf(checker, r['scope'], `${path}.scope`, ['player', 'team'] as const);
  const aggregate =
    r['aggregate'] === undefined
      ? undefined
      : oneOf(checker, r['aggregate'], `${path}.aggregate`, [...NUMBER_AGGREGATES, 'count'] as const);
  if (aggregate !== undefined && scope === 'player')
    fail(checker, `${path}.aggregate`, 'only the team scope aggregates');
  if (r['attribute'] === undefined) {
    if (aggregate !== 'count') fail(checker, `${path}.attribute`, "is required unless aggregate is 'count'");
  } else {
    declaredAttribute(r['attribute'], `${path}.attribute`, declarations, ['number']);
  }
  if (r['reference'] !== undefined) oneOf(checker, r['reference'], `${path}.reference`, ['spread', 'match']);
  requireOne(r, path, ['maxDistance', 'minDistance']);
  optionalLimit(r['maxDistance'], `${path}.maxDistance`, { min: 0 });
  optionalLimit(r['minDistance'], `${path}.minDistance`, { min: 0 });
  partyAggregate(r, path, NUMBER_AGGREGATES);
}

function validateSetIntersection(
  r: Record<string, unknown>,
  path: string,
  declarations: AttributeDeclarations,
): void {
  declaredAttribute(r['attribute'], `${path}.attribute`, declarations, ['string_list']);
  if (r['scope'] !== undefined) oneOf(checker, r['scope'], `${path}.scope`, ['match', 'team']);
  if (r['against'] !== undefined) {
    const against = object(checker, r['against'], `${path}.against`, ['attribute', 'combine', 'playerIds']);
    if (against['playerIds'] !== undefined) {
      object(checker, against, `${path}.against`, ['playerIds']);
      if (against['playerIds'] !== true) fail(checker, `${path}.against.playerIds`, 'must be true');
    } else {
      declaredAttribute(against['attribute'], `${path}.against.attribute`, declarations, ['string_list']);
      oneOf(checker, against['combine'], `${path}.against.combine`, LIST_AGGREGATES);
    }
    if (r['scope'] !== undefined)
      fail(checker, `${path}.scope`, 'a rule with a reference set reads the whole match');
  }
  requireOne(r, path, ['minCount', 'maxCount']);
  optionalLimit(r['minCount'], `${path}.minCount`, { min: 0 });
  optionalLimit(r['maxCount'], `${path}.maxCount`, { min: 0 });
  partyAggregate(r, path, LIST_AGGREGATES);
}

function validateComposition(
  r: Record<string, unknown>,
  path: string,
  declarations: AttributeDeclarations,
): void {
  oneOf(checker, r['scope'], `${path}.scope`, ['team', 'match']);
  if (r['value'] === undefined) {
    declaredAttribute(r['attribute'], `${path}.attribute`, declarations, ['number']);
    partyAggregate(r, path, NUMBER_AGGREGATES);
  } else {
    const type = declaredAttribute(r['attribute'], `${path}.attribute`, declarations, [
      'number',
      'string',
      'string_list',
    ]);
    if (type === 'number') number(checker, r['value'], `${path}.value`);
    else if (typeof r['value'] !== 'string') fail(checker, `${path}.value`, 'must be a string');
    partyAggregate(r, path, type === 'string_list' ? LIST_AGGREGATES : []);
  }
  requireOne(r, path, ['min', 'max']);
  optionalLimit(r['min'], `${path}.min`);
  optionalLimit(r['max'], `${path}.max`);
}

function validateStatement(
  value: unknown,
  path: string,
  declarations: AttributeDeclarations,
  names: Set<string>,
  teams: readonly string[] | undefined,
): void {
  const s = object(checker, value, path, ['and', 'or', 'xor', 'not', 'rule']);
  const keys = Object.keys(s);
  if (keys.length !== 1) fail(checker, path, 'must have exactly one of and, or, xor, not, rule');
  const key = keys[0] as 'and' | 'or' | 'xor' | 'not' | 'rule';
  if (key === 'rule') validateRule(s['rule'], `${path}.rule`, declarations, names, teams);
  else if (key === 'not') validateStatement(s['not'], `${path}.not`, declarations, names, teams);
  else {
    array(checker, s[key], `${path}.${key}`, { min: 2 }).forEach((item, i) => {
      validateStatement(item, `${path}.${key}[${i}]`, declarations, names, teams);
    });
  }
}

function validateRule(
  value: unknown,
  path: string,
  declarations: AttributeDeclarations,
  names: Set<string>,
  teams: readonly string[] | undefined,
): Rule {
  const holder = object(checker, value, path, [...COMMON, ...new Set(Object.values(KIND_FIELDS).flat())]);
  const kind = oneOf(checker, holder['kind'], `${path}.kind`, RULE_KINDS);
  const r = object(checker, value, path, [...COMMON, ...KIND_FIELDS[kind]]);
  const name = string(checker, r['name'], `${path}.name`);
  if (names.has(name)) fail(checker, `${path}.name`, `${name} names another rule already`);
  names.add(name);
  if (r['description'] !== undefined && typeof r['description'] !== 'string')
    fail(checker, `${path}.description`, 'must be a string');
  if (r['hard'] !== undefined) boolean(checker, r['hard'], `${path}.hard`);
  optionalNumber(checker, r['weight'], `${path}.weight`, { min: 0 });
  optionalNumber(checker, r['optionalAfterMs'], `${path}.optionalAfterMs`, { min: 0 });
  if (r['expansionAge'] !== undefined)
    oneOf(checker, r['expansionAge'], `${path}.expansionAge`, ['newest', 'oldest']);
  if (r['whenMissing'] !== undefined)
    oneOf(checker, r['whenMissing'], `${path}.whenMissing`, ['fail', 'ignore']);
  if (r['team'] !== undefined) {
    if (kind === 'compound' || kind === 'party-similarity')
      fail(checker, `${path}.team`, `a ${kind} rule reads every team (name the team on its inner rules)`);
    namedTeam(r['team'], `${path}.team`, teams);
  }
  switch (kind) {
    case 'comparison':
      validateComparison(r, path, declarations, teams);
      break;
    case 'distance':
      validateDistance(r, path, declarations);
      break;
    case 'string-equality':
      declaredAttribute(r['attribute'], `${path}.attribute`, declarations, ['string']);
      if (r['scope'] !== undefined) oneOf(checker, r['scope'], `${path}.scope`, ['match', 'team']);
      partyAggregate(r, path, []);
      break;
    case 'set-intersection':
      validateSetIntersection(r, path, declarations);
      break;
    case 'composition':
      validateComposition(r, path, declarations);
      break;
    case 'latency':
      limit(r['maxLatencyMs'], `${path}.maxLatencyMs`, { min: 0 });
      optionalLimit(r['maxDistanceMs'], `${path}.maxDistanceMs`, { min: 0 });
      if (r['distanceReference'] !== undefined)
        oneOf(checker, r['distanceReference'], `${path}.distanceReference`, ['min', 'avg']);
      partyAggregate(r, path, ['min', 'max', 'avg']);
      break;
    case 'batch-distance': {
      const type = declaredAttribute(r['attribute'], `${path}.attribute`, declarations, ['number', 'string']);
      if (type === 'number') {
        if (r['maxDistance'] === undefined)
          fail(checker, `${path}.maxDistance`, 'is required for a number attribute');
        limit(r['maxDistance'], `${path}.maxDistance`, { min: 0 });
        partyAggregate(r, path, ['min', 'max', 'avg']);
      } else {
        if (r['maxDistance'] !== undefined)
          fail(checker, `${path}.maxDistance`, 'a string attribute batches by equal value: no distance');
        partyAggregate(r, path, []);
      }
      break;
    }
    case 'party-similarity':
      number(checker, r['largePartySize'], `${path}.largePartySize`, { min: 1, integer: true });
      partyAggregate(r, path, []);
      break;
    case 'compound':
      validateStatement(r['statement'], `${path}.statement`, declarations, names, teams);
      partyAggregate(r, path, []);
      if (r['whenMissing'] !== undefined)
        fail(checker, `${path}.whenMissing`, 'belongs on the rules the statement names');
      break;
  }
  return value as Rule;
}

/**
 * Validates `QueueConfig.rules` against the queue's attribute declarations and, for rules that name
 * a team, its named teams (`teams`, undefined when the teams are interchangeable). Rule names are
 * unique, inner rules of compound statements included.
 */
export function validateRules(
  value: unknown,
  path: string,
  declarations: AttributeDeclarations | undefined,
  teams?: readonly string[],
): Rule[] {
  const names = new Set<string>();
  return array(checker, value, path, { max: 64 }).map((item, i) =>
    validateRule(item, `${path}[${i}]`, declarations ?? {}, names, teams),
  );
}
