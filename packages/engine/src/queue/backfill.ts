/**
 * Backfill (FlexMatch's and PlayFab's): a running match with open seats takes waiting tickets into
 * them. The match keeps its teams and region; its present players stay where they are, and only
 * the open seats of each team are filled. A fill is judged by the queue's one handshake (limits.ts:
 * every hard limit, for every ticket, new and present; the rules' limits as they plug in there) and
 * its one scorer (quality), on the whole match as it would be played.
 *
 * Present players count as having waited without end: their limits are at their most relaxed (they
 * are already playing), and they never refuse a fill for its quality. Each new ticket judges the
 * match at its own wait, as in any match; an overdue present player forces nothing on it.
 */

import { ErrorCodes, MatchdError } from '../errors.ts';
import type { MatchScorer } from '../quality/scorer.ts';
import type { CandidateMatch, ScoredTicket } from '../quality/types.ts';
import type { RatingModel } from '../rating/types.ts';
import { objectiveValue } from './candidates.ts';
import { array, type Checker, fail, number, object, string } from './checks.ts';
import type { Handshake } from './handshake.ts';
import type { Objective, QueueConfig, WaitingBackfill } from './types.ts';
import { validatePlayer } from './validate-ticket.ts';

const checker: Checker = { code: ErrorCodes.INVALID_BACKFILL };

/** The wait present players are judged at: every relaxation is at its end long before. */
export const PRESENT_WAIT_MS = 1e12;

/** Waiting tickets a request looks at per tick, oldest first. */
export const BACKFILL_SCAN = 256;

/** How long a request waits by default when neither the queue's backfill nor its tickets expire. */
export const DEFAULT_BACKFILL_EXPIRY_MS = 10 * 60_000;

/**
 * Limits of the whole match (its shape, its fairness, the queue's hard rules over its teams): a fill
 * in progress may break them on the way to a complete match that keeps them, so they rank a step
 * (fewer broken is better) and are enforced on the complete match. The limits of each ticket (gates,
 * its ping cap) hold at every step.
 */
const wholeMatchLimits: ReadonlySet<string> = new Set(['team-sizes', 'match-size', 'fairness-floor', 'rule']);

/** Checks a backfill request's shape against the queue; throws MM_ERR_INVALID_BACKFILL or MM_ERR_MATCH_FULL. */
export function validateBackfillRequest<TRating>(
  value: unknown,
  config: QueueConfig,
  ratingModel: RatingModel<TRating>,
): void {
  const request = object(checker, value, 'backfill', ['requestId', 'matchId', 'region', 'teams']);
  string(checker, request['requestId'], 'requestId');
  string(checker, request['matchId'], 'matchId');
  if (request['region'] !== undefined) {
    const region = string(checker, request['region'], 'region');
    if (config.regions !== undefined && !config.regions.names.includes(region))
      fail(checker, 'region', `is not one of the queue's regions (${config.regions.names.join(', ')})`);
  }
  const teams = array(checker, request['teams'], 'teams', { min: 1, max: 200 });
  const seen = new Set<string>();
  let open = 0;
  teams.forEach((item, t) => {
    const team = object(checker, item, `teams[${t}]`, ['players', 'seats']);
    const seats = number(checker, team['seats'], `teams[${t}].seats`, { min: 1, max: 200, integer: true });
    const players = array(checker, team['players'], `teams[${t}].players`, { max: seats });
    players.forEach((player, i) => {
      const path = `teams[${t}].players[${i}]`;
      // The player's fields and rating as any ticket's, reported as a malformed backfill.
      try {
        const profile = validatePlayer(player, path, config, ratingModel);
        if (seen.has(profile.playerId)) fail(checker, `${path}.playerId`, 'appears twice in the match');
        seen.add(profile.playerId);
      } catch (error) {
        if (error instanceof MatchdError && error.code === ErrorCodes.INVALID_TICKET)
          throw new MatchdError(
            ErrorCodes.INVALID_BACKFILL,
            error.message,
            error.details as Record<string, unknown>,
          );
        throw error;
      }
    });
    open += seats - players.length;
  });
  if (open === 0)
    throw new MatchdError(ErrorCodes.MATCH_FULL, 'the match has no open seat', { path: 'teams' });
}

/** What backfill selection needs from the matchmaker. */
export interface BackfillContext<TRating> {
  readonly scorer: MatchScorer<TRating>;
  readonly handshake: Handshake;
  readonly objective: Objective;
  readonly minQualityOf: (ticketId: string) => number | undefined;
}

/** A request as the selection reads it: its present players scored, one ticket per player. */
export interface PreparedBackfill<TRating> {
  readonly request: WaitingBackfill<TRating>;
  /** Per team: the present players, each a ticket that has waited `PRESENT_WAIT_MS`. */
  readonly present: readonly (readonly ScoredTicket<TRating>[])[];
}

/** A fill found for a request. */
export interface BackfillFill<TRating> {
  /** Per team, the new tickets (empty for a team without open seats). */
  readonly added: readonly (readonly ScoredTicket<TRating>[])[];
  readonly match: CandidateMatch<TRating>;
  readonly evaluation: ReturnType<MatchScorer<TRating>['evaluate']>;
}

function openSeats<TRating>(prepared: PreparedBackfill<TRating>): number[] {
  return prepared.request.teams.map((team) => team.seats - team.players.length);
}

function assemble<TRating>(
  prepared: PreparedBackfill<TRating>,
  added: readonly (readonly ScoredTicket<TRating>[])[],
): CandidateMatch<TRating> {
  const teams = prepared.present.map((team, t) => [...team, ...(added[t] ?? [])]);
  const region = prepared.request.region;
  return region === undefined ? { teams } : { teams, region };
}

/** The new tickets accept the match's quality at their own wait (or are past the maximum wait). */
function newTicketsAccept<TRating>(
  context: BackfillContext<TRating>,
  added: readonly (readonly ScoredTicket<TRating>[])[],
  quality: number,
  nowMs: number,
): boolean {
  for (const team of added) {
    for (const ticket of team) {
      if (context.handshake.isOverdue(ticket, nowMs)) continue;
      const threshold = context.handshake.thresholdAt(
        { enqueuedAtMs: ticket.enqueuedAtMs, minQuality: context.minQualityOf(ticket.ticketId) },
        nowMs,
      );
      if (quality < threshold) return false;
    }
  }
  return true;
}

/**
 * Fills a request's open seats from `candidates` (oldest first), or undefined when no fill keeps
 * every hard limit and satisfies the new tickets. Greedy: at each step the candidate and team that
 * break no ticket's own limit, and of those the fewest whole-match limits, with the best objective
 * for the match so far; then the complete match is judged by every limit.
 */
export function selectBackfill<TRating>(
  context: BackfillContext<TRating>,
  prepared: PreparedBackfill<TRating>,
  candidates: readonly ScoredTicket<TRating>[],
  nowMs: number,
): BackfillFill<TRating> | undefined {
  const open = openSeats(prepared);
  const added: ScoredTicket<TRating>[][] = open.map(() => []);
  const taken = new Set<string>();
  let remaining = open.reduce((sum, seats) => sum + seats, 0);
  while (remaining > 0) {
    let best: { ticket: ScoredTicket<TRating>; team: number; broken: number; value: number } | undefined;
    for (const ticket of candidates) {
      if (taken.has(ticket.ticketId)) continue;
      for (let team = 0; team < open.length; team += 1) {
        if (ticket.players.length > (open[team] as number)) continue;
        const trial = added.map((list, index) => (index === team ? [...list, ticket] : list));
        const match = assemble(prepared, trial);
        const evaluation = context.scorer.evaluate(match, nowMs);
        const verdict = context.handshake.judge(
          match,
          evaluation.score,
          evaluation,
          context.minQualityOf,
          nowMs,
        );
        if (verdict.breaches.some((breach) => !wholeMatchLimits.has(breach.limit))) continue;
        const broken = new Set(verdict.breaches.map((breach) => breach.limit)).size;
        const value = objectiveValue(context.objective, evaluation);
        if (best === undefined || broken < best.broken || (broken === best.broken && value > best.value))
          best = { ticket, team, broken, value };
      }
    }
    if (best === undefined) break;
    (added[best.team] as ScoredTicket<TRating>[]).push(best.ticket);
    taken.add(best.ticket.ticketId);
    open[best.team] = (open[best.team] as number) - best.ticket.players.length;
    remaining -= best.ticket.players.length;
  }
  if (taken.size === 0) return undefined;
  const match = assemble(prepared, added);
  const evaluation = context.scorer.evaluate(match, nowMs);
  const verdict = context.handshake.judge(match, evaluation.score, evaluation, context.minQualityOf, nowMs);
  if (verdict.breaches.length > 0) return undefined;
  if (!newTicketsAccept(context, added, evaluation.score, nowMs)) return undefined;
  return { added, match, evaluation };
}
