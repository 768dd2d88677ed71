/**
 * FlexMatch rule set -> matchd queue config. Each rule's property expressions are matched against
 * the shapes matchd's rules express (a team aggregate against the match's, a spread, a count of a
 * value, an intersection); expansions become the limits' relaxation steps; what has no meaning in
 * matchd (sort rules, batching preferences) is left out with a note; what cannot be translated
 * throws MM_ERR_INVALID_DATA naming its path in the rule set (`rules[3].measurements`).
 */

import type { NamedTeamConfig, QueueConfig, QueueTeams, Relaxation } from '../../queue/types.ts';
import { CONFIG_LIMITS, MAX_TEAM_COUNT } from '../../queue/validate-config.ts';
import { ATTRIBUTE_TYPES, isAttributeOfType } from '../attributes.ts';
import type {
  AttributeDeclarations,
  AttributeType,
  ComparisonReference,
  CompoundStatement,
  Limit,
  NumberAggregate,
  PartyAggregate,
  Rule,
} from '../types.ts';
import {
  declare,
  type ImportOptions,
  type ImportResult,
  knownFields,
  list,
  numeric,
  queueIdFrom,
  queueSkeleton,
  record,
  type Step,
  steppedLimit,
  teamsShape,
  text,
  untranslatable,
} from './common.ts';
import {
  argumentOf,
  attributeOfPlayers,
  type Expression,
  parseExpression,
  parseStatement,
  printExpression,
  type Statement,
  sameExpression,
} from './flexmatch-expressions.ts';

const RULE_FIELDS: Readonly<Record<string, readonly string[]>> = {
  distance: ['measurements', 'referenceValue', 'maxDistance', 'minDistance', 'partyAggregation'],
  comparison: ['measurements', 'referenceValue', 'operation', 'partyAggregation'],
  collection: ['measurements', 'referenceValue', 'operation', 'minCount', 'maxCount', 'partyAggregation'],
  latency: ['maxLatency', 'maxDistance', 'distanceReference', 'partyAggregation'],
  batchDistance: ['batchAttribute', 'maxDistance', 'partyAggregation'],
  compound: ['statement'],
  absoluteSort: ['sortDirection', 'sortAttribute', 'mapKey', 'partyAggregation'],
  distanceSort: ['sortDirection', 'sortAttribute', 'mapKey', 'partyAggregation'],
};

const AGGREGATES = ['min', 'max', 'avg', 'sum', 'count'] as const;

/** What the translation of one rule set keeps track of. */
interface Context {
  readonly attributes: AttributeDeclarations;
  readonly teamNames: readonly string[];
  /**
   * The queue's teams are named (sizes differ, or a rule reads one team): the definitions a rule may
   * name (`teams[monster]`), those with a `quantity` excluded (their copies are `NAME_1`, ...).
   */
  readonly namedTeams: ReadonlySet<string> | undefined;
  readonly notes: string[];
  /** Expansion steps by `ruleName.field`. */
  readonly expansions: Map<string, { steps: Step[]; path: string; used: boolean }>;
  readonly expansionAge: 'newest' | 'oldest' | undefined;
}

/** The rule set's declared attributes, typed, with their defaults. */
function translateAttributes(value: unknown): AttributeDeclarations {
  const attributes: Record<string, { type: AttributeType; default?: unknown }> = {};
  if (value === undefined) return attributes as AttributeDeclarations;
  list(value, 'playerAttributes').forEach((item, i) => {
    const path = `playerAttributes[${i}]`;
    const attribute = record(item, path);
    knownFields(attribute, path, ['name', 'type', 'default']);
    const name = text(attribute['name'], `${path}.name`);
    const type = attribute['type'];
    if (typeof type !== 'string' || !(ATTRIBUTE_TYPES as readonly string[]).includes(type))
      untranslatable(`${path}.type`, `must be one of ${ATTRIBUTE_TYPES.join(', ')}`);
    let fallback = attribute['default'];
    if (fallback !== undefined && type === 'number') fallback = numeric(fallback, `${path}.default`);
    if (fallback !== undefined && !isAttributeOfType(fallback, type as AttributeType))
      untranslatable(`${path}.default`, `must be a ${type}`);
    if (attributes[name] !== undefined) untranslatable(`${path}.name`, `${name} is declared twice`);
    declare(attributes, name, type as AttributeType, path, fallback);
  });
  return attributes as AttributeDeclarations;
}

/** One team definition as written: its name, size range and `quantity`. */
interface TeamDefinition {
  readonly name: string;
  readonly min: number;
  readonly max: number;
  readonly quantity: number;
  readonly path: string;
}

function teamDefinitions(value: unknown): TeamDefinition[] {
  const teams = list(value, 'teams');
  if (teams.length === 0) untranslatable('teams', 'needs at least one team');
  const seen = new Set<string>();
  return teams.map((item, i) => {
    const path = `teams[${i}]`;
    const team = record(item, path);
    knownFields(team, path, ['name', 'minPlayers', 'maxPlayers', 'quantity']);
    const name = text(team['name'], `${path}.name`);
    if (seen.has(name)) untranslatable(`${path}.name`, `${name} names two team definitions`);
    seen.add(name);
    const max = numeric(team['maxPlayers'], `${path}.maxPlayers`, { min: 1, integer: true });
    const min = numeric(team['minPlayers'], `${path}.minPlayers`, { min: 0, integer: true });
    if (min > max) untranslatable(`${path}.minPlayers`, `${min} exceeds maxPlayers ${max}`);
    const quantity =
      team['quantity'] === undefined
        ? 1
        : numeric(team['quantity'], `${path}.quantity`, { min: 1, integer: true });
    return { name, min, max, quantity, path };
  });
}

/** The team names a rule's property expressions read one by one (`teams[monster]`, not `teams[*]`). */
function namedInRule(rule: unknown): string[] {
  if (typeof rule !== 'object' || rule === null) return [];
  const fields = rule as Record<string, unknown>;
  const texts = [fields['measurements'], fields['referenceValue']]
    .flat()
    .filter((item): item is string => typeof item === 'string');
  const names: string[] = [];
  for (const source of texts)
    for (const match of source.matchAll(/teams?\s*\[\s*([^\]]+?)\s*\]/g))
      if (match[1] !== '*') names.push(match[1] as string);
  return names;
}

/**
 * Whether the rule set becomes named teams: its teams differ in size, or a rule reads some of its
 * teams but not all (a rule comparing every team by name, `count(teams[red]) = count(teams[blue])`,
 * keeps interchangeable teams).
 */
function wantsNamedTeams(definitions: readonly TeamDefinition[], rules: unknown): boolean {
  const first = definitions[0] as TeamDefinition;
  if (definitions.some((team) => team.min !== first.min || team.max !== first.max)) return true;
  const all = new Set(definitions.map((team) => team.name));
  const ruleList = Array.isArray(rules) ? rules : [];
  return ruleList.some((rule) => {
    const read = new Set(namedInRule(rule));
    return read.size > 0 && read.size < all.size;
  });
}

/**
 * Named teams: each definition (and each copy of one with a `quantity`, `NAME_1`, ...) a matchd
 * team with its own range; a `teams[NAME].minPlayers` expansion relaxes that team's floor.
 */
function namedTeamsShape(
  definitions: readonly TeamDefinition[],
  notes: string[],
  minimumSteps: ReadonlyMap<string, readonly Step[]>,
): { shape: QueueTeams; names: string[] } {
  const teams: NamedTeamConfig[] = [];
  let players = 0;
  for (const definition of definitions) {
    const steps = minimumSteps.get(definition.name) ?? [];
    const start = Math.max(1, definition.min);
    const minPlayers: NamedTeamConfig['minPlayers'] =
      steps.length === 0
        ? start
        : relaxationOf(
            steppedLimit(
              start,
              steps.map((step) => ({ ...step, value: Math.max(1, Math.min(step.value, definition.max)) })),
              'down',
            ),
          );
    for (let k = 1; k <= definition.quantity; k += 1) {
      const name = definition.quantity === 1 ? definition.name : `${definition.name}_${k}`;
      teams.push({ name, minPlayers, maxPlayers: definition.max });
      players += definition.max;
    }
  }
  if (teams.length > MAX_TEAM_COUNT)
    untranslatable('teams', `${teams.length} teams: matchd queues have 1..${MAX_TEAM_COUNT} teams per match`);
  if (players > CONFIG_LIMITS.maxMatchPlayers)
    untranslatable(
      'teams',
      `${players} players: a matchd match holds at most ${CONFIG_LIMITS.maxMatchPlayers}`,
    );
  notes.push(
    `teams: named teams ${teams.map((team) => team.name).join(', ')}, each with its own size range; matches name them`,
  );
  return { shape: teams, names: teams.map((team) => team.name) };
}

/** Team definitions (with `quantity`) -> one shape; the names of the teams in match order. */
function translateTeams(
  value: unknown,
  notes: string[],
  minimumSteps: ReadonlyMap<string, readonly Step[]>,
  rules: unknown,
): { shape: QueueTeams; names: string[]; named: boolean } {
  const definitions = teamDefinitions(value);
  if (wantsNamedTeams(definitions, rules))
    return { ...namedTeamsShape(definitions, notes, minimumSteps), named: true };
  return { ...symmetricTeams(definitions, notes, [...minimumSteps.values()][0] ?? []), named: false };
}

/** Teams alike in size: one symmetric shape (interchangeable teams). */
function symmetricTeams(
  definitions: readonly TeamDefinition[],
  notes: string[],
  minimumSteps: readonly Step[],
): { shape: QueueTeams; names: string[] } {
  const names: string[] = [];
  for (const team of definitions)
    for (let k = 1; k <= team.quantity; k += 1)
      names.push(team.quantity === 1 ? team.name : `${team.name}_${k}`);
  const sizes = definitions[0];
  const { min, max } = sizes ?? { min: 1, max: 1 };
  const range = min === max ? `${max}` : `${min}..${max}`;
  if (names.length === 1 && max <= MAX_TEAM_COUNT) {
    // One team: every player plays for themselves, a free-for-all of one-player sides.
    notes.push(
      `teams[0]: one team of ${range} players becomes ${max} one-player teams (a free-for-all); parties are refused`,
    );
    return {
      shape: teamsShape(max, 1, 'teams[0].maxPlayers'),
      names: Array.from({ length: max }, () => names[0] ?? ''),
    };
  }
  if (names.length === 1) {
    // Too many for one-player sides: one team of them all (a lobby), as the rule set writes it.
    notes.push(`teams[0]: one team of ${range} players stays one team (more than a free-for-all holds)`);
  } else if (min < max) {
    // FlexMatch's teams are viable at their minimum: a match of every team's `minPlayers` is
    // acceptable from the first tick, a fuller one forms when the waiting tickets allow.
    notes.push(
      `teams: teams of ${Math.max(1, min)}..${max} players; a match forms as full as the waiting tickets allow`,
    );
  }
  if (names.length === 1 || min < max || minimumSteps.length > 0)
    return { shape: rangedShape(names.length, min, max, minimumSteps), names };
  return { shape: teamsShape(names.length, max, 'teams'), names };
}

/**
 * Teams of `min..max` players whose fewest accepted players per team relax by FlexMatch's `minPlayers`
 * expansion steps: the match's `minMatchPlayers`, counted over all its teams.
 */
function rangedShape(
  count: number,
  min: number,
  max: number,
  minimumSteps: readonly Step[],
): QueueConfig['teams'] {
  teamsShape(count, max, 'teams');
  const fewest = Math.max(1, min);
  const lowest = Math.max(1, Math.min(fewest, ...minimumSteps.map((step) => step.value)));
  const steps = minimumSteps.map((step) => ({ ...step, value: Math.max(1, step.value) * count }));
  return {
    count,
    size: { min: lowest, max },
    minMatchPlayers: relaxationOf(steppedLimit(fewest * count, steps, 'down')),
  };
}

/** A stepped limit as a queue relaxation (a number is one that never moves). */
function relaxationOf(limit: Limit): Relaxation {
  return typeof limit === 'number' ? { start: limit } : limit;
}

/** `expansions[]` -> steps by `ruleName.field`; team size expansions are noted (teams are of fixed size). */
function translateExpansions(
  value: unknown,
  notes: string[],
): { expansions: Context['expansions']; minimumSteps: Map<string, Step[]> } {
  const expansions: Context['expansions'] = new Map();
  // Steps of `teams[NAME].minPlayers` by team name: named teams relax each its own floor; alike
  // teams all relax by the one expansion they may have.
  const minimumSteps = new Map<string, Step[]>();
  if (value === undefined) return { expansions, minimumSteps };
  list(value, 'expansions').forEach((item, i) => {
    const path = `expansions[${i}]`;
    const expansion = record(item, path);
    knownFields(expansion, path, ['target', 'steps']);
    const target = text(expansion['target'], `${path}.target`);
    const steps = list(expansion['steps'], `${path}.steps`).map((stepValue, j): Step => {
      const stepPath = `${path}.steps[${j}]`;
      const step = record(stepValue, stepPath);
      knownFields(step, stepPath, ['waitTimeSeconds', 'value']);
      return {
        afterMs: numeric(step['waitTimeSeconds'], `${stepPath}.waitTimeSeconds`, { min: 0 }) * 1000,
        value: numeric(step['value'], `${stepPath}.value`),
        path: `${stepPath}.value`,
      };
    });
    const teamTarget = /^teams\[([^\]]+)\]\.(minPlayers|maxPlayers)$/.exec(target);
    if (teamTarget?.[2] === 'minPlayers') {
      const team = teamTarget[1] as string;
      if (minimumSteps.has(team)) untranslatable(`${path}.target`, `minPlayers of ${team} is expanded twice`);
      minimumSteps.set(team, steps);
      return;
    }
    if (teamTarget !== null) {
      notes.push(
        `${path}: ${target} is not relaxed: a team's maximum is fixed in matchd (${teamTarget[2]} of the shape)`,
      );
      return;
    }
    const ruleTarget = /^rules\[([^\]]+)\]\.([A-Za-z]+)$/.exec(target);
    if (ruleTarget === null)
      untranslatable(
        `${path}.target`,
        `${target}: only rules[NAME].FIELD and teams[NAME].minPlayers/maxPlayers expand`,
      );
    const key = `${ruleTarget[1]}.${ruleTarget[2]}`;
    if (expansions.has(key)) untranslatable(`${path}.target`, `${target} is expanded twice`);
    expansions.set(key, { steps, path, used: false });
  });
  return { expansions, minimumSteps };
}

/** A limit of rule `name`'s `field`, relaxed by its expansion steps if any. */
function limitOf(
  context: Context,
  name: string,
  field: string,
  start: number,
  direction: 'up' | 'down',
): Limit {
  const expansion = context.expansions.get(`${name}.${field}`);
  if (expansion === undefined) return start;
  expansion.used = true;
  return steppedLimit(start, expansion.steps, direction);
}

/** The rule's `field` (>= 0) as a limit relaxed by its expansion steps. */
function fieldLimit(
  rule: Record<string, unknown>,
  path: string,
  context: Context,
  name: string,
  field: string,
  direction: 'up' | 'down',
): Limit {
  return limitOf(context, name, field, numeric(rule[field], `${path}.${field}`, { min: 0 }), direction);
}

function measurementOf(rule: Record<string, unknown>, path: string): Expression {
  const raw = rule['measurements'];
  const items = Array.isArray(raw) ? raw : [raw];
  if (items.length !== 1)
    untranslatable(`${path}.measurements`, 'matchd translates rules with one measurement');
  return parseExpression(text(items[0], `${path}.measurements`), `${path}.measurements`);
}

/** The reference: undefined, a constant (number or string), or an expression. */
function referenceOf(
  rule: Record<string, unknown>,
  path: string,
): undefined | { constant: number | string } | { expression: Expression } {
  const raw = rule['referenceValue'];
  if (raw === undefined) return undefined;
  if (typeof raw === 'number') return { constant: numeric(raw, `${path}.referenceValue`) };
  const source = text(raw, `${path}.referenceValue`);
  if (/^\s*(teams?\s*\[|[a-z_]+\s*\()/.test(source))
    return { expression: parseExpression(source, `${path}.referenceValue`) };
  const asNumber = Number(source);
  return { constant: source.trim() !== '' && Number.isFinite(asNumber) ? asNumber : source };
}

/**
 * A reference expression a comparison meets as `against`: `agg(teams[NAME].players.attributes[A])`
 * (or `count(teams[NAME].players)`) of a named team, or `agg(flatten(teams[*]...))` of every player.
 */
function againstOf(expression: Expression, context: Context): ComparisonReference | undefined {
  if (expression.type !== 'call') return undefined;
  const aggregate = numberAggregate(expression.fn);
  if (aggregate === undefined) return undefined;
  const flat = flatAttribute(expression.arg);
  if (flat !== undefined) return { aggregate, attribute: flat };
  const arg = expression.arg;
  if (arg.type !== 'players' || arg.team === '*' || context.namedTeams === undefined) return undefined;
  if (!context.namedTeams.has(arg.team)) return undefined;
  if (arg.attribute === undefined) return aggregate === 'count' ? { team: arg.team, aggregate } : undefined;
  return { team: arg.team, aggregate, attribute: arg.attribute };
}

function numberAggregate(fn: string | undefined): NumberAggregate | undefined {
  return (AGGREGATES as readonly string[]).includes(fn ?? '') ? (fn as NumberAggregate) : undefined;
}

/** `agg(teams[*].players.attributes[A])` or `count(teams[*].players)`: per-team aggregate. */
function teamAggregate(
  expression: Expression,
): { aggregate: NumberAggregate; attribute?: string } | undefined {
  if (expression.type !== 'call') return undefined;
  const aggregate = numberAggregate(expression.fn);
  const arg = expression.arg;
  if (aggregate === undefined || arg.type !== 'players' || arg.team !== '*') return undefined;
  if (aggregate === 'count' && arg.attribute === undefined && arg.playerId === undefined)
    return { aggregate };
  return arg.attribute === undefined ? undefined : { aggregate, attribute: arg.attribute };
}

/** `flatten(teams[*].players.attributes[A])`: A. */
function flatAttribute(expression: Expression): string | undefined {
  const inner = argumentOf(expression, 'flatten');
  return inner === undefined ? undefined : attributeOfPlayers(inner, '*');
}

function partyAggregation(
  rule: Record<string, unknown>,
  path: string,
  allowed: readonly PartyAggregate[],
): PartyAggregate | undefined {
  const value = rule['partyAggregation'];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value))
    untranslatable(`${path}.partyAggregation`, `must be one of ${allowed.join(', ')}`);
  return value as PartyAggregate;
}

function requireAttribute(
  context: Context,
  name: string,
  path: string,
  types: readonly AttributeType[],
): void {
  const declared = context.attributes[name];
  if (declared === undefined) untranslatable(path, `attribute ${name} is not declared in playerAttributes`);
  if (!types.includes(declared.type))
    untranslatable(path, `attribute ${name} is a ${declared.type}; this rule needs ${types.join(' or ')}`);
}

type Common = {
  name: string;
  description?: string;
  expansionAge?: 'oldest';
  partyAggregate?: PartyAggregate;
};

/** FlexMatch's default party aggregation of numbers is the average: a party's members carry it. */
function numberParty(base: Common, attribute: string | undefined): { partyAggregate?: PartyAggregate } {
  return attribute === undefined ? {} : { partyAggregate: base.partyAggregate ?? 'avg' };
}

function translateDistance(
  rule: Record<string, unknown>,
  path: string,
  base: Common,
  context: Context,
): Rule {
  const measured = measurementOf(rule, path);
  const reference = referenceOf(rule, path);
  const shape = (():
    | Pick<Extract<Rule, { kind: 'distance' }>, 'attribute' | 'scope' | 'aggregate' | 'reference'>
    | undefined => {
    if (reference === undefined || !('expression' in reference)) return undefined;
    const expression = reference.expression;
    // Each team's aggregate against the same aggregate over all players (FairTeamSkill).
    const perTeam = teamAggregate(measured);
    if (
      perTeam !== undefined &&
      perTeam.attribute !== undefined &&
      expression.type === 'call' &&
      expression.fn === perTeam.aggregate
    ) {
      if (flatAttribute(expression.arg) === perTeam.attribute)
        return {
          attribute: perTeam.attribute,
          scope: 'team',
          aggregate: perTeam.aggregate,
          reference: 'match',
        };
    }
    // max(x) against min(x), either way round: the spread of x.
    if (
      measured.type === 'call' &&
      expression.type === 'call' &&
      new Set([measured.fn, expression.fn]).size === 2
    ) {
      const pair = [measured.fn, expression.fn].sort().join(',');
      if (pair === 'max,min' && sameExpression(measured.arg, expression.arg)) {
        const inner = measured.arg;
        const flat = flatAttribute(inner);
        if (flat !== undefined) return { attribute: flat, scope: 'player', reference: 'spread' };
        const teams = teamAggregate(inner);
        if (teams !== undefined)
          return {
            ...(teams.attribute !== undefined ? { attribute: teams.attribute } : {}),
            scope: 'team',
            aggregate: teams.aggregate,
            reference: 'spread',
          };
      }
    }
    return undefined;
  })();
  if (shape === undefined) {
    untranslatable(
      `${path}.measurements`,
      `${printExpression(measured)} against ${JSON.stringify(rule['referenceValue'])}: matchd's distance takes each team's aggregate against the match's, or the largest minus the smallest`,
    );
  }
  if (shape.attribute !== undefined)
    requireAttribute(context, shape.attribute, `${path}.measurements`, ['number']);
  if (rule['maxDistance'] === undefined && rule['minDistance'] === undefined)
    untranslatable(path, 'needs maxDistance or minDistance');
  return {
    ...base,
    ...numberParty(base, shape.attribute),
    kind: 'distance',
    ...shape,
    ...(rule['maxDistance'] !== undefined
      ? {
          maxDistance: fieldLimit(rule, path, context, base.name, 'maxDistance', 'up'),
        }
      : {}),
    ...(rule['minDistance'] !== undefined
      ? {
          minDistance: fieldLimit(rule, path, context, base.name, 'minDistance', 'down'),
        }
      : {}),
  };
}

function translateComparison(
  rule: Record<string, unknown>,
  path: string,
  base: Common,
  context: Context,
): Rule {
  const operator = rule['operation'];
  if (typeof operator !== 'string' || !['=', '!=', '<', '<=', '>', '>='].includes(operator))
    untranslatable(`${path}.operation`, 'must be one of =, !=, <, <=, >, >=');
  const op = operator as '=' | '!=' | '<' | '<=' | '>' | '>=';
  const measured = measurementOf(rule, path);
  const reference = referenceOf(rule, path);
  const onlyTeam =
    context.teamNames.length > 0 && new Set(context.teamNames).size === 1 ? context.teamNames[0] : undefined;
  const playersAttribute =
    flatAttribute(measured) ??
    attributeOfPlayers(measured, '*') ??
    (onlyTeam !== undefined ? attributeOfPlayers(measured, onlyTeam) : undefined);
  if (reference === undefined) {
    if (op !== '=' && op !== '!=') untranslatable(`${path}.referenceValue`, `is required with ${op}`);
    if (playersAttribute === undefined)
      untranslatable(
        `${path}.measurements`,
        `${printExpression(measured)}: players compare with each other on flatten(teams[*].players.attributes[NAME])`,
      );
    requireAttribute(context, playersAttribute, `${path}.measurements`, ['number', 'string']);
    const numbers = context.attributes[playersAttribute]?.type === 'number';
    return {
      ...base,
      ...(numbers ? numberParty(base, playersAttribute) : {}),
      kind: 'comparison',
      attribute: playersAttribute,
      scope: 'player',
      operator: op,
    };
  }
  if ('constant' in reference) {
    const constant = reference.constant;
    const referenceFor = (type: AttributeType | undefined): Limit | string => {
      if (typeof constant === 'string') {
        if (type !== 'string')
          untranslatable(`${path}.referenceValue`, `a string compares with a string attribute`);
        return constant;
      }
      if (op === '=' || op === '!=') return constant;
      return limitOf(
        context,
        base.name,
        'referenceValue',
        constant,
        op === '<' || op === '<=' ? 'up' : 'down',
      );
    };
    if (playersAttribute !== undefined) {
      requireAttribute(context, playersAttribute, `${path}.measurements`, ['number', 'string']);
      const value = referenceFor(context.attributes[playersAttribute]?.type);
      const numbers = context.attributes[playersAttribute]?.type === 'number';
      return {
        ...base,
        ...(numbers ? numberParty(base, playersAttribute) : {}),
        kind: 'comparison',
        attribute: playersAttribute,
        scope: 'player',
        operator: op,
        value,
      };
    }
    const perTeam = teamAggregate(measured);
    if (perTeam !== undefined) {
      if (perTeam.attribute !== undefined)
        requireAttribute(context, perTeam.attribute, `${path}.measurements`, ['number']);
      return {
        ...base,
        ...numberParty(base, perTeam.attribute),
        kind: 'comparison',
        ...(perTeam.attribute !== undefined ? { attribute: perTeam.attribute } : {}),
        scope: 'team',
        aggregate: perTeam.aggregate,
        operator: op,
        value: referenceFor('number'),
      };
    }
    if (measured.type === 'call') {
      const aggregate = numberAggregate(measured.fn);
      const flat = flatAttribute(measured.arg);
      if (aggregate !== undefined && aggregate !== 'count' && flat !== undefined) {
        requireAttribute(context, flat, `${path}.measurements`, ['number']);
        return {
          ...base,
          ...numberParty(base, flat),
          kind: 'comparison',
          attribute: flat,
          scope: 'match',
          aggregate,
          operator: op,
          value: referenceFor('number'),
        };
      }
    }
  } else if (againstOf(reference.expression, context) !== undefined) {
    // An aggregate of one named team, or of every player: the reference each measured value meets.
    const against = againstOf(reference.expression, context) as ComparisonReference;
    if (against.attribute !== undefined)
      requireAttribute(context, against.attribute, `${path}.referenceValue`, ['number']);
    const perTeam = teamAggregate(measured);
    const shape =
      playersAttribute !== undefined
        ? { attribute: playersAttribute, scope: 'player' as const }
        : perTeam !== undefined
          ? {
              ...(perTeam.attribute !== undefined ? { attribute: perTeam.attribute } : {}),
              scope: 'team' as const,
              aggregate: perTeam.aggregate,
            }
          : undefined;
    if (shape !== undefined) {
      if (shape.attribute !== undefined)
        requireAttribute(context, shape.attribute, `${path}.measurements`, ['number']);
      return {
        ...base,
        ...numberParty(base, shape.attribute ?? against.attribute),
        kind: 'comparison',
        ...shape,
        operator: op,
        against,
      };
    }
  } else if ((op === '=' || op === '!=') && context.teamNames.length === 2) {
    // count(teams[a].players) = count(teams[b].players): the two teams' aggregates are equal.
    const left = measured;
    const right = reference.expression;
    if (
      left.type === 'call' &&
      right.type === 'call' &&
      left.fn === right.fn &&
      left.arg.type === 'players' &&
      right.arg.type === 'players'
    ) {
      const aggregate = numberAggregate(left.fn);
      const teams = new Set([left.arg.team, right.arg.team]);
      const both = context.teamNames.every((team) => teams.has(team));
      if (aggregate !== undefined && both && left.arg.attribute === right.arg.attribute) {
        const attribute = left.arg.attribute;
        if (attribute !== undefined) requireAttribute(context, attribute, `${path}.measurements`, ['number']);
        if (attribute !== undefined || aggregate === 'count')
          return {
            ...base,
            ...numberParty(base, attribute),
            kind: 'comparison',
            ...(attribute !== undefined ? { attribute } : {}),
            scope: 'team',
            aggregate,
            operator: op,
          };
      }
    }
  }
  const perOneTeam =
    measured.type === 'players'
      ? measured.team
      : measured.type === 'call' && measured.arg.type === 'players'
        ? measured.arg.team
        : '*';
  if (perOneTeam !== '*') {
    untranslatable(
      `${path}.measurements`,
      `${printExpression(measured)} applies to team ${perOneTeam} only: matchd's teams are interchangeable, rules apply to every team`,
    );
  }
  untranslatable(
    `${path}.referenceValue`,
    `${printExpression(measured)} ${op} ${JSON.stringify(rule['referenceValue'])}: matchd compares players, teams or the match with a constant, or players with each other`,
  );
}

function countLimits(
  rule: Record<string, unknown>,
  path: string,
  base: Common,
  context: Context,
  fields: readonly [string, string],
) {
  if (rule['minCount'] === undefined && rule['maxCount'] === undefined)
    untranslatable(path, 'needs minCount or maxCount');
  const min =
    rule['minCount'] === undefined
      ? undefined
      : fieldLimit(rule, path, context, base.name, 'minCount', 'down');
  const max =
    rule['maxCount'] === undefined ? undefined : fieldLimit(rule, path, context, base.name, 'maxCount', 'up');
  return {
    ...(min !== undefined ? { [fields[0]]: min } : {}),
    ...(max !== undefined ? { [fields[1]]: max } : {}),
  };
}

function translateCollection(
  rule: Record<string, unknown>,
  path: string,
  base: Common,
  context: Context,
): Rule {
  const operation = rule['operation'];
  const measured = measurementOf(rule, path);
  const reference = referenceOf(rule, path);
  const flat = flatAttribute(measured);
  const perTeam = attributeOfPlayers(measured, '*');
  const attribute = flat ?? perTeam;
  if (attribute === undefined)
    untranslatable(
      `${path}.measurements`,
      `${printExpression(measured)}: a collection reads teams[*].players.attributes[NAME], flattened or per team`,
    );
  requireAttribute(context, attribute, `${path}.measurements`, ['string_list']);
  // FlexMatch's default for collections: a party counts with the union of its members' lists.
  const party = { partyAggregate: base.partyAggregate ?? 'union' } as const;
  const scope = flat !== undefined ? 'match' : 'team';
  switch (operation) {
    case 'intersection':
      if (reference !== undefined)
        untranslatable(`${path}.referenceValue`, 'intersection takes no reference value');
      return {
        ...base,
        ...party,
        kind: 'set-intersection',
        attribute,
        scope,
        ...countLimits(rule, path, base, context, ['minCount', 'maxCount']),
      };
    case 'contains':
      if (reference === undefined || !('constant' in reference) || typeof reference.constant !== 'string')
        untranslatable(
          `${path}.referenceValue`,
          'contains counts the lists that contain a string: give the string',
        );
      return {
        ...base,
        ...party,
        kind: 'composition',
        attribute,
        value: reference.constant,
        scope,
        ...countLimits(rule, path, base, context, ['min', 'max']),
      };
    case 'reference_intersection_count': {
      if (flat === undefined)
        untranslatable(
          `${path}.measurements`,
          'reference_intersection_count reads flatten(teams[*].players.attributes[NAME])',
        );
      if (reference === undefined || !('expression' in reference))
        untranslatable(`${path}.referenceValue`, 'reference_intersection_count needs a reference expression');
      const expression = reference.expression;
      let against: Extract<Rule, { kind: 'set-intersection' }>['against'];
      const common = argumentOf(expression, 'set_intersection');
      const flattened = argumentOf(expression, 'flatten');
      if (common !== undefined && flatAttribute(common) !== undefined) {
        against = { attribute: flatAttribute(common) as string, combine: 'intersection' };
      } else if (
        flattened !== undefined &&
        flattened.type === 'players' &&
        flattened.team === '*' &&
        flattened.playerId === true
      ) {
        against = { playerIds: true };
      } else if (flatAttribute(expression) !== undefined) {
        against = { attribute: flatAttribute(expression) as string, combine: 'union' };
      } else {
        untranslatable(
          `${path}.referenceValue`,
          `${printExpression(expression)}: the reference is set_intersection(flatten(...)) or flatten(...) of an attribute, or the player ids`,
        );
      }
      if ('attribute' in against)
        requireAttribute(context, against.attribute, `${path}.referenceValue`, ['string_list']);
      return {
        ...base,
        ...party,
        kind: 'set-intersection',
        attribute,
        against,
        ...countLimits(rule, path, base, context, ['minCount', 'maxCount']),
      };
    }
    default:
      untranslatable(
        `${path}.operation`,
        'must be one of intersection, contains, reference_intersection_count',
      );
  }
}

/** The one team a measurement reads (`teams[monster]...`), or undefined for `teams[*]`. */
function measuredTeam(expression: Expression): string | undefined {
  const players = expression.type === 'players' ? expression : innermostPlayers(expression);
  return players === undefined || players.team === '*' ? undefined : players.team;
}

function innermostPlayers(expression: Expression): Extract<Expression, { type: 'players' }> | undefined {
  if (expression.type === 'players') return expression;
  return innermostPlayers(expression.arg);
}

function everyTeam(expression: Expression): Expression {
  if (expression.type === 'players') return { ...expression, team: '*' };
  return { ...expression, arg: everyTeam(expression.arg) };
}

/**
 * A rule whose measurement reads one named team (`teams[monster].players.attributes[wantsToBeMonster]`):
 * translated as the same rule over every team, then given `team`, so that it reads that team alone.
 * Its reference keeps its own teams (`max(teams[players]...)`). Undefined when the rule reads every
 * team; an error when the teams are not named or the team is not one of them.
 */
function oneTeamRule(
  rule: Record<string, unknown>,
  path: string,
  context: Context,
): { team: string; rule: Record<string, unknown> } | undefined {
  const raw = rule['measurements'];
  const items = Array.isArray(raw) ? raw : [raw];
  if (items.length !== 1 || typeof items[0] !== 'string') return undefined;
  const measured = parseExpression(items[0], `${path}.measurements`);
  const team = measuredTeam(measured);
  if (team === undefined) return undefined;
  // A rule set of one team: its name reads every player.
  if (context.namedTeams === undefined && context.teamNames.every((name) => name === team)) return undefined;
  // Both teams of a two-team comparison by name (count(teams[a]) = count(teams[b])) read every team.
  const reference = referenceOf(rule, path);
  if (
    context.namedTeams === undefined &&
    reference !== undefined &&
    'expression' in reference &&
    measuredTeam(reference.expression) !== undefined
  )
    return undefined;
  if (context.namedTeams === undefined || !context.namedTeams.has(team))
    untranslatable(
      `${path}.measurements`,
      context.teamNames.some((name) => name.startsWith(`${team}_`))
        ? `teams[${team}] reads ${team}'s ${context.teamNames.filter((name) => name.startsWith(`${team}_`)).length} copies (quantity) at once: matchd's rules read one named team`
        : `teams[${team}] is not one of the rule set's teams (${context.teamNames.join(', ')})`,
    );
  return { team, rule: { ...rule, measurements: [printExpression(everyTeam(measured))] } };
}

/** Translates a rule over one named team, or over every team. */
function translatePerTeam(
  rule: Record<string, unknown>,
  path: string,
  base: Common,
  context: Context,
  translate: (rule: Record<string, unknown>, path: string, base: Common, context: Context) => Rule,
): Rule {
  const scoped = oneTeamRule(rule, path, context);
  if (scoped === undefined) return translate(rule, path, base, context);
  return { ...translate(scoped.rule, path, base, context), team: scoped.team };
}

function translateRule(
  rule: Record<string, unknown>,
  path: string,
  context: Context,
  byName: ReadonlyMap<string, { rule: Record<string, unknown>; path: string; index: number }>,
  index: number,
): Rule | undefined {
  const type = text(rule['type'], `${path}.type`);
  const fields = RULE_FIELDS[type];
  if (fields === undefined) untranslatable(`${path}.type`, `unknown rule type ${type}`);
  knownFields(rule, path, ['name', 'description', 'type', ...fields]);
  const name = text(rule['name'], `${path}.name`);
  const base: Common = {
    name,
    ...(typeof rule['description'] === 'string' && rule['description'].length > 0
      ? { description: rule['description'] }
      : {}),
    ...(context.expansionAge === 'oldest' ? { expansionAge: 'oldest' as const } : {}),
  };
  switch (type) {
    case 'distance': {
      const party = partyAggregation(rule, path, ['min', 'max', 'avg']);
      return translatePerTeam(
        rule,
        path,
        { ...base, ...(party !== undefined ? { partyAggregate: party } : {}) },
        context,
        translateDistance,
      );
    }
    case 'comparison': {
      const party = partyAggregation(rule, path, ['min', 'max', 'avg']);
      return translatePerTeam(
        rule,
        path,
        { ...base, ...(party !== undefined ? { partyAggregate: party } : {}) },
        context,
        translateComparison,
      );
    }
    case 'collection': {
      const party = partyAggregation(rule, path, ['union', 'intersection']);
      return translatePerTeam(
        rule,
        path,
        { ...base, ...(party !== undefined ? { partyAggregate: party } : {}) },
        context,
        translateCollection,
      );
    }
    case 'latency': {
      const party = partyAggregation(rule, path, ['min', 'max', 'avg']);
      const reference = rule['distanceReference'];
      if (reference !== undefined && reference !== 'min' && reference !== 'avg')
        untranslatable(`${path}.distanceReference`, 'must be min or avg');
      return {
        ...base,
        partyAggregate: party ?? 'avg',
        kind: 'latency',
        maxLatencyMs: fieldLimit(rule, path, context, name, 'maxLatency', 'up'),
        ...(rule['maxDistance'] !== undefined
          ? {
              maxDistanceMs: fieldLimit(rule, path, context, name, 'maxDistance', 'up'),
            }
          : {}),
        ...(reference !== undefined ? { distanceReference: reference } : {}),
      };
    }
    case 'batchDistance': {
      const attribute = text(rule['batchAttribute'], `${path}.batchAttribute`);
      requireAttribute(context, attribute, `${path}.batchAttribute`, ['number', 'string']);
      const isNumber = context.attributes[attribute]?.type === 'number';
      if (isNumber && rule['maxDistance'] === undefined)
        untranslatable(`${path}.maxDistance`, 'a number attribute needs maxDistance');
      if (!isNumber && rule['maxDistance'] !== undefined)
        untranslatable(`${path}.maxDistance`, 'a string attribute batches by equal value');
      const party = isNumber ? partyAggregation(rule, path, ['min', 'max', 'avg']) : undefined;
      return {
        ...base,
        ...(isNumber ? { partyAggregate: party ?? 'avg' } : {}),
        kind: 'batch-distance',
        attribute,
        ...(isNumber
          ? {
              maxDistance: fieldLimit(rule, path, context, name, 'maxDistance', 'up'),
            }
          : {}),
      };
    }
    case 'compound': {
      const statement = parseStatement(text(rule['statement'], `${path}.statement`), `${path}.statement`);
      const inline = (node: Statement): CompoundStatement => {
        if ('name' in node) {
          const target = byName.get(node.name);
          if (target === undefined || target.index >= index)
            untranslatable(`${path}.statement`, `${node.name} is not a rule defined before ${name}`);
          if (target.rule['type'] === 'batchDistance' || target.rule['type'] === 'compound')
            untranslatable(
              `${path}.statement`,
              `${node.name}: a compound rule cannot name a ${String(target.rule['type'])} rule`,
            );
          const translated = translateRule(target.rule, target.path, context, byName, target.index);
          if (translated === undefined)
            untranslatable(`${path}.statement`, `${node.name} only sorts candidates`);
          return { rule: translated };
        }
        const args = node.args.map(inline);
        if (node.op === 'not') return { not: args[0] as CompoundStatement };
        return node.op === 'and' ? { and: args } : node.op === 'or' ? { or: args } : { xor: args };
      };
      return { ...base, kind: 'compound', statement: inline(statement) };
    }
    default:
      // absoluteSort, distanceSort: they order the candidates FlexMatch tries, they never refuse one.
      context.notes.push(
        `${path}: ${name} (${type}) only sorts candidates; matchd tries candidates in its own order (wait, then rating), so it is left out`,
      );
      return undefined;
  }
}

function compoundNames(statement: string, path: string): string[] {
  const names: string[] = [];
  const walk = (node: Statement) => {
    if ('name' in node) names.push(node.name);
    else node.args.forEach(walk);
  };
  walk(parseStatement(statement, path));
  return names;
}

function translateAlgorithm(value: unknown, notes: string[]): 'newest' | 'oldest' | undefined {
  if (value === undefined) return undefined;
  const algorithm = record(value, 'algorithm');
  knownFields(algorithm, 'algorithm', [
    'strategy',
    'balancedAttribute',
    'batchingPreference',
    'sortByAttributes',
    'backfillPriority',
    'expansionAgeSelection',
  ]);
  const strategy = algorithm['strategy'];
  if (strategy !== undefined && strategy !== 'exhaustiveSearch' && strategy !== 'balanced')
    untranslatable('algorithm.strategy', 'must be exhaustiveSearch or balanced');
  if (strategy === 'balanced' || algorithm['balancedAttribute'] !== undefined) {
    notes.push(
      `algorithm.strategy: balanced on ${String(algorithm['balancedAttribute'])} is not translated: matchd forms candidates from each ticket's neighbours in rating order and splits teams by rating; add a rule on the attribute if it is not the rating`,
    );
  }
  const batching = algorithm['batchingPreference'];
  if (batching !== undefined) {
    if (!['random', 'sorted', 'largestPopulation', 'fastestRegion'].includes(String(batching)))
      untranslatable(
        'algorithm.batchingPreference',
        'must be random, sorted, largestPopulation or fastestRegion',
      );
    notes.push(
      `algorithm.batchingPreference: ${String(batching)} is not translated: matchd looks for a ticket's match in its fastest region first and in other regions once their ping is within the limit`,
    );
  }
  if (algorithm['sortByAttributes'] !== undefined)
    notes.push(
      'algorithm.sortByAttributes: pre-sorting the pool has no meaning in matchd (candidates are neighbours in rating order)',
    );
  if (algorithm['backfillPriority'] !== undefined)
    notes.push('algorithm.backfillPriority: not translated (backfill is configured on the matchd queue)');
  const age = algorithm['expansionAgeSelection'];
  if (age !== undefined && age !== 'newest' && age !== 'oldest')
    untranslatable('algorithm.expansionAgeSelection', 'must be newest or oldest');
  return age as 'newest' | 'oldest' | undefined;
}

/**
 * Translates a FlexMatch rule set (parsed JSON) into a matchd queue config. Throws
 * MM_ERR_INVALID_DATA naming the path in the rule set of the first part that cannot be translated.
 */
export function importFlexMatch(source: unknown, options: ImportOptions = {}): ImportResult {
  const root = record(source, 'rule set');
  knownFields(root, '', [
    'name',
    'ruleLanguageVersion',
    'playerAttributes',
    'algorithm',
    'teams',
    'rules',
    'expansions',
  ]);
  if (root['ruleLanguageVersion'] !== '1.0') untranslatable('ruleLanguageVersion', 'must be "1.0"');
  const notes: string[] = [];
  const attributes = translateAttributes(root['playerAttributes']);
  const { expansions, minimumSteps } = translateExpansions(root['expansions'], notes);
  const { shape, names, named } = translateTeams(root['teams'], notes, minimumSteps, root['rules']);
  if (!named && minimumSteps.size > 1)
    untranslatable('expansions', 'minPlayers of teams alike in size is expanded twice');
  const expansionAge = translateAlgorithm(root['algorithm'], notes);
  const definitions = teamDefinitions(root['teams']);
  const context: Context = {
    attributes,
    teamNames: names,
    namedTeams: named
      ? new Set(definitions.filter((team) => team.quantity === 1).map((team) => team.name))
      : undefined,
    notes,
    expansions,
    expansionAge: expansionAge === 'oldest' ? 'oldest' : undefined,
  };
  const sources = list(root['rules'] ?? [], 'rules').map((item, index) => {
    const path = `rules[${index}]`;
    return { rule: record(item, path), path, index };
  });
  const byName = new Map<string, (typeof sources)[number]>();
  for (const item of sources) {
    const name = text(item.rule['name'], `${item.path}.name`);
    if (byName.has(name)) untranslatable(`${item.path}.name`, `${name} names another rule already`);
    byName.set(name, item);
  }
  // Rules a compound names count only through it (as in FlexMatch): they are written inside it.
  const inCompound = new Set(
    sources
      .filter((item) => item.rule['type'] === 'compound')
      .flatMap((item) =>
        compoundNames(text(item.rule['statement'], `${item.path}.statement`), `${item.path}.statement`),
      ),
  );
  const rules = sources
    .filter((item) => !inCompound.has(String(item.rule['name'])))
    .map((item) => translateRule(item.rule, item.path, context, byName, item.index))
    .filter((rule): rule is Rule => rule !== undefined);
  for (const [target, expansion] of context.expansions) {
    if (!expansion.used)
      untranslatable(
        `${expansion.path}.target`,
        `rules[${target.replace('.', '].')} expands nothing that matchd translated`,
      );
  }
  const id = options.id ?? queueIdFrom(root['name']);
  let config = queueSkeleton(id, shape, attributes, rules, options);
  const latency = rules.find((rule) => rule.kind === 'latency');
  if (latency !== undefined) {
    const regions = options.regions ?? [];
    if (regions.length === 0) {
      const at = sources.find((item) => item.rule['name'] === latency.name)?.path ?? 'rules';
      untranslatable(at, 'a latency rule needs the regions a match can be played in (the --regions option)');
    }
    config = {
      ...config,
      regions: {
        names: regions,
        maxPingMs:
          typeof latency.maxLatencyMs === 'number' ? { start: latency.maxLatencyMs } : latency.maxLatencyMs,
      },
    };
    notes.push(
      `rules: players send their pings as players[].pingMsByRegion; ${latency.name} is also the queue's region ping limit`,
    );
  }
  if (typeof root['name'] === 'string' && root['name'].length > 0) config = { ...config, name: root['name'] };
  return { config, notes };
}
