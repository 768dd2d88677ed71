/**
 * The handshake (DomiNations): a match forms only if it is acceptable to every ticket in it from its
 * own point of view, at its own wait. Two halves (docs/queues.md, "The meaning of waiting"):
 * - hard limits (limits.ts: ping cap, match size, team sizes, fairness floor): never broken for any
 *   ticket, whatever the waits;
 * - soft quality: the match's quality is at least the ticket's threshold (relaxed with its wait,
 *   raised by its own `minQuality`). A ticket past the queue's maximum wait waives its own threshold;
 *   with the `force` policy it also overrides the other tickets' thresholds.
 * Every rule reads only the tickets' waits at `nowMs`, never how often ticks ran.
 */

import type { CandidateMatch, ScoredTicket } from '../quality/types.ts';
import { type Breach, HardLimits } from './limits.ts';
import { relaxedValue, waitUntilRelaxedTo } from './relaxation.ts';
import type { MatchShape } from './shape.ts';
import type { OverduePolicy, QueueConfig } from './types.ts';

/**
 * The handshake's verdict on a candidate. Its lists are read, never written: an empty one is shared
 * (most candidates judged break nothing and are below no threshold).
 */
export interface Verdict {
  /** Tickets below their quality threshold that neither waive nor are overridden: the match cannot form. */
  readonly rejectedBy: readonly string[];
  /** Overdue tickets below their own threshold, which they waive. */
  readonly acceptedWhenOverdue: readonly string[];
  /** Tickets below their threshold overridden by an overdue ticket (policy `force`). */
  readonly forcedOn: readonly string[];
  /** Some ticket in it is past the maximum wait. */
  readonly hasOverdue: boolean;
  /** Hard limits broken: the match cannot form while any is. */
  readonly breaches: readonly Breach[];
}

/** The empty list of tickets every verdict without any shares. */
const NO_TICKETS: readonly string[] = Object.freeze([]);

/** The queue's acceptance rules, compiled once. */
export class Handshake {
  private readonly config: QueueConfig;
  readonly maxWaitMs: number;
  readonly policy: OverduePolicy;
  readonly limits: HardLimits;
  /** `chooseRegion`'s largest ping per region (in `regions.names` order), reused: it runs for every candidate. */
  private readonly worstScratch: Float64Array;
  /** `chooseRegion`'s 1 per region within every ticket's ping cap, else 0. */
  private readonly withinScratch: Uint8Array;

  constructor(config: QueueConfig, shape: MatchShape) {
    this.config = config;
    this.maxWaitMs = config.mode.maxWaitMs;
    this.policy = config.mode.overdue ?? 'accept';
    this.limits = new HardLimits(config, shape);
    const regionCount = config.regions?.names.length ?? 0;
    this.worstScratch = new Float64Array(regionCount);
    this.withinScratch = new Uint8Array(regionCount);
  }

  /** A ticket's quality threshold at `nowMs` (its own minQuality included). */
  thresholdAt(
    ticket: { readonly enqueuedAtMs: number; readonly minQuality?: number | undefined },
    nowMs: number,
  ): number {
    const relaxed = relaxedValue(this.config.threshold, nowMs - ticket.enqueuedAtMs, 'down');
    return Math.max(relaxed, ticket.minQuality ?? 0);
  }

  /**
   * The time after `nowMs` at which a ticket's maximum ping may next change (a relaxation step), or
   * `nowMs` when it relaxes continuously; Infinity without regions or once fully relaxed.
   */
  nextPingChangeMs(ticket: { readonly enqueuedAtMs: number }, nowMs: number): number {
    const regions = this.config.regions;
    if (regions === undefined) return Number.POSITIVE_INFINITY;
    if (regions.maxPingMs.linear !== undefined) return nowMs;
    const waitMs = nowMs - ticket.enqueuedAtMs;
    for (const step of regions.maxPingMs.steps ?? [])
      if (step.afterMs > waitMs) return ticket.enqueuedAtMs + step.afterMs;
    return Number.POSITIVE_INFINITY;
  }

  /** A ticket's maximum ping at `nowMs`, or Infinity without regions. */
  maxPingAt(ticket: { readonly enqueuedAtMs: number }, nowMs: number): number {
    return this.limits.maxPingAt(ticket, nowMs);
  }

  isOverdue(ticket: { readonly enqueuedAtMs: number }, nowMs: number): boolean {
    return nowMs - ticket.enqueuedAtMs >= this.maxWaitMs;
  }

  /**
   * The region to play a candidate in: among the queue's regions in which every ticket is within its
   * ping cap at `nowMs` and the hard latency rules hold, the one with the smallest largest ping; when none is, the region with the
   * smallest largest ping (the ping cap then holds the candidate back). Undefined without regions or
   * when no region has a ping from every player.
   */
  chooseRegion<TRating>(
    match: CandidateMatch<TRating>,
    nowMs: number,
  ): { region: string | undefined; worstPingMs: number } {
    if (this.config.regions === undefined) return { region: undefined, worstPingMs: 0 };
    const region = this.regionOf(match, nowMs);
    return { region, worstPingMs: this.chosenWorstPingMs };
  }

  /** The largest ping in the region `regionOf` last chose (Infinity when it chose none). */
  private chosenWorstPingMs = 0;

  /**
   * `chooseRegion`'s region alone, without a record per call (a candidate being proposed needs
   * only the region); its largest ping is left in `chosenWorstPingMs`.
   */
  regionOf<TRating>(match: CandidateMatch<TRating>, nowMs: number): string | undefined {
    const regions = this.config.regions;
    if (regions === undefined) {
      this.chosenWorstPingMs = 0;
      return undefined;
    }
    // Hot (every candidate): plain loops over the teams, no per-region closures or copies. Each
    // ticket's cap (it relaxes with the ticket's own wait) and pings per region are read once, and
    // every region's largest ping and whether all caps allow it are gathered in the same pass.
    // One pair of arrays serves every call (nothing below calls back into this).
    const teams = match.teams;
    const worstByRegion = this.worstScratch;
    const withinByRegion = this.withinScratch;
    const regionCount = worstByRegion.length;
    // Plain stores: `fill` is a call each, dearer than a few regions' writes.
    for (let r = 0; r < regionCount; r++) {
      worstByRegion[r] = 0;
      withinByRegion[r] = 1;
    }
    for (let t = 0; t < teams.length; t++) {
      const team = teams[t] as readonly ScoredTicket<TRating>[];
      for (let i = 0; i < team.length; i++) {
        const ticket = team[i] as ScoredTicket<TRating>;
        const cap = this.limits.maxPingAt(ticket, nowMs);
        const pings = this.limits.worstPingsOf(ticket);
        for (let r = 0; r < regionCount; r++) {
          const ping = pings[r] as number;
          if (ping > (worstByRegion[r] as number)) worstByRegion[r] = ping;
          if (ping > cap) withinByRegion[r] = 0;
        }
      }
    }
    let bestRegion: string | undefined;
    let bestWorst = Number.POSITIVE_INFINITY;
    let bestWithinCaps = false;
    const rules = this.limits.rules;
    for (let r = 0; r < regionCount; r++) {
      const worst = worstByRegion[r] as number;
      if (worst === Number.POSITIVE_INFINITY) continue;
      const region = regions.names[r] as string;
      let withinCaps = withinByRegion[r] === 1;
      // A match-wide latency rule is a limit of the region too: a region it forbids is not "within".
      if (withinCaps && rules.hasLatency && !rules.latencyHolds(match, region, nowMs)) withinCaps = false;
      const better =
        bestRegion === undefined ||
        (withinCaps && !bestWithinCaps) ||
        (withinCaps === bestWithinCaps && worst < bestWorst);
      if (better) {
        bestRegion = region;
        bestWorst = worst;
        bestWithinCaps = withinCaps;
      }
    }
    this.chosenWorstPingMs = bestRegion === undefined ? Number.POSITIVE_INFINITY : bestWorst;
    return bestRegion;
  }

  /** The largest ping of a ticket's players to `region` (0 without regions). */
  ticketPingMs<TRating>(ticket: ScoredTicket<TRating>, region: string | undefined): number {
    return this.limits.ticketPingMs(ticket, region);
  }

  /** The favourite's win probability is above the fairness bound. */
  isUnfair(evaluation: { readonly winProbabilities: readonly number[] }): boolean {
    return this.limits.isUnfair(evaluation.winProbabilities);
  }

  /** The handshake over every ticket of a candidate of quality `quality`. */
  judge<TRating>(
    match: CandidateMatch<TRating>,
    quality: number,
    evaluation: { readonly winProbabilities: readonly number[] },
    minQualityOf: (ticketId: string) => number | undefined,
    nowMs: number,
  ): Verdict {
    // Made only when a ticket is below its threshold: every candidate of every look is judged.
    let belowThreshold: string[] | undefined;
    let acceptedWhenOverdue: string[] | undefined;
    let hasOverdue = false;
    // Index loops: a candidate's teams come from several builders, and `for ... of` over arrays of
    // several kinds steps a real iterator (an object per ticket).
    const teams = match.teams;
    for (let t = 0; t < teams.length; t++) {
      const team = teams[t] as readonly ScoredTicket<TRating>[];
      for (let i = 0; i < team.length; i++) {
        const ticket = team[i] as ScoredTicket<TRating>;
        const overdue = this.isOverdue(ticket, nowMs);
        if (overdue) hasOverdue = true;
        // `thresholdAt`, without an object per ticket of every candidate judged.
        const relaxed = relaxedValue(this.config.threshold, nowMs - ticket.enqueuedAtMs, 'down');
        const threshold = Math.max(relaxed, minQualityOf(ticket.ticketId) ?? 0);
        if (quality >= threshold) continue;
        if (overdue) {
          acceptedWhenOverdue ??= [];
          acceptedWhenOverdue.push(ticket.ticketId);
        } else {
          belowThreshold ??= [];
          belowThreshold.push(ticket.ticketId);
        }
      }
    }
    const forced = this.policy === 'force' && hasOverdue;
    const below = belowThreshold ?? NO_TICKETS;
    return {
      rejectedBy: forced ? NO_TICKETS : below,
      acceptedWhenOverdue: acceptedWhenOverdue ?? NO_TICKETS,
      forcedOn: forced ? below : NO_TICKETS,
      hasOverdue,
      breaches: this.limits.breachesOf(match, evaluation.winProbabilities, nowMs),
    };
  }

  /**
   * The earliest time at which the candidate could pass the handshake with a quality of at most
   * `qualityCeiling`: its hard limits hold (they only relax with time), and every ticket accepts the
   * quality (its threshold relaxed to it, or the ticket overdue; with the `force` policy, the first
   * overdue ticket makes everyone accept). Used to let a ticket sleep until then.
   */
  earliestAcceptMs<TRating>(
    match: CandidateMatch<TRating>,
    winProbabilities: readonly number[],
    qualityCeiling: number,
    minQualityOf: (ticketId: string) => number | undefined,
    nowMs: number,
  ): number {
    const hardMs = this.limits.holdFromMsOf(match, winProbabilities, nowMs);
    return Math.max(hardMs, this.softAcceptMs(match, qualityCeiling, minQualityOf, nowMs));
  }

  /**
   * A lower bound on `earliestAcceptMs` for a candidate whose quality is at most `qualityBound`
   * (any upper bound of its ceiling): its hard limits are not read. A ticket accepts a higher quality
   * no later, so the time at which every ticket accepts the bound comes no later than the real one.
   */
  acceptBoundMs<TRating>(
    match: CandidateMatch<TRating>,
    qualityBound: number,
    minQualityOf: (ticketId: string) => number | undefined,
    nowMs: number,
  ): number {
    return this.softAcceptMs(match, qualityBound, minQualityOf, nowMs);
  }

  /**
   * The earliest time >= nowMs at which every ticket accepts a quality of `qualityCeiling` (its
   * threshold relaxed to it, or the ticket overdue; with the `force` policy, the first overdue ticket
   * makes everyone accept).
   */
  private softAcceptMs<TRating>(
    match: CandidateMatch<TRating>,
    qualityCeiling: number,
    minQualityOf: (ticketId: string) => number | undefined,
    nowMs: number,
  ): number {
    let softMs = nowMs;
    let firstOverdueMs = Number.POSITIVE_INFINITY;
    const teams = match.teams;
    for (let t = 0; t < teams.length; t++) {
      const team = teams[t] as readonly ScoredTicket<TRating>[];
      for (let i = 0; i < team.length; i++) {
        const ticket = team[i] as ScoredTicket<TRating>;
        firstOverdueMs = Math.min(firstOverdueMs, ticket.enqueuedAtMs + this.maxWaitMs);
        softMs = Math.max(softMs, this.ticketAcceptsFromMs(ticket, qualityCeiling, minQualityOf, nowMs));
      }
    }
    if (this.policy === 'force') softMs = Math.min(softMs, Math.max(nowMs, firstOverdueMs));
    return softMs;
  }

  /**
   * The wait after which any ticket first accepts a match of quality `quality` on its own (its
   * threshold relaxed to it, or it overdue), its own minimum aside (which can only delay it): the
   * threshold's relaxation is the queue's, the same for every ticket.
   */
  acceptWaitMs(quality: number): number {
    return Math.min(waitUntilRelaxedTo(this.config.threshold, quality, 0, 'down'), this.maxWaitMs);
  }

  /**
   * The earliest time (>= `nowMs`, or earlier when already so) from which a ticket accepts a match
   * of quality `quality` on its own: its threshold relaxed to it, or it overdue (waiving it).
   */
  ticketAcceptsFromMs(
    ticket: { readonly ticketId: string; readonly enqueuedAtMs: number },
    quality: number,
    minQualityOf: (ticketId: string) => number | undefined,
    nowMs: number,
  ): number {
    const overdueAt = ticket.enqueuedAtMs + this.maxWaitMs;
    const minQuality = minQualityOf(ticket.ticketId) ?? 0;
    const acceptAt =
      minQuality > quality
        ? Number.POSITIVE_INFINITY
        : ticket.enqueuedAtMs +
          waitUntilRelaxedTo(this.config.threshold, quality, nowMs - ticket.enqueuedAtMs, 'down');
    return Math.min(acceptAt, overdueAt);
  }
}
