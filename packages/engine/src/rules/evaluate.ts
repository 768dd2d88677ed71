/**
 * Rule evaluation: a pure function over a candidate match (teams of tickets with players and
 * attributes, the chosen region, each ticket's wait). Each rule measures the candidate, reads its
 * limits at the wait of the match's newest (or oldest) ticket, and returns pass/fail, a score in
 * [0, 1] and a sentence naming the rule and the values. A failing rule also says from which wait
 * the same players would pass, so that a matchmaker knows when to look again.
 */

import type { RelaxDirection } from '../queue/relaxation.ts';
import { aggregateNumbers, attributeOf, combineLists, partyValue } from './attributes.ts';
import { limitAt, waitUntilLimit } from './limits.ts';
import type {
  AttributeDeclarations,
  AttributeValue,
  BatchDistanceRule,
  ComparisonRule,
  CompositionRule,
  CompoundRule,
  CompoundStatement,
  DistanceRule,
  Limit,
  NumberAggregate,
  PartySimilarityRule,
  Rule,
  RuleCandidate,
  RuleOutcome,
  RulesVerdict,
  RuleTicket,
  SetIntersectionRule,
  StringEqualityRule,
} from './types.ts';

/** Something a rule requires of the candidate. */
type Condition =
  /** `measured` <= limit (< when strict); `closeness`: the score rewards room under the limit. */
  | {
      readonly type: 'max';
      readonly field: string;
      readonly limit: Limit;
      readonly measured: number;
      readonly what: string;
      readonly strict?: boolean;
      readonly closeness?: boolean;
    }
  /** `measured` >= limit (> when strict). */
  | {
      readonly type: 'min';
      readonly field: string;
      readonly limit: Limit;
      readonly measured: number;
      readonly what: string;
      readonly strict?: boolean;
    }
  | { readonly type: 'fact'; readonly holds: boolean; readonly what: string };

/** What a rule measured: its conditions, or a player it could not read. */
type Measurement = { readonly conditions: readonly Condition[] } | { readonly unreadable: string };

/** One player's value of the rule's attribute (after party aggregation). */
interface Reading {
  readonly playerId: string;
  readonly team: number;
  readonly value: AttributeValue | undefined;
}

type Expect = 'number' | 'string' | 'list' | 'scalar';

function fits(value: AttributeValue | undefined, expect: Expect): boolean {
  switch (expect) {
    case 'number':
      return typeof value === 'number';
    case 'string':
      return typeof value === 'string';
    case 'list':
      return Array.isArray(value);
    case 'scalar':
      return typeof value === 'number' || typeof value === 'string';
  }
}

/** Formats a number for explanations: integers as is, others with up to 3 decimals. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  return Number.isInteger(value) ? String(value) : String(Number(value.toFixed(3)));
}

function formatWait(waitMs: number): string {
  return `${formatNumber(waitMs / 1000)} s`;
}

/** The wait a rule's limits relax to: its newest ticket's (default) or its oldest's. */
export function ruleWaitMs(rule: Rule, candidate: RuleCandidate): number {
  const oldest = rule.expansionAge === 'oldest';
  let wait = oldest ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  for (const team of candidate.teams)
    for (const ticket of team) wait = oldest ? Math.max(wait, ticket.waitMs) : Math.min(wait, ticket.waitMs);
  return Number.isFinite(wait) ? wait : 0;
}

/**
 * One ticket's players' values of `attribute`, each party member carrying the party's aggregate
 * when the rule asks for one (or `partyDefault` when the rule names none). Without an attribute (a
 * count of players) every player reads 1.
 */
export function ticketValues(
  rule: Rule,
  attribute: string | undefined,
  ticket: RuleTicket,
  declarations: AttributeDeclarations | undefined,
  partyDefault?: 'avg',
): (AttributeValue | undefined)[] {
  const aggregate = rule.partyAggregate ?? partyDefault;
  const own = ticket.players.map((player) =>
    attribute === undefined ? 1 : attributeOf(player, attribute, declarations),
  );
  if (aggregate === undefined || ticket.players.length <= 1) return own;
  const shared = partyValue(own, aggregate);
  return own.map(() => shared);
}

/** Every player's value of `attribute` (`ticketValues` over the candidate), with its team. */
function readAttribute(
  rule: Rule,
  attribute: string | undefined,
  candidate: RuleCandidate,
  declarations: AttributeDeclarations | undefined,
  partyDefault?: 'avg',
): Reading[] {
  const readings: Reading[] = [];
  candidate.teams.forEach((tickets, team) => {
    for (const ticket of tickets) {
      const values = ticketValues(rule, attribute, ticket, declarations, partyDefault);
      ticket.players.forEach((player, i) => {
        readings.push({ playerId: player.playerId, team, value: values[i] });
      });
    }
  });
  return readings;
}

/**
 * The readings of the expected kind; a player without one fails the rule unless the rule ignores
 * missing values (then the player is left out).
 */
function usable(
  rule: Rule,
  attribute: string,
  readings: readonly Reading[],
  expect: Expect,
): Reading[] | { unreadable: string } {
  const present = readings.filter((reading) => fits(reading.value, expect));
  if (present.length < readings.length && rule.whenMissing !== 'ignore') {
    const missing = readings.find((reading) => !fits(reading.value, expect));
    return {
      unreadable: `player ${missing?.playerId} has no ${attribute} (and the queue declares no default)`,
    };
  }
  return present;
}

/** The rule's attribute, read and filtered in one step. */
function readUsable(
  rule: Rule,
  attribute: string,
  candidate: RuleCandidate,
  declarations: AttributeDeclarations | undefined,
  expect: Expect,
): Reading[] | { unreadable: string } {
  return usable(rule, attribute, readAttribute(rule, attribute, candidate, declarations), expect);
}

function teamGroups<T extends { readonly team: number }>(items: readonly T[], teamCount: number): T[][] {
  const groups: T[][] = Array.from({ length: teamCount }, () => []);
  for (const item of items) groups[item.team]?.push(item);
  return groups;
}

function aggregateOf(values: readonly number[], aggregate: NumberAggregate): number {
  return aggregate === 'count' ? values.length : aggregateNumbers(values, aggregate);
}

/** The team aggregates of the numeric readings (teams with no value are left out, counts are not). */
function teamValues(
  readings: readonly Reading[],
  teamCount: number,
  aggregate: NumberAggregate,
): { team: number; value: number }[] {
  return teamGroups(readings, teamCount)
    .map((group, team) => ({ team, values: group.map((reading) => reading.value as number) }))
    .filter(({ values }) => aggregate === 'count' || values.length > 0)
    .map(({ team, values }) => ({ team, value: aggregateOf(values, aggregate) }));
}

function describeAttribute(attribute: string | undefined, aggregate: NumberAggregate): string {
  return attribute === undefined || aggregate === 'count' ? 'player count' : `${aggregate} ${attribute}`;
}

/** Direction a comparison's limit relaxes: up for `<`/`<=`, down for `>`/`>=`. */
function comparisonCondition(
  rule: ComparisonRule,
  measuredValues: readonly number[],
  limit: Limit,
  what: string,
): Condition {
  if (rule.operator === '<' || rule.operator === '<=') {
    return {
      type: 'max',
      field: 'value',
      limit,
      measured: Math.max(...measuredValues),
      what: `largest ${what}`,
      strict: rule.operator === '<',
      closeness: true,
    };
  }
  return {
    type: 'min',
    field: 'value',
    limit,
    measured: Math.min(...measuredValues),
    what: `smallest ${what}`,
    strict: rule.operator === '>',
  };
}

function measureComparison(
  rule: ComparisonRule,
  candidate: RuleCandidate,
  declarations: AttributeDeclarations | undefined,
): Measurement {
  const aggregate = rule.aggregate ?? 'avg';
  const stringValued =
    typeof rule.value === 'string' ||
    (rule.attribute !== undefined && declarations?.[rule.attribute]?.type === 'string');
  const readings = readAttribute(rule, rule.attribute, candidate, declarations);
  const present = usable(rule, rule.attribute ?? 'value', readings, stringValued ? 'string' : 'number');
  if ('unreadable' in present) return present;
  let values: (number | string)[];
  let what: string;
  if (rule.scope === 'player' || stringValued) {
    values = present.map((reading) => reading.value as number | string);
    what = `player ${rule.attribute}`;
  } else if (rule.scope === 'team') {
    values = teamValues(present, candidate.teams.length, aggregate).map((team) => team.value);
    what = `team ${describeAttribute(rule.attribute, aggregate)}`;
  } else {
    const numbers = present.map((reading) => reading.value as number);
    values = numbers.length === 0 && aggregate !== 'count' ? [] : [aggregateOf(numbers, aggregate)];
    what = `match ${describeAttribute(rule.attribute, aggregate)}`;
  }
  if (values.length === 0) return { conditions: [] };
  const shown = [
    ...new Set(values.map((value) => (typeof value === 'number' ? formatNumber(value) : value))),
  ];
  if (rule.value === undefined) {
    const distinct = new Set(values).size;
    const holds = rule.operator === '=' ? distinct === 1 : distinct === values.length;
    const wanted = rule.operator === '=' ? 'all equal' : 'all different';
    return {
      conditions: [{ type: 'fact', holds, what: `${what} values ${shown.join(', ')} (${wanted} wanted)` }],
    };
  }
  if (typeof rule.value === 'string' || rule.operator === '=' || rule.operator === '!=') {
    const reference = typeof rule.value === 'object' ? rule.value.start : rule.value;
    const holds =
      rule.operator === '='
        ? values.every((value) => value === reference)
        : values.every((v) => v !== reference);
    return {
      conditions: [
        { type: 'fact', holds, what: `${what} values ${shown.join(', ')} ${rule.operator} ${reference}` },
      ],
    };
  }
  return { conditions: [comparisonCondition(rule, values as number[], rule.value, what)] };
}

function measureDistance(
  rule: DistanceRule,
  candidate: RuleCandidate,
  declarations: AttributeDeclarations | undefined,
): Measurement {
  const aggregate = rule.aggregate ?? 'avg';
  const readings = readAttribute(rule, rule.attribute, candidate, declarations);
  const present = usable(rule, rule.attribute ?? 'value', readings, 'number');
  if ('unreadable' in present) return present;
  const all = present.map((reading) => reading.value as number);
  const values =
    rule.scope === 'player'
      ? all
      : teamValues(present, candidate.teams.length, aggregate).map((t) => t.value);
  if (values.length === 0) return { conditions: [] };
  const subject =
    rule.scope === 'player'
      ? `player ${rule.attribute}`
      : `team ${describeAttribute(rule.attribute, aggregate)}`;
  let measured: number;
  let what: string;
  if ((rule.reference ?? 'spread') === 'spread') {
    measured = Math.max(...values) - Math.min(...values);
    what = `${subject} spread`;
  } else {
    const reference = rule.scope === 'player' ? aggregateOf(all, 'avg') : aggregateOf(all, aggregate);
    measured = Math.max(...values.map((value) => Math.abs(value - reference)));
    what = `largest distance of a ${subject} from the match's (${formatNumber(reference)})`;
  }
  const conditions: Condition[] = [];
  if (rule.maxDistance !== undefined)
    conditions.push({
      type: 'max',
      field: 'maxDistance',
      limit: rule.maxDistance,
      measured,
      what,
      closeness: true,
    });
  if (rule.minDistance !== undefined)
    conditions.push({ type: 'min', field: 'minDistance', limit: rule.minDistance, measured, what });
  return { conditions };
}

function measureStringEquality(
  rule: StringEqualityRule,
  candidate: RuleCandidate,
  declarations: AttributeDeclarations | undefined,
): Measurement {
  const present = readUsable(rule, rule.attribute, candidate, declarations, 'string');
  if ('unreadable' in present) return present;
  const groups = rule.scope === 'team' ? teamGroups(present, candidate.teams.length) : [present];
  const conditions = groups.map((group, i): Condition => {
    const distinct = [...new Set(group.map((reading) => reading.value as string))];
    const where = rule.scope === 'team' ? `team ${i}` : 'the match';
    return {
      type: 'fact',
      holds: distinct.length <= 1,
      what: `${rule.attribute} in ${where}: ${distinct.length === 0 ? 'none' : distinct.join(', ')} (one value wanted)`,
    };
  });
  return { conditions };
}

function countConditions(
  min: Limit | undefined,
  max: Limit | undefined,
  counts: readonly number[],
  what: string,
  fields: readonly [string, string],
): Condition[] {
  const conditions: Condition[] = [];
  if (counts.length === 0) return conditions;
  if (min !== undefined)
    conditions.push({
      type: 'min',
      field: fields[0],
      limit: min,
      measured: Math.min(...counts),
      what: `smallest ${what}`,
    });
  if (max !== undefined)
    conditions.push({
      type: 'max',
      field: fields[1],
      limit: max,
      measured: Math.max(...counts),
      what: `largest ${what}`,
    });
  return conditions;
}

function measureSetIntersection(
  rule: SetIntersectionRule,
  candidate: RuleCandidate,
  declarations: AttributeDeclarations | undefined,
): Measurement {
  const present = readUsable(rule, rule.attribute, candidate, declarations, 'list');
  if ('unreadable' in present) return present;
  const against = rule.against;
  if (against === undefined) {
    const groups = rule.scope === 'team' ? teamGroups(present, candidate.teams.length) : [present];
    const sizes = groups
      .filter((group) => group.length > 0)
      .map(
        (group) =>
          combineLists(
            group.map((reading) => reading.value as string[]),
            'intersection',
          ).length,
      );
    const what = `number of ${rule.attribute} shared by all players${rule.scope === 'team' ? ' of a team' : ''}`;
    return {
      conditions: countConditions(rule.minCount, rule.maxCount, sizes, what, ['minCount', 'maxCount']),
    };
  }
  let reference: string[];
  let described: string;
  if ('playerIds' in against) {
    reference = candidate.teams.flatMap((team) =>
      team.flatMap((ticket) => ticket.players.map((p) => p.playerId)),
    );
    described = "the match's player ids";
  } else {
    const others = readUsable(rule, against.attribute, candidate, declarations, 'list');
    if ('unreadable' in others) return others;
    const lists = others.map((reading) => reading.value as string[]);
    reference = lists.length === 0 ? [] : combineLists(lists, against.combine);
    described = `the ${against.combine} of ${against.attribute} (${reference.join(', ') || 'empty'})`;
  }
  const referenceSet = new Set(reference);
  const counts = present.map(
    (reading) => new Set((reading.value as string[]).filter((item) => referenceSet.has(item))).size,
  );
  const what = `number of a player's ${rule.attribute} in ${described}`;
  return {
    conditions: countConditions(rule.minCount, rule.maxCount, counts, what, ['minCount', 'maxCount']),
  };
}

function matchesValue(value: AttributeValue | undefined, wanted: string | number): boolean {
  if (Array.isArray(value)) return (value as readonly unknown[]).includes(wanted);
  return value === wanted;
}

function measureComposition(
  rule: CompositionRule,
  candidate: RuleCandidate,
  declarations: AttributeDeclarations | undefined,
): Measurement {
  const readings = readAttribute(rule, rule.attribute, candidate, declarations);
  let counted: Reading[];
  if (rule.value === undefined) {
    const present = usable(rule, rule.attribute, readings, 'number');
    if ('unreadable' in present) return present;
    counted = present;
  } else {
    // A player without the attribute simply does not have the counted value.
    counted = readings;
  }
  const wanted = rule.value;
  const groups = rule.scope === 'team' ? teamGroups(counted, candidate.teams.length) : [counted];
  const totals = groups.map((group) =>
    wanted === undefined
      ? group.reduce((total, reading) => total + (reading.value as number), 0)
      : group.filter((reading) => matchesValue(reading.value, wanted)).length,
  );
  const subject =
    wanted === undefined ? `total ${rule.attribute}` : `number of players with ${rule.attribute} ${wanted}`;
  const what = `${subject}${rule.scope === 'team' ? ' in a team' : ''}`;
  return { conditions: countConditions(rule.min, rule.max, totals, what, ['min', 'max']) };
}

function measureLatency(rule: Rule & { kind: 'latency' }, candidate: RuleCandidate): Measurement {
  const region = candidate.region;
  if (region === undefined) return { unreadable: 'the match has no region' };
  const pings: number[] = [];
  for (const tickets of candidate.teams) {
    for (const ticket of tickets) {
      const own = ticket.players.map((player) => player.pingMsByRegion?.[region]);
      const missing = ticket.players.find((_, i) => own[i] === undefined);
      if (missing !== undefined) return { unreadable: `player ${missing.playerId} has no ping to ${region}` };
      const aggregate = rule.partyAggregate;
      const shared =
        aggregate !== undefined && aggregate !== 'union' && aggregate !== 'intersection' && own.length > 1
          ? aggregateNumbers(own as number[], aggregate)
          : undefined;
      for (const ping of own) pings.push(shared ?? (ping as number));
    }
  }
  if (pings.length === 0) return { conditions: [] };
  const conditions: Condition[] = [
    {
      type: 'max',
      field: 'maxLatencyMs',
      limit: rule.maxLatencyMs,
      measured: Math.max(...pings),
      what: `largest ping to ${region}`,
      closeness: true,
    },
  ];
  if (rule.maxDistanceMs !== undefined) {
    const referenceKind = rule.distanceReference ?? 'min';
    const reference = referenceKind === 'min' ? Math.min(...pings) : aggregateNumbers(pings, 'avg');
    conditions.push({
      type: 'max',
      field: 'maxDistanceMs',
      limit: rule.maxDistanceMs,
      measured: Math.max(...pings.map((ping) => Math.abs(ping - reference))),
      what: `largest distance of a ping from the ${referenceKind} ping ${formatNumber(reference)}`,
      closeness: true,
    });
  }
  return { conditions };
}

function measureBatchDistance(
  rule: BatchDistanceRule,
  candidate: RuleCandidate,
  declarations: AttributeDeclarations | undefined,
): Measurement {
  const isString = declarations?.[rule.attribute]?.type === 'string';
  // Parties batch by their average number; a string is every member's own (all must be equal).
  const readings = readAttribute(rule, rule.attribute, candidate, declarations, isString ? undefined : 'avg');
  const present = usable(rule, rule.attribute, readings, isString ? 'string' : 'number');
  if ('unreadable' in present) return present;
  if (present.length === 0) return { conditions: [] };
  if (isString) {
    const distinct = [...new Set(present.map((reading) => reading.value as string))];
    return {
      conditions: [
        {
          type: 'fact',
          holds: distinct.length === 1,
          what: `${rule.attribute} values ${distinct.join(', ')} (one wanted)`,
        },
      ],
    };
  }
  const values = present.map((reading) => reading.value as number);
  const conditions: Condition[] = [];
  if (rule.maxDistance !== undefined) {
    conditions.push({
      type: 'max',
      field: 'maxDistance',
      limit: rule.maxDistance,
      measured: Math.max(...values) - Math.min(...values),
      what: `${rule.attribute} spread`,
      closeness: true,
    });
  }
  return { conditions };
}

function measurePartySimilarity(rule: PartySimilarityRule, candidate: RuleCandidate): Measurement {
  const withLarge = candidate.teams.map((tickets) =>
    tickets.some((ticket) => ticket.players.length >= rule.largePartySize),
  );
  const count = withLarge.filter(Boolean).length;
  const holds = count === 0 || count === withLarge.length;
  return {
    conditions: [
      {
        type: 'fact',
        holds,
        what: `${count} of ${withLarge.length} teams have a party of ${rule.largePartySize} or more (all or none wanted)`,
      },
    ],
  };
}

function measure(
  rule: Exclude<Rule, CompoundRule>,
  candidate: RuleCandidate,
  declarations: AttributeDeclarations | undefined,
): Measurement {
  switch (rule.kind) {
    case 'comparison':
      return measureComparison(rule, candidate, declarations);
    case 'distance':
      return measureDistance(rule, candidate, declarations);
    case 'string-equality':
      return measureStringEquality(rule, candidate, declarations);
    case 'set-intersection':
      return measureSetIntersection(rule, candidate, declarations);
    case 'composition':
      return measureComposition(rule, candidate, declarations);
    case 'latency':
      return measureLatency(rule, candidate);
    case 'batch-distance':
      return measureBatchDistance(rule, candidate, declarations);
    case 'party-similarity':
      return measurePartySimilarity(rule, candidate);
  }
}

const NUDGE = 1e-9;

/** A condition read at a wait: does it hold, its score, its limit now, when it would hold. */
function settleCondition(
  condition: Condition,
  waitMs: number,
  explain: boolean,
): { holds: boolean; score: number; limitNow?: number; passesAtWaitMs: number; text: string } {
  if (condition.type === 'fact') {
    return {
      holds: condition.holds,
      score: condition.holds ? 1 : 0,
      passesAtWaitMs: condition.holds ? waitMs : Infinity,
      text: condition.what,
    };
  }
  const direction: RelaxDirection = condition.type === 'max' ? 'up' : 'down';
  const limitNow = limitAt(condition.limit, waitMs, direction);
  const m = condition.measured;
  const holds =
    condition.type === 'max'
      ? condition.strict === true
        ? m < limitNow
        : m <= limitNow
      : condition.strict === true
        ? m > limitNow
        : m >= limitNow;
  let score: number;
  if (condition.type === 'max' && condition.closeness === true) {
    score = !holds ? 0 : limitNow > 0 ? Math.min(1, Math.max(0, 1 - m / limitNow)) : 1;
  } else if (holds) {
    score = 1;
  } else {
    const shortfall = Math.abs(m - limitNow);
    score = Math.max(0, 1 - shortfall / Math.max(Math.abs(limitNow), 1));
  }
  const nudge = condition.strict === true ? NUDGE * Math.max(1, Math.abs(m)) : 0;
  const target = condition.type === 'max' ? m + nudge : m - nudge;
  const passesAtWaitMs = holds ? waitMs : waitUntilLimit(condition.limit, target, waitMs, direction);
  if (!explain) return { holds, score, limitNow, passesAtWaitMs, text: '' };
  const symbol =
    condition.type === 'max'
      ? holds
        ? condition.strict === true
          ? '<'
          : '<='
        : condition.strict === true
          ? '>='
          : '>'
      : holds
        ? condition.strict === true
          ? '>'
          : '>='
        : condition.strict === true
          ? '<='
          : '<';
  return {
    holds,
    score,
    limitNow,
    passesAtWaitMs,
    text: `${condition.what}: ${formatNumber(m)} ${symbol} ${condition.field} ${formatNumber(limitNow)}`,
  };
}

function baseOf(rule: Rule, waitMs: number) {
  const hard = rule.hard !== false;
  return { rule: rule.name, kind: rule.kind, hard, weight: rule.weight ?? (hard ? 0 : 1), waitMs };
}

function evaluateCompound(
  rule: CompoundRule,
  candidate: RuleCandidate,
  declarations: AttributeDeclarations | undefined,
  waitMs: number,
  explain: boolean,
): RuleOutcome {
  const inner: RuleOutcome[] = [];
  const walk = (statement: CompoundStatement): { pass: boolean; score: number; text: string } => {
    if ('rule' in statement) {
      const outcome = evaluateRule(statement.rule, declarations, candidate, explain);
      inner.push(outcome);
      return {
        pass: outcome.pass,
        score: outcome.score,
        text: `${outcome.rule} ${outcome.pass ? 'passes' : 'fails'}`,
      };
    }
    if ('not' in statement) {
      const operand = walk(statement.not);
      return { pass: !operand.pass, score: 1 - operand.score, text: `not(${operand.text})` };
    }
    const [operator, operands] =
      'and' in statement
        ? (['and', statement.and] as const)
        : 'or' in statement
          ? (['or', statement.or] as const)
          : (['xor', statement.xor] as const);
    const results = operands.map(walk);
    const passing = results.filter((result) => result.pass).length;
    const pass =
      operator === 'and' ? passing === results.length : operator === 'or' ? passing > 0 : passing === 1;
    const scores = results.map((result) => result.score);
    const score =
      operator === 'and' ? Math.min(...scores) : operator === 'or' ? Math.max(...scores) : pass ? 1 : 0;
    return { pass, score, text: `${operator}(${results.map((result) => result.text).join(', ')})` };
  };
  const result = walk(rule.statement);
  return {
    ...baseOf(rule, waitMs),
    pass: result.pass,
    score: result.score,
    optional: false,
    explanation: `${rule.name} (compound) ${result.pass ? 'passes' : 'fails'}: ${result.text}`,
    inner,
  };
}

/**
 * One rule's verdict on a candidate. `explain: false` leaves the sentences empty (a search that
 * weighs thousands of splits reads only pass, score and when it passes).
 */
export function evaluateRule(
  rule: Rule,
  declarations: AttributeDeclarations | undefined,
  candidate: RuleCandidate,
  explain = true,
): RuleOutcome {
  const waitMs = ruleWaitMs(rule, candidate);
  const base = baseOf(rule, waitMs);
  if (rule.optionalAfterMs !== undefined && waitMs >= rule.optionalAfterMs) {
    return {
      ...base,
      pass: true,
      score: 1,
      optional: true,
      explanation: `${rule.name} (${rule.kind}) no longer applies: optional after ${formatWait(rule.optionalAfterMs)}, waited ${formatWait(waitMs)}`,
    };
  }
  if (rule.kind === 'compound') return evaluateCompound(rule, candidate, declarations, waitMs, explain);
  const optionalAt = rule.optionalAfterMs ?? Infinity;
  const measurement = measure(rule, candidate, declarations);
  if ('unreadable' in measurement) {
    return {
      ...base,
      pass: false,
      score: 0,
      optional: false,
      measured: measurement.unreadable,
      passesAtWaitMs: optionalAt,
      explanation: `${rule.name} (${rule.kind}) fails: ${measurement.unreadable}`,
    };
  }
  const settled = measurement.conditions.map((condition) => settleCondition(condition, waitMs, explain));
  const pass = settled.every((item) => item.holds);
  const limits: Record<string, number> = {};
  measurement.conditions.forEach((condition, i) => {
    const limitNow = settled[i]?.limitNow;
    if (condition.type !== 'fact' && limitNow !== undefined) limits[condition.field] = limitNow;
  });
  const first = measurement.conditions.find(
    (condition): condition is Exclude<Condition, { type: 'fact' }> => condition.type !== 'fact',
  );
  const shown = pass ? settled : settled.filter((item) => !item.holds);
  const passesAtWaitMs = pass
    ? undefined
    : Math.min(optionalAt, Math.max(...shown.map((item) => item.passesAtWaitMs)));
  const scoreOf = settled.length === 0 ? 1 : Math.min(...settled.map((item) => item.score));
  if (!explain) {
    return {
      ...base,
      pass,
      score: scoreOf,
      optional: false,
      ...(passesAtWaitMs !== undefined ? { passesAtWaitMs } : {}),
      explanation: '',
    };
  }
  const relaxNote =
    passesAtWaitMs !== undefined && Number.isFinite(passesAtWaitMs)
      ? `; passes from a wait of ${formatWait(passesAtWaitMs)}`
      : '';
  const detail = shown.length === 0 ? 'nothing to compare' : shown.map((item) => item.text).join('; ');
  return {
    ...base,
    pass,
    score: scoreOf,
    optional: false,
    ...(first !== undefined ? { measured: first.measured } : {}),
    ...(Object.keys(limits).length > 0 ? { limits } : {}),
    ...(passesAtWaitMs !== undefined ? { passesAtWaitMs } : {}),
    explanation: `${rule.name} (${rule.kind}) ${pass ? 'passes' : 'fails'} at a wait of ${formatWait(waitMs)}: ${detail}${relaxNote}`,
  };
}

/**
 * Every rule's verdict on a candidate: it passes when every hard rule passes; `failed` names the
 * hard rules that hold it back; `weightedScore` / `weight` join the criteria's weighted mean.
 */
export function evaluateRules(
  rules: readonly Rule[],
  declarations: AttributeDeclarations | undefined,
  candidate: RuleCandidate,
  options: { readonly explain?: boolean } = {},
): RulesVerdict {
  const explain = options.explain ?? true;
  const outcomes = rules.map((rule) => evaluateRule(rule, declarations, candidate, explain));
  const failed = outcomes.filter((outcome) => outcome.hard && !outcome.pass);
  let weightedScore = 0;
  let weight = 0;
  for (const outcome of outcomes) {
    weightedScore += outcome.weight * outcome.score;
    weight += outcome.weight;
  }
  let retryAfterMs: number | undefined = 0;
  for (const outcome of failed) {
    if (outcome.passesAtWaitMs === undefined || retryAfterMs === undefined) retryAfterMs = undefined;
    else retryAfterMs = Math.max(retryAfterMs, outcome.passesAtWaitMs - outcome.waitMs);
  }
  return {
    pass: failed.length === 0,
    failed,
    weightedScore,
    weight,
    ...(failed.length > 0 && retryAfterMs !== undefined ? { retryAfterMs } : {}),
    outcomes,
  };
}
