/**
 * PlayFab matchmaking queue -> matchd queue config. PlayFab's rules restrict which tickets match and
 * weigh how the rest are ordered: each becomes a hard matchd rule whose `weight` carries the
 * ordering into the match quality. Linear and custom expansions become the limits' relaxation steps,
 * `SecondsUntilOptional` the rule's `optionalAfterMs`, `MatchAny` a rule that leaves out players
 * without the attribute. What cannot be translated throws MM_ERR_INVALID_DATA naming its path in the
 * queue (`Rules[2].Expansion.DifferenceOverrides[3]`).
 */

import type { GatesConfig } from '../../queue/types.ts';
import { MAX_TEAM_COUNT } from '../../queue/validate-config.ts';
import type { AttributeDeclarations, AttributeType, Limit, Rule } from '../types.ts';
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

const COMMON = [
  'Type',
  'Name',
  'Weight',
  'SecondsUntilOptional',
  'Expansion',
  'LinearExpansion',
  'CustomExpansion',
];

const RULE_FIELDS: Readonly<Record<string, readonly string[]>> = {
  StringEqualityRule: ['Attribute', 'AttributeNotSpecifiedBehavior', 'DefaultAttributeValue'],
  DifferenceRule: [
    'Attribute',
    'AttributeNotSpecifiedBehavior',
    'DefaultAttributeValue',
    'Difference',
    'MergeFunction',
  ],
  SetIntersectionRule: [
    'Attribute',
    'AttributeNotSpecifiedBehavior',
    'DefaultAttributeValue',
    'MinIntersectionSize',
  ],
  MatchTotalRule: ['Attribute', 'Min', 'Max'],
  RegionSelectionRule: ['MaxLatency', 'Path'],
  TeamDifferenceRule: ['Attribute', 'DefaultAttributeValue', 'Difference'],
  TeamSizeBalanceRule: ['Difference'],
  TeamTicketSizeSimilarityRule: [],
};

/** The queue API's typed rule lists, read like the documentation's `Rules` list. */
const RULE_LISTS: Readonly<Record<string, string>> = {
  StringEqualityRules: 'StringEqualityRule',
  DifferenceRules: 'DifferenceRule',
  SetIntersectionRules: 'SetIntersectionRule',
  MatchTotalRules: 'MatchTotalRule',
  TeamDifferenceRules: 'TeamDifferenceRule',
  RegionSelectionRule: 'RegionSelectionRule',
  TeamSizeBalanceRule: 'TeamSizeBalanceRule',
  TeamTicketSizeSimilarityRule: 'TeamTicketSizeSimilarityRule',
};

interface Context {
  readonly attributes: Record<string, { type: AttributeType; default?: unknown }>;
  /** How each attribute's missing values are handled, to refuse two rules that disagree. */
  readonly missing: Map<string, 'default' | 'ignore' | 'fail'>;
  readonly notes: string[];
  readonly teams: { readonly count: number; readonly size: number } | undefined;
}

/** An expansion read from either form: `Expansion: { Type, ... }` or `LinearExpansion` / `CustomExpansion`. */
interface Expansion {
  readonly type: 'Linear' | 'Custom';
  readonly fields: Record<string, unknown>;
  readonly path: string;
}

function expansionOf(rule: Record<string, unknown>, path: string): Expansion | undefined {
  const found: Expansion[] = [];
  if (rule['Expansion'] !== undefined) {
    const fields = record(rule['Expansion'], `${path}.Expansion`);
    const type = fields['Type'];
    if (type !== 'Linear' && type !== 'Custom')
      untranslatable(`${path}.Expansion.Type`, 'must be Linear or Custom');
    found.push({ type, fields, path: `${path}.Expansion` });
  }
  if (rule['LinearExpansion'] !== undefined)
    found.push({
      type: 'Linear',
      fields: record(rule['LinearExpansion'], `${path}.LinearExpansion`),
      path: `${path}.LinearExpansion`,
    });
  if (rule['CustomExpansion'] !== undefined)
    found.push({
      type: 'Custom',
      fields: record(rule['CustomExpansion'], `${path}.CustomExpansion`),
      path: `${path}.CustomExpansion`,
    });
  if (found.length > 1) untranslatable(path, 'has more than one expansion');
  return found[0];
}

/**
 * A limit with its expansion: linear adds `Delta` after each interval up to `Limit` (down for a
 * minimum); custom uses `overrides[k]` in the k-th interval (the first from the start), the last
 * value staying.
 */
function expandedLimit(
  base: number,
  expansion: Expansion | undefined,
  overridesField: string,
  direction: 'up' | 'down',
): Limit {
  if (expansion === undefined) return base;
  const interval =
    numeric(expansion.fields['SecondsBetweenExpansions'], `${expansion.path}.SecondsBetweenExpansions`, {
      min: 0,
    }) * 1000;
  if (interval <= 0) untranslatable(`${expansion.path}.SecondsBetweenExpansions`, 'must be > 0');
  if (expansion.type === 'Linear') {
    knownFields(expansion.fields, expansion.path, ['Type', 'Delta', 'Limit', 'SecondsBetweenExpansions']);
    const delta = numeric(expansion.fields['Delta'], `${expansion.path}.Delta`, { min: 0 });
    const limit = numeric(expansion.fields['Limit'], `${expansion.path}.Limit`);
    if (delta === 0 || (direction === 'up' ? limit <= base : limit >= base)) return base;
    const count = Math.ceil(Math.abs(limit - base) / delta);
    if (count > 1000)
      untranslatable(`${expansion.path}.Delta`, `${count} expansion steps: at most 1000 are translated`);
    const steps: Step[] = Array.from({ length: count }, (_, i) => {
      const moved = (i + 1) * delta;
      const value = direction === 'up' ? Math.min(limit, base + moved) : Math.max(limit, base - moved);
      return {
        afterMs: (i + 1) * interval,
        value: Number(value.toPrecision(12)),
        path: `${expansion.path}.Delta`,
      };
    });
    return steppedLimit(base, steps, direction);
  }
  const overrides = expansion.fields[overridesField];
  if (overrides === undefined) return base;
  const values = list(overrides, `${expansion.path}.${overridesField}`).map((value, i) => {
    const at = `${expansion.path}.${overridesField}[${i}]`;
    if (value === null || value === 'null')
      untranslatable(at, 'a rule switched off for one interval has no matchd equivalent');
    return numeric(value, at);
  });
  if (values.length === 0) return base;
  const steps = values.slice(1).map(
    (value, i): Step => ({
      afterMs: (i + 1) * interval,
      value,
      path: `${expansion.path}.${overridesField}[${i + 1}]`,
    }),
  );
  return steppedLimit(values[0] as number, steps, direction);
}

/** The attribute a rule reads, declared with its type and the rule's handling of missing values. */
function attributeOf(
  rule: Record<string, unknown>,
  path: string,
  type: AttributeType,
  context: Context,
  missingAdds = false,
): { name: string; whenMissing?: 'ignore' } {
  const attribute = record(rule['Attribute'], `${path}.Attribute`);
  knownFields(attribute, `${path}.Attribute`, ['Path', 'Source']);
  const source = attribute['Source'] ?? 'User';
  if (source !== 'User' && source !== 'PlayerEntity')
    untranslatable(`${path}.Attribute.Source`, 'must be User or PlayerEntity');
  let name = text(attribute['Path'], `${path}.Attribute.Path`);
  if (source === 'PlayerEntity') {
    name = name.replace(/^\$\./, '');
    context.notes.push(
      `${path}.Attribute: ${name} comes from the player entity in PlayFab; matchd reads it from the ticket (players[].attributes["${name}"])`,
    );
  }
  const behavior = rule['AttributeNotSpecifiedBehavior'];
  if (behavior !== undefined && behavior !== 'UseDefault' && behavior !== 'MatchAny')
    untranslatable(`${path}.AttributeNotSpecifiedBehavior`, 'must be UseDefault or MatchAny');
  let fallback = behavior === 'MatchAny' ? undefined : rule['DefaultAttributeValue'];
  if (behavior === 'UseDefault' && fallback === undefined)
    untranslatable(`${path}.DefaultAttributeValue`, 'UseDefault needs a default value');
  if (fallback !== undefined && type === 'number')
    fallback = numeric(fallback, `${path}.DefaultAttributeValue`);
  if (fallback !== undefined && type === 'string' && typeof fallback !== 'string')
    untranslatable(`${path}.DefaultAttributeValue`, 'must be a string');
  if (fallback !== undefined && type === 'string_list')
    fallback = list(fallback, `${path}.DefaultAttributeValue`);
  // A total adds the players who have a value: one without adds nothing (a searcher is no host).
  const missing =
    behavior === 'MatchAny' || (missingAdds && fallback === undefined)
      ? 'ignore'
      : fallback !== undefined
        ? 'default'
        : 'fail';
  const before = context.missing.get(name);
  if (before !== undefined && before !== missing && (before === 'ignore' || missing === 'ignore'))
    untranslatable(
      `${path}.AttributeNotSpecifiedBehavior`,
      `attribute ${name}: one rule matches any ticket without it and another does not`,
    );
  context.missing.set(name, missing);
  declare(context.attributes, name, type, `${path}.Attribute.Path`, fallback);
  return { name, ...(missing === 'ignore' ? { whenMissing: 'ignore' as const } : {}) };
}

function requireTeams(context: Context, path: string, type: string): { count: number; size: number } {
  if (context.teams === undefined) untranslatable(`${path}.Type`, `${type} needs Teams in the queue`);
  return context.teams;
}

function translateRule(rule: Record<string, unknown>, path: string, type: string, context: Context): Rule {
  const fields = RULE_FIELDS[type];
  if (fields === undefined) untranslatable(`${path}.Type`, `unknown rule type ${type}`);
  knownFields(rule, path, [...COMMON, ...fields]);
  const expansion = expansionOf(rule, path);
  const optional =
    rule['SecondsUntilOptional'] === undefined
      ? undefined
      : numeric(rule['SecondsUntilOptional'], `${path}.SecondsUntilOptional`, { min: 0 }) * 1000;
  const weight =
    rule['Weight'] === undefined ? undefined : numeric(rule['Weight'], `${path}.Weight`, { min: 0 });
  const base = {
    name: text(rule['Name'], `${path}.Name`),
    ...(weight !== undefined ? { weight } : {}),
    ...(optional !== undefined ? { optionalAfterMs: optional } : {}),
  };
  const noLinear = () => {
    if (expansion?.type === 'Linear') untranslatable(expansion.path, `${type} has no linear expansion`);
  };
  switch (type) {
    case 'StringEqualityRule': {
      noLinear();
      const attribute = attributeOf(rule, path, 'string', context);
      let optionalAfterMs = base.optionalAfterMs;
      if (expansion !== undefined) {
        knownFields(expansion.fields, expansion.path, [
          'Type',
          'EnabledOverrides',
          'SecondsBetweenExpansions',
        ]);
        const interval =
          numeric(
            expansion.fields['SecondsBetweenExpansions'],
            `${expansion.path}.SecondsBetweenExpansions`,
            { min: 0 },
          ) * 1000;
        const enabled = list(
          expansion.fields['EnabledOverrides'] ?? [],
          `${expansion.path}.EnabledOverrides`,
        );
        const off = enabled.findIndex((value) => value === false || value === 'false');
        if (enabled.slice(off < 0 ? enabled.length : off).some((value) => value === true || value === 'true'))
          untranslatable(
            `${expansion.path}.EnabledOverrides`,
            'a rule switched back on after being off has no matchd equivalent',
          );
        if (off >= 0) optionalAfterMs = Math.min(optionalAfterMs ?? Infinity, off * interval);
      }
      return {
        ...base,
        ...(optionalAfterMs !== undefined ? { optionalAfterMs } : {}),
        kind: 'string-equality',
        attribute: attribute.name,
        ...(attribute.whenMissing !== undefined ? { whenMissing: attribute.whenMissing } : {}),
      };
    }
    case 'DifferenceRule': {
      const attribute = attributeOf(rule, path, 'number', context);
      const merge = rule['MergeFunction'] ?? 'Average';
      const partyAggregate =
        merge === 'Min' ? 'min' : merge === 'Max' ? 'max' : merge === 'Average' ? 'avg' : undefined;
      if (partyAggregate === undefined)
        untranslatable(`${path}.MergeFunction`, 'must be Min, Max or Average');
      const difference = numeric(rule['Difference'], `${path}.Difference`, { min: 0 });
      return {
        ...base,
        kind: 'batch-distance',
        attribute: attribute.name,
        partyAggregate,
        ...(attribute.whenMissing !== undefined ? { whenMissing: attribute.whenMissing } : {}),
        maxDistance: expandedLimit(difference, expansion, 'DifferenceOverrides', 'up'),
      };
    }
    case 'SetIntersectionRule': {
      const attribute = attributeOf(rule, path, 'string_list', context);
      const size = numeric(rule['MinIntersectionSize'], `${path}.MinIntersectionSize`, {
        min: 0,
        integer: true,
      });
      return {
        ...base,
        kind: 'set-intersection',
        attribute: attribute.name,
        ...(attribute.whenMissing !== undefined ? { whenMissing: attribute.whenMissing } : {}),
        minCount: expandedLimit(size, expansion, 'MinIntersectionSizeOverrides', 'down'),
      };
    }
    case 'MatchTotalRule': {
      noLinear();
      const attribute = attributeOf(rule, path, 'number', context, true);
      if (rule['Min'] === undefined && rule['Max'] === undefined) untranslatable(path, 'needs Min or Max');
      return {
        ...base,
        kind: 'composition',
        attribute: attribute.name,
        ...(attribute.whenMissing !== undefined ? { whenMissing: attribute.whenMissing } : {}),
        scope: 'match',
        ...(rule['Min'] !== undefined
          ? { min: expandedLimit(numeric(rule['Min'], `${path}.Min`), expansion, 'MinOverrides', 'down') }
          : {}),
        ...(rule['Max'] !== undefined
          ? { max: expandedLimit(numeric(rule['Max'], `${path}.Max`), expansion, 'MaxOverrides', 'up') }
          : {}),
      };
    }
    case 'RegionSelectionRule': {
      const latency = numeric(rule['MaxLatency'], `${path}.MaxLatency`, { min: 0 });
      context.notes.push(
        `${path}.Path: players send their latencies (${String(rule['Path'] ?? 'Latencies')}) as players[].pingMsByRegion: { region: ms }`,
      );
      return {
        ...base,
        kind: 'latency',
        maxLatencyMs: expandedLimit(latency, expansion, 'MaxLatencyOverrides', 'up'),
      };
    }
    case 'TeamDifferenceRule': {
      requireTeams(context, path, type);
      const attribute = attributeOf(rule, path, 'number', context);
      return {
        ...base,
        kind: 'distance',
        attribute: attribute.name,
        scope: 'team',
        aggregate: 'avg',
        maxDistance: expandedLimit(
          numeric(rule['Difference'], `${path}.Difference`, { min: 0 }),
          expansion,
          'DifferenceOverrides',
          'up',
        ),
      };
    }
    case 'TeamSizeBalanceRule':
      requireTeams(context, path, type);
      return {
        ...base,
        kind: 'distance',
        scope: 'team',
        aggregate: 'count',
        maxDistance: expandedLimit(
          numeric(rule['Difference'], `${path}.Difference`, { min: 0 }),
          expansion,
          'DifferenceOverrides',
          'up',
        ),
      };
    default: {
      // TeamTicketSizeSimilarityRule: a large party is at least half the largest team.
      const teams = requireTeams(context, path, type);
      if (expansion !== undefined) untranslatable(expansion.path, `${type} has no expansion`);
      return { ...base, kind: 'party-similarity', largePartySize: Math.max(1, Math.ceil(teams.size / 2)) };
    }
  }
}

function translateTeams(
  queue: Record<string, unknown>,
  notes: string[],
): { count: number; size: number; withTeams: boolean } {
  const minMatch = numeric(queue['MinMatchSize'], 'MinMatchSize', { min: 1, integer: true });
  const maxMatch = numeric(queue['MaxMatchSize'], 'MaxMatchSize', { min: 1, integer: true });
  if (minMatch > maxMatch) untranslatable('MinMatchSize', `${minMatch} exceeds MaxMatchSize ${maxMatch}`);
  if (queue['Teams'] === undefined) {
    if (maxMatch > MAX_TEAM_COUNT) {
      untranslatable(
        'MaxMatchSize',
        `a match of ${maxMatch} players without teams is a free-for-all of ${maxMatch} one-player teams: matchd queues have 2..${MAX_TEAM_COUNT} teams`,
      );
    }
    notes.push(
      `MaxMatchSize: a match of ${minMatch === maxMatch ? maxMatch : `${minMatch}..${maxMatch}`} players without teams becomes ${maxMatch} one-player teams (a free-for-all); tickets of several players are refused`,
    );
    return { count: maxMatch, size: 1, withTeams: false };
  }
  const teams = list(queue['Teams'], 'Teams');
  if (teams.length < 2) untranslatable('Teams', 'needs 2 or more teams');
  let sizes: { min: number; max: number } | undefined;
  teams.forEach((item, i) => {
    const path = `Teams[${i}]`;
    const team = record(item, path);
    knownFields(team, path, ['Name', 'MinTeamSize', 'MaxTeamSize']);
    text(team['Name'], `${path}.Name`);
    const max = numeric(team['MaxTeamSize'], `${path}.MaxTeamSize`, { min: 1, integer: true });
    const min = numeric(team['MinTeamSize'], `${path}.MinTeamSize`, { min: 0, integer: true });
    if (sizes !== undefined && (sizes.min !== min || sizes.max !== max))
      untranslatable(
        path,
        `teams of different sizes (${sizes.min}..${sizes.max} and ${min}..${max}): matchd queues have teams of one size`,
      );
    sizes = { min, max };
  });
  const { min, max } = sizes ?? { min: 1, max: 1 };
  if (min < max) notes.push(`Teams: teams of ${min}..${max} players become teams of ${max}`);
  if (teams.length * max !== maxMatch || minMatch < maxMatch)
    notes.push(
      `MinMatchSize, MaxMatchSize: matches are of ${teams.length} x ${max} = ${teams.length * max} players`,
    );
  return { count: teams.length, size: max, withTeams: true };
}

/** The rules of either form, each with its path in the source and its type. */
function ruleSources(
  queue: Record<string, unknown>,
): { rule: Record<string, unknown>; path: string; type: string }[] {
  const found: { rule: Record<string, unknown>; path: string; type: string }[] = [];
  if (queue['Rules'] !== undefined) {
    list(queue['Rules'], 'Rules').forEach((item, i) => {
      const rule = record(item, `Rules[${i}]`);
      found.push({ rule, path: `Rules[${i}]`, type: text(rule['Type'], `Rules[${i}].Type`) });
    });
  }
  for (const [field, type] of Object.entries(RULE_LISTS)) {
    const value = queue[field];
    if (value === undefined) continue;
    const items = Array.isArray(value) ? value : [value];
    items.forEach((item, i) => {
      const path = Array.isArray(value) ? `${field}[${i}]` : field;
      const rule = record(item, path);
      found.push({ rule: { Type: type, ...rule }, path, type });
    });
  }
  return found;
}

/**
 * Translates a PlayFab matchmaking queue (parsed JSON: the queue object or `{ "MatchmakingQueue":
 * ... }`) into a matchd queue config. Throws MM_ERR_INVALID_DATA naming the path in the queue of the
 * first part that cannot be translated.
 */
export function importPlayFab(source: unknown, options: ImportOptions = {}): ImportResult {
  const outer = record(source, 'queue');
  const wrapped = outer['MatchmakingQueue'] !== undefined;
  if (wrapped) knownFields(outer, '', ['MatchmakingQueue']);
  const queue = wrapped ? record(outer['MatchmakingQueue'], 'MatchmakingQueue') : outer;
  knownFields(queue, wrapped ? 'MatchmakingQueue' : '', [
    'Name',
    'MinMatchSize',
    'MaxMatchSize',
    'MaxTicketSize',
    'ServerAllocationEnabled',
    'BuildId',
    'Teams',
    'Rules',
    'StatisticsVisibilityToPlayers',
    ...Object.keys(RULE_LISTS),
  ]);
  const notes: string[] = [];
  const shape = translateTeams(queue, notes);
  const context: Context = {
    attributes: {},
    missing: new Map(),
    notes,
    teams: shape.withTeams ? { count: shape.count, size: shape.size } : undefined,
  };
  const names = new Set<string>();
  const rules = ruleSources(queue).map(({ rule, path, type }) => {
    const translated = translateRule(rule, path, type, context);
    if (names.has(translated.name))
      untranslatable(`${path}.Name`, `${translated.name} names another rule already`);
    names.add(translated.name);
    return translated;
  });
  if (queue['ServerAllocationEnabled'] === true || queue['BuildId'] !== undefined)
    notes.push(
      "ServerAllocationEnabled, BuildId: server allocation is matchd's hand-off to game servers, configured on the service",
    );
  if (queue['StatisticsVisibilityToPlayers'] !== undefined)
    notes.push('StatisticsVisibilityToPlayers: players read queue statistics from GET /v1/queues/:id');
  const id = options.id ?? queueIdFrom(queue['Name']);
  let config = queueSkeleton(
    id,
    teamsShape(shape.count, shape.size, 'Teams'),
    context.attributes as AttributeDeclarations,
    rules,
    options,
  );
  if (typeof queue['Name'] === 'string') config = { ...config, name: queue['Name'] };
  if (queue['MaxTicketSize'] !== undefined) {
    const largest = numeric(queue['MaxTicketSize'], 'MaxTicketSize', { min: 1, integer: true });
    const gates: GatesConfig = { maxPartySize: Math.min(largest, shape.size) };
    config = { ...config, gates };
  }
  const latency = rules.find((rule) => rule.kind === 'latency');
  if (latency !== undefined) {
    const regions = options.regions ?? [];
    if (regions.length === 0) {
      const at = ruleSources(queue).find((item) => item.rule['Name'] === latency.name)?.path ?? 'Rules';
      untranslatable(
        at,
        'a region selection rule needs the regions a match can be played in (the --regions option)',
      );
    }
    config = {
      ...config,
      regions: {
        names: regions,
        maxPingMs:
          typeof latency.maxLatencyMs === 'number' ? { start: latency.maxLatencyMs } : latency.maxLatencyMs,
      },
    };
  }
  return { config, notes };
}
