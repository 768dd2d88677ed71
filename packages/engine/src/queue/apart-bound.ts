/**
 * When a pair holding a given ticket could first pass, for every neighbour at least some distance
 * away in skill, read from the ticket alone: the pair's quality is at most the scorer's ceiling at
 * that skill gap (`MatchScorer.ceilingBoundAtSkillGap`), which the ticket must accept (its threshold
 * relaxed to it, or overdue). A fresh ticket (threshold 1) accepts no neighbour of another skill
 * until its threshold relaxes: one bound then keeps back every pair it could make, and the
 * continuous tick need not bound them one by one (continuous-search.ts).
 *
 * Thresholds only relax and a pair's skills and bands do not change, so the time holds for good. With
 * the `force` policy a neighbour overdue makes the ticket accept whatever the quality: `withOther`.
 * Queue rules blend into the quality: with rules there is no bound (`forQueue` gives none).
 */

import type { MatchScorer } from '../quality/scorer.ts';
import type { ScoredTicket } from '../quality/types.ts';
import type { Handshake } from './handshake.ts';

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
   * A time (>= `nowMs`) before which no pair of `ticket` with a ticket at least `distance` away in
   * skill passes the handshake, when every ticket's skill band is at most `widestBand` (`force`
   * aside: see `withOther`); `nowMs` when one might pass now.
   */
  fromMs(ticket: ScoredTicket<TRating>, distance: number, widestBand: number, nowMs: number): number {
    const gap = skillGapBelow(distance, ticket.skill, ticket.skillBand + widestBand);
    const quality = this.scorer.ceilingBoundAtSkillGap(gap);
    return Math.max(nowMs, this.handshake.ticketAcceptsFromMs(ticket, quality, this.minQualityOf, nowMs));
  }

  /**
   * `fromMs`'s time for the pair with `other`: with the `force` policy, no later than when `other`
   * is (or was) overdue.
   */
  withOther(fromMs: number, other: ScoredTicket<TRating>, nowMs: number): number {
    if (!this.forces) return fromMs;
    return Math.min(fromMs, Math.max(nowMs, other.enqueuedAtMs + this.handshake.maxWaitMs));
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
