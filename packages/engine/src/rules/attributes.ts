/**
 * Player attributes: the four FlexMatch types, the queue's declared defaults, and party
 * aggregation (every member of a party carries the party's value for a rule that asks for it).
 */

import { ErrorCodes } from '../errors.ts';
import { type Checker, fail, object } from '../queue/checks.ts';
import { CONFIG_LIMITS } from '../queue/validate-config.ts';
import type {
  AttributeDeclarations,
  AttributeType,
  AttributeValue,
  PartyAggregate,
  PlayerAttributes,
  RulePlayer,
} from './types.ts';

export const ATTRIBUTE_TYPES: readonly AttributeType[] = [
  'number',
  'string',
  'string_list',
  'string_number_map',
];

/** True when `value` is of `type` (finite numbers only). */
export function isAttributeOfType(value: unknown, type: AttributeType): value is AttributeValue {
  switch (type) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'string':
      return typeof value === 'string';
    case 'string_list':
      return Array.isArray(value) && value.every((item) => typeof item === 'string');
    case 'string_number_map':
      return (
        typeof value === 'object' &&
        value !== null &&
        !Array.isArray(value) &&
        Object.values(value).every((item) => typeof item === 'number' && Number.isFinite(item))
      );
  }
}

/** The JSON words for a type, for error messages. */
export function describeType(type: AttributeType): string {
  switch (type) {
    case 'number':
      return 'a finite number';
    case 'string':
      return 'a string';
    case 'string_list':
      return 'a list of strings';
    case 'string_number_map':
      return 'an object of finite numbers';
  }
}

const ticketChecker: Checker = { code: ErrorCodes.INVALID_TICKET };

/**
 * Validates a player's `attributes` against the queue's declarations: every name declared, every
 * value of its declared type. Throws MM_ERR_INVALID_TICKET naming the path
 * (`players[1].attributes.skill: must be a finite number`).
 */
export function validatePlayerAttributes(
  value: unknown,
  path: string,
  declarations: AttributeDeclarations | undefined,
): PlayerAttributes {
  const declared = declarations ?? {};
  const attributes = object(ticketChecker, value, path, Object.keys(declared));
  for (const [name, item] of Object.entries(attributes)) {
    const declaration = declared[name];
    if (declaration !== undefined && !isAttributeOfType(item, declaration.type)) {
      fail(ticketChecker, `${path}.${name}`, `must be ${describeType(declaration.type)}`);
    }
    // Bounded like every number of a queue, so that a team's sum or a match's mean stays finite.
    const numbers =
      typeof item === 'number'
        ? [item]
        : declaration?.type === 'string_number_map'
          ? Object.values(item as Record<string, number>)
          : [];
    if (numbers.some((number) => Math.abs(number) > CONFIG_LIMITS.maxMagnitude))
      fail(
        ticketChecker,
        `${path}.${name}`,
        `numbers must be within ${CONFIG_LIMITS.maxMagnitude} in magnitude`,
      );
  }
  return attributes as PlayerAttributes;
}

/** A player's value of an attribute: their own, else the queue's default, else undefined. */
export function attributeOf(
  player: RulePlayer,
  name: string,
  declarations: AttributeDeclarations | undefined,
): AttributeValue | undefined {
  return player.attributes?.[name] ?? declarations?.[name]?.default;
}

/** Aggregates a party's numbers (at least one). */
export function aggregateNumbers(
  values: readonly number[],
  aggregate: 'min' | 'max' | 'avg' | 'sum',
): number {
  switch (aggregate) {
    case 'min':
      return Math.min(...values);
    case 'max':
      return Math.max(...values);
    case 'sum':
      return values.reduce((total, value) => total + value, 0);
    case 'avg':
      return values.reduce((total, value) => total + value, 0) / values.length;
  }
}

/** Union (first-seen order) or intersection of string lists (at least one). */
export function combineLists(
  lists: readonly (readonly string[])[],
  combine: 'union' | 'intersection',
): string[] {
  const [first = [], ...rest] = lists;
  if (combine === 'union') return [...new Set(lists.flat())];
  return [...new Set(first)].filter((item) => rest.every((list) => list.includes(item)));
}

/**
 * The value a party's members carry for a rule: the aggregate of the members' values (those who
 * have one), or undefined when none has. Values of another kind than the aggregate reads are left
 * out (a list for a numeric aggregate).
 */
export function partyValue(
  values: readonly (AttributeValue | undefined)[],
  aggregate: PartyAggregate,
): AttributeValue | undefined {
  if (aggregate === 'union' || aggregate === 'intersection') {
    const lists = values.filter((value): value is readonly string[] => Array.isArray(value));
    return lists.length === 0 ? undefined : combineLists(lists, aggregate);
  }
  const numbers = values.filter((value): value is number => typeof value === 'number');
  return numbers.length === 0 ? undefined : aggregateNumbers(numbers, aggregate);
}
