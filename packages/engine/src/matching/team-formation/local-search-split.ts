/**
 * A split of one match into teams for tickets with too many splits to enumerate (e.g. 20v20 or 2x100
 * of solos and small parties, where the exhaustive split would score millions): a feasible split,
 * then first-improvement descent over swaps of two tickets on different teams and moves of one
 * ticket to another team (only those that keep every team within its size bounds), and, given a
 * Random, restarts from the best split kicked by a few random swaps while the evaluation budget
 * lasts (Awesomenauts: best-swap local search with random restarts). Parties stay whole because a
 * ticket moves as one unit. Not exact: `bestSplit` is, where it is tractable.
 */
import { ErrorCodes, MatchdError } from '../../errors.ts';
import type { Random } from '../../random.ts';
import { packTeams } from './packing.ts';
import { firstSplit, type TeamSizeBounds } from './splits.ts';
import type { BestSplit, BestSplitOptions, TeamIndices } from './types.ts';
import { validateSplitOptions } from './validate.ts';

/** Options of `localSearchSplit`: those of `bestSplit`, plus the search's bounds. */
export interface LocalSearchSplitOptions extends BestSplitOptions {
  /** Most passes over the neighbourhood per descent (default 50). */
  readonly maxPasses?: number;
  /** Restarts draw their kicks from it; without one the search is one descent. */
  readonly random?: Random;
  /** Most calls to `scoreMatch` (default: no limit for one descent; 40 x tickets with restarts). */
  readonly maxEvaluations?: number;
}

/** Placements the search for a first feasible split may try. */
const FEASIBLE_NODE_LIMIT = 50_000;
/** Random swaps of one kick. */
const KICK_SWAPS = 3;

function scoreOf(options: BestSplitOptions, teams: TeamIndices): number {
  const score = options.scoreMatch(teams);
  if (!Number.isFinite(score)) {
    throw new MatchdError(ErrorCodes.INVALID_OPTION, `scoreMatch returned ${score}, not a finite number`, {
      path: 'scoreMatch',
      value: String(score),
    });
  }
  return score;
}

/**
 * A balanced start when the tickets carry sort keys (skills): the team loads of a feasible split are
 * kept, and tickets, largest party first and strongest first within a size, go to the team of lowest
 * mean key that has room (a snake draft). Undefined when the parties do not fit that way.
 */
function balancedStart(options: BestSplitOptions, loads: readonly number[]): number[][] | undefined {
  const { tickets, members } = options;
  const sizeOf = (index: number): number => (tickets[index] as { size: number }).size;
  const keyOf = (index: number): number => (tickets[index] as { sortKey?: number }).sortKey ?? 0;
  const order = [...members].sort((a, b) => sizeOf(b) - sizeOf(a) || keyOf(b) - keyOf(a) || a - b);
  const room = [...loads];
  const keySum = loads.map(() => 0);
  const players = loads.map(() => 0);
  const teams: number[][] = loads.map(() => []);
  for (const ticket of order) {
    const size = sizeOf(ticket);
    let chosen = -1;
    for (let team = 0; team < room.length; team++) {
      if ((room[team] as number) < size) continue;
      const mean =
        (players[team] as number) === 0
          ? Number.NEGATIVE_INFINITY
          : (keySum[team] as number) / (players[team] as number);
      const chosenMean =
        chosen < 0 || (players[chosen] as number) === 0
          ? Number.NEGATIVE_INFINITY
          : (keySum[chosen] as number) / (players[chosen] as number);
      if (chosen < 0 || mean < chosenMean) chosen = team;
    }
    if (chosen < 0) return undefined;
    (teams[chosen] as number[]).push(ticket);
    room[chosen] = (room[chosen] as number) - size;
    keySum[chosen] = (keySum[chosen] as number) + size * keyOf(ticket);
    players[chosen] = (players[chosen] as number) + size;
  }
  return teams;
}

/** A feasible split to start from: full teams by packing for a fixed size, else the first one found. */
function startSplit(options: BestSplitOptions, bounds: TeamSizeBounds): number[][] | undefined {
  const feasible = feasibleSplit(options, bounds);
  if (feasible === undefined) return undefined;
  const sizeOf = (index: number): number => (options.tickets[index] as { size: number }).size;
  const hasKeys = options.members.some(
    (index) => (options.tickets[index] as { sortKey?: number }).sortKey !== undefined,
  );
  if (!hasKeys) return feasible;
  const loads = feasible.map((team) => team.reduce((sum, ticket) => sum + sizeOf(ticket), 0));
  return balancedStart(options, loads) ?? feasible;
}

function feasibleSplit(options: BestSplitOptions, bounds: TeamSizeBounds): number[][] | undefined {
  const { tickets, members, teamCount } = options;
  const sizeOf = (index: number): number => (tickets[index] as { size: number }).size;
  if (bounds.min === bounds.max) {
    const packing = packTeams(
      members.map((index) => ({ index, size: sizeOf(index), priority: 0 })),
      bounds.max,
    );
    if (packing.unpacked.length === 0 && packing.teams.length === teamCount)
      return packing.teams.map((team) => [...team]);
  }
  const order = [...members].sort((a, b) => sizeOf(b) - sizeOf(a) || a - b);
  const assignment = firstSplit(order.map(sizeOf), teamCount, bounds, FEASIBLE_NODE_LIMIT);
  if (assignment === undefined) return undefined;
  const teams: number[][] = Array.from({ length: teamCount }, () => []);
  order.forEach((ticket, position) => {
    (teams[assignment[position] as number] as number[]).push(ticket);
  });
  return teams;
}

/** The search's state: teams, their loads, the budget. */
class SplitSearch {
  readonly teams: number[][];
  readonly loads: number[];
  score: number;
  evaluations = 1;
  private readonly options: LocalSearchSplitOptions;
  private readonly bounds: TeamSizeBounds;
  private readonly budget: number;

  constructor(options: LocalSearchSplitOptions, bounds: TeamSizeBounds, teams: number[][], budget: number) {
    this.options = options;
    this.bounds = bounds;
    this.teams = teams;
    this.budget = budget;
    this.loads = teams.map((team) => team.reduce((sum, ticket) => sum + this.sizeOf(ticket), 0));
    this.score = scoreOf(options, teams);
  }

  sizeOf(ticket: number): number {
    return (this.options.tickets[ticket] as { size: number }).size;
  }

  spent(): boolean {
    return this.evaluations >= this.budget;
  }

  /** Loads stay within bounds when team A's load changes by `deltaA` and team B's by `-deltaA`. */
  keepsBounds(teamA: number, teamB: number, deltaA: number): boolean {
    if (deltaA === 0) return true;
    const { min, max, maxDifference } = this.bounds;
    const loadA = (this.loads[teamA] as number) + deltaA;
    const loadB = (this.loads[teamB] as number) - deltaA;
    if (loadA < min || loadA > max || loadB < min || loadB > max) return false;
    if (maxDifference >= max - min) return true;
    let most = Math.max(loadA, loadB);
    let fewest = Math.min(loadA, loadB);
    for (let team = 0; team < this.loads.length; team++) {
      if (team === teamA || team === teamB) continue;
      most = Math.max(most, this.loads[team] as number);
      fewest = Math.min(fewest, this.loads[team] as number);
    }
    return most - fewest <= maxDifference;
  }

  /** Swaps slot a of team A with slot b of team B (b = -1: moves a to B). */
  apply(teamA: number, slotA: number, teamB: number, slotB: number): void {
    const membersA = this.teams[teamA] as number[];
    const membersB = this.teams[teamB] as number[];
    const ticketA = membersA[slotA] as number;
    if (slotB < 0) {
      membersA.splice(slotA, 1);
      membersB.push(ticketA);
      this.loads[teamA] = (this.loads[teamA] as number) - this.sizeOf(ticketA);
      this.loads[teamB] = (this.loads[teamB] as number) + this.sizeOf(ticketA);
      return;
    }
    const ticketB = membersB[slotB] as number;
    membersA[slotA] = ticketB;
    membersB[slotB] = ticketA;
    const delta = this.sizeOf(ticketB) - this.sizeOf(ticketA);
    this.loads[teamA] = (this.loads[teamA] as number) + delta;
    this.loads[teamB] = (this.loads[teamB] as number) - delta;
  }

  /** Undoes `apply` (for a move, the ticket is the last of team B). */
  undo(teamA: number, slotA: number, teamB: number, slotB: number): void {
    if (slotB < 0) {
      const membersB = this.teams[teamB] as number[];
      const ticket = membersB.pop() as number;
      (this.teams[teamA] as number[]).splice(slotA, 0, ticket);
      this.loads[teamA] = (this.loads[teamA] as number) + this.sizeOf(ticket);
      this.loads[teamB] = (this.loads[teamB] as number) - this.sizeOf(ticket);
      return;
    }
    this.apply(teamA, slotA, teamB, slotB);
  }

  /** Scores the split with one swap or move applied, leaving it applied. */
  tryMove(teamA: number, slotA: number, teamB: number, slotB: number): number {
    this.apply(teamA, slotA, teamB, slotB);
    this.evaluations += 1;
    return scoreOf(this.options, this.teams);
  }

  /**
   * First-improvement descent: visits every swap and move in turn and keeps each that improves;
   * stops at a local optimum (a pass without improvement), after `maxPasses` passes, or when the
   * budget is spent.
   */
  descend(maxPasses: number): void {
    const teamCount = this.teams.length;
    const fixedLoads = this.bounds.min === this.bounds.max;
    for (let pass = 0; pass < maxPasses; pass++) {
      let improved = false;
      for (let teamA = 0; teamA < teamCount; teamA++) {
        for (let teamB = 0; teamB < teamCount; teamB++) {
          if (teamA === teamB) continue;
          for (let slotA = 0; slotA < (this.teams[teamA] as number[]).length; slotA++) {
            const sizeA = this.sizeOf((this.teams[teamA] as number[])[slotA] as number);
            // Moves: only when team sizes may vary.
            if (!fixedLoads && this.keepsBounds(teamA, teamB, -sizeA)) {
              if (this.spent()) return;
              const moved = this.tryMove(teamA, slotA, teamB, -1);
              if (moved > this.score) {
                this.score = moved;
                improved = true;
                continue;
              }
              this.undo(teamA, slotA, teamB, -1);
            }
            // Swaps: each unordered pair of teams once.
            if (teamB < teamA) continue;
            for (let slotB = 0; slotB < (this.teams[teamB] as number[]).length; slotB++) {
              const sizeB = this.sizeOf((this.teams[teamB] as number[])[slotB] as number);
              if (sizeA === sizeB ? false : !this.keepsBounds(teamA, teamB, sizeB - sizeA)) continue;
              if (this.spent()) return;
              const swapped = this.tryMove(teamA, slotA, teamB, slotB);
              if (swapped > this.score) {
                this.score = swapped;
                improved = true;
                break;
              }
              this.undo(teamA, slotA, teamB, slotB);
            }
          }
        }
      }
      if (!improved) return;
    }
  }

  /** A few random bound-keeping swaps (the restart's kick); the score is recomputed. */
  kick(random: Random): void {
    const teamCount = this.teams.length;
    if (teamCount < 2) return;
    for (let applied = 0, tries = 0; applied < KICK_SWAPS && tries < 20 * KICK_SWAPS; tries++) {
      const teamA = random.int(teamCount);
      const teamB = (teamA + 1 + random.int(teamCount - 1)) % teamCount;
      const membersA = this.teams[teamA] as number[];
      const membersB = this.teams[teamB] as number[];
      if (membersA.length === 0 || membersB.length === 0) continue;
      const slotA = random.int(membersA.length);
      const slotB = random.int(membersB.length);
      const delta = this.sizeOf(membersB[slotB] as number) - this.sizeOf(membersA[slotA] as number);
      if (!this.keepsBounds(teamA, teamB, delta)) continue;
      this.apply(teamA, slotA, teamB, slotB);
      applied += 1;
    }
    this.evaluations += 1;
    this.score = scoreOf(this.options, this.teams);
  }

  copy(): number[][] {
    return this.teams.map((team) => [...team]);
  }
}

/**
 * A good split of `members` into `teamCount` teams within their size bounds under `scoreMatch`, or
 * undefined when the parties cannot fill such teams. Deterministic: the same inputs (and Random
 * state) give the same split.
 */
export function localSearchSplit(options: LocalSearchSplitOptions): BestSplit | undefined {
  const bounds = validateSplitOptions(options);
  const maxPasses = options.maxPasses ?? 50;
  const start = startSplit(options, bounds);
  if (start === undefined) return undefined;
  const random = options.random;
  const budget =
    options.maxEvaluations ??
    (random === undefined ? Number.POSITIVE_INFINITY : Math.max(400, 40 * options.members.length));
  const search = new SplitSearch(options, bounds, start, budget);
  search.descend(maxPasses);
  let best = { teams: search.copy(), score: search.score };
  while (random !== undefined && !search.spent()) {
    search.kick(random);
    search.descend(maxPasses);
    if (search.score > best.score) best = { teams: search.copy(), score: search.score };
    else {
      // Restart from the best split so far (iterated local search).
      search.teams.splice(0, search.teams.length, ...best.teams.map((team) => [...team]));
      search.loads.splice(
        0,
        search.loads.length,
        ...search.teams.map((team) => team.reduce((sum, ticket) => sum + search.sizeOf(ticket), 0)),
      );
      search.score = best.score;
    }
  }
  for (const team of best.teams) team.sort((a, b) => a - b);
  return { teams: best.teams, score: best.score, splitsScored: search.evaluations };
}
