/**
 * `status` of a waiting ticket: its state, wait, ETA and an explanation of why it still waits: the
 * best candidate found at its last evaluation, re-judged now (quality re-scored, every hard limit
 * re-checked), the criteria that scored below its threshold, the tickets that refused it, the hard
 * limits that hold it back; and, when no candidate exists because the ticket's own hard limits
 * exclude the waiting tickets, which limit ("no waiting player within your 150 ms cap in eu or na").
 */

import type { MatchScorer } from '../quality/scorer.ts';
import type { Entry } from './entry.ts';
import type { Handshake } from './handshake.ts';
import { type MatchShape, teamFloorsAt } from './shape.ts';
import type { Eta, HardLimitKind, TicketStatus, WaitExplanation } from './types.ts';

/** Inputs of `describeStatus`. */
export interface StatusInput<TRating> {
  readonly entry: Entry<TRating>;
  readonly nowMs: number;
  readonly scorer: MatchScorer<TRating>;
  readonly handshake: Handshake;
  readonly shape: MatchShape;
  readonly eta: Eta | undefined;
  /** The other searching tickets of the ticket's pool (main or low priority). */
  readonly others: () => Iterable<Entry<TRating>>;
}

const formatMs = (ms: number) => `${Math.round(ms)} ms`;

/**
 * Why no candidate exists, when a hard limit of the ticket's own is the reason: its ping cap leaves
 * no region, or leaves regions where too few waiting players can play under their own caps, or the
 * queue's rules leave too few who could play with it.
 */
export function aloneReason<TRating>(
  input: StatusInput<TRating>,
): { readonly limit: HardLimitKind; readonly rule?: string; readonly detail: string } | undefined {
  const { entry, nowMs, handshake, shape } = input;
  const limits = handshake.limits;
  if (!limits.usesRegions) return rulesAloneReason(input);
  const cap = formatMs(limits.maxPingAt(entry.scored, nowMs));
  const reach = limits.reachableRegions(entry.scored, nowMs);
  if (reach.length === 0)
    return { limit: 'ping-cap', detail: `your players' pings exceed your ${cap} cap in every region` };
  const needed = Math.max(shape.minPlayers, 1);
  let players = entry.size;
  for (const other of input.others()) {
    if (other === entry || other.pool !== entry.pool || other.state !== 'searching') continue;
    const otherCap = limits.maxPingAt(other.scored, nowMs);
    if (reach.some((region) => limits.ticketPingMs(other.scored, region) <= otherCap)) players += other.size;
    if (players >= needed) return rulesAloneReason(input);
  }
  const where = reach.join(' or ');
  return {
    limit: 'ping-cap',
    detail:
      players === entry.size
        ? `no waiting player within your ${cap} cap in ${where}`
        : `only ${players - entry.size} waiting player(s) within your ${cap} cap in ${where}; a match needs ${needed}`,
  };
}

/** Why no candidate exists as the queue's rules say: for pairs of tickets, or for named teams. */
function rulesAloneReason<TRating>(
  input: StatusInput<TRating>,
): { readonly limit: HardLimitKind; readonly rule: string; readonly detail: string } | undefined {
  return ruleAloneReason(input) ?? teamRuleAloneReason(input);
}

/**
 * Why no candidate exists, when the hard rules on one named team leave too few waiting players who
 * may play on it (FlexMatch's monster team takes only players who ask to be the monster).
 */
function teamRuleAloneReason<TRating>(
  input: StatusInput<TRating>,
): { readonly limit: HardLimitKind; readonly rule: string; readonly detail: string } | undefined {
  const { entry, nowMs, handshake, shape } = input;
  if (shape.named === undefined) return undefined;
  const tickets = [entry.scored];
  for (const other of input.others()) {
    if (other === entry || other.pool !== entry.pool || other.state !== 'searching') continue;
    tickets.push(other.scored);
  }
  const floors = teamFloorsAt(shape.named, nowMs - entry.scored.enqueuedAtMs);
  const short = handshake.limits.rules.teamShortfall(tickets, floors, nowMs);
  return short === undefined ? undefined : { limit: 'rule', ...short };
}

/**
 * Why no candidate exists, when the queue's rules that decide for two tickets alone (the same
 * build, a game mode in common) leave too few waiting players who could play with this ticket: the
 * rule that refused the most of them, with its sentence for the nearest in skill it refused.
 */
function ruleAloneReason<TRating>(
  input: StatusInput<TRating>,
): { readonly limit: HardLimitKind; readonly rule: string; readonly detail: string } | undefined {
  const { entry, nowMs, handshake, shape } = input;
  const rules = handshake.limits.rules;
  if (!rules.hasPairRules) return undefined;
  const needed = Math.max(shape.minPlayers, 1);
  let players = entry.size;
  const refusals = new Map<string, { count: number; distance: number; explanation: string }>();
  for (const other of input.others()) {
    if (other === entry || other.pool !== entry.pool || other.state !== 'searching') continue;
    const verdict = rules.pairVerdict(entry.scored, other.scored, nowMs);
    if (verdict.pass) {
      players += other.size;
      if (players >= needed) return undefined;
      continue;
    }
    const distance = Math.abs(other.scored.skill - entry.scored.skill);
    for (const outcome of verdict.failed) {
      const seen = refusals.get(outcome.rule);
      if (seen === undefined)
        refusals.set(outcome.rule, { count: 1, distance, explanation: outcome.explanation });
      else {
        seen.count++;
        if (distance < seen.distance) Object.assign(seen, { distance, explanation: outcome.explanation });
      }
    }
  }
  let top: [string, { count: number; explanation: string }] | undefined;
  for (const item of refusals) if (top === undefined || item[1].count > top[1].count) top = item;
  if (top === undefined) return undefined;
  const [rule, { count, explanation }] = top;
  return {
    limit: 'rule',
    rule,
    detail: `rule ${rule} keeps ${count} waiting ticket(s) from playing with yours (${explanation}); ${players - entry.size} other player(s) could, a match needs ${needed}`,
  };
}

/** The status of a ticket that is searching or proposed. */
export function describeStatus<TRating>(input: StatusInput<TRating>): TicketStatus {
  const { entry, nowMs, scorer, handshake } = input;
  const waitMs = Math.max(0, nowMs - entry.scored.enqueuedAtMs);
  const base = {
    ticketId: entry.input.ticketId,
    state: entry.state,
    waitMs,
    ...(entry.matchId === undefined ? {} : { matchId: entry.matchId }),
  };
  if (entry.state === 'proposed') return base;
  const thresholdNow = handshake.thresholdAt(
    { enqueuedAtMs: entry.scored.enqueuedAtMs, minQuality: entry.input.minQuality },
    nowMs,
  );
  const best = entry.best;
  let explanation: WaitExplanation;
  if (best === undefined) {
    const alone = aloneReason(input);
    explanation = {
      thresholdNow,
      ...(alone === undefined ? {} : { alone }),
      summary:
        alone === undefined
          ? 'no candidate match yet: not enough compatible tickets are waiting'
          : `no candidate match: ${alone.detail}`,
    };
  } else {
    const criteria = scorer.explain(best.evaluation);
    const belowThreshold = criteria.filter(
      (criterion) => criterion.weight > 0 && criterion.score < thresholdNow,
    );
    const ticketIds = best.match.teams.flatMap((team) => team.map((ticket) => ticket.ticketId));
    // Limits relax with wait: re-judge the candidate now, in the region its tickets reach now.
    const { region } = handshake.chooseRegion(best.match, nowMs);
    const match = region === undefined ? { teams: best.match.teams } : { teams: best.match.teams, region };
    const candidate = { match, winProbabilities: best.evaluation.winProbabilities };
    // The quality now: the criteria re-scored at this wait, with the queue's weighted rules joined.
    const rules = handshake.limits.rules;
    const criteriaQuality = scorer.scoreAt(best.evaluation, best.match, nowMs);
    const quality = rules.active
      ? rules.blend(criteriaQuality, rules.verdict(match, nowMs))
      : criteriaQuality;
    const heldBy = handshake.limits.describe(candidate, handshake.limits.breaches(candidate, nowMs), nowMs);
    const holding = belowThreshold
      .map((criterion) => `${criterion.criterion} (${criterion.detail})`)
      .join(', ');
    explanation = {
      thresholdNow,
      bestCandidate: { quality, ticketIds, criteria, belowThreshold, rejectedBy: best.rejectedBy, heldBy },
      summary:
        `best candidate scored ${quality.toFixed(3)} against a threshold of ${thresholdNow.toFixed(3)}` +
        (holding.length > 0 ? `; held back by ${holding}` : '') +
        (best.rejectedBy.length > 0 ? `; refused by ${best.rejectedBy.join(', ')}` : '') +
        heldBy.map((hold) => `; ${hold.limit}: ${hold.detail}`).join(''),
    };
  }
  return { ...base, ...(input.eta === undefined ? {} : { eta: input.eta }), explanation };
}
