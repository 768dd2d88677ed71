/**
 * An independent checker of a formed match against an ORIGINAL PlayFab matchmaking queue, written
 * from PlayFab's "Configuring matchmaking queues" (rule types, team rules, expansions and becoming
 * optional) and "Matchmaking scenario and configuration examples", not from matchd's rule code.
 *
 * Readings of the documentation this checker makes:
 * - every ticket judges the match under its own wait: a rule restricts the match for each ticket
 *   that has not waited `SecondsUntilOptional`, with that ticket's expanded limit;
 * - a linear expansion adds `Delta` after each `SecondsBetweenExpansions` up to `Limit` (a minimum
 *   intersection goes down by `Delta`); a custom expansion uses the k-th override in the k-th
 *   interval, the last one staying;
 * - a ticket's number is its players' values merged (`MergeFunction`, Average by default);
 *   `MatchAny` leaves a ticket without the attribute out of the rule, `UseDefault` (or a
 *   `DefaultAttributeValue`) gives it the default; a match total counts a missing value as 0;
 * - a large party (team ticket size similarity) has at least half the largest team's size.
 */

import type { CheckedTicket, Violation } from './flexmatch-checker.ts';

/** A match in the queue's terms: its teams (when the queue has teams) and its region. */
export interface PlayFabMatch {
  readonly teams: readonly (readonly CheckedTicket[])[];
  readonly region?: string;
}

// biome-ignore lint/suspicious/noExplicitAny: the original queue, read as the documentation describes it
type Queue = Record<string, any>;

const OVERRIDES: Readonly<Record<string, readonly string[]>> = {
  DifferenceRule: ['DifferenceOverrides'],
  TeamDifferenceRule: ['DifferenceOverrides'],
  TeamSizeBalanceRule: ['DifferenceOverrides'],
  SetIntersectionRule: ['MinIntersectionSizeOverrides'],
  RegionSelectionRule: ['MaxLatencyOverrides'],
  MatchTotalRule: ['MinOverrides', 'MaxOverrides'],
};

/** A limit as one ticket sees it after `waitSeconds`. */
function expanded(rule: Queue, base: number, overrides: string, waitSeconds: number, lowers = false): number {
  const expansion = rule['Expansion'] ?? rule['LinearExpansion'] ?? rule['CustomExpansion'];
  if (expansion === undefined) return base;
  const intervals = Math.floor(waitSeconds / Number(expansion['SecondsBetweenExpansions']));
  const linear =
    expansion['Type'] === 'Linear' || (expansion['Delta'] !== undefined && expansion['Type'] === undefined);
  if (linear) {
    const moved = intervals * Number(expansion['Delta']);
    const limit = Number(expansion['Limit']);
    return lowers ? Math.max(limit, base - moved) : Math.min(limit, base + moved);
  }
  const list = expansion[overrides] as number[] | undefined;
  if (list === undefined || list.length === 0) return base;
  return Number(list[Math.min(intervals, list.length - 1)]);
}

/** The players' values of the rule's attribute, by ticket; a ticket left out has none. */
function ticketValues(rule: Queue, ticket: CheckedTicket): unknown[] | undefined {
  const name = String(rule['Attribute']?.['Path'] ?? '').replace(/^\$\./, '');
  const values = ticket.players
    .map((player) => player.attributes[name])
    .filter((value) => value !== undefined);
  if (values.length > 0) return values;
  if (rule['AttributeNotSpecifiedBehavior'] === 'MatchAny') return undefined;
  if (rule['DefaultAttributeValue'] !== undefined)
    return ticket.players.map(() => rule['DefaultAttributeValue']);
  return rule['Type'] === 'MatchTotalRule' ? [0] : [];
}

function merged(rule: Queue, values: unknown[]): number {
  const numbers = values.map(Number);
  const merge = rule['MergeFunction'] ?? 'Average';
  if (merge === 'Min') return Math.min(...numbers);
  if (merge === 'Max') return Math.max(...numbers);
  return numbers.reduce((a, b) => a + b, 0) / numbers.length;
}

function teamSize(tickets: readonly CheckedTicket[]): number {
  return tickets.reduce((total, ticket) => total + ticket.players.length, 0);
}

/** Whether the rule holds under a given limit (or pair of limits). */
function holds(
  rule: Queue,
  queue: Queue,
  match: PlayFabMatch,
  limits: readonly number[],
): string | undefined {
  const tickets = match.teams.flat();
  const [limit = 0, second] = limits;
  switch (rule['Type']) {
    case 'StringEqualityRule': {
      const strings = tickets.flatMap((ticket) => ticketValues(rule, ticket) ?? []);
      return new Set(strings).size > 1 ? `${[...new Set(strings)].join(', ')} differ` : undefined;
    }
    case 'DifferenceRule': {
      const numbers = tickets.flatMap((ticket) => {
        const values = ticketValues(rule, ticket);
        return values === undefined || values.length === 0 ? [] : [merged(rule, values)];
      });
      for (const a of numbers)
        for (const b of numbers)
          if (Math.abs(a - b) > limit) return `tickets ${a} and ${b} differ by more than ${limit}`;
      return undefined;
    }
    case 'SetIntersectionRule': {
      const sets = tickets.flatMap((ticket) => (ticketValues(rule, ticket) ?? []) as string[][]);
      if (sets.length === 0) return undefined;
      const common = (sets[0] ?? []).filter((item) => sets.every((set) => set.includes(item)));
      return new Set(common).size < limit ? `${new Set(common).size} values in common < ${limit}` : undefined;
    }
    case 'MatchTotalRule': {
      const total = tickets
        .flatMap((ticket) => (ticketValues(rule, ticket) ?? []).map(Number))
        .reduce((a, b) => a + b, 0);
      const min = rule['Min'] === undefined ? -Infinity : limit;
      const max = rule['Max'] === undefined ? Infinity : (second ?? limit);
      return total < min || total > max ? `total ${total} outside [${min}, ${max}]` : undefined;
    }
    case 'RegionSelectionRule': {
      const region = match.region;
      if (region === undefined) return 'no region';
      for (const ticket of tickets) {
        for (const player of ticket.players) {
          const latency = player.latencyMs?.[region];
          if (latency === undefined || latency > limit)
            return `${player.playerId}: latency ${latency} to ${region} > ${limit}`;
        }
      }
      return undefined;
    }
    case 'TeamDifferenceRule': {
      const averages = match.teams.map((team) => {
        const values = team.flatMap((ticket) =>
          ticket.players.map((player) =>
            Number(player.attributes[rule['Attribute']['Path']] ?? rule['DefaultAttributeValue']),
          ),
        );
        return values.reduce((a, b) => a + b, 0) / values.length;
      });
      const spread = Math.max(...averages) - Math.min(...averages);
      return spread > limit
        ? `team averages ${averages.join(', ')} differ by ${spread} > ${limit}`
        : undefined;
    }
    case 'TeamSizeBalanceRule': {
      const sizes = match.teams.map(teamSize);
      return Math.max(...sizes) - Math.min(...sizes) > limit ? `team sizes ${sizes.join(', ')}` : undefined;
    }
    case 'TeamTicketSizeSimilarityRule': {
      const largest = Math.max(...(queue['Teams'] as Queue[]).map((team) => Number(team['MaxTeamSize'])));
      const large = match.teams.map((team) => team.some((ticket) => ticket.players.length >= largest / 2));
      const count = large.filter(Boolean).length;
      return count > 0 && count < large.length
        ? `${count} of ${large.length} teams have a large party`
        : undefined;
    }
    default:
      throw new Error(`unknown rule type ${rule['Type']}`);
  }
}

function baseLimits(rule: Queue): number[] {
  switch (rule['Type']) {
    case 'DifferenceRule':
    case 'TeamDifferenceRule':
    case 'TeamSizeBalanceRule':
      return [Number(rule['Difference'])];
    case 'SetIntersectionRule':
      return [Number(rule['MinIntersectionSize'])];
    case 'RegionSelectionRule':
      return [Number(rule['MaxLatency'])];
    case 'MatchTotalRule':
      return [Number(rule['Min'] ?? 0), Number(rule['Max'] ?? 0)];
    default:
      return [];
  }
}

/** Every way the match breaks the original PlayFab queue (empty when it keeps it). */
export function checkPlayFab(source: Queue, match: PlayFabMatch): Violation[] {
  const queue: Queue = source['MatchmakingQueue'] ?? source;
  const violations: Violation[] = [];
  const tickets = match.teams.flat();
  const players = teamSize(tickets);
  if (players < Number(queue['MinMatchSize']) || players > Number(queue['MaxMatchSize']))
    violations.push({
      rule: 'MatchSize',
      detail: `${players} players, not ${queue['MinMatchSize']}..${queue['MaxMatchSize']}`,
    });
  if (queue['Teams'] !== undefined) {
    const teams = queue['Teams'] as Queue[];
    if (teams.length !== match.teams.length)
      violations.push({ rule: 'Teams', detail: `${match.teams.length} teams, not ${teams.length}` });
    match.teams.forEach((team, i) => {
      const size = teamSize(team);
      const definition = teams[i];
      if (
        definition !== undefined &&
        (size < Number(definition['MinTeamSize']) || size > Number(definition['MaxTeamSize']))
      )
        violations.push({ rule: 'Teams', detail: `${definition['Name']} has ${size} players` });
    });
  }
  for (const rule of (queue['Rules'] ?? []) as Queue[]) {
    const overrides = OVERRIDES[String(rule['Type'])] ?? [];
    const base = baseLimits(rule);
    // Each ticket that still holds the rule judges it under its own wait.
    for (const ticket of tickets) {
      const optional = rule['SecondsUntilOptional'];
      if (optional !== undefined && ticket.waitSeconds >= Number(optional)) continue;
      const limits = base.map((value, i) =>
        expanded(
          rule,
          value,
          overrides[i] ?? '',
          ticket.waitSeconds,
          rule['Type'] === 'SetIntersectionRule' || (rule['Type'] === 'MatchTotalRule' && i === 0),
        ),
      );
      const detail = holds(rule, queue, match, limits);
      if (detail !== undefined) {
        violations.push({
          rule: String(rule['Name']),
          detail: `for ${ticket.ticketId} (waited ${ticket.waitSeconds} s): ${detail}`,
        });
        break;
      }
    }
  }
  return violations;
}
