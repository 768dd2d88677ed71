/**
 * An independent checker of a formed match against an ORIGINAL FlexMatch rule set, written from the
 * FlexMatch developer guide ("Rule types", "Property expressions", "Rule set examples", "Customize
 * the match algorithm"), not from matchd's rule code: it interprets the rule set's own property
 * expressions. Sort rules (absoluteSort, distanceSort) only order candidates and are not checked.
 *
 * Readings of the guide this checker makes:
 * - expansions apply at the wait of the match's newest ticket (`expansionAgeSelection: newest`, the
 *   default) or its oldest (`oldest`); a step applies from its `waitTimeSeconds` on;
 * - `partyAggregation` (default `avg`, `union` for collections) gives every member of a party the
 *   party's value;
 * - a function over a list of teams' lists applies to each team's list (`avg(teams[*]...)` is one
 *   average per team); `flatten` removes one level; `set_intersection` keeps the strings in every list;
 * - rules named by a compound rule count only through it;
 * - a latency rule holds when every player's latency to the match's region is at most `maxLatency`.
 */

export interface CheckedPlayer {
  readonly playerId: string;
  readonly attributes: Readonly<Record<string, unknown>>;
  /** Latency to each region, ms. */
  readonly latencyMs?: Readonly<Record<string, number>>;
}

export interface CheckedTicket {
  readonly ticketId: string;
  readonly players: readonly CheckedPlayer[];
  readonly waitSeconds: number;
}

/** A match in the rule set's own terms: its teams by name, the region it is played in. */
export interface FlexMatchMatch {
  readonly teams: readonly { readonly name: string; readonly tickets: readonly CheckedTicket[] }[];
  readonly region?: string;
}

export interface Violation {
  readonly rule: string;
  readonly detail: string;
}

// biome-ignore lint/suspicious/noExplicitAny: the original rule set, read as the guide describes it
type RuleSet = Record<string, any>;

/** A list of per-team values, as `teams[*]` produces it. */
class PerTeam {
  readonly items: unknown[];
  constructor(items: unknown[]) {
    this.items = items;
  }
}

type Value = unknown;

/** The team names of a rule set in declaration order (`quantity` appends `_1`, `_2`, ...). */
export function flexMatchTeamNames(ruleSet: RuleSet): string[] {
  return (ruleSet['teams'] as RuleSet[]).flatMap((team) => {
    const quantity = Number(team['quantity'] ?? 1);
    return quantity === 1
      ? [String(team['name'])]
      : Array.from({ length: quantity }, (_, i) => `${team['name']}_${i + 1}`);
  });
}

/**
 * A match of teams of tickets (in order) as the rule set's teams: a rule set of one team takes all
 * players in it (matchd plays such a free-for-all as one-player teams). `teamNames`: the names the
 * match record gives its teams (a queue of named teams), which the checker then reads the rules by;
 * without them, teams are named in the rule set's order.
 */
export function asFlexMatch(
  ruleSet: RuleSet,
  teams: readonly (readonly CheckedTicket[])[],
  region?: string,
  teamNames?: readonly (string | undefined)[],
): FlexMatchMatch {
  const names = flexMatchTeamNames(ruleSet);
  const grouped =
    names.length === 1
      ? [{ name: names[0] as string, tickets: teams.flat() }]
      : teams.map((tickets, i) => ({ name: teamNames?.[i] ?? names[i] ?? `team${i}`, tickets }));
  return { teams: grouped, ...(region !== undefined ? { region } : {}) };
}

function expandedValues(ruleSet: RuleSet, match: FlexMatchMatch): Map<string, number> {
  const waits = match.teams.flatMap((team) => team.tickets.map((ticket) => ticket.waitSeconds));
  const age =
    ruleSet['algorithm']?.['expansionAgeSelection'] === 'oldest' ? Math.max(...waits) : Math.min(...waits);
  const values = new Map<string, number>();
  for (const expansion of (ruleSet['expansions'] ?? []) as RuleSet[]) {
    for (const step of expansion['steps'] as RuleSet[]) {
      if (Number(step['waitTimeSeconds']) <= age)
        values.set(String(expansion['target']), Number(step['value']));
    }
  }
  return values;
}

function numberAt(rule: RuleSet, field: string, expanded: Map<string, number>): number | undefined {
  const expandedValue = expanded.get(`rules[${rule['name']}].${field}`);
  if (expandedValue !== undefined) return expandedValue;
  return rule[field] === undefined ? undefined : Number(rule[field]);
}

/** Reads players' attribute values with the declared defaults and the rule's party aggregation. */
class Reader {
  readonly missing: string[] = [];
  private readonly ruleSet: RuleSet;
  private readonly match: FlexMatchMatch;
  private readonly party: string | undefined;
  constructor(ruleSet: RuleSet, match: FlexMatchMatch, party: string | undefined) {
    this.ruleSet = ruleSet;
    this.match = match;
    this.party = party;
  }

  private attribute(player: CheckedPlayer, name: string): unknown {
    if (player.attributes[name] !== undefined) return player.attributes[name];
    const declared = (this.ruleSet['playerAttributes'] as RuleSet[] | undefined)?.find(
      (a) => a['name'] === name,
    );
    if (declared?.['default'] !== undefined)
      return declared['type'] === 'number' ? Number(declared['default']) : declared['default'];
    this.missing.push(`player ${player.playerId} has no ${name} and the rule set declares no default`);
    return undefined;
  }

  /** The value every player of the ticket carries for the rule. */
  private ticketValues(ticket: CheckedTicket, name: string): unknown[] {
    const own = ticket.players.map((player) => this.attribute(player, name));
    if (ticket.players.length < 2 || this.party === undefined) return own;
    let shared: unknown;
    if (own.every((value) => Array.isArray(value))) {
      const lists = own as string[][];
      shared =
        this.party === 'intersection'
          ? (lists[0] ?? []).filter((item) => lists.every((list) => list.includes(item)))
          : [...new Set(lists.flat())];
    } else if (own.every((value) => typeof value === 'number')) {
      const numbers = own as number[];
      shared =
        this.party === 'min'
          ? Math.min(...numbers)
          : this.party === 'max'
            ? Math.max(...numbers)
            : numbers.reduce((a, b) => a + b, 0) / numbers.length;
    } else {
      return own;
    }
    return own.map(() => shared);
  }

  players(team: string, attribute: string | undefined, playerId: boolean): Value {
    const teamValues = (tickets: readonly CheckedTicket[]): unknown[] =>
      tickets.flatMap((ticket): unknown[] => {
        if (playerId) return ticket.players.map((player) => player.playerId);
        if (attribute === undefined) return [...ticket.players];
        return this.ticketValues(ticket, attribute);
      });
    if (team === '*') return new PerTeam(this.match.teams.map((t) => teamValues(t.tickets)));
    const found = this.match.teams.find((t) => t.name === team);
    return teamValues(found?.tickets ?? []);
  }
}

function aggregate(fn: string, values: unknown[]): unknown {
  const numbers = values as number[];
  switch (fn) {
    case 'count':
      return values.length;
    case 'min':
      return Math.min(...numbers);
    case 'max':
      return Math.max(...numbers);
    case 'sum':
      return numbers.reduce((a, b) => a + b, 0);
    case 'avg':
      return numbers.reduce((a, b) => a + b, 0) / numbers.length;
    case 'median': {
      const sorted = [...numbers].sort((a, b) => a - b);
      const mid = Math.floor(sorted.length / 2);
      return sorted.length % 2 === 1
        ? sorted[mid]
        : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
    }
    case 'stddev': {
      const mean = numbers.reduce((a, b) => a + b, 0) / numbers.length;
      return Math.sqrt(numbers.reduce((a, b) => a + (b - mean) ** 2, 0) / numbers.length);
    }
    default:
      throw new Error(`unknown function ${fn}`);
  }
}

/** Evaluates a property expression of the rules language. */
function evaluate(source: string, reader: Reader): Value {
  const text = source.replace(/\s+/g, '');
  const call = /^([a-z_]+)\((.*)\)$/.exec(text);
  if (call !== null) {
    const [, fn, inner] = call as unknown as [string, string, string];
    const arg = evaluate(inner, reader);
    if (fn === 'flatten') {
      const lists = arg instanceof PerTeam ? arg.items : (arg as unknown[]);
      return (lists as unknown[][]).flat(1);
    }
    if (fn === 'set_intersection') {
      const lists = (arg instanceof PerTeam ? arg.items.flat(1) : arg) as string[][];
      return (lists[0] ?? []).filter((item) => lists.every((list) => list.includes(item)));
    }
    if (arg instanceof PerTeam) {
      // Over teams' lists the function applies to each team's list; over teams' numbers, to them all.
      if (arg.items.every((item) => Array.isArray(item)))
        return new PerTeam(arg.items.map((item) => aggregate(fn, item as unknown[])));
      return aggregate(fn, arg.items);
    }
    return aggregate(fn, arg as unknown[]);
  }
  const path = /^teams?\[([^\]]+)\]\.players(?:\.attributes\[([^\]]+)\]|\[(playerId)\])?$/i.exec(text);
  if (path === null) throw new Error(`not a property expression: ${source}`);
  return reader.players(path[1] as string, path[2], path[3] !== undefined);
}

/** A measurement or reference as a flat list of values (teams' values become one list). */
function asList(value: Value): unknown[] {
  if (value instanceof PerTeam) return value.items.flatMap((item) => (Array.isArray(item) ? item : [item]));
  return Array.isArray(value) ? value : [value];
}

function reference(rule: RuleSet, reader: Reader): unknown {
  const value = rule['referenceValue'];
  if (typeof value === 'string' && /^\s*(teams?\[|[a-z_]+\()/.test(value)) return evaluate(value, reader);
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return value;
}

function compare(a: unknown, op: string, b: unknown): boolean {
  switch (op) {
    case '=':
      return a === b;
    case '!=':
      return a !== b;
    case '<':
      return (a as number) < (b as number);
    case '<=':
      return (a as number) <= (b as number);
    case '>':
      return (a as number) > (b as number);
    default:
      return (a as number) >= (b as number);
  }
}

function measurements(rule: RuleSet): string[] {
  const raw = rule['measurements'];
  return Array.isArray(raw) ? raw : [raw];
}

function partyOf(rule: RuleSet): string {
  return rule['partyAggregation'] ?? (rule['type'] === 'collection' ? 'union' : 'avg');
}

/** Whether one rule holds for the match; a detail when it does not. */
function checkRule(
  ruleSet: RuleSet,
  rule: RuleSet,
  match: FlexMatchMatch,
  expanded: Map<string, number>,
): string | undefined {
  const reader = new Reader(ruleSet, match, partyOf(rule));
  const type = rule['type'];
  const result = ((): string | undefined => {
    switch (type) {
      case 'distance': {
        const ref = asList(reference(rule, reader))[0] as number;
        const max = numberAt(rule, 'maxDistance', expanded);
        const min = numberAt(rule, 'minDistance', expanded);
        for (const expression of measurements(rule)) {
          for (const value of asList(evaluate(expression, reader)) as number[]) {
            const distance = Math.abs(value - ref);
            if (max !== undefined && distance > max)
              return `${value} is ${distance} from ${ref} > maxDistance ${max}`;
            if (min !== undefined && distance < min)
              return `${value} is ${distance} from ${ref} < minDistance ${min}`;
          }
        }
        return undefined;
      }
      case 'comparison': {
        const op = String(rule['operation']);
        const values = measurements(rule).flatMap((expression) => asList(evaluate(expression, reader)));
        if (rule['referenceValue'] === undefined) {
          const distinct = new Set(values).size;
          if (op === '=' && distinct > 1) return `values ${values.join(', ')} are not all equal`;
          if (op === '!=' && distinct < values.length)
            return `values ${values.join(', ')} are not all different`;
          return undefined;
        }
        const expandedRef = expanded.get(`rules[${rule['name']}].referenceValue`);
        const ref = expandedRef ?? asList(reference(rule, reader))[0];
        const failing = values.find((value) => !compare(value, op, ref));
        return failing === undefined ? undefined : `${failing} ${op} ${ref} does not hold`;
      }
      case 'collection': {
        const op = rule['operation'];
        const min = numberAt(rule, 'minCount', expanded);
        const max = numberAt(rule, 'maxCount', expanded);
        const within = (count: number, what: string) => {
          if (min !== undefined && count < min) return `${what} ${count} < minCount ${min}`;
          if (max !== undefined && count > max) return `${what} ${count} > maxCount ${max}`;
          return undefined;
        };
        for (const expression of measurements(rule)) {
          const measured = evaluate(expression, reader);
          // Per team when the measurement keeps the teams apart, else once for the match.
          const groups = (measured instanceof PerTeam ? measured.items : [measured]) as string[][][];
          for (const lists of groups) {
            if (op === 'intersection') {
              const common = (lists[0] ?? []).filter((item) => lists.every((list) => list.includes(item)));
              const problem = within(new Set(common).size, 'values in common');
              if (problem !== undefined) return problem;
            } else if (op === 'contains') {
              const problem = within(
                lists.filter((list) => list.includes(rule['referenceValue'])).length,
                `lists containing ${rule['referenceValue']}`,
              );
              if (problem !== undefined) return problem;
            } else {
              const ref = new Set(asList(reference(rule, reader)) as string[]);
              for (const list of lists) {
                const problem = within(
                  new Set(list.filter((item) => ref.has(item))).size,
                  `items of [${list.join(', ')}] in the reference`,
                );
                if (problem !== undefined) return problem;
              }
            }
          }
        }
        return undefined;
      }
      case 'latency': {
        const max = numberAt(rule, 'maxLatency', expanded) as number;
        const region = match.region;
        if (region === undefined) return 'the match has no region';
        for (const team of match.teams) {
          for (const ticket of team.tickets) {
            const latencies = ticket.players.map((player) => player.latencyMs?.[region]);
            if (latencies.some((latency) => latency === undefined))
              return `a player of ${ticket.ticketId} has no latency to ${region}`;
            const party = partyOf(rule);
            const numbers = latencies as number[];
            const shared =
              party === 'min'
                ? Math.min(...numbers)
                : party === 'max'
                  ? Math.max(...numbers)
                  : numbers.reduce((a, b) => a + b, 0) / numbers.length;
            if (shared > max) return `${ticket.ticketId}: latency ${shared} to ${region} > maxLatency ${max}`;
          }
        }
        return undefined;
      }
      case 'batchDistance': {
        const attribute = String(rule['batchAttribute']);
        const values = asList(reader.players('*', attribute, false));
        if (values.every((value) => typeof value === 'number')) {
          const max = numberAt(rule, 'maxDistance', expanded) as number;
          const spread = Math.max(...(values as number[])) - Math.min(...(values as number[]));
          return spread > max ? `${attribute} spread ${spread} > maxDistance ${max}` : undefined;
        }
        return new Set(values).size > 1
          ? `${attribute} values ${[...new Set(values)].join(', ')} differ`
          : undefined;
      }
      default:
        return undefined;
    }
  })();
  return reader.missing[0] ?? result;
}

function checkStatement(
  statement: string,
  ruleSet: RuleSet,
  match: FlexMatchMatch,
  expanded: Map<string, number>,
): boolean {
  const text = statement.trim();
  const call = /^(and|or|xor|not)\((.*)\)$/i.exec(text);
  if (call === null) {
    const rule = (ruleSet['rules'] as RuleSet[]).find((item) => item['name'] === text);
    if (rule === undefined) throw new Error(`compound names an unknown rule ${text}`);
    return checkRule(ruleSet, rule, match, expanded) === undefined;
  }
  const args: string[] = [];
  let depth = 0;
  let start = 0;
  const inner = call[2] as string;
  for (let i = 0; i < inner.length; i += 1) {
    const c = inner.charAt(i);
    if (c === '(') depth += 1;
    if (c === ')') depth -= 1;
    if (c === ',' && depth === 0) {
      args.push(inner.slice(start, i));
      start = i + 1;
    }
  }
  args.push(inner.slice(start));
  const results = args.map((arg) => checkStatement(arg, ruleSet, match, expanded));
  switch ((call[1] as string).toLowerCase()) {
    case 'and':
      return results.every(Boolean);
    case 'or':
      return results.some(Boolean);
    case 'xor':
      return results.filter(Boolean).length === 1;
    default:
      return !results[0];
  }
}

/** Every way the match breaks the original FlexMatch rule set (empty when it keeps it). */
export function checkFlexMatch(ruleSet: RuleSet, match: FlexMatchMatch): Violation[] {
  const violations: Violation[] = [];
  const expanded = expandedValues(ruleSet, match);
  const definitions = ruleSet['teams'] as RuleSet[];
  // "Create ten identical hunter teams ... and one monster team": a match has every team the rule
  // set defines, once (a rule set of one team is played as one group).
  const expected = flexMatchTeamNames(ruleSet);
  if (expected.length > 1) {
    for (const name of expected) {
      const count = match.teams.filter((team) => team.name === name).length;
      if (count !== 1) violations.push({ rule: 'teams', detail: `team ${name} appears ${count} times` });
    }
  }
  for (const team of match.teams) {
    const definition = definitions.find(
      (d) => team.name === d['name'] || team.name.startsWith(`${d['name']}_`),
    );
    if (definition === undefined) {
      violations.push({ rule: 'teams', detail: `no team ${team.name} in the rule set` });
      continue;
    }
    const size = team.tickets.reduce((total, ticket) => total + ticket.players.length, 0);
    const min = expanded.get(`teams[${definition['name']}].minPlayers`) ?? Number(definition['minPlayers']);
    if (size < min || size > Number(definition['maxPlayers']))
      violations.push({
        rule: 'teams',
        detail: `${team.name} has ${size} players, not ${min}..${definition['maxPlayers']}`,
      });
  }
  const rules = (ruleSet['rules'] ?? []) as RuleSet[];
  const inCompound = new Set(
    rules
      .filter((rule) => rule['type'] === 'compound')
      .flatMap((rule) =>
        String(rule['statement'])
          .split(/[(),\s]+/)
          .filter((word) => word.length > 0),
      ),
  );
  for (const rule of rules) {
    if (inCompound.has(rule['name'])) continue;
    if (rule['type'] === 'compound') {
      if (!checkStatement(String(rule['statement']), ruleSet, match, expanded))
        violations.push({ rule: rule['name'], detail: `${rule['statement']} is false` });
      continue;
    }
    const detail = checkRule(ruleSet, rule, match, expanded);
    if (detail !== undefined) violations.push({ rule: rule['name'], detail });
  }
  return violations;
}
