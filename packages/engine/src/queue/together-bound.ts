/**
 * When a match holding two given tickets could first pass, whoever else it holds and however it is
 * split: what any such match must suffer from those two alone. Its quality is at most the two's
 * ceiling (the criteria that only grow worse as tickets join read the two, every other one counts
 * 1), which both must accept (their thresholds relaxed to it, or overdue); and it is played in one
 * region, which must be within both ping caps. Thresholds and ping caps only relax, so before the
 * time found here no such match passes: an arrival need not wake a neighbour filled around until
 * then (continuous-search.ts, `settleArrivals`).
 *
 * Queue rules blend into the quality and add hard limits of their own that this does not read: with
 * rules there is no bound (`forQueue` gives none).
 */

import type { MatchScorer } from '../quality/scorer.ts';
import type { ScoredTicket } from '../quality/types.ts';
import type { Handshake } from './handshake.ts';

export class TogetherBound<TRating> {
  private readonly scorer: MatchScorer<TRating>;
  private readonly handshake: Handshake;
  private readonly minQualityOf: (ticketId: string) => number | undefined;

  private constructor(
    scorer: MatchScorer<TRating>,
    handshake: Handshake,
    minQualityOf: (ticketId: string) => number | undefined,
  ) {
    this.scorer = scorer;
    this.handshake = handshake;
    this.minQualityOf = minQualityOf;
  }

  /** The bound of a queue, or undefined when its rules take part in the quality or the limits. */
  static forQueue<TRating>(
    scorer: MatchScorer<TRating>,
    handshake: Handshake,
    minQualityOf: (ticketId: string) => number | undefined,
  ): TogetherBound<TRating> | undefined {
    return handshake.limits.rules.active ? undefined : new TogetherBound(scorer, handshake, minQualityOf);
  }

  /**
   * The earliest time (>= `nowMs`) at which a match holding both `a` and `b` could pass the
   * handshake. `firstOverdueMs` is when the longest waiting ticket of the pool is (or was) overdue:
   * with the `force` policy an overdue third ticket makes everyone accept.
   */
  fromMs(a: ScoredTicket<TRating>, b: ScoredTicket<TRating>, nowMs: number, firstOverdueMs: number): number {
    const quality = this.scorer.ceilingHolding([a, b]);
    let softMs = Math.max(
      this.handshake.ticketAcceptsFromMs(a, quality, this.minQualityOf, nowMs),
      this.handshake.ticketAcceptsFromMs(b, quality, this.minQualityOf, nowMs),
    );
    if (this.handshake.policy === 'force') softMs = Math.min(softMs, firstOverdueMs);
    const hardMs = this.handshake.limits.pingCapsHoldTogetherFromMs([a, b], nowMs);
    return Math.max(nowMs, softMs, hardMs);
  }
}
