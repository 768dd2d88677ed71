/**
 * The split of one match's tickets into teams (parties whole). `bestSplit` enumerates every unordered
 * split of the tickets really in the match, whatever the queue's shape would allow with solo players
 * (Awesomenauts: "we simply try every possible combination and select the best one"); `splitMatch`
 * does so while the tickets have few splits and otherwise searches them within a budget
 * (`localSearchSplit`: swaps and moves, with random restarts).
 */
import { ErrorCodes, MatchdError } from '../../errors.ts';
import type { Random } from '../../random.ts';
import { localSearchSplit } from './local-search-split.ts';
import { countSplitsWithin, type TeamSizeBounds, walkSplits } from './splits.ts';
import type { BestSplit, BestSplitOptions, TeamIndices } from './types.ts';
import { validateSplitOptions } from './validate.ts';

/** `bestSplit` refuses tickets with more splits than this unless told otherwise (`maxSplits`). */
export const DEFAULT_MAX_SPLITS = 100_000;
/** `splitMatch` enumerates up to this many splits; above, it searches. */
export const EXHAUSTIVE_SPLIT_LIMIT = 5_000;

function rejectScore(score: number): never {
  throw new MatchdError(ErrorCodes.INVALID_OPTION, `scoreMatch returned ${score}, not a finite number`, {
    path: 'scoreMatch',
    value: String(score),
  });
}

/** Member positions ordered by party size, largest first (ties by index): the walk's order. */
function bySizeDescending(options: BestSplitOptions): { order: number[]; sizes: number[] } {
  const { tickets, members } = options;
  const order: number[] = [];
  const sizes: number[] = [];
  // An insertion sort: a match has a few tickets, and every split of a queue's tick sorts them.
  for (let m = 0; m < members.length; m++) {
    const member = members[m] as number;
    const size = (tickets[member] as { size: number }).size;
    order.push(member);
    sizes.push(size);
    let at = order.length - 1;
    for (; at > 0; at--) {
      const before = sizes[at - 1] as number;
      if (before > size || (before === size && (order[at - 1] as number) < member)) break;
      order[at] = order[at - 1] as number;
      sizes[at] = before;
    }
    order[at] = member;
    sizes[at] = size;
  }
  return { order, sizes };
}

/**
 * Sorts a team's few ticket indices in place, ascending (an insertion sort: `Array.prototype.sort`
 * allocates working memory on every call, and a queue sorts two teams per match it splits).
 */
function sortAscending(team: number[]): void {
  for (let i = 1; i < team.length; i++) {
    const value = team[i] as number;
    let at = i;
    for (; at > 0 && (team[at - 1] as number) > value; at--) team[at] = team[at - 1] as number;
    team[at] = value;
  }
}

/** `teamCount` empty teams (a plain loop: `Array.from` of a length walks a generic path per call). */
function emptyTeams(teamCount: number): number[][] {
  const teams: number[][] = [];
  for (let team = 0; team < teamCount; team++) teams.push([]);
  return teams;
}

/** Scores every split of `order` and keeps the best; teams handed to scoreMatch are reused buffers. */
function enumerate(
  options: BestSplitOptions,
  order: readonly number[],
  sizes: readonly number[],
  bounds: TeamSizeBounds,
): BestSplit | undefined {
  const { teamCount, scoreMatch } = options;
  const teams = emptyTeams(teamCount);
  // Each team's members are written in place and its length set after: emptying an array first
  // would free its storage, and every split scored would allocate it again.
  const counts = new Int32Array(teamCount);
  // The best split's teams, copied into one array when a split beats it.
  const bestAssignment = new Int32Array(order.length);
  let bestScore = Number.NEGATIVE_INFINITY;
  let scored = 0;
  walkSplits(sizes, teamCount, bounds, (assignment) => {
    counts.fill(0);
    for (let position = 0; position < order.length; position++) {
      const team = assignment[position] as number;
      (teams[team] as number[])[counts[team] as number] = order[position] as number;
      counts[team] = (counts[team] as number) + 1;
    }
    for (let team = 0; team < teamCount; team++) {
      // Setting a length costs a call: only when a team's ticket count changed.
      const members = teams[team] as number[];
      if (members.length !== counts[team]) members.length = counts[team] as number;
    }
    const score = scoreMatch(teams);
    scored += 1;
    if (!Number.isFinite(score)) rejectScore(score);
    if (scored === 1 || score > bestScore) {
      bestScore = score;
      for (let position = 0; position < order.length; position++)
        bestAssignment[position] = assignment[position] as number;
    }
    return true;
  });
  if (scored === 0) return undefined;
  const score = bestScore;
  const assignment = bestAssignment;
  const chosen = emptyTeams(teamCount);
  for (let position = 0; position < order.length; position++)
    (chosen[assignment[position] as number] as number[]).push(order[position] as number);
  for (let team = 0; team < teamCount; team++) sortAscending(chosen[team] as number[]);
  return { teams: chosen as TeamIndices, score, splitsScored: scored };
}

/**
 * The best split of `members` into `teamCount` teams (of `teamSize` players, or sizes within its
 * bounds) under `scoreMatch`, by scoring every split once; undefined when the parties cannot fill
 * such teams (e.g. three duos into 3v3). Throws INVALID_OPTION on bad shapes, unknown or repeated
 * members, members with more than `maxSplits` splits (default 100,000; `splitMatch` searches those),
 * or a non-finite score; PARTY_TOO_LARGE for a party larger than a team.
 */
export function bestSplit(
  options: BestSplitOptions & { readonly maxSplits?: number },
): BestSplit | undefined {
  const bounds = validateSplitOptions(options);
  const { order, sizes } = bySizeDescending(options);
  const limit = options.maxSplits ?? DEFAULT_MAX_SPLITS;
  if (countSplitsWithin(sizes, options.teamCount, bounds, limit) > limit) {
    throw new MatchdError(
      ErrorCodes.INVALID_OPTION,
      `members have more than ${limit} splits into ${options.teamCount} teams; use splitMatch, which searches them`,
      { path: 'members', maxSplits: limit },
    );
  }
  return enumerate(options, order, sizes, bounds);
}

/** Options of `splitMatch`: those of `bestSplit`, and the search's randomness and budget. */
export interface SplitMatchOptions extends BestSplitOptions {
  /** Restarts of the search (when the split is not enumerated) draw from it; without one, no restarts. */
  readonly random?: Random;
  /** Enumerate up to this many splits (default 5,000); above, search. */
  readonly exhaustiveLimit?: number;
  /**
   * Split counts by party sizes, kept by the caller between calls (a queue splits many matches of
   * the same size pattern); filled here.
   */
  readonly splitCounts?: Map<string, number>;
  /**
   * Scores the search may spend. Default: 40 x the tickets, at most 1,000,000 / players^2 (a score
   * that compares every pair of players costs that much: 25 for 200 players), at least 16.
   */
  readonly maxEvaluations?: number;
}

/** Scores a search may spend on a match of `players` players in `tickets` tickets (see maxEvaluations). */
export function defaultSplitEvaluations(tickets: number, players: number): number {
  return Math.max(16, Math.min(16 * tickets, Math.floor(1_000_000 / (players * players))));
}

/**
 * A split of one match: the best of all splits while the tickets really in it have at most
 * `exhaustiveLimit` splits (whatever the team shape would give with solo players), else a local
 * search with restarts within `maxEvaluations` scores, from a snake draft by the tickets' sort keys
 * when they have them. Undefined when the parties cannot fill the
 * teams. Deterministic for the same inputs and Random state.
 */
export function splitMatch(options: SplitMatchOptions): BestSplit | undefined {
  const bounds = validateSplitOptions(options);
  const { order, sizes } = bySizeDescending(options);
  const limit = options.exhaustiveLimit ?? EXHAUSTIVE_SPLIT_LIMIT;
  const key = `${options.teamCount}|${bounds.min}|${bounds.max}|${bounds.maxDifference}|${limit}|${sizes.join(',')}`;
  let count = options.splitCounts?.get(key);
  if (count === undefined) {
    count = countSplitsWithin(sizes, options.teamCount, bounds, limit);
    if (options.splitCounts !== undefined) {
      if (options.splitCounts.size >= 10_000) options.splitCounts.clear();
      options.splitCounts.set(key, count);
    }
  }
  if (count <= limit) return enumerate(options, order, sizes, bounds);
  let players = 0;
  for (const size of sizes) players += size;
  return localSearchSplit({
    ...options,
    maxEvaluations: options.maxEvaluations ?? defaultSplitEvaluations(options.members.length, players),
  });
}
