/**
 * When a pair holding a given ticket could first pass, for every neighbour at least some distance
 * away in skill, read from the ticket alone: the pair's quality is at most the scorer's ceiling at
 * that skill gap (`MatchScorer.ceilingBoundAtSkillGap`), which both tickets must accept (each its
 * threshold relaxed to it, or overdue). A fresh ticket (threshold 1) accepts no neighbour of another
 * skill until its threshold relaxes: one bound then keeps back every pair it could make, and the
 * continuous tick need not bound them one by one (continuous-search.ts).
 *
 * Thresholds only relax and a pair's skills and bands do not change, so the time holds for good.
 * Queue rules blend into the quality: with rules there is no bound (`forQueue` gives none).
 */

import type { MatchScorer } from '../quality/scorer.ts';
import type { ScoredTicket } from '../quality/types.ts';
import type { Handshake } from './handshake.ts';

/** A ticket's bound: until `fromMs` for its side; its neighbours' side read with `withOther`. */
export interface ApartTimes {
  /** No earlier (>= now) does the ticket accept any of the pairs (the `force` policy aside). */
  fromMs: number;
  /** No sooner after its arrival does any neighbour accept such a pair (its own threshold). */
  waitMs: number;
  /** When the ticket is (or was) overdue: with the `force` policy, everyone accepts from then. */
  overdueMs: number;
}

export class ApartBound<TRating> {
  private readonly scorer: MatchScorer<TRating>;
  private readonly handshake: Handshake;
  private readonly minQualityOf: (ticketId: string) => number | undefined;
  private readonly forces: boolean;

  private constructor(
    scorer: MatchScorer<TRating>,
    handshake: Handshake,
    minQualityOf: (ticketId: string) => number | undefined,
  ) {
    this.scorer = scorer;
    this.handshake = handshake;
    this.minQualityOf = minQualityOf;
    this.forces = handshake.policy === 'force';
  }

  /** The bound of a queue, or undefined when its rules take part in the quality or the limits. */
  static forQueue<TRating>(
    scorer: MatchScorer<TRating>,
    handshake: Handshake,
    minQualityOf: (ticketId: string) => number | undefined,
  ): ApartBound<TRating> | undefined {
    return handshake.limits.rules.active ? undefined : new ApartBound(scorer, handshake, minQualityOf);
  }

  /**
   * Into `times`: the bound for the pairs of `ticket` with the tickets at least `distance` away in
   * skill, when every ticket's skill band is at most `widestBand`. Reused by the caller (no object
   * per ticket).
   */
  measure(
    ticket: ScoredTicket<TRating>,
    distance: number,
    widestBand: number,
    nowMs: number,
    times: ApartTimes,
  ): void {
    const gap = skillGapBelow(distance, ticket.skill, ticket.skillBand + widestBand);
    const quality = this.scorer.ceilingBoundAtSkillGap(gap);
    times.fromMs = Math.max(
      nowMs,
      this.handshake.ticketAcceptsFromMs(ticket, quality, this.minQualityOf, nowMs),
    );
    times.waitMs = this.handshake.acceptWaitMs(quality);
    times.overdueMs = ticket.enqueuedAtMs + this.handshake.maxWaitMs;
  }

  /**
   * `withOther`'s time for any neighbour, read from the measured ticket alone (with the `force`
   * policy a neighbour may be overdue now).
   */
  withAnyOther(times: ApartTimes, nowMs: number): number {
    return this.forces ? nowMs : times.fromMs;
  }

  /**
   * A time (>= `nowMs`) before which the pair of the measured ticket with a neighbour that arrived at
   * `otherEnqueuedAtMs` does not pass the handshake: both must accept its quality, unless (with the
   * `force` policy) one of them is overdue; `nowMs` when it might pass now. (The neighbour's arrival
   * is all it reads: the pool's lists keep it beside each ticket.)
   */
  withOther(times: ApartTimes, otherEnqueuedAtMs: number, nowMs: number): number {
    const fromMs = Math.max(times.fromMs, otherEnqueuedAtMs + times.waitMs);
    if (!this.forces) return fromMs;
    const firstOverdueMs = Math.min(times.overdueMs, otherEnqueuedAtMs + this.handshake.maxWaitMs);
    return Math.min(fromMs, Math.max(nowMs, firstOverdueMs));
  }
}

/**
 * A skill gap no more than the skill spread of two tickets `distance` apart whose bands sum to at
 * most `bands`: less a margin far above the rounding of the spread's own arithmetic (a party's skill
 * is its players' mean, and the spread reads the players), so that the bound stays one.
 */
function skillGapBelow(distance: number, skill: number, bands: number): number {
  return distance - bands - 1e-9 * (Math.abs(skill) + distance + bands);
}
