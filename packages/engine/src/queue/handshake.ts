/**
 * The handshake (DomiNations): a match forms only if every ticket in it accepts it under its own
 * wait: its quality threshold (relaxed with its wait, raised by its own `minQuality`) and its players'
 * ping to the match's region (a maximum that relaxes with its wait). A ticket past the queue's
 * maximum wait accepts anything ("gets the best match available"). The objective value ranks
 * acceptable candidates; the fairness floor forbids lopsided matches whatever else holds.
 */

import type { MatchEvaluation } from '../quality/scorer.ts';
import type { CandidateMatch, ScoredTicket } from '../quality/types.ts';
import { relaxedValue, waitUntilRelaxedTo } from './relaxation.ts';
import type { QueueConfig } from './types.ts';

/** The handshake's verdict on a candidate. */
export interface Verdict {
  /** Ticket ids that do not accept the match. */
  readonly rejectedBy: string[];
  /** Overdue ticket ids that accept only because they are overdue (the match is below their threshold). */
  readonly acceptedWhenOverdue: string[];
  /** Some ticket in it is past the maximum wait. */
  readonly hasOverdue: boolean;
  /** The favourite's win probability exceeds the fairness bound. */
  readonly unfair: boolean;
}

/** The queue's acceptance rules, compiled once. */
export class Handshake {
  private readonly config: QueueConfig;
  readonly maxWaitMs: number;
  private readonly fairnessBound: number;

  constructor(config: QueueConfig) {
    this.config = config;
    this.maxWaitMs = config.mode.maxWaitMs;
    this.fairnessBound = config.objective?.maxFavouriteWinProbability ?? 1;
  }

  /** A ticket's quality threshold at `nowMs` (its own minQuality included). */
  thresholdAt(
    ticket: { readonly enqueuedAtMs: number; readonly minQuality?: number | undefined },
    nowMs: number,
  ): number {
    const relaxed = relaxedValue(this.config.threshold, nowMs - ticket.enqueuedAtMs, 'down');
    return Math.max(relaxed, ticket.minQuality ?? 0);
  }

  /** A ticket's maximum ping at `nowMs`, or Infinity without regions. */
  maxPingAt(ticket: { readonly enqueuedAtMs: number }, nowMs: number): number {
    const regions = this.config.regions;
    return regions === undefined
      ? Infinity
      : relaxedValue(regions.maxPingMs, nowMs - ticket.enqueuedAtMs, 'up');
  }

  isOverdue(ticket: { readonly enqueuedAtMs: number }, nowMs: number): boolean {
    return nowMs - ticket.enqueuedAtMs >= this.maxWaitMs;
  }

  /**
   * The region to play a candidate in: among the queue's regions that every player has a ping to,
   * the one with the smallest largest ping. Undefined without regions; `null`-free: returns
   * `{ region: undefined }` when no region serves everyone.
   */
  chooseRegion<TRating>(match: CandidateMatch<TRating>): { region: string | undefined; worstPingMs: number } {
    const regions = this.config.regions;
    if (regions === undefined) return { region: undefined, worstPingMs: 0 };
    let bestRegion: string | undefined;
    let bestWorst = Infinity;
    for (const region of regions.names) {
      let worst = 0;
      for (const team of match.teams) {
        for (const ticket of team) {
          for (const player of ticket.players) {
            const ping = player.profile.pingMsByRegion?.[region];
            worst = ping === undefined ? Infinity : Math.max(worst, ping);
          }
        }
      }
      if (worst < bestWorst) {
        bestWorst = worst;
        bestRegion = region;
      }
    }
    return { region: bestWorst === Infinity ? undefined : bestRegion, worstPingMs: bestWorst };
  }

  /** The largest ping of a ticket's players to `region` (0 without regions). */
  ticketPingMs<TRating>(ticket: ScoredTicket<TRating>, region: string | undefined): number {
    if (region === undefined) return this.config.regions === undefined ? 0 : Infinity;
    let worst = 0;
    for (const player of ticket.players)
      worst = Math.max(worst, player.profile.pingMsByRegion?.[region] ?? Infinity);
    return worst;
  }

  /** Whether one ticket accepts a candidate of quality `quality` played in `region`. */
  accepts<TRating>(
    ticket: ScoredTicket<TRating>,
    minQuality: number | undefined,
    context: { quality: number; region: string | undefined; nowMs: number },
  ): boolean {
    return this.isOverdue(ticket, context.nowMs) || this.meetsOwnLimits(ticket, minQuality, context);
  }

  /** The ticket's threshold and ping limit at its current wait hold (overdue or not). */
  meetsOwnLimits<TRating>(
    ticket: ScoredTicket<TRating>,
    minQuality: number | undefined,
    context: { quality: number; region: string | undefined; nowMs: number },
  ): boolean {
    if (context.quality < this.thresholdAt({ enqueuedAtMs: ticket.enqueuedAtMs, minQuality }, context.nowMs))
      return false;
    return this.ticketPingMs(ticket, context.region) <= this.maxPingAt(ticket, context.nowMs);
  }

  /** The favourite's win probability is above the fairness bound. */
  isUnfair(evaluation: { readonly winProbabilities: readonly number[] }): boolean {
    if (this.fairnessBound >= 1) return false;
    let favourite = 0;
    for (const p of evaluation.winProbabilities) favourite = Math.max(favourite, p);
    return favourite > this.fairnessBound + 1e-12;
  }

  /** The handshake over every ticket of a candidate. */
  judge<TRating>(
    match: CandidateMatch<TRating>,
    quality: number,
    evaluation: MatchEvaluation,
    minQualityOf: (ticketId: string) => number | undefined,
    nowMs: number,
  ): Verdict {
    const rejectedBy: string[] = [];
    const acceptedWhenOverdue: string[] = [];
    let hasOverdue = false;
    const context = { quality, region: match.region, nowMs };
    for (const team of match.teams) {
      for (const ticket of team) {
        const overdue = this.isOverdue(ticket, nowMs);
        if (overdue) hasOverdue = true;
        if (!this.meetsOwnLimits(ticket, minQualityOf(ticket.ticketId), context)) {
          (overdue ? acceptedWhenOverdue : rejectedBy).push(ticket.ticketId);
        }
      }
    }
    return { rejectedBy, acceptedWhenOverdue, hasOverdue, unfair: this.isUnfair(evaluation) };
  }

  /**
   * The earliest time at which every ticket of the candidate could accept a quality of at most
   * `qualityCeiling` (thresholds and pings only relax with time; overdue accepts anything). Used to
   * let a ticket sleep until then.
   */
  earliestAcceptMs<TRating>(
    match: CandidateMatch<TRating>,
    qualityCeiling: number,
    minQualityOf: (ticketId: string) => number | undefined,
    nowMs: number,
  ): number {
    let latest = nowMs;
    for (const team of match.teams) {
      for (const ticket of team) {
        const waitNow = nowMs - ticket.enqueuedAtMs;
        const overdueAt = ticket.enqueuedAtMs + this.maxWaitMs;
        const minQuality = minQualityOf(ticket.ticketId) ?? 0;
        let acceptAt = Infinity;
        if (minQuality <= qualityCeiling) {
          const qualityWait = waitUntilRelaxedTo(this.config.threshold, qualityCeiling, waitNow, 'down');
          let pingWait = waitNow;
          const regions = this.config.regions;
          if (regions !== undefined) {
            const ping = this.ticketPingMs(ticket, match.region);
            pingWait =
              ping === Infinity ? Infinity : waitUntilRelaxedTo(regions.maxPingMs, ping, waitNow, 'up');
          }
          acceptAt = ticket.enqueuedAtMs + Math.max(qualityWait, pingWait);
        }
        latest = Math.max(latest, Math.min(acceptAt, overdueAt));
      }
    }
    return latest;
  }
}
