/**
 * One matchmaking round (Awesomenauts): all waiting tickets of a pool are matched at once, by the
 * matcher that suits the shape:
 * - pools of whole teams in a fixed two-team queue (1v1, DomiNations' alliances): one exact
 *   minimum-cost pairing (round-pairing.ts; a sparse candidate graph for large pools);
 * - fixed shapes whose matches team formation splits exhaustively (3v3, 5v5, up to 100,000 splits of
 *   solo players): team formation (`formMatches`: sorted start, exchanges and restarts), keeping the
 *   longest-waiting tickets first;
 * - every other shape (ranges, free-for-all, single teams, large teams): skill-ordered fills of the
 *   largest match, each split by `splitMatch` (round-chunks.ts).
 * The caller forms the proposals that pass the handshake; the others wait for the next round.
 */

import { formMatches } from '../matching/team-formation/form-matches.ts';
import { fillableMatchCount } from '../matching/team-formation/packing.ts';
import { countSplits } from '../matching/team-formation/splits.ts';
import { MAX_SPLITS_PER_MATCH } from '../matching/team-formation/validate.ts';
import type { RoundAggregate, ScoredTicket } from '../quality/types.ts';
import { type CandidateContext, objectiveValue, type Proposal, propose } from './candidates.ts';
import { chunkRound } from './round-chunks.ts';
import { pairRound } from './round-pairing.ts';
import type { MatchShape } from './shape.ts';

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

/** True when team formation's exchange search takes the shape: fixed, and each match splits exhaustively. */
export function formationTakes(shape: MatchShape): boolean {
  if (!shape.fixed) return false;
  const teamCount = shape.teamCount.max;
  const teamSize = shape.teamSize.max;
  const soloSplits = countSplits(
    new Array<number>(teamCount * teamSize).fill(1),
    teamCount,
    teamSize,
    MAX_SPLITS_PER_MATCH + 1,
  );
  return soloSplits <= MAX_SPLITS_PER_MATCH;
}

function formRound<TRating>(
  context: CandidateContext<TRating>,
  tickets: readonly ScoredTicket<TRating>[],
  nowMs: number,
  options: RoundOptions,
): Proposal<TRating>[] {
  const hasFairnessFloor = (context.objective.maxFavouriteWinProbability ?? 1) < 1;
  const formed = formMatches({
    tickets: tickets.map((ticket) => ({
      size: ticket.players.length,
      sortKey: ticket.skill,
      priority: nowMs - ticket.enqueuedAtMs,
    })),
    teamCount: context.shape.teamCount.max,
    teamSize: context.shape.teamSize.max,
    scoreMatch: (teams) => {
      // Hot path of the search: score only (the handshake runs once on the matches it returns).
      const match = {
        teams: teams.map((team) => team.map((index) => tickets[index] as ScoredTicket<TRating>)),
      };
      const evaluation = context.scorer.quick(match, nowMs);
      const value = Math.max(0, Math.min(1, objectiveValue(context.objective, evaluation)));
      // With a fairness floor, every fair match outranks every unfair one (a monotone map into [0, 1]).
      if (!hasFairnessFloor) return value;
      return context.handshake.isUnfair(evaluation) ? value / 2 : 0.5 + value / 2;
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
