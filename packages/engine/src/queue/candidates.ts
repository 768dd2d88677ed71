/**
 * Candidate matches (STYLE 4.2 "propose, then select"): around a ticket, its neighbours in skill
 * order are gathered; pairs of whole teams are proposed one neighbour at a time, and team matches are
 * filled with the nearest tickets whose parties pack into full teams, then split into teams by the
 * exhaustive split (team formation's `bestSplit`) or, for very many splits, by `formMatches`' local
 * search. Each proposal carries its evaluation, objective value and the handshake's verdict.
 */

import { bestSplit } from '../matching/team-formation/best-split.ts';
import { localSearchSplit } from '../matching/team-formation/local-search-split.ts';
import { packTeams } from '../matching/team-formation/packing.ts';
import { countSplits } from '../matching/team-formation/splits.ts';
import type { MatchEvaluation, MatchScorer } from '../quality/scorer.ts';
import type { CandidateMatch, ScoredTicket } from '../quality/types.ts';
import type { Random } from '../random.ts';
import type { Handshake, Verdict } from './handshake.ts';
import type { Objective } from './types.ts';

/** Splits beyond this count use local search instead of enumeration. */
const EXHAUSTIVE_SPLIT_LIMIT = 5000;

/** What candidate building needs from the matchmaker. */
export interface CandidateContext<TRating> {
  readonly scorer: MatchScorer<TRating>;
  readonly handshake: Handshake;
  readonly objective: Objective;
  readonly teamCount: number;
  readonly teamSize: number;
  readonly random: Random;
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

/** A proposal may form: fair, and accepted by everyone or forced by an overdue ticket. */
export function isFormable(proposal: Proposal<unknown>): boolean {
  const { verdict } = proposal;
  return !verdict.unfair && (verdict.rejectedBy.length === 0 || verdict.hasOverdue);
}

/** Evaluates fixed teams: region, scores, objective and handshake. */
export function propose<TRating>(
  context: CandidateContext<TRating>,
  teams: readonly (readonly ScoredTicket<TRating>[])[],
  nowMs: number,
): Proposal<TRating> {
  const unplaced: CandidateMatch<TRating> = { teams };
  const { region } = context.handshake.chooseRegion(unplaced);
  const match: CandidateMatch<TRating> = region === undefined ? unplaced : { teams, region };
  const evaluation = context.scorer.evaluate(match, nowMs);
  const verdict = context.handshake.judge(match, evaluation.score, evaluation, context.minQualityOf, nowMs);
  return { match, evaluation, objectiveValue: objectiveValue(context.objective, evaluation), verdict };
}

/** Split value for the split search: the objective, pushed below every fair split when unfair. */
function splitValue<TRating>(
  context: CandidateContext<TRating>,
  match: CandidateMatch<TRating>,
  nowMs: number,
): number {
  const evaluation = context.scorer.quick(match, nowMs);
  const value = objectiveValue(context.objective, evaluation);
  return context.handshake.isUnfair(evaluation) ? value - 2 : value;
}

/**
 * The best split of tickets that hold exactly one match's players into teams, by the objective;
 * undefined when the parties cannot fill the teams exactly.
 */
export function splitIntoTeams<TRating>(
  context: CandidateContext<TRating>,
  tickets: readonly ScoredTicket<TRating>[],
  nowMs: number,
): ScoredTicket<TRating>[][] | undefined {
  const { teamCount, teamSize } = context;
  const sizes = tickets.map((ticket) => ticket.players.length);
  const { region } = context.handshake.chooseRegion({ teams: [tickets] });
  const toMatch = (teams: readonly (readonly number[])[]): CandidateMatch<TRating> => {
    const mapped = teams.map((team) => team.map((index) => tickets[index] as ScoredTicket<TRating>));
    return region === undefined ? { teams: mapped } : { teams: mapped, region };
  };
  const formationTickets = sizes.map((size) => ({ size }));
  const scoreMatch = (teams: readonly (readonly number[])[]) => splitValue(context, toMatch(teams), nowMs);
  if (countSplits(sizes, teamCount, teamSize, EXHAUSTIVE_SPLIT_LIMIT + 1) <= EXHAUSTIVE_SPLIT_LIMIT) {
    const split = bestSplit({
      tickets: formationTickets,
      members: tickets.map((_, index) => index),
      teamCount,
      teamSize,
      scoreMatch,
    });
    return split === undefined ? undefined : toMatch(split.teams).teams.map((team) => [...team]);
  }
  // Too many splits to enumerate (e.g. 20v20 of solos): a local search over equal-size swaps.
  const split = localSearchSplit({
    tickets: formationTickets,
    members: tickets.map((_, index) => index),
    teamCount,
    teamSize,
    scoreMatch,
  });
  return split === undefined ? undefined : toMatch(split.teams).teams.map((team) => [...team]);
}

/** True when the tickets' parties pack into `teamCount` full teams. */
export function packsIntoTeams(sizes: readonly number[], teamCount: number, teamSize: number): boolean {
  const packing = packTeams(
    sizes.map((size, index) => ({ index, size, priority: 0 })),
    teamSize,
  );
  return packing.teams.length >= teamCount && packing.unpacked.length === 0;
}

/**
 * Fills one match around `anchor` with the nearest `neighbours` (already in order of skill distance)
 * so that the parties pack into full teams; undefined when they cannot.
 */
export function fillAround<TRating>(
  anchor: ScoredTicket<TRating>,
  neighbours: readonly ScoredTicket<TRating>[],
  teamCount: number,
  teamSize: number,
): { readonly tickets: ScoredTicket<TRating>[]; readonly inspected: number } | undefined {
  const matchPlayers = teamCount * teamSize;
  const chosen = [anchor];
  let players = anchor.players.length;
  for (let i = 0; i < neighbours.length; i++) {
    const neighbour = neighbours[i] as ScoredTicket<TRating>;
    const size = neighbour.players.length;
    if (players + size > matchPlayers) continue;
    chosen.push(neighbour);
    players += size;
    if (players === matchPlayers) {
      const sizes = chosen.map((ticket) => ticket.players.length);
      if (packsIntoTeams(sizes, teamCount, teamSize)) return { tickets: chosen, inspected: i + 1 };
      chosen.pop();
      players -= size;
    }
  }
  return undefined;
}

/** A cached candidate: its teams (split chosen) and its evaluation, or a fill that cannot be split. */
export type CachedCandidate<TRating> =
  | { readonly match: CandidateMatch<TRating>; readonly evaluation: MatchEvaluation }
  | 'unsplittable';

/**
 * Candidates by their set of tickets. A waiting ticket never changes, and the only criterion that
 * changes with time (wait) does not depend on the split, so a candidate's split and evaluation stay
 * valid while its tickets wait: re-judging it at a later time is arithmetic (`rejudge`). This is
 * what keeps a tick over a large pool cheap: only new sets of tickets are split and scored.
 */
export class CandidateCache<TRating> {
  private readonly byKey = new Map<string, CachedCandidate<TRating>>();
  private readonly limit: number;

  constructor(limit: number) {
    this.limit = limit;
  }

  /** The cached candidate of these tickets, computing it with `build` on a miss. */
  get(
    tickets: readonly ScoredTicket<TRating>[],
    build: () => CachedCandidate<TRating>,
  ): CachedCandidate<TRating> {
    let key: string;
    if (tickets.length === 2) {
      const a = (tickets[0] as ScoredTicket<TRating>).ticketId;
      const b = (tickets[1] as ScoredTicket<TRating>).ticketId;
      key = a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
    } else {
      key = tickets
        .map((ticket) => ticket.ticketId)
        .sort()
        .join('\u0000');
    }
    let hit = this.byKey.get(key);
    if (hit === undefined) {
      // Entries of departed tickets are never hit again; dropping everything now and then bounds memory.
      if (this.byKey.size >= this.limit) this.byKey.clear();
      hit = build();
      this.byKey.set(key, hit);
    }
    return hit;
  }
}

/** A cached candidate judged at `nowMs` (quality re-scored for the wait, handshake re-run). */
export function rejudge<TRating>(
  context: CandidateContext<TRating>,
  cached: { readonly match: CandidateMatch<TRating>; readonly evaluation: MatchEvaluation },
  nowMs: number,
): Proposal<TRating> {
  const quality = context.scorer.scoreAt(cached.evaluation, cached.match, nowMs);
  const evaluation =
    quality === cached.evaluation.score ? cached.evaluation : { ...cached.evaluation, score: quality };
  const verdict = context.handshake.judge(cached.match, quality, evaluation, context.minQualityOf, nowMs);
  return {
    match: cached.match,
    evaluation,
    objectiveValue: objectiveValue(context.objective, evaluation),
    verdict,
  };
}
