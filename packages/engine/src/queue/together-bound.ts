/**
 * When a match holding given tickets could first pass, whoever else it holds and however it is
 * split: what any such match must suffer from those tickets alone. Its quality is at most their
 * ceiling (`MatchScorer.ceilingBound`: the criteria that only grow worse as tickets join read them,
 * every other one counts 1), which each must accept (its threshold relaxed to it, or overdue); and
 * it is played in one region, which must be within every one's ping cap. Thresholds and ping caps
 * only relax, so before the time found here no such match passes: an arrival need not wake a
 * neighbour filled around until then, and a fill need not be split into teams (continuous-search.ts).
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
   * A time (>= `nowMs`) before which no match holding all of `tickets` passes the handshake: `nowMs`
   * when one could pass now. `firstOverdueMs` is the earliest time at which a ticket such a match may
   * hold is (or was) overdue: with the `force` policy an overdue ticket makes everyone accept. When
   * the thresholds alone hold such a match back, their time is given without reading the ping caps
   * (the look it brings on comes no later than needed, and reads them).
   */
  fromMs(tickets: readonly ScoredTicket<TRating>[], nowMs: number, firstOverdueMs: number): number {
    const together = this.together;
    together.teams[0] = tickets;
    const quality = this.scorer.ceilingBound(together);
    let softMs = nowMs;
    for (let t = 0; t < tickets.length; t++)
      softMs = Math.max(
        softMs,
        this.handshake.ticketAcceptsFromMs(
          tickets[t] as ScoredTicket<TRating>,
          quality,
          this.minQualityOf,
          nowMs,
        ),
      );
    if (this.handshake.policy === 'force') softMs = Math.max(nowMs, Math.min(softMs, firstOverdueMs));
    if (softMs > nowMs) return softMs;
    return this.handshake.limits.pingCapsHoldTogetherFromMs(tickets, nowMs);
  }

  /** The tickets bounded, as one team (the scorer's bound reads a match and keeps nothing of it). */
  private readonly together: { readonly teams: (readonly ScoredTicket<TRating>[])[] } = { teams: [[]] };

  /** When the first of `tickets` is (or was) overdue. */
  firstOverdueMs(tickets: readonly ScoredTicket<TRating>[]): number {
    let first = Number.POSITIVE_INFINITY;
    for (let t = 0; t < tickets.length; t++)
      first = Math.min(first, (tickets[t] as ScoredTicket<TRating>).enqueuedAtMs + this.handshake.maxWaitMs);
    return first;
  }
}
