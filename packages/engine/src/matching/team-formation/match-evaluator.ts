/**
 * Scores a set of tickets as one match: the best of its exhaustive splits under the caller's
 * `scoreMatch`. The one hot path of the search, so it reuses its buffers: the team arrays handed to
 * `scoreMatch` are the same arrays on every call.
 */
import { ErrorCodes, MatchdError } from '../../errors.ts';
import { SplitCatalogue, type SplitPattern } from './splits.ts';
import type { FormationAggregate, ScoreMatch, SplitScorer } from './types.ts';

/** Returned by `best` when the tickets cannot be split into full teams. */
export const INFEASIBLE = Number.NEGATIVE_INFINITY;

export interface MatchEvaluatorOptions {
  readonly sizes: ArrayLike<number>;
  readonly teamCount: number;
  readonly teamSize: number;
  readonly scoreMatch: ScoreMatch;
  /** When given, splits are scored through it (placing only what changes between splits). */
  readonly splitScorer?: SplitScorer | undefined;
  readonly aggregate: FormationAggregate;
}

export class MatchEvaluator {
  /** Splits scored so far. */
  evaluations = 0;
  private readonly sizes: ArrayLike<number>;
  private readonly teamCount: number;
  private readonly scoreMatch: ScoreMatch;
  private readonly splitScorer: SplitScorer | undefined;
  private readonly sqrtAggregate: boolean;
  private readonly catalogue: SplitCatalogue;
  /** Patterns by a numeric key (sum of base^(size-1)); base exceeds any count of one size. */
  private readonly byKey = new Map<number, SplitPattern>();
  private readonly keyWeights: number[];
  private readonly numericKeys: boolean;
  private readonly teams: number[][];
  /** Tickets placed so far in each team while a split is laid out. */
  private readonly fill: Int32Array;
  /** The members of the match being split, ordered by size (the current of `orderByLength`). */
  private order: number[] = [];
  /**
   * One order buffer per ticket count, so that no call changes an array's length (setting `length`
   * is a runtime call in V8, and matches of different party mixes alternate all the time).
   */
  private readonly orderByLength: number[][];
  private readonly orderedSizesByLength: number[][];
  /** Split index and ordered members of the last feasible `best` call (for `teamsOfLast`). */
  private lastSplit = -1;
  private lastPattern: SplitPattern | undefined;

  constructor(options: MatchEvaluatorOptions) {
    this.sizes = options.sizes;
    this.teamCount = options.teamCount;
    this.scoreMatch = options.scoreMatch;
    this.splitScorer = options.splitScorer;
    this.sqrtAggregate = options.aggregate === 'sqrt-mean';
    this.catalogue = new SplitCatalogue(options.teamCount, options.teamSize);
    const base = options.teamCount * options.teamSize + 1;
    this.keyWeights = [];
    let weight = 1;
    for (let size = 0; size <= options.teamSize; size++) {
      this.keyWeights.push(weight);
      if (size >= 1) weight *= base;
    }
    this.numericKeys = weight < Number.MAX_SAFE_INTEGER;
    this.teams = Array.from({ length: options.teamCount }, () => []);
    const maxTickets = options.teamCount * options.teamSize;
    this.orderByLength = Array.from({ length: maxTickets + 1 }, (_, length) =>
      new Array<number>(length).fill(0),
    );
    this.orderedSizesByLength = Array.from({ length: maxTickets + 1 }, (_, length) =>
      new Array<number>(length).fill(0),
    );
    this.fill = new Int32Array(options.teamCount);
  }

  /** The objective's per-match term for a raw score: identity, or its square root for `sqrt-mean`. */
  value(score: number): number {
    return this.sqrtAggregate ? Math.sqrt(score) : score;
  }

  /**
   * The best raw score over every split of `members[0 .. length)`, or INFEASIBLE when none exists.
   * Throws INVALID_OPTION when `scoreMatch` returns a non-finite number (or a negative one under
   * `sqrt-mean`): a broken callback must not silently steer the search.
   */
  best(members: ArrayLike<number>, length: number): number {
    const pattern = this.patternOf(members, length);
    if (pattern.splitCount === 0) {
      this.lastPattern = undefined;
      return INFEASIBLE;
    }
    if (this.splitScorer !== undefined) return this.bestIncremental(pattern, length, this.splitScorer);
    const { assignment } = pattern;
    const order = this.order;
    const teams = this.teams;
    let bestScore = INFEASIBLE;
    let bestSplit = -1;
    const fill = this.fill;
    for (let split = 0, offset = 0; split < pattern.splitCount; split++, offset += length) {
      fill.fill(0);
      for (let position = 0; position < length; position++) {
        const team = assignment[offset + position] as number;
        (teams[team] as number[])[fill[team] as number] = order[position] as number;
        fill[team] = (fill[team] as number) + 1;
      }
      // Resizing an array is slow in V8; team lengths only change when the parties move between teams.
      for (let team = 0; team < teams.length; team++) {
        const members = teams[team] as number[];
        if (members.length !== fill[team]) members.length = fill[team] as number;
      }
      const score = this.scoreMatch(teams);
      this.evaluations += 1;
      if (!Number.isFinite(score) || (this.sqrtAggregate && score < 0)) this.rejectScore(score);
      if (score > bestScore) {
        bestScore = score;
        bestSplit = split;
      }
    }
    this.lastSplit = bestSplit;
    this.lastPattern = pattern;
    return bestScore;
  }

  /**
   * `best` through a SplitScorer: the splits come in depth-first order, so each differs from the one
   * before from some position on; only the tickets from there are taken back (newest first) and placed
   * again. The same splits in the same order as the plain loop, so ties go the same way.
   */
  private bestIncremental(pattern: SplitPattern, length: number, scorer: SplitScorer): number {
    const { assignment, firstChange } = pattern;
    scorer.begin(this.order);
    let bestScore = INFEASIBLE;
    let bestSplit = -1;
    for (let split = 0, offset = 0; split < pattern.splitCount; split++, offset += length) {
      const from = firstChange[split] as number;
      if (split > 0) {
        const previous = offset - length;
        for (let position = length - 1; position >= from; position--)
          scorer.unplace(position, assignment[previous + position] as number);
      }
      for (let position = from; position < length; position++)
        scorer.place(position, assignment[offset + position] as number);
      const score = scorer.score();
      this.evaluations += 1;
      if (!Number.isFinite(score) || (this.sqrtAggregate && score < 0)) {
        this.layOut(pattern, split);
        this.rejectScore(score, 'splitScorer.score');
      }
      if (score > bestScore) {
        bestScore = score;
        bestSplit = split;
      }
    }
    this.lastSplit = bestSplit;
    this.lastPattern = pattern;
    return bestScore;
  }

  /** Fills the team buffers with one split of the current order (for an error's details). */
  private layOut(pattern: SplitPattern, split: number): void {
    for (const team of this.teams) team.length = 0;
    const offset = split * pattern.ticketCount;
    for (let position = 0; position < pattern.ticketCount; position++) {
      (this.teams[pattern.assignment[offset + position] as number] as number[]).push(
        this.order[position] as number,
      );
    }
  }

  /** Copies of the teams of the last feasible `best` call's best split. */
  teamsOfLast(): number[][] {
    const pattern = this.lastPattern;
    if (pattern === undefined) throw new Error('teamsOfLast: the last evaluation was infeasible');
    const teams: number[][] = Array.from({ length: this.teamCount }, () => []);
    const offset = this.lastSplit * pattern.ticketCount;
    for (let position = 0; position < pattern.ticketCount; position++) {
      (teams[pattern.assignment[offset + position] as number] as number[]).push(
        this.order[position] as number,
      );
    }
    for (const team of teams) team.sort((a, b) => a - b);
    return teams;
  }

  private rejectScore(score: number, source: 'scoreMatch' | 'splitScorer.score' = 'scoreMatch'): never {
    const reason = this.sqrtAggregate && score < 0 ? 'negative under sqrt-mean' : 'not finite';
    throw new MatchdError(ErrorCodes.INVALID_OPTION, `${source} returned ${score} (${reason})`, {
      path: source,
      value: String(score),
      teams: this.teams.map((team) => team.slice()),
    });
  }

  /** Orders the members by size (descending, then index) and finds their size pattern. */
  private patternOf(members: ArrayLike<number>, length: number): SplitPattern {
    let order = this.orderByLength[length];
    let orderedSizes = this.orderedSizesByLength[length];
    if (order === undefined || orderedSizes === undefined) {
      // More tickets than a match holds: no split exists, but the pattern still says so.
      order = new Array<number>(length).fill(0);
      orderedSizes = new Array<number>(length).fill(0);
      this.orderByLength[length] = order;
      this.orderedSizesByLength[length] = orderedSizes;
    }
    this.order = order;
    let key = 0;
    for (let position = 0; position < length; position++) {
      const ticket = members[position] as number;
      const size = this.sizes[ticket] as number;
      key += this.keyWeights[size] as number;
      // Insertion sort: matches hold a handful of tickets.
      let slot = position;
      while (slot > 0) {
        const before = orderedSizes[slot - 1] as number;
        if (before > size || (before === size && (order[slot - 1] as number) < ticket)) break;
        order[slot] = order[slot - 1] as number;
        orderedSizes[slot] = before;
        slot -= 1;
      }
      order[slot] = ticket;
      orderedSizes[slot] = size;
    }
    if (!this.numericKeys) return this.catalogue.splitsOf(orderedSizes);
    let pattern = this.byKey.get(key);
    if (pattern === undefined) {
      pattern = this.catalogue.splitsOf(orderedSizes);
      this.byKey.set(key, pattern);
    }
    return pattern;
  }
}
