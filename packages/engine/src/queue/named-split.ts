/**
 * The split of one match's tickets into named teams, each with its own size range (five hunters
 * against one monster). Named teams are not interchangeable: putting a ticket on the monster's side
 * or the hunters' is a different match, so every assignment of tickets to teams counts (the
 * symmetric splits of `matching/team-formation/splits.ts` visit one per set of teams). Parties stay
 * whole: a ticket moves as one unit. While the assignments are few, all are scored; beyond, a
 * first-improvement descent over moves and swaps from a feasible start, restarted from a shuffled
 * start while the evaluation budget lasts.
 */

import { defaultSplitEvaluations } from '../matching/team-formation/best-split.ts';
import type { Random } from '../random.ts';
import type { IntRange } from './shape.ts';

/** Assignments scored one by one up to this many; above, the descent searches them. */
const EXHAUSTIVE_LIMIT = 2_000;
/** Placements the walk for a feasible assignment may try. */
const FEASIBLE_NODE_LIMIT = 20_000;

/** Options of `splitNamed`. */
export interface NamedSplitOptions {
  /** Players of each ticket (its party size). */
  readonly sizes: readonly number[];
  /** Each named team's size range, in match order. */
  readonly bounds: readonly IntRange[];
  /** The value of a split (team t holds the ticket indices `teams[t]`); higher is better. */
  readonly scoreMatch: (teams: readonly (readonly number[])[]) => number;
  /** Restarts shuffle their start with it. */
  readonly random: Random;
  /** The teams each ticket may play on (a bit per team; absent: every team). */
  readonly allowed?: readonly number[];
  /** Assignment counts by party sizes and ranges, kept by the caller between calls (filled here). */
  readonly splitCounts?: Map<string, number>;
  /**
   * Most calls to `scoreMatch` when searching; default as the symmetric split's search
   * (`defaultSplitEvaluations`: 16 x tickets, at most 1,000,000 / players^2, at least 16).
   */
  readonly maxEvaluations?: number;
}

/**
 * Walks assignments of tickets (in `order`) to teams within their bounds; `teamOrder(position)` gives
 * the teams to try for a position. `visit` returns false to stop. Returns false when stopped (by the
 * visitor or `nodeLimit`).
 */
function walk(
  sizes: readonly number[],
  bounds: readonly IntRange[],
  order: readonly number[],
  teamOrder: (position: number) => readonly number[],
  visit: (assignment: Int32Array) => boolean,
  nodeLimit: number,
  allowed?: readonly number[],
): boolean {
  const load = new Int32Array(bounds.length);
  const assignment = new Int32Array(sizes.length);
  const after = new Int32Array(order.length + 1);
  for (let position = order.length - 1; position >= 0; position--)
    after[position] = (after[position + 1] as number) + (sizes[order[position] as number] as number);
  let nodes = 0;
  let stopped = false;
  const place = (position: number): void => {
    if (stopped) return;
    let shortfall = 0;
    for (let team = 0; team < bounds.length; team++)
      shortfall += Math.max(0, (bounds[team] as IntRange).min - (load[team] as number));
    // The players still to place must lift every team to its floor.
    if (shortfall > (after[position] as number)) return;
    if (position === order.length) {
      if (shortfall === 0 && !visit(assignment)) stopped = true;
      return;
    }
    const ticket = order[position] as number;
    const size = sizes[ticket] as number;
    const mask = allowed?.[ticket];
    for (const team of teamOrder(position)) {
      if ((load[team] as number) + size > (bounds[team] as IntRange).max) continue;
      if (mask !== undefined && (mask & (1 << team)) === 0) continue;
      if (++nodes > nodeLimit) {
        stopped = true;
        return;
      }
      load[team] = (load[team] as number) + size;
      assignment[ticket] = team;
      place(position + 1);
      load[team] = (load[team] as number) - size;
      if (stopped) return;
    }
  };
  place(0);
  return !stopped;
}

/** Ticket indices, largest party first: a walk that places them first prunes early. */
function largestFirst(sizes: readonly number[]): number[] {
  return sizes.map((_, index) => index).sort((a, b) => (sizes[b] as number) - (sizes[a] as number) || a - b);
}

function teamsOf(assignment: Int32Array, teamCount: number): number[][] {
  const teams: number[][] = Array.from({ length: teamCount }, () => []);
  assignment.forEach((team, ticket) => {
    (teams[team] as number[]).push(ticket);
  });
  return teams;
}

/**
 * A feasible assignment of the tickets to the named teams (team of each ticket), or undefined when
 * none exists or `nodeLimit` placements found none. Each ticket tries first the team furthest below
 * its floor, so that a feasible assignment is found without backtracking in the common case.
 */
export function firstNamedSplit(
  sizes: readonly number[],
  bounds: readonly IntRange[],
  nodeLimit = FEASIBLE_NODE_LIMIT,
  allowed?: readonly number[],
): Int32Array | undefined {
  let total = 0;
  for (const size of sizes) total += size;
  let least = 0;
  let most = 0;
  for (const range of bounds) {
    least += range.min;
    most += range.max;
  }
  if (total < least || total > most) return undefined;
  const teams = bounds.map((_, team) => team);
  // Teams that need the most players first, then those with the most room.
  const byNeed = [...teams].sort(
    (a, b) =>
      (bounds[b] as IntRange).min - (bounds[a] as IntRange).min ||
      (bounds[b] as IntRange).max - (bounds[a] as IntRange).max ||
      a - b,
  );
  let found: Int32Array | undefined;
  walk(
    sizes,
    bounds,
    largestFirst(sizes),
    () => byNeed,
    (assignment) => {
      found = assignment.slice();
      return false;
    },
    nodeLimit,
    allowed,
  );
  return found;
}

/** Counts the assignments, stopping once past `limit` (then returns limit + 1). */
function countAssignments(
  sizes: readonly number[],
  bounds: readonly IntRange[],
  limit: number,
  allowed?: readonly number[],
): number {
  const teams = bounds.map((_, team) => team);
  let count = 0;
  const finished = walk(
    sizes,
    bounds,
    largestFirst(sizes),
    () => teams,
    () => {
      count += 1;
      return count <= limit;
    },
    4 * (limit + 1),
    allowed,
  );
  return finished ? count : Math.max(count, limit + 1);
}

/**
 * The best split found of the tickets into the named teams by `scoreMatch`: every assignment while
 * there are at most 2,000, else the descent. Undefined when the parties cannot fill the teams within
 * their ranges. Deterministic for the same inputs and Random state.
 */
export function splitNamed(options: NamedSplitOptions): { teams: number[][]; score: number } | undefined {
  const { sizes, bounds, scoreMatch, allowed } = options;
  const start = firstNamedSplit(sizes, bounds, FEASIBLE_NODE_LIMIT, allowed);
  if (start === undefined) return undefined;
  // Eligibility differs from ticket to ticket: counts are shared only without it.
  const key =
    allowed === undefined
      ? `named|${bounds.map((range) => `${range.min}-${range.max}`).join(',')}|${[...sizes].sort((a, b) => b - a).join(',')}`
      : undefined;
  let count = key === undefined ? undefined : options.splitCounts?.get(key);
  if (count === undefined) {
    count = countAssignments(sizes, bounds, EXHAUSTIVE_LIMIT, allowed);
    if (options.splitCounts !== undefined && key !== undefined) {
      if (options.splitCounts.size >= 10_000) options.splitCounts.clear();
      options.splitCounts.set(key, count);
    }
  }
  if (count <= EXHAUSTIVE_LIMIT) {
    let best: { teams: number[][]; score: number } | undefined;
    const teams = bounds.map((_, team) => team);
    walk(
      sizes,
      bounds,
      largestFirst(sizes),
      () => teams,
      (assignment) => {
        const split = teamsOf(assignment, bounds.length);
        const score = scoreMatch(split);
        if (best === undefined || score > best.score) best = { teams: split, score };
        return true;
      },
      Number.POSITIVE_INFINITY,
      allowed,
    );
    return best;
  }
  return descend(options, start);
}

/**
 * First-improvement descent over moves (a ticket to another team with room) and swaps (two tickets
 * of different teams), each keeping every team within its range; restarts from a feasible
 * assignment found in a shuffled team order while the budget lasts.
 */
function descend(options: NamedSplitOptions, start: Int32Array): { teams: number[][]; score: number } {
  const { sizes, bounds, scoreMatch, random, allowed } = options;
  const teamCount = bounds.length;
  const may = (ticket: number, team: number) =>
    allowed === undefined || ((allowed[ticket] as number) & (1 << team)) !== 0;
  let players = 0;
  for (const size of sizes) players += size;
  let budget = options.maxEvaluations ?? defaultSplitEvaluations(sizes.length, players);
  const score = (assignment: Int32Array) => {
    budget -= 1;
    return scoreMatch(teamsOf(assignment, teamCount));
  };
  let best = { assignment: start, score: score(start) };
  let current = start;
  while (budget > 0) {
    const assignment = current.slice();
    const load = new Int32Array(teamCount);
    assignment.forEach((team, ticket) => {
      load[team] = (load[team] as number) + (sizes[ticket] as number);
    });
    let value = current === best.assignment ? best.score : score(assignment);
    let improved = true;
    while (improved && budget > 0) {
      improved = false;
      for (let a = 0; a < sizes.length && budget > 0 && !improved; a++) {
        const from = assignment[a] as number;
        const size = sizes[a] as number;
        // Moves of ticket a.
        for (let to = 0; to < teamCount && budget > 0 && !improved; to++) {
          if (to === from || !may(a, to)) continue;
          const fromRange = bounds[from] as IntRange;
          const toRange = bounds[to] as IntRange;
          if ((load[from] as number) - size < fromRange.min || (load[to] as number) + size > toRange.max)
            continue;
          assignment[a] = to;
          const moved = score(assignment);
          if (moved > value) {
            value = moved;
            load[from] = (load[from] as number) - size;
            load[to] = (load[to] as number) + size;
            improved = true;
          } else assignment[a] = from;
        }
        // Swaps of ticket a with a ticket b of another team.
        for (let b = a + 1; b < sizes.length && budget > 0 && !improved; b++) {
          const other = assignment[b] as number;
          if (other === from || !may(a, other) || !may(b, from)) continue;
          const change = (sizes[b] as number) - size;
          const fromLoad = (load[from] as number) + change;
          const otherLoad = (load[other] as number) - change;
          const fromRange = bounds[from] as IntRange;
          const otherRange = bounds[other] as IntRange;
          if (fromLoad < fromRange.min || fromLoad > fromRange.max) continue;
          if (otherLoad < otherRange.min || otherLoad > otherRange.max) continue;
          assignment[a] = other;
          assignment[b] = from;
          const swapped = score(assignment);
          if (swapped > value) {
            value = swapped;
            load[from] = fromLoad;
            load[other] = otherLoad;
            improved = true;
          } else {
            assignment[a] = from;
            assignment[b] = other;
          }
        }
      }
    }
    if (value > best.score) best = { assignment, score: value };
    if (budget <= 0) break;
    // A restart: a feasible assignment with each ticket trying the teams in a shuffled order.
    const order = largestFirst(sizes);
    const teamOrders = order.map(() => random.shuffle(bounds.map((_, team) => team)));
    let restart: Int32Array | undefined;
    walk(
      sizes,
      bounds,
      order,
      (position) => teamOrders[position] as number[],
      (found) => {
        restart = found.slice();
        return false;
      },
      FEASIBLE_NODE_LIMIT,
      allowed,
    );
    if (restart === undefined) break;
    current = restart;
  }
  return { teams: teamsOf(best.assignment, teamCount), score: best.score };
}
