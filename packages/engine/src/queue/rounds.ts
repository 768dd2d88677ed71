/**
 * One matchmaking round (Awesomenauts): all waiting tickets of a pool are matched at once, by the
 * matcher that suits the shape:
 * - pools of whole teams in a fixed two-team queue (1v1, DomiNations' alliances): one exact
 *   minimum-cost pairing (round-pairing.ts; over a sparse candidate graph past 400 tickets);
 * - fixed shapes whose matches team formation re-splits cheaply (3v3, 5v5, 4 teams of 2: at most
 *   126 splits of solo players): team formation (`formMatches`: sorted start, exchanges and
 *   restarts), keeping the longest-waiting tickets first;
 * - every other shape (ranges, free-for-all, single teams, large teams): skill-ordered fills of the
 *   largest match, each split by `splitMatch` (round-chunks.ts).
 * The caller forms the proposals that pass the handshake; the others wait for the next round.
 */

import { formMatches } from '../matching/team-formation/form-matches.ts';
import { fillableMatchCount } from '../matching/team-formation/packing.ts';
import type { RoundAggregate, ScoredTicket } from '../quality/types.ts';
import {
  type CandidateContext,
  objectiveValue,
  type Proposal,
  propose,
  regionSortKeys,
} from './candidates.ts';
import { chunkRound } from './round-chunks.ts';
import { pairRound } from './round-pairing.ts';
import type { MatchShape } from './shape.ts';

/** Solo splits of one match up to which a round uses team formation's exchange search (5v5: 126). */
const FORMATION_SPLIT_LIMIT = 126;

/** Options of a round beyond the candidate context. */
export interface RoundOptions {
  readonly aggregate: RoundAggregate;
  /** Time budget of team formation with `clock`; without a clock, `maxRestarts` bounds the search. */
  readonly clock?: () => number;
  readonly budgetMs?: number;
  readonly maxRestarts: number;
  readonly method?: 'restarts' | 'annealing';
}

/** The search's limits: the time budget when a clock is given, else a fixed amount of work. */
function searchLimits(options: RoundOptions) {
  const annealing = options.method === 'annealing';
  if (options.clock !== undefined && options.budgetMs !== undefined) {
    const timed = { clock: options.clock, budgetMs: options.budgetMs };
    return annealing ? { ...timed, method: 'annealing' as const } : { ...timed, maxRestarts: 1_000_000 };
  }
  return annealing
    ? { method: 'annealing' as const, maxIterations: 200_000 }
    : { maxRestarts: options.maxRestarts };
}

/** True when every ticket is a whole team of a fixed two-team queue: the round is a pairing. */
function isPairing<TRating>(shape: MatchShape, tickets: readonly ScoredTicket<TRating>[]): boolean {
  return (
    shape.fixed &&
    shape.teamCount.max === 2 &&
    tickets.every((ticket) => ticket.players.length === shape.teamSize.max)
  );
}

/**
 * Splits of `teamCount * teamSize` solo players into unordered teams: the first player left picks its
 * teammates, then the next, so the count is the product of C(left - 1, teamSize - 1). Stops above
 * `limit` (the product only grows).
 */
export function soloSplitCount(teamCount: number, teamSize: number, limit: number): number {
  let count = 1;
  for (let left = teamCount * teamSize; left > 0 && count <= limit; left -= teamSize) {
    let choose = 1;
    for (let k = 1; k < teamSize; k++) choose = (choose * (left - k)) / k;
    count *= Math.round(choose);
  }
  return count;
}

/**
 * True when team formation's exchange search takes the shape: fixed, and a match of solo players has
 * at most FORMATION_SPLIT_LIMIT splits (each exchange it weighs re-splits two matches exhaustively:
 * 2x6 has 462 splits and took seconds a round for 60 tickets, 6x2 10,395, 2x10 92,378; those are
 * fills split by `splitMatch` instead).
 */
export function formationTakes(shape: MatchShape): boolean {
  if (!shape.fixed) return false;
  return (
    soloSplitCount(shape.teamCount.max, shape.teamSize.max, FORMATION_SPLIT_LIMIT) <= FORMATION_SPLIT_LIMIT
  );
}

function formRound<TRating>(
  context: CandidateContext<TRating>,
  tickets: readonly ScoredTicket<TRating>[],
  nowMs: number,
  options: RoundOptions,
): Proposal<TRating>[] {
  const masks = context.handshake.limits.regionMasks(tickets, nowMs);
  const rules = context.handshake.limits.rules;
  const sortKeys = regionSortKeys(context, tickets, nowMs);
  const formed = formMatches({
    tickets: tickets.map((ticket, index) => ({
      size: ticket.players.length,
      sortKey: sortKeys[index] as number,
      priority: nowMs - ticket.enqueuedAtMs,
    })),
    teamCount: context.shape.teamCount.max,
    teamSize: context.shape.teamSize.max,
    scoreMatch: (teams) => {
      // Hot path of the search: score only (the handshake runs once on the matches it returns).
      const unplaced = {
        teams: teams.map((team) => team.map((index) => tickets[index] as ScoredTicket<TRating>)),
      };
      const quick = context.scorer.quick(unplaced, nowMs);
      let evaluation = quick;
      let breaksRule = false;
      if (rules.active) {
        // The queue's rules: weighted into the quality, and the hard ones are hard limits here too.
        const { region } = rules.hasLatency
          ? context.handshake.chooseRegion(unplaced, nowMs)
          : { region: undefined };
        const placed = region === undefined ? unplaced : { ...unplaced, region };
        const verdict = rules.verdict(placed, nowMs);
        evaluation = { ...quick, score: rules.blend(quick.score, verdict) };
        breaksRule = !verdict.pass;
      }
      const value = Math.max(0, Math.min(1, objectiveValue(context.objective, evaluation)));
      // Every match within the hard limits outranks every match that breaks one (a monotone map into
      // [0, 1]). A fixed shape's hard limits that teams can break: a ping cap in every region, the
      // fairness floor, the queue's hard rules.
      let common = 0xffffffff;
      if (masks !== undefined)
        for (const team of teams) for (const index of team) common &= masks[index] as number;
      const breaks = common === 0 || context.handshake.isUnfair(evaluation) || breaksRule;
      return breaks ? value / 2 : 0.5 + value / 2;
    },
    random: context.random,
    aggregate: options.aggregate,
    ...searchLimits(options),
  });
  return formed.matches.map((match) =>
    propose(
      context,
      match.teams.map((team) => team.map((index) => tickets[index] as ScoredTicket<TRating>)),
      nowMs,
    ),
  );
}

/** Proposals for one round of one pool (formable or not; the caller applies the handshake). */
export function runRound<TRating>(
  context: CandidateContext<TRating>,
  tickets: readonly ScoredTicket<TRating>[],
  nowMs: number,
  options: RoundOptions,
): Proposal<TRating>[] {
  const shape = context.shape;
  if (isPairing(shape, tickets)) return pairRound(context, tickets, nowMs);
  if (!formationTakes(shape)) return chunkRound(context, tickets, nowMs);
  const sizes = tickets.map((ticket) => ticket.players.length);
  // Parties are atomic: a pool can hold enough players and still fill no match (two duos for 3v3).
  if (fillableMatchCount(sizes, shape.teamCount.max, shape.teamSize.max) === 0) return [];
  return formRound(context, tickets, nowMs, options);
}
