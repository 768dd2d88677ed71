/**
 * Candidate matches (STYLE 4.2 "propose, then select"): around a ticket, its neighbours in skill
 * order are gathered; pairs of whole teams are proposed one neighbour at a time, and team matches are
 * filled with the nearest tickets up to the largest match the shape allows whose parties split into
 * its teams, then split by team formation's `splitMatch` (every split of the tickets really in the
 * match while they are few, a budgeted local search beyond). Each proposal carries its evaluation,
 * objective value and the handshake's verdict.
 */

import { splitMatch } from '../matching/team-formation/best-split.ts';
import { packedTeamCounts } from '../matching/team-formation/packing.ts';
import { firstSplit } from '../matching/team-formation/splits.ts';
import type { MatchEvaluation, MatchScorer } from '../quality/scorer.ts';
import type { CandidateMatch, ScoredTicket } from '../quality/types.ts';
import type { Random } from '../random.ts';
import type { Handshake, Verdict } from './handshake.ts';
import { firstNamedSplit, splitNamed } from './named-split.ts';
import { type MatchShape, teamBoundsOf, teamCountFor, teamFloorsAt } from './shape.ts';
import type { Objective } from './types.ts';

/** Placements tried when checking that a fill's parties split into its teams. */
const FEASIBLE_NODE_LIMIT = 5_000;
/** Fills tried for feasibility per walk (each a packing or a bounded split search). */
const FEASIBILITY_CHECKS = 8;

/** What candidate building needs from the matchmaker. */
export interface CandidateContext<TRating> {
  readonly scorer: MatchScorer<TRating>;
  readonly handshake: Handshake;
  readonly objective: Objective;
  readonly shape: MatchShape;
  /** The tick's generator (split search restarts, round search); read at each use. */
  readonly random: Random;
  /** Split counts by party sizes, shared by this queue's splits. */
  readonly splitCounts: Map<string, number>;
  readonly minQualityOf: (ticketId: string) => number | undefined;
}

/** A scored candidate with the handshake's verdict. */
export interface Proposal<TRating> {
  readonly match: CandidateMatch<TRating>;
  readonly evaluation: MatchEvaluation;
  readonly objectiveValue: number;
  readonly verdict: Verdict;
}

/** The objective value of an evaluation: quality, 1 - churn, or their blend. */
export function objectiveValue(
  objective: Objective,
  evaluation: { readonly score: number; readonly expectedChurn?: number },
): number {
  const engagement = 1 - (evaluation.expectedChurn ?? 0);
  switch (objective.kind) {
    case 'quality':
      return evaluation.score;
    case 'engagement':
      return engagement;
    case 'blend':
      return (1 - objective.engagementWeight) * evaluation.score + objective.engagementWeight * engagement;
    default:
      return objective satisfies never;
  }
}

/** A proposal may form: no hard limit broken, and every ticket accepts its quality (or is overridden). */
export function isFormable(proposal: Proposal<unknown>): boolean {
  const { verdict } = proposal;
  return verdict.breaches.length === 0 && verdict.rejectedBy.length === 0;
}

/** Evaluates fixed teams: region, scores, objective and handshake. */
export function propose<TRating>(
  context: CandidateContext<TRating>,
  teams: readonly (readonly ScoredTicket<TRating>[])[],
  nowMs: number,
): Proposal<TRating> {
  const unplaced: CandidateMatch<TRating> = { teams };
  const region = context.handshake.regionOf(unplaced, nowMs);
  const match: CandidateMatch<TRating> = region === undefined ? unplaced : { teams, region };
  const evaluation = withRules(context, context.scorer.evaluate(match, nowMs), match, nowMs);
  const verdict = context.handshake.judge(match, evaluation.score, evaluation, context.minQualityOf, nowMs);
  return { match, evaluation, objectiveValue: objectiveValue(context.objective, evaluation), verdict };
}

/**
 * The evaluation with the queue's weighted rules joined to the quality (docs/rules.md: a rule's
 * weight joins the criteria's weighted mean); unchanged without rules. `score` then is the match's
 * quality, `criteriaScore` the criteria's part that `scoreAt` and `ceilingScore` start from.
 */
export function withRules<TRating>(
  context: CandidateContext<TRating>,
  evaluation: MatchEvaluation,
  match: CandidateMatch<TRating>,
  nowMs: number,
): MatchEvaluation {
  const rules = context.handshake.limits.rules;
  if (!rules.active) return evaluation;
  const score = rules.blend(evaluation.score, rules.verdict(match, nowMs));
  return score === evaluation.score ? evaluation : { ...evaluation, score };
}

/**
 * Split value for the split search: the objective (without the criteria every split of the tickets
 * shares), pushed below every fair split when unfair.
 */
function splitValue<TRating>(
  context: CandidateContext<TRating>,
  match: CandidateMatch<TRating>,
  nowMs: number,
): number {
  const evaluation = context.scorer.quickSplit(match, nowMs);
  const value = objectiveValue(context.objective, evaluation);
  return context.handshake.isUnfair(evaluation) ? value - 2 : value;
}

/**
 * The best split found of one match's tickets into `teamCount` teams within the shape's sizes, by
 * the objective; undefined when the parties cannot fill such teams.
 */
export function splitIntoTeams<TRating>(
  context: CandidateContext<TRating>,
  tickets: readonly ScoredTicket<TRating>[],
  teamCount: number,
  nowMs: number,
): ScoredTicket<TRating>[][] | undefined {
  const { region } = context.handshake.chooseRegion({ teams: [tickets] }, nowMs);
  const search =
    context.shape.named === undefined
      ? new EqualTeamsSplitSearch(context, tickets, teamCount, region, nowMs)
      : namedSplitSearch(context, tickets, region, nowMs);
  return withTeamRules(context, search, nowMs);
}

/** One match's tickets to split: the candidate match of a split, and the search for the best one. */
interface TeamSplitSearch<TRating> {
  /** The match of a split (team t holds the tickets at `teams[t]`), in arrays of its own. */
  matchOf(teams: readonly (readonly number[])[]): CandidateMatch<TRating>;
  /** The best split found, by the objective alone or with the team rules' adjustment. */
  search(withRules: boolean): { readonly teams: readonly (readonly number[])[] } | undefined;
}

/** The match of a split of `tickets` played in `region`, in arrays of its own. */
function matchOfSplit<TRating>(
  tickets: readonly ScoredTicket<TRating>[],
  teams: readonly (readonly number[])[],
  region: string | undefined,
): CandidateMatch<TRating> {
  const mapped: ScoredTicket<TRating>[][] = [];
  for (let t = 0; t < teams.length; t++) {
    const team = teams[t] as readonly number[];
    const members: ScoredTicket<TRating>[] = [];
    for (let i = 0; i < team.length; i++) members.push(tickets[team[i] as number] as ScoredTicket<TRating>);
    mapped.push(members);
  }
  return region === undefined ? { teams: mapped } : { teams: mapped, region };
}

/**
 * The split search of a shape whose teams share one size range (`splitMatch`). It runs for every
 * fill a tick splits: the splits it scores fill one match's teams in place (the scorer and the rules
 * read a split and keep nothing), and it makes its scoring function once.
 */
class EqualTeamsSplitSearch<TRating> implements TeamSplitSearch<TRating> {
  private readonly context: CandidateContext<TRating>;
  private readonly tickets: readonly ScoredTicket<TRating>[];
  private readonly teamCount: number;
  private readonly region: string | undefined;
  private readonly nowMs: number;
  private readonly scratch: ScoredTicket<TRating>[][];
  private readonly scratchMatch: CandidateMatch<TRating>;
  private readonly scoreMatch: (teams: readonly (readonly number[])[]) => number;
  private withRules = false;

  constructor(
    context: CandidateContext<TRating>,
    tickets: readonly ScoredTicket<TRating>[],
    teamCount: number,
    region: string | undefined,
    nowMs: number,
  ) {
    this.context = context;
    this.tickets = tickets;
    this.teamCount = teamCount;
    this.region = region;
    this.nowMs = nowMs;
    const scratch: ScoredTicket<TRating>[][] = [];
    for (let t = 0; t < teamCount; t++) scratch.push([]);
    this.scratch = scratch;
    this.scratchMatch = region === undefined ? { teams: scratch } : { teams: scratch, region };
    this.scoreMatch = (teams) => this.score(teams);
  }

  matchOf(teams: readonly (readonly number[])[]): CandidateMatch<TRating> {
    return matchOfSplit(this.tickets, teams, this.region);
  }

  search(withRules: boolean): { readonly teams: readonly (readonly number[])[] } | undefined {
    this.withRules = withRules;
    const bounds = teamBoundsOf(this.context.shape);
    const formation: { size: number; sortKey: number }[] = [];
    const members: number[] = [];
    for (let i = 0; i < this.tickets.length; i++) {
      const ticket = this.tickets[i] as ScoredTicket<TRating>;
      formation.push({ size: ticket.players.length, sortKey: ticket.skill });
      members.push(i);
    }
    return splitMatch({
      tickets: formation,
      members,
      teamCount: this.teamCount,
      teamSize: { min: bounds.min, max: bounds.max },
      maxSizeDifference: bounds.maxDifference,
      scoreMatch: this.scoreMatch,
      random: this.context.random,
      splitCounts: this.context.splitCounts,
    });
  }

  /** The split value of `teams`, with the rules' adjustment when searching with them. */
  private score(teams: readonly (readonly number[])[]): number {
    const match = this.scratchOf(teams);
    const { context, nowMs } = this;
    const value = splitValue(context, match, nowMs);
    return this.withRules ? value + context.handshake.limits.rules.splitAdjustment(match, nowMs) : value + 0;
  }

  /** The match of `teams` in the scratch teams (a match of another team count in arrays of its own). */
  private scratchOf(teams: readonly (readonly number[])[]): CandidateMatch<TRating> {
    const scratch = this.scratch;
    if (teams.length !== scratch.length) return this.matchOf(teams);
    const tickets = this.tickets;
    for (let t = 0; t < teams.length; t++) {
      const team = teams[t] as readonly number[];
      const scratchTeam = scratch[t] as ScoredTicket<TRating>[];
      // Written in place, then cut to length (growing the length first would leave holes; setting
      // it costs a call, so only when it changes).
      for (let i = 0; i < team.length; i++)
        scratchTeam[i] = tickets[team[i] as number] as ScoredTicket<TRating>;
      if (scratchTeam.length !== team.length) scratchTeam.length = team.length;
    }
    return this.scratchMatch;
  }
}

/**
 * Runs a split search by the criteria alone, then again weighing the team rules (one medic per team)
 * only when the first split breaks one, or when one has a weight: they are costly to read for every
 * split, and most balanced splits keep them. The teams of the split found, as tickets.
 */
function withTeamRules<TRating>(
  context: CandidateContext<TRating>,
  splits: TeamSplitSearch<TRating>,
  nowMs: number,
): ScoredTicket<TRating>[][] | undefined {
  const rules = context.handshake.limits.rules;
  let split = splits.search(false);
  if (split !== undefined && rules.splitSensitive && !rules.splitKeeps(splits.matchOf(split.teams), nowMs))
    split = splits.search(true);
  return split === undefined ? undefined : (splits.matchOf(split.teams).teams as ScoredTicket<TRating>[][]);
}

/**
 * The split search of one match's tickets into the queue's named teams, each within its own range.
 * Splits under a team's floor at the newest ticket's wait rank below every split that keeps them
 * (the floors relax with the wait, so such a split may form later; the team-sizes limit judges it).
 */
function namedSplitSearch<TRating>(
  context: CandidateContext<TRating>,
  tickets: readonly ScoredTicket<TRating>[],
  region: string | undefined,
  nowMs: number,
): TeamSplitSearch<TRating> {
  const named = context.shape.named ?? [];
  let newest = Number.NEGATIVE_INFINITY;
  for (const ticket of tickets) newest = Math.max(newest, ticket.enqueuedAtMs);
  const floors = teamFloorsAt(named, Math.max(0, nowMs - newest));
  const sizes = tickets.map((ticket) => ticket.players.length);
  const belowFloors = (teams: readonly (readonly number[])[]) => {
    let below = 0;
    teams.forEach((team, t) => {
      let players = 0;
      for (const index of team) players += sizes[index] as number;
      if (players < (floors[t] as number)) below += 1;
    });
    return below;
  };
  const rules = context.handshake.limits.rules;
  const allowed = rules.teamMasks(tickets, nowMs);
  return {
    matchOf: (teams) => matchOfSplit(tickets, teams, region),
    search: (withRules) =>
      splitNamed({
        ...(allowed === undefined ? {} : { allowed }),
        sizes,
        bounds: named.map((team) => team.size),
        scoreMatch: (teams) => {
          const match = matchOfSplit(tickets, teams, region);
          const rulesPart = withRules ? rules.splitAdjustment(match, nowMs) : 0;
          return splitValue(context, match, nowMs) + rulesPart - 4 * belowFloors(teams);
        },
        random: context.random,
        splitCounts: context.splitCounts,
      }),
  };
}

/** True when parties of the first `length` of `sizes` pack into `teamCount` full teams of `teamSize`. */
export function packsIntoTeams(
  sizes: readonly number[],
  teamCount: number,
  teamSize: number,
  length = sizes.length,
): boolean {
  // One array of counts serves every check (each look checks several fills).
  const countsBySize = packingCounts;
  while (countsBySize.length < teamSize + 1) countsBySize.push(0);
  countsBySize.fill(0);
  for (let i = 0; i < length; i++) {
    const size = sizes[i] as number;
    if (size > teamSize) return false;
    countsBySize[size] = (countsBySize[size] as number) + 1;
  }
  const packing = packedTeamCounts(countsBySize, teamSize);
  return packing.teams >= teamCount && packing.unpacked === 0;
}

/** `packsIntoTeams`'s counts of parties by size (only its first `teamSize + 1` are read). */
const packingCounts: number[] = [];

/**
 * The team count of a match of the parties of the first `length` of `sizes` when they split into
 * the shape's teams.
 */
export function feasibleTeamCount(
  shape: MatchShape,
  sizes: readonly number[],
  length = sizes.length,
): number | undefined {
  let players = 0;
  for (let i = 0; i < length; i++) players += sizes[i] as number;
  const teamCount = teamCountFor(shape, players);
  if (teamCount === undefined) return undefined;
  // Solo players fill any layout the shape allows (a free-for-all is all solos).
  if (players === length) return teamCount;
  if (shape.teamSize.min === shape.teamSize.max && shape.named === undefined)
    return packsIntoTeams(sizes, teamCount, shape.teamSize.max, length) ? teamCount : undefined;
  const parties = sizes.slice(0, length);
  const named = shape.named;
  if (named !== undefined)
    return firstNamedSplit(
      parties,
      named.map((team) => team.size),
    ) === undefined
      ? undefined
      : teamCount;
  const descending = parties.sort((a, b) => b - a);
  return firstSplit(descending, teamCount, teamBoundsOf(shape), FEASIBLE_NODE_LIMIT) === undefined
    ? undefined
    : teamCount;
}

/** One match's tickets around an anchor, and how far into the neighbours it reached. */
export interface Fill<TRating> {
  readonly tickets: ScoredTicket<TRating>[];
  readonly teamCount: number;
  readonly players: number;
  /** Neighbours looked at to make this fill. */
  readonly inspected: number;
}

/**
 * Fills matches around `anchor` with the nearest `neighbours` (already in order of skill distance),
 * skipping parties that would overflow the largest match and, with `admits`, tickets the queue's
 * rules refuse beside those already chosen. Returns the largest fill whose parties split
 * into the shape's teams and, when smaller, the smallest such fill that holds at least `floorPlayers`
 * (the fewest players the anchor accepts now): nearer tickets, a better match once everyone's
 * match size has relaxed to it. Empty when no fill exists.
 *
 * It runs for every look of a continuous tick: it makes no closures, and keeps its choice and its
 * prefixes (the lengths of `chosen` whose player count some team layout allows) in flat arrays that
 * every call reuses (a call runs to its end before the next: `admits` does not fill).
 */
export function fillAround<TRating>(
  anchor: ScoredTicket<TRating>,
  neighbours: readonly ScoredTicket<TRating>[],
  shape: MatchShape,
  floorPlayers: number,
  admits?: (chosen: readonly ScoredTicket<TRating>[], next: ScoredTicket<TRating>) => boolean,
): Fill<TRating>[] {
  const maxPlayers = shape.maxPlayers;
  const chosen = fillScratch.chosen as ScoredTicket<TRating>[];
  // The party sizes of `chosen`, in its order.
  const { sizes, prefixLengths, prefixPlayers, prefixInspected } = fillScratch;
  // `chosen` is read by `admits` whole: its length is kept exact, by pushes and pops (never emptied,
  // which would free its storage).
  chosen[0] = anchor;
  while (chosen.length > 1) chosen.pop();
  sizes[0] = anchor.players.length;
  let length = 1;
  let prefixes = 0;
  let players = anchor.players.length;
  if (teamCountFor(shape, players) !== undefined) {
    prefixLengths[0] = 1;
    prefixPlayers[0] = players;
    prefixInspected[0] = 0;
    prefixes = 1;
  }
  let checks = 0;
  for (let i = 0; i < neighbours.length; i++) {
    const neighbour = neighbours[i] as ScoredTicket<TRating>;
    const size = neighbour.players.length;
    if (players + size > maxPlayers) continue;
    // The queue's rules that only tighten as a match grows (at most one tank): a neighbour that
    // breaks one with those already chosen is skipped for the next.
    if (admits !== undefined && !admits(chosen, neighbour)) continue;
    chosen.push(neighbour);
    sizes[length] = size;
    length++;
    players += size;
    const prefixed = teamCountFor(shape, players) !== undefined;
    if (prefixed) {
      prefixLengths[prefixes] = length;
      prefixPlayers[prefixes] = players;
      prefixInspected[prefixes] = i + 1;
      prefixes++;
    }
    if (players === maxPlayers) {
      checks++;
      if (feasibleTeamCount(shape, sizes, length) !== undefined || checks >= FEASIBILITY_CHECKS) break;
      // The parties do not split into full teams: try the next neighbour instead of this one.
      length--;
      chosen.pop();
      if (prefixed) prefixes--;
      players -= size;
    }
  }
  let largest: Fill<TRating> | undefined;
  let largestAt = -1;
  let budget = FEASIBILITY_CHECKS;
  for (let p = prefixes - 1; p >= 0 && budget > 0; p--, budget--) {
    const teamCount = feasibleTeamCount(shape, sizes, prefixLengths[p] as number);
    if (teamCount === undefined) continue;
    largest = fillOf(chosen, p, teamCount);
    largestAt = p;
    break;
  }
  if (largest === undefined) return [];
  budget = FEASIBILITY_CHECKS;
  for (let p = 0; p < largestAt && budget > 0; p++) {
    if ((prefixPlayers[p] as number) < floorPlayers) continue;
    budget--;
    const teamCount = feasibleTeamCount(shape, sizes, prefixLengths[p] as number);
    if (teamCount === undefined) continue;
    // Array literals of their exact length (a pushed-to array takes room for more).
    return [largest, fillOf(chosen, p, teamCount)];
  }
  return [largest];
}

/** The fill of `chosen`'s prefix number `prefix` (its tickets copied out of the shared array). */
function fillOf<TRating>(
  chosen: readonly ScoredTicket<TRating>[],
  prefix: number,
  teamCount: number,
): Fill<TRating> {
  const { prefixLengths, prefixPlayers, prefixInspected } = fillScratch;
  return {
    tickets: chosen.slice(0, prefixLengths[prefix] as number),
    teamCount,
    players: prefixPlayers[prefix] as number,
    inspected: prefixInspected[prefix] as number,
  };
}

/** `fillAround`'s working arrays, shared by every call (the last call's tickets stay until the next). */
const fillScratch = {
  chosen: [] as ScoredTicket<unknown>[],
  sizes: [] as number[],
  prefixLengths: [] as number[],
  prefixPlayers: [] as number[],
  prefixInspected: [] as number[],
};

/**
 * Sort keys that put tickets of one home region together, by skill within a region: a round's sorted
 * start then forms matches that the ping caps allow (a region-blind start mixes regions that no
 * exchange fully undoes).
 */
export function regionSortKeys<TRating>(
  context: CandidateContext<TRating>,
  tickets: readonly ScoredTicket<TRating>[],
  nowMs: number,
): number[] {
  if (!context.handshake.limits.usesRegions || tickets.length === 0)
    return tickets.map((ticket) => ticket.skill);
  let lowest = Number.POSITIVE_INFINITY;
  let highest = Number.NEGATIVE_INFINITY;
  for (const ticket of tickets) {
    lowest = Math.min(lowest, ticket.skill);
    highest = Math.max(highest, ticket.skill);
  }
  const stride = 2 * (highest - lowest) + 1;
  const ranks = new Map<string | undefined, number>();
  return tickets.map((ticket) => {
    const home = context.handshake.chooseRegion({ teams: [[ticket]] }, nowMs).region;
    let rank = ranks.get(home);
    if (rank === undefined) {
      rank = ranks.size;
      ranks.set(home, rank);
    }
    return rank * stride + (ticket.skill - lowest);
  });
}

/** A cached candidate: its teams (split chosen) and its evaluation, or a fill that cannot be split. */
export type CachedCandidate<TRating> =
  | {
      readonly match: CandidateMatch<TRating>;
      readonly evaluation: MatchEvaluation;
      /** When the split was chosen (rules' limits read then). */
      readonly atMs?: number;
    }
  | 'unsplittable';

/**
 * Candidates by their set of tickets. A waiting ticket never changes, and the only criterion that
 * changes with time (wait) does not depend on the split, so a candidate's split and evaluation stay
 * valid while its tickets wait: re-judging it at a later time is arithmetic (`rejudge`). This is
 * what keeps a tick over a large pool cheap: only new sets of tickets are split and scored.
 */
export class CandidateCache<TRating> {
  private readonly byKey = new Map<string, CachedFor<TRating>>();
  private readonly limit: number;
  private readonly isWaiting: (ticket: ScoredTicket<TRating>) => boolean;
  /** Where the sweep for candidates of departed tickets goes on (insertion order, then again). */
  private sweep: IterableIterator<[string, CachedFor<TRating>]> | undefined;

  /**
   * `isWaiting` tells whether a ticket (this very arrival) still waits: a candidate holding one that
   * does not can never be asked for again, and is swept away.
   */
  constructor(limit: number, isWaiting: (ticket: ScoredTicket<TRating>) => boolean) {
    this.limit = limit;
    this.isWaiting = isWaiting;
  }

  /** How many candidates are kept. */
  get size(): number {
    return this.byKey.size;
  }

  /** The cached candidate of these tickets, computing it with `build` on a miss. */
  get(
    tickets: readonly ScoredTicket<TRating>[],
    build: () => CachedCandidate<TRating>,
  ): CachedCandidate<TRating> {
    const key = this.keyOf(tickets);
    const hit = this.byKey.get(key);
    if (hit !== undefined && sameArrivals(hit.tickets, tickets)) return hit.candidate;
    if (hit === undefined) {
      this.sweepSome();
      // The last resort if the sweep falls behind: everything goes (it is all computed again).
      if (this.byKey.size >= this.limit) this.byKey.clear();
    }
    const candidate = build();
    this.byKey.set(key, { tickets: tickets.slice(), candidate });
    return candidate;
  }

  /**
   * Looks at the two candidates next in the sweep, dropping those with a departed ticket: two for
   * every one added, so that the kept candidates stay about as many as the waiting tickets' (no
   * hit can change: a departed arrival never comes back), with no pause to sweep them all at once.
   */
  private sweepSome(): void {
    for (let step = 0; step < 2; step++) {
      this.sweep ??= this.byKey.entries();
      const next = this.sweep.next();
      if (next.done === true) {
        this.sweep = undefined;
        return;
      }
      const [key, cached] = next.value;
      for (let i = 0; i < cached.tickets.length; i++)
        if (!this.isWaiting(cached.tickets[i] as ScoredTicket<TRating>)) {
          this.byKey.delete(key);
          break;
        }
    }
  }

  /** Replaces the cached candidate of these tickets (a split chosen anew). */
  replace(tickets: readonly ScoredTicket<TRating>[], candidate: CachedCandidate<TRating>): void {
    this.byKey.set(this.keyOf(tickets), { tickets: tickets.slice(), candidate });
  }

  private keyOf(tickets: readonly ScoredTicket<TRating>[]): string {
    let key: string;
    if (tickets.length === 2) {
      const a = (tickets[0] as ScoredTicket<TRating>).ticketId;
      const b = (tickets[1] as ScoredTicket<TRating>).ticketId;
      key = a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
    } else if (tickets.length > 0 && inIdOrder(tickets)) {
      // A fill is judged in ticket id order (continuous-search.ts): its key needs no sorting. Joined
      // at once into one flat string (concatenating makes a string per step, and the map's lookup
      // then flattens the last one).
      const ids = keyIds;
      for (let i = 0; i < tickets.length; i++) ids[i] = (tickets[i] as ScoredTicket<TRating>).ticketId;
      if (ids.length !== tickets.length) ids.length = tickets.length;
      key = ids.join('\u0000');
    } else {
      key = tickets
        .map((ticket) => ticket.ticketId)
        .sort()
        .join('\u0000');
    }
    return key;
  }
}

/** `CandidateCache`'s ids of a key being made (one array serves every key). */
const keyIds: string[] = [];

/**
 * A cached candidate with the tickets it was made of: a ticket id can be enqueued again once its
 * ticket has finished, with other players or ratings, and its new arrival must not be judged by a
 * split of the old one.
 */
interface CachedFor<TRating> {
  readonly tickets: readonly ScoredTicket<TRating>[];
  readonly candidate: CachedCandidate<TRating>;
}

/** True when `asked` holds the very tickets of `cached` (the same arrivals, not only the same ids). */
function sameArrivals<TRating>(
  cached: readonly ScoredTicket<TRating>[],
  asked: readonly ScoredTicket<TRating>[],
): boolean {
  if (cached.length !== asked.length) return false;
  for (let i = 0; i < asked.length; i++) {
    const ticket = asked[i] as ScoredTicket<TRating>;
    // Usually in the same order (fills are judged in id order): the scan ends at once.
    if (cached[i] !== ticket && !cached.includes(ticket)) return false;
  }
  return true;
}

/** True when the tickets' ids ascend (the order `sort()` gives them). */
function inIdOrder(tickets: readonly { readonly ticketId: string }[]): boolean {
  for (let i = 1; i < tickets.length; i++)
    if ((tickets[i - 1] as { ticketId: string }).ticketId > (tickets[i] as { ticketId: string }).ticketId)
      return false;
  return true;
}

/** A cached candidate judged at `nowMs` (quality re-scored for the wait, handshake re-run). */
export function rejudge<TRating>(
  context: CandidateContext<TRating>,
  cached: { readonly match: CandidateMatch<TRating>; readonly evaluation: MatchEvaluation },
  nowMs: number,
): Proposal<TRating> {
  // Ping caps relax with wait: a region closed when the candidate was cached may be open now.
  const { region } = context.handshake.chooseRegion(cached.match, nowMs);
  const match =
    region === cached.match.region
      ? cached.match
      : region === undefined
        ? { teams: cached.match.teams }
        : { teams: cached.match.teams, region };
  const timed = context.scorer.evaluationAt(cached.evaluation, cached.match, nowMs);
  const evaluation = withRules(context, timed, match, nowMs);
  const verdict = context.handshake.judge(match, evaluation.score, evaluation, context.minQualityOf, nowMs);
  return {
    match,
    evaluation,
    objectiveValue: objectiveValue(context.objective, evaluation),
    verdict,
  };
}
