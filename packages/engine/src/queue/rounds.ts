/**
 * One matchmaking round (Awesomenauts): all waiting tickets of a pool are matched at once. Pools of
 * whole teams in two-team queues (1v1, DomiNations' alliances) are paired exactly by minimum-cost
 * perfect matching (cost 1 - objective; pairs the handshake refuses are forbidden; long waiters are
 * costly to leave out). Team queues go through team formation (`formMatches`: sorted start,
 * exchanges and restarts), keeping the longest-waiting tickets first. The caller forms the proposals
 * that pass the handshake; the others wait for the next round.
 */

import { exactPairing } from '../matching/exact-pairing.ts';
import { formMatches } from '../matching/team-formation/form-matches.ts';
import { fillableMatchCount } from '../matching/team-formation/packing.ts';
import type { RoundAggregate, ScoredTicket } from '../quality/types.ts';
import { type CandidateContext, isFormable, objectiveValue, type Proposal, propose } from './candidates.ts';

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

/** True when every ticket is a whole team of a two-team queue: the round is a pairing. */
function isPairing<TRating>(
  context: CandidateContext<TRating>,
  tickets: readonly ScoredTicket<TRating>[],
): boolean {
  return context.teamCount === 2 && tickets.every((ticket) => ticket.players.length === context.teamSize);
}

function pairRound<TRating>(
  context: CandidateContext<TRating>,
  tickets: readonly ScoredTicket<TRating>[],
  nowMs: number,
): Proposal<TRating>[] {
  const cache = new Map<number, Proposal<TRating>>();
  const proposalOf = (i: number, j: number): Proposal<TRating> => {
    const key = i * tickets.length + j;
    let proposal = cache.get(key);
    if (proposal === undefined) {
      proposal = propose(
        context,
        [[tickets[i] as ScoredTicket<TRating>], [tickets[j] as ScoredTicket<TRating>]],
        nowMs,
      );
      cache.set(key, proposal);
    }
    return proposal;
  };
  const pairing = exactPairing(
    {
      size: tickets.length,
      costs: (i, j) => {
        const proposal = proposalOf(i, j);
        return isFormable(proposal) ? 1 - proposal.objectiveValue : Number.POSITIVE_INFINITY;
      },
      // Leaving a ticket out costs as much as its worst possible match, more once it is overdue.
      leaveOutCosts: tickets.map((ticket) => (context.handshake.isOverdue(ticket, nowMs) ? 4 : 1)),
    },
    { sortKeys: tickets.map((ticket) => ticket.skill) },
  );
  return pairing.pairs.map(([i, j]) => proposalOf(i, j));
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
    teamCount: context.teamCount,
    teamSize: context.teamSize,
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
  const sizes = tickets.map((ticket) => ticket.players.length);
  // Parties are atomic: a pool can hold enough players and still fill no match (two duos for 3v3).
  if (fillableMatchCount(sizes, context.teamCount, context.teamSize) === 0) return [];
  return isPairing(context, tickets)
    ? pairRound(context, tickets, nowMs)
    : formRound(context, tickets, nowMs, options);
}
