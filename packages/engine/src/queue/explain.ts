/**
 * `status` of a waiting ticket: its state, wait, ETA and an explanation of why it still waits: the
 * best candidate found at its last evaluation, re-scored now, the criteria that scored below its
 * threshold, and the tickets that refused the candidate under their own wait and threshold.
 */

import type { MatchScorer } from '../quality/scorer.ts';
import type { Entry } from './entry.ts';
import type { Handshake } from './handshake.ts';
import type { Eta, TicketStatus, WaitExplanation } from './types.ts';

/** Inputs of `describeStatus`. */
export interface StatusInput<TRating> {
  readonly entry: Entry<TRating>;
  readonly nowMs: number;
  readonly scorer: MatchScorer<TRating>;
  readonly handshake: Handshake;
  readonly eta: Eta | undefined;
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
    explanation = {
      thresholdNow,
      summary: 'no candidate match yet: not enough compatible tickets are waiting',
    };
  } else {
    const quality = scorer.scoreAt(best.evaluation, best.match, nowMs);
    const criteria = scorer.explain(best.evaluation);
    const belowThreshold = criteria.filter(
      (criterion) => criterion.weight > 0 && criterion.score < thresholdNow,
    );
    const ticketIds = best.match.teams.flatMap((team) => team.map((ticket) => ticket.ticketId));
    const holding = belowThreshold
      .map((criterion) => `${criterion.criterion} (${criterion.detail})`)
      .join(', ');
    explanation = {
      thresholdNow,
      bestCandidate: { quality, ticketIds, criteria, belowThreshold, rejectedBy: best.rejectedBy },
      summary:
        `best candidate scored ${quality.toFixed(3)} against a threshold of ${thresholdNow.toFixed(3)}` +
        (holding.length > 0 ? `; held back by ${holding}` : '') +
        (best.rejectedBy.length > 0 ? `; refused by ${best.rejectedBy.join(', ')}` : ''),
    };
  }
  return { ...base, ...(input.eta === undefined ? {} : { eta: input.eta }), explanation };
}
