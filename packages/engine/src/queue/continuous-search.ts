/**
 * The continuous tick's candidate search for one ticket: neighbours in skill order in its bucket
 * (pool x home region) and in other regions' buckets once its ping limit reaches them; pairs of whole
 * teams proposed one neighbour at a time, team matches filled and split (cached by ticket set);
 * each judged by the handshake. A ticket with nothing formable is put to sleep until the earliest
 * time a candidate could pass (thresholds and ping limits only relax), and remembers its best
 * candidate for `status`.
 */

import type { MatchScorer } from '../quality/scorer.ts';
import type { ScoredTicket } from '../quality/types.ts';
import { Random } from '../random.ts';
import { ApartBound, type ApartTimes } from './apart-bound.ts';
import {
  type CandidateCache,
  type CandidateContext,
  fillAround,
  isFormable,
  type Proposal,
  propose,
  rejudge,
  splitIntoTeams,
} from './candidates.ts';
import type { CandidateMemory, Entry, ShownPair, UnsplitFill } from './entry.ts';
import type { Handshake } from './handshake.ts';
import { playersOf } from './limits.ts';
import { PairNotes } from './pair-notes.ts';
import type { PoolIndex } from './pool-index.ts';
import { waitUntilRelaxedTo } from './relaxation.ts';
import { TogetherBound } from './together-bound.ts';
import type { Objective, QueueConfig } from './types.ts';

/** What the search reads from its matchmaker. */
export interface CandidateSearchOptions<TRating> {
  readonly config: QueueConfig;
  readonly context: CandidateContext<TRating>;
  readonly scorer: MatchScorer<TRating>;
  readonly handshake: Handshake;
  readonly objective: Objective;
  readonly pool: PoolIndex<TRating>;
  readonly cache: CandidateCache<TRating>;
  /** Neighbours per side a ticket proposes pairs with. */
  readonly window: number;
  /** Neighbours gathered per bucket for fills. */
  readonly gatherCount: number;
  /**
   * Whether an arrival wakes only the neighbours filled around with which some match holding both
   * could pass now (`TogetherBound`), scheduling the others, and a fill no match of its tickets
   * could pass yet is left unsplit; otherwise it wakes them all and splits every fill (the
   * references the bound is held to by the property tests).
   */
  readonly boundsFillWakes: boolean;
  /**
   * False for the reference that looks at every tick: it scores every pair it looks at, keeping no
   * notes and reading no bound, so that it checks them.
   */
  readonly keepsNotes: boolean;
}

/** Candidate search over a pool index. */
export class CandidateSearch<TRating> {
  private readonly config: QueueConfig;
  private readonly context: CandidateContext<TRating>;
  private readonly scorer: MatchScorer<TRating>;
  private readonly handshake: Handshake;
  private readonly objective: Objective;
  private readonly pool: PoolIndex<TRating>;
  private readonly cache: CandidateCache<TRating>;
  private readonly window: number;
  private readonly gatherCount: number;
  /**
   * Pairs keep notes of what could not form: only when a pair's score cannot change with time (no
   * time-dependent criterion, no rules, whose scores and limits move with the wait), so that a note
   * says exactly what a fresh look would.
   */
  private readonly notesPairs: boolean;
  private readonly bucketKeys = new Map<string, Map<string, string>>();

  constructor(options: CandidateSearchOptions<TRating>) {
    this.config = options.config;
    this.context = options.context;
    this.scorer = options.scorer;
    this.handshake = options.handshake;
    this.objective = options.objective;
    this.pool = options.pool;
    this.cache = options.cache;
    this.window = options.window;
    this.gatherCount = options.gatherCount;
    this.notesPairs =
      options.keepsNotes && !options.scorer.timeDependent && !options.handshake.limits.rules.active;
    const shape = options.context.shape;
    this.pairsOnly = shape.fixed && shape.teamCount.max === 2;
    this.togetherBound = options.boundsFillWakes
      ? TogetherBound.forQueue(options.scorer, options.handshake, options.context.minQualityOf)
      : undefined;
    this.apartBound = this.notesPairs
      ? ApartBound.forQueue(options.scorer, options.handshake, options.context.minQualityOf)
      : undefined;
    // An arrival's neighbours can be scheduled by the pair's note where notes are kept (a pair's
    // acceptance time is then exact), or by the bound on any match holding both, in fixed two-team
    // shapes (whose wake radius covers the windows of pairs and fills alike).
    if (
      (this.notesPairs || this.togetherBound !== undefined) &&
      this.pairsOnly &&
      options.config.mode.kind === 'continuous'
    )
      options.pool.deferWakes();
  }

  /** Fixed two-team shapes, where whole teams pair one neighbour at a time. */
  private readonly pairsOnly: boolean;
  /** When a match holding an arrival and a neighbour could first pass; undefined with queue rules. */
  private readonly togetherBound: TogetherBound<TRating> | undefined;
  /**
   * When any pair holding a ticket could first pass, from the nearest skill it could pair with:
   * only where pairs keep notes (its time is then a note's acceptance bound).
   */
  private readonly apartBound: ApartBound<TRating> | undefined;
  /** The last ticket's `apartBound` (a settle or a look measures one ticket at a time). */
  private readonly apartTimes: ApartTimes = { fromMs: 0, waitMs: 0, overdueMs: 0 };

  /**
   * Settles the arrivals since the last tick (the pool defers their wake-ups here): each neighbour
   * whose window an arrival enters is woken only if its pair with the arrival can form now (whole
   * teams with notes) or some match holding both could pass now (`TogetherBound`; every neighbour
   * when there is no bound); otherwise it is scheduled to look again when the pair's note stops
   * holding (the pair could first pass, or a ping cap steps) or the bound's time comes, unless it
   * already looks earlier. Nothing else in its window changed, so an earlier look would find nothing
   * formable: its last look's wake-up time covers the rest. The pair's note is kept by the arrival,
   * whose own look this tick then reuses it instead of scoring the pair again.
   *
   * No pair of a fresh arrival passes before its threshold relaxes, unless a neighbour is about as
   * skilled: when the bound read from the nearest skill in its bucket (`ApartBound`) keeps every pair
   * of the arrival back until a time, a neighbour that looks again by then needs no pair bound (its
   * schedule would not change, and that look sees the arrival); it is only shown the pair.
   */
  settleArrivals(arrivals: readonly Entry<TRating>[], nowMs: number): void {
    const teamSize = this.context.shape.teamSize.max;
    const firstOverdueMs =
      this.handshake.policy === 'force' ? this.firstOverdueMs() : Number.POSITIVE_INFINITY;
    for (const arrival of arrivals) {
      if (!arrival.listed) continue;
      // Notes from before this settling (a ticket returned from a declined match); `wakeable` names
      // each neighbour once, so the notes added below need no search.
      const earlier = arrival.pairNotes?.length ?? 0;
      // The arrival's pairs as its neighbours' `status` is shown them.
      const shown: ShownPair<TRating> = { first: arrival, atMs: nowMs };
      const found = this.pool.wakeable(arrival);
      const apart = this.apartBound;
      const pairs = this.notesPairs && arrival.size === teamSize;
      const times = this.apartTimes;
      if (pairs && apart !== undefined)
        apart.measure(arrival.scored, this.pool.nearestDistance, this.pool.widestBand, nowMs, times);
      else times.fromMs = nowMs;
      for (let index = 0; index < found; index++) {
        const other = this.pool.found[index] as Entry<TRating>;
        if (other.dirty) continue;
        let fromMs: number;
        if (pairs && other.size === teamSize) {
          if (times.fromMs > nowMs) {
            // Most neighbours look again before any pair of a fresh arrival could pass: the arrival
            // alone tells, and the neighbour's ticket is not read.
            const anyFromMs = (apart as ApartBound<TRating>).withAnyOther(times, nowMs);
            const pairFromMs =
              other.sleepUntilMs <= anyFromMs
                ? anyFromMs
                : (apart as ApartBound<TRating>).withOther(
                    times,
                    this.pool.foundArrivals[index] as number,
                    nowMs,
                  );
            if (pairFromMs > nowMs && other.sleepUntilMs <= pairFromMs) {
              // What `arrivalNote` would do but note the pair: its time would not move the look.
              showPair(other, shown);
              other.unsplitBest = undefined;
              continue;
            }
          }
          fromMs = this.arrivalNote(arrival, other, earlier, nowMs, shown);
        } else {
          // A neighbour filled around: its next fill either holds the arrival or is one its last
          // look had (a fixed shape's fill is full, so a farther ticket pushed out of its window, or
          // the arrival skipped, leaves that fill or none), whose time its wake-up already covers.
          fromMs =
            this.togetherBound === undefined
              ? nowMs
              : this.togetherBound.fromMs(this.arrivalWith(arrival, other), nowMs, firstOverdueMs);
        }
        if (fromMs <= nowMs) {
          this.pool.wake(other);
        } else if (fromMs < other.sleepUntilMs) {
          other.sleepUntilMs = fromMs;
          this.pool.sleep(other);
        }
      }
    }
  }

  /** The arrival and one neighbour, in one array reused for every neighbour (the bound keeps neither). */
  private arrivalWith(arrival: Entry<TRating>, other: Entry<TRating>): ScoredTicket<TRating>[] {
    const pair = this.settledPair;
    pair[0] = arrival.scored;
    pair[1] = other.scored;
    return pair;
  }

  private readonly settledPair: ScoredTicket<TRating>[] = [];

  /** When the longest waiting ticket is (or was) overdue; Infinity with an empty pool. */
  private firstOverdueMs(): number {
    for (const entry of this.pool.byAge)
      if (entry.listed) return entry.scored.enqueuedAtMs + this.handshake.maxWaitMs;
    return Number.POSITIVE_INFINITY;
  }

  /**
   * Until when the arrival's note of its pair with `other` at `nowMs` holds (looked at as the
   * arrival's own look looks at it), or `nowMs` when the pair can form now. The note is kept in the
   * arrival's notes (an older one, among its first `earlier`, is reused while it holds). The
   * neighbour's `status` is shown the pair too (`shown`, the arrival's record), as a fresh look would
   * show it if it beats its last candidate.
   */
  private arrivalNote(
    arrival: Entry<TRating>,
    other: Entry<TRating>,
    earlier: number,
    nowMs: number,
    shown: ShownPair<TRating>,
  ): number {
    let notes = arrival.pairNotes;
    if (notes === undefined) {
      notes = new PairNotes();
      arrival.pairNotes = notes;
    }
    arrival.notesAtMs = nowMs;
    const index = notes.indexAmong(other, earlier);
    if (index >= 0 && nowMs < (notes.validUntilMs[index] as number))
      return notes.validUntilMs[index] as number;
    const fresh = this.lookAtPair(arrival, other, nowMs);
    let acceptMs = this.boundAcceptMs;
    let validUntilMs = acceptMs;
    if (fresh !== undefined) {
      if (isFormable(fresh)) return nowMs;
      acceptMs = this.acceptOf(fresh, nowMs);
      validUntilMs = this.scoredValidUntilMs(arrival, other, acceptMs, nowMs);
    }
    if (index < 0) notes.push(other, acceptMs, validUntilMs);
    else notes.set(index, other, acceptMs, validUntilMs);
    showPair(other, shown);
    // A look now would pair rather than fill.
    other.unsplitBest = undefined;
    return validUntilMs;
  }

  /**
   * A look at the pair of whole teams `entry` and `other`: undefined without scoring when the
   * scorer's ceiling bound already keeps the pair from passing now (most neighbours of a fresh
   * ticket, whose threshold has not relaxed yet), the bound's time then in `boundAcceptMs` (the note
   * such a pair gets: no earlier can it pass, and the bound reads no region); else the pair scored.
   */
  private lookAtPair(
    entry: Entry<TRating>,
    other: Entry<TRating>,
    nowMs: number,
  ): Proposal<TRating> | undefined {
    // The bound reads the pair and keeps nothing of it: one scratch pair serves every bound.
    const bounded = this.boundedPair;
    (bounded.teams[0] as ScoredTicket<TRating>[])[0] = entry.scored;
    (bounded.teams[1] as ScoredTicket<TRating>[])[0] = other.scored;
    const acceptMs = this.handshake.acceptBoundMs(
      bounded,
      this.scorer.ceilingBound(bounded),
      this.context.minQualityOf,
      nowMs,
    );
    if (acceptMs > nowMs) {
      this.boundAcceptMs = acceptMs;
      return undefined;
    }
    return propose(this.context, [[entry.scored], [other.scored]], nowMs);
  }

  private readonly boundedPair: { readonly teams: ScoredTicket<TRating>[][] } = { teams: [[], []] };
  /** The acceptance bound of the last pair `lookAtPair` kept back without scoring. */
  private boundAcceptMs = Number.NaN;
  /** A look's pairs in order (see `formableFor`): reused from look to look. */
  private readonly lookScored: number[] = [];
  private readonly lookAcceptMs: number[] = [];
  private readonly lookValidUntilMs: number[] = [];
  private readonly nearSkills: number[] = [];
  private readonly nearArrivals: number[] = [];

  /** The earliest time a scored proposal that cannot form at `nowMs` could pass the handshake. */
  private acceptOf(fresh: Proposal<TRating>, nowMs: number): number {
    return this.handshake.earliestAcceptMs(
      fresh.match,
      fresh.evaluation.winProbabilities,
      this.handshake.limits.rules.ceiling(this.scorer.ceilingScore(fresh.evaluation)),
      this.context.minQualityOf,
      nowMs,
    );
  }

  /** Until when the note of a scored pair that cannot pass before `acceptMs` holds. */
  private scoredValidUntilMs(
    entry: Entry<TRating>,
    other: Entry<TRating>,
    acceptMs: number,
    nowMs: number,
  ): number {
    return Math.min(
      acceptMs,
      this.handshake.nextPingChangeMs(entry.scored, nowMs),
      this.handshake.nextPingChangeMs(other.scored, nowMs),
    );
  }

  /**
   * The best candidate `status` shows for `entry`: its pairs seen since its last choice are scored
   * now, each at the time it was seen (as the look then would have scored it; a pair's score and
   * limits at a time do not depend on when they are computed), and compared in the order seen.
   */
  shownBest(entry: Entry<TRating>): CandidateMemory<TRating> | undefined {
    const pairs = entry.shownPairs;
    if (pairs === undefined || entry.shownCount === 0) return entry.best;
    let best = entry.best;
    for (let index = 0; index < entry.shownCount; index++) {
      const { first, seconds, atMs } = pairs[index] as ShownPair<TRating>;
      for (const other of seconds ?? [entry]) {
        // Each ticket's own minimum, read from the pair itself: one of them may have left since.
        const context: CandidateContext<TRating> = {
          ...this.context,
          minQualityOf: (ticketId) =>
            ticketId === first.input.ticketId
              ? first.input.minQuality
              : ticketId === other.input.ticketId
                ? other.input.minQuality
                : undefined,
        };
        const look = propose(context, [[first.scored], [other.scored]], atMs);
        if (
          best === undefined ||
          shownBefore(
            look.verdict.breaches.length === 0,
            look.evaluation.score,
            best.breaches.length === 0,
            best.evaluation.score,
          )
        )
          best = memoryOf(look, atMs);
      }
    }
    entry.best = best;
    forgetShown(entry);
    return best;
  }

  /**
   * The buckets of other home regions in the ticket's pool whose region the ticket's players can
   * already play in under its relaxed ping limit, and when the next one opens.
   */
  /** The bucket key of a pool and home region, built once per pair (the tick asks for it per ticket). */
  private bucketOf(pool: string, region: string): string {
    let byRegion = this.bucketKeys.get(pool);
    if (byRegion === undefined) {
      byRegion = new Map();
      this.bucketKeys.set(pool, byRegion);
    }
    let key = byRegion.get(region);
    if (key === undefined) {
      key = `${pool}|${region}`;
      byRegion.set(region, key);
    }
    return key;
  }

  /** `openForeignBuckets`' time the next bucket opens (Infinity for none): no object per look. */
  private regionWakeMs = Number.POSITIVE_INFINITY;

  private openForeignBuckets(entry: Entry<TRating>, nowMs: number): readonly string[] {
    const regions = this.config.regions;
    this.regionWakeMs = Number.POSITIVE_INFINITY;
    if (regions === undefined) return NO_BUCKETS;
    const pings = this.foreignPingsOf(entry, nowMs);
    // Made for the first bucket that opens (most looks open none).
    let open: string[] | undefined;
    let wakeMs = Infinity;
    for (let r = 0; r < regions.names.length; r++) {
      const region = regions.names[r] as string;
      if (region === entry.home) continue;
      const bucket = this.bucketOf(entry.pool, region);
      if (!this.pool.hasLive(bucket)) continue;
      const opensMs = pings[r] as number;
      if (opensMs === Number.NEGATIVE_INFINITY) {
        open ??= [];
        open.push(bucket);
      } else wakeMs = Math.min(wakeMs, opensMs);
    }
    this.regionWakeMs = wakeMs;
    return open ?? NO_BUCKETS;
  }

  /**
   * Per region, -Infinity if the ticket's ping cap at `nowMs` allows it, else when it first will
   * (Infinity if never). Computed again only at the cap's next step: with stepped caps the cap and
   * each answer stay the same until then (a continuous ramp computes them at every look).
   */
  private foreignPingsOf(entry: Entry<TRating>, nowMs: number): Float64Array {
    const regions = this.config.regions as NonNullable<QueueConfig['regions']>;
    let pings = entry.foreignPings;
    if (pings !== undefined && nowMs < entry.foreignPingsUntilMs) return pings;
    pings ??= new Float64Array(regions.names.length);
    entry.foreignPings = pings;
    // The ping cap is a hard limit: an overdue ticket keeps it too.
    const limit = this.handshake.maxPingAt(entry.scored, nowMs);
    const waitNow = nowMs - entry.scored.enqueuedAtMs;
    for (let r = 0; r < regions.names.length; r++) {
      const ping = this.handshake.ticketPingMs(entry.scored, regions.names[r] as string);
      if (ping <= limit) pings[r] = Number.NEGATIVE_INFINITY;
      else if (ping === Infinity) pings[r] = Infinity;
      else pings[r] = entry.scored.enqueuedAtMs + waitUntilRelaxedTo(regions.maxPingMs, ping, waitNow, 'up');
    }
    entry.foreignPingsUntilMs = this.handshake.nextPingChangeMs(entry.scored, nowMs);
    return pings;
  }

  /**
   * The best candidate of a ticket's last look for `status`, splitting the fill that look left
   * unsplit. The split searches with a generator of its own: asking for a status changes no match.
   */
  recallBest(entry: Entry<TRating>): CandidateMemory<TRating> | undefined {
    const fill = entry.unsplitBest;
    if (fill === undefined) return entry.best;
    const context = { ...this.context, random: Random.fromSeed(0) };
    const teams = splitIntoTeams(context, inSplitOrder([...fill.tickets]), fill.teamCount, fill.atMs);
    entry.unsplitBest = undefined;
    entry.best = teams === undefined ? undefined : memoryOf(propose(context, teams, fill.atMs), fill.atMs);
    return entry.best;
  }

  /**
   * A fill's proposal at `nowMs`: its split from the cache, re-judged for the time (split and cached
   * on a miss); undefined when its parties cannot be split into the teams.
   */
  private judgeFill(
    tickets: readonly ScoredTicket<TRating>[],
    teamCount: number,
    nowMs: number,
  ): Proposal<TRating> | undefined {
    const rules = this.handshake.limits.rules;
    let fresh: Proposal<TRating> | undefined;
    const cached = this.cache.get(tickets, () => {
      const teams = splitIntoTeams(this.context, tickets, teamCount, nowMs);
      if (teams === undefined) return 'unsplittable';
      fresh = propose(this.context, teams, nowMs);
      return { match: fresh.match, evaluation: fresh.evaluation, atMs: nowMs };
    });
    if (fresh !== undefined) return fresh;
    if (cached === 'unsplittable') return undefined;
    const again = rejudge(this.context, cached, nowMs);
    // A team rule that broke the cached split may have relaxed since enough for another split.
    const splitAgain =
      rules.splitSensitive &&
      again.verdict.breaches.some((breach) => breach.limit === 'rule') &&
      rules.splitLimitsChanged(cached.match, cached.atMs ?? nowMs, nowMs);
    const teams = splitAgain ? splitIntoTeams(this.context, tickets, teamCount, nowMs) : undefined;
    if (teams === undefined) return again;
    const resplit = propose(this.context, teams, nowMs);
    this.cache.replace(tickets, { match: resplit.match, evaluation: resplit.evaluation, atMs: nowMs });
    return resplit;
  }

  /**
   * The scored tickets of `entries`, in a scratch array that the next call fills anew (`fillAround`
   * reads it and keeps nothing of it).
   */
  private scoredOf(entries: readonly Entry<TRating>[]): ScoredTicket<TRating>[] {
    const scored = this.scoredScratch;
    for (let i = 0; i < entries.length; i++) scored[i] = (entries[i] as Entry<TRating>).scored;
    if (scored.length !== entries.length) scored.length = entries.length;
    return scored;
  }

  private readonly scoredScratch: ScoredTicket<TRating>[] = [];

  /**
   * Evaluates the candidates of one ticket among the free tickets (those the pool does not hold);
   * returns its formable proposals, best first, or remembers the best candidate (for status) and
   * puts the ticket to sleep until one could pass.
   */
  formableFor(entry: Entry<TRating>, nowMs: number): Proposal<TRating>[] {
    const shape = this.context.shape;
    // Pre-formed whole teams of a fixed two-team shape (1v1, alliances) pair one neighbour at a time.
    const pairs = shape.fixed && shape.teamCount.max === 2 && entry.size === shape.teamSize.max;
    const teamSize = shape.teamSize.max;
    // (The look's arrays that do not outlive it are the search's, reused from look to look, and no
    // closure here captures the look's variables: a look then allocates only what it keeps.)
    const candidates = this.lookCandidates;
    let candidateCount = 0;
    // Neighbours that no match could hold together with this ticket under the queue's rules (another
    // build, no game mode in common) are skipped; when the first of them could be allowed, it wakes.
    const rules = this.handshake.limits.rules;
    const allowance = rules.hasPairRules ? new PairAllowance(rules, entry, nowMs) : undefined;
    const allowed = allowance?.allowed;
    // The near neighbours' skills and arrivals, read from the pool's list (by index in `near`).
    const nearSkills = this.nearSkills;
    const nearArrivals = this.nearArrivals;
    const near = this.pool.neighbours(
      entry,
      this.gatherCount,
      entry.bucket,
      allowed,
      nearSkills,
      this.nearScratch,
      nearArrivals,
    );
    const admits = rules.hasGrowthRules ? rules.admitter(nowMs) : undefined;
    // Other regions' buckets join once the ticket's own ping cap reaches them (overdue or not).
    const open = this.openForeignBuckets(entry, nowMs);
    const regionWakeMs = this.regionWakeMs;
    const wide = open.length > 0 ? this.widened(entry, near, open, allowed) : near;
    // How far in skill the candidates looked: a later arrival farther away cannot change them.
    let reachSkill = open.length > 0 ? Number.POSITIVE_INFINITY : 0;
    // The pairs looked at, in order (`looked` of them): noted ones cannot form now (a note from the
    // last look that still holds, or a pair the ceiling bound keeps back) and need no scoring, their
    // note in `lookAcceptMs` and `lookValidUntilMs`; the others are scored, their index among the
    // candidates in `lookScored` (-1 for a noted pair).
    const lookScored = this.lookScored;
    const lookAcceptMs = this.lookAcceptMs;
    const lookValidUntilMs = this.lookValidUntilMs;
    let looked = 0;
    // The neighbours of the pairs looked at, in order, for `status` (the first `looked`).
    const shownOthers = this.lookOthers;
    if (pairs) {
      const considered = Math.min(wide.length, 2 * this.window);
      // With the quality objective the nearest neighbours are the likely best: once three have been
      // looked at and one passes, the farther ones are skipped (the engagement objective looks at all).
      const stopEarly = this.objective.kind === 'quality';
      const keepsNotes = this.notesPairs;
      const notes = entry.pairNotes;
      let anyFormable = false;
      // Partial teams among the nearest are passed over here but were looked at all the same: an
      // arrival nearer than they are changes who the nearest are.
      let examined = 0;
      const skill = entry.scored.skill;
      // The neighbours are nearest first: while the bound from the nearest keeps every pair back (a
      // fresh ticket), no pair need be bounded, nor its notes read.
      const apart = keepsNotes ? this.apartBound : undefined;
      const times = this.apartTimes;
      if (apart !== undefined && considered > 0)
        apart.measure(
          entry.scored,
          wide === near ? Math.abs((nearSkills[0] as number) - skill) : skillDistance(entry, wide[0]),
          this.pool.widestBand,
          nowMs,
          times,
        );
      else times.fromMs = nowMs;
      for (let i = 0; i < considered; i++) {
        const other = wide[i] as Entry<TRating>;
        examined++;
        reachSkill = Math.max(
          reachSkill,
          wide === near ? Math.abs((nearSkills[i] as number) - skill) : skillDistance(entry, other),
        );
        // (Every ticket of a one-player team is whole: the size is not read.)
        if (teamSize > 1 && other.size !== teamSize) continue;
        let fresh: Proposal<TRating> | undefined;
        let acceptMs = Number.NaN;
        let validUntilMs = Number.NaN;
        const pairApartMs =
          times.fromMs > nowMs
            ? (apart as ApartBound<TRating>).withOther(
                times,
                wide === near ? (nearArrivals[i] as number) : other.scored.enqueuedAtMs,
                nowMs,
              )
            : nowMs;
        if (!keepsNotes) {
          fresh = propose(this.context, [[entry.scored], [other.scored]], nowMs);
        } else if (pairApartMs > nowMs) {
          // No earlier can the pair pass: its note is the bound's, holding until then.
          acceptMs = pairApartMs;
          validUntilMs = pairApartMs;
        } else {
          // The last look's notes are in its order: the same neighbour is likely at the same place.
          // The neighbour's own note of the pair serves as well (an arrival noted it on arriving).
          const own = notes === undefined ? -1 : notes.holding(other, nowMs, looked);
          const mirrored = own >= 0 ? undefined : mirroredNotes(other, entry);
          // (A neighbour as near as this one likely noted this ticket about as far down its own notes.)
          const noteIndex =
            own >= 0 ? own : mirrored === undefined ? -1 : mirrored.holding(entry, nowMs, looked);
          const noted = own >= 0 ? notes : mirrored;
          if (noted !== undefined && noteIndex >= 0) {
            acceptMs = noted.acceptMs[noteIndex] as number;
            validUntilMs = noted.validUntilMs[noteIndex] as number;
          } else {
            fresh = this.lookAtPair(entry, other, nowMs);
            if (fresh === undefined) {
              acceptMs = this.boundAcceptMs;
              validUntilMs = acceptMs;
            }
          }
        }
        if (fresh !== undefined) {
          // Pairs are cheap to score afresh; a ticket keeps only a small note of those that cannot form.
          lookScored[looked] = candidateCount;
          candidates[candidateCount++] = fresh;
          if (isFormable(fresh)) anyFormable = true;
        } else {
          lookScored[looked] = -1;
          lookAcceptMs[looked] = acceptMs;
          lookValidUntilMs[looked] = validUntilMs;
        }
        shownOthers[looked] = other;
        looked++;
        if (stopEarly && looked >= 3 && anyFormable) break;
      }
      if (considered < 2 * this.window && examined === considered) reachSkill = Number.POSITIVE_INFINITY;
    }
    // Team matches (and free-for-all): fills of the nearest tickets, the largest first.
    const oneVersusOne = shape.fixed && shape.teamCount.max === 2 && teamSize === 1;
    // Fills that no match holding their tickets could pass yet are not split (the costly part of a
    // look): the time the bound first could pass wakes the ticket, at or before the fill's own.
    let unsplitWakeMs = Number.POSITIVE_INFINITY;
    let unsplit: UnsplitFill<TRating> | undefined;
    if (!oneVersusOne && !(pairs && looked > 0)) {
      const floorPlayers = this.handshake.limits.minPlayersAt(entry.scored, nowMs);
      // The own bucket's neighbours, then with the other buckets' when any is open.
      for (let round = 0; round < (open.length > 0 ? 2 : 1); round++) {
        const pool = round === 0 ? near : wide;
        const fills = fillAround(entry.scored, this.scoredOf(pool), shape, floorPlayers, admits);
        // A fill short of the largest match can still grow with any arrival.
        if (fills.length === 0 || (fills[0]?.players ?? 0) < shape.maxPlayers) {
          reachSkill = Number.POSITIVE_INFINITY;
        }
        for (const fill of fills) {
          reachSkill = Math.max(reachSkill, skillDistance(entry, pool[fill.inspected - 1]));
          const bound = this.togetherBound;
          const fromMs =
            bound === undefined
              ? nowMs
              : bound.fromMs(fill.tickets, nowMs, bound.firstOverdueMs(fill.tickets));
          if (fromMs > nowMs) {
            unsplitWakeMs = Math.min(unsplitWakeMs, fromMs);
            unsplit ??= { tickets: fill.tickets, teamCount: fill.teamCount, atMs: nowMs };
            continue;
          }
          const proposal = this.judgeFill(inSplitOrder(fill.tickets), fill.teamCount, nowMs);
          if (proposal !== undefined) candidates[candidateCount++] = proposal;
        }
      }
    }
    let formable: Proposal<TRating>[] | undefined;
    let wakeMs = Math.min(regionWakeMs, allowance?.wakeMs ?? Number.POSITIVE_INFINITY, unsplitWakeMs);
    // The earliest acceptance of each candidate that cannot form now, by its index in `candidates`.
    const accepts = this.lookAccepts;
    for (let c = 0; c < candidateCount; c++) {
      const candidate = candidates[c] as Proposal<TRating>;
      if (isFormable(candidate)) {
        formable ??= [];
        formable.push(candidate);
        accepts[c] = nowMs;
        continue;
      }
      const ceiling = rules.ceiling(this.scorer.ceilingScore(candidate.evaluation));
      const acceptMs = this.handshake.earliestAcceptMs(
        candidate.match,
        candidate.evaluation.winProbabilities,
        ceiling,
        this.context.minQualityOf,
        nowMs,
      );
      accepts[c] = acceptMs;
      wakeMs = Math.min(wakeMs, acceptMs);
    }
    for (let k = 0; k < looked; k++)
      if ((lookScored[k] as number) < 0) wakeMs = Math.min(wakeMs, lookAcceptMs[k] as number);
    entry.dirty = false;
    this.pool.setReach(entry, reachSkill);
    // The largest match the waiting tickets allow forms first; among equal sizes, the best objective.
    if (formable !== undefined) {
      entry.pairNotes?.clear();
      entry.unsplitBest = undefined;
      this.forgetCandidates(candidateCount);
      return formable.sort(
        (a, b) => playersOf(b.match) - playersOf(a.match) || b.objectiveValue - a.objectiveValue,
      );
    }
    if (this.notesPairs && looked > 0) {
      // In the order looked at.
      let notes = entry.pairNotes;
      if (notes === undefined) {
        notes = new PairNotes();
        entry.pairNotes = notes;
      }
      notes.clear();
      for (let k = 0; k < looked; k++) {
        const other = shownOthers[k] as Entry<TRating>;
        const scored = lookScored[k] as number;
        if (scored < 0) {
          notes.push(other, lookAcceptMs[k] as number, lookValidUntilMs[k] as number);
        } else {
          const acceptMs = accepts[scored] as number;
          notes.push(other, acceptMs, this.scoredValidUntilMs(entry, other, acceptMs, nowMs));
        }
      }
      entry.notesAtMs = nowMs;
    }
    if (looked > 0) {
      // `status` scores the pairs when asked (shownBest), as this look would have.
      entry.best = undefined;
      entry.unsplitBest = undefined;
      const record = LookedPairs.reusedOrNew(entry);
      forgetShown(entry);
      record.keep(shownOthers, looked, nowMs);
      showPair(entry, record);
    } else {
      let bestShown: Proposal<TRating> | undefined;
      for (let c = 0; c < candidateCount; c++) {
        const candidate = candidates[c] as Proposal<TRating>;
        if (
          bestShown === undefined ||
          shownBefore(
            candidate.verdict.breaches.length === 0,
            candidate.evaluation.score,
            bestShown.verdict.breaches.length === 0,
            bestShown.evaluation.score,
          )
        )
          bestShown = candidate;
      }
      entry.best = bestShown === undefined ? undefined : memoryOf(bestShown, nowMs);
      entry.unsplitBest = bestShown === undefined ? unsplit : undefined;
      forgetShown(entry);
    }
    // Thresholds, ping caps and match sizes only relax, and the wake-up time above covers them all
    // (an overdue ticket waiving its threshold included): nothing can pass before it.
    entry.sleepUntilMs = Math.max(nowMs + 1, wakeMs);
    this.pool.sleep(entry);
    this.forgetCandidates(candidateCount);
    return [];
  }

  /** Drops a look's proposals from the reused array, so that it keeps none alive till the next look. */
  private forgetCandidates(count: number): void {
    for (let c = 0; c < count; c++) this.lookCandidates[c] = undefined;
  }

  /**
   * The nearest of `near` and of the open buckets' neighbours of `entry`, by skill distance then
   * arrival (`gatherCount` of them).
   */
  private widened(
    entry: Entry<TRating>,
    near: readonly Entry<TRating>[],
    open: readonly string[],
    allowed: ((other: Entry<TRating>) => boolean) | undefined,
  ): Entry<TRating>[] {
    const distance = (other: Entry<TRating>) => Math.abs(other.scored.skill - entry.scored.skill);
    return [near, ...open.map((bucket) => this.pool.neighbours(entry, this.gatherCount, bucket, allowed))]
      .flat()
      .sort((a, b) => distance(a) - distance(b) || a.seq - b.seq)
      .slice(0, this.gatherCount);
  }

  /** A look's candidates, its acceptance times and its own bucket's neighbours, reused by every look. */
  private readonly lookCandidates: (Proposal<TRating> | undefined)[] = [];
  private readonly lookAccepts: number[] = [];
  private readonly nearScratch: Entry<TRating>[] = [];
  private readonly lookOthers: Entry<TRating>[] = [];
}

/**
 * Whether the queue's rules allow a pair of `entry` with a neighbour now; `wakeMs`, the first time one
 * it refused could be allowed.
 */
class PairAllowance<TRating> {
  wakeMs = Number.POSITIVE_INFINITY;
  readonly allowed: (other: Entry<TRating>) => boolean;

  constructor(rules: Handshake['limits']['rules'], entry: Entry<TRating>, nowMs: number) {
    this.allowed = (other) => {
      const fromMs = rules.pairAllowedFromMs(entry.scored, other.scored, nowMs);
      if (fromMs <= nowMs) return true;
      this.wakeMs = Math.min(this.wakeMs, fromMs);
      return false;
    };
  }
}

/**
 * The pairs a ticket's own look saw, as `status` is shown them. A ticket reuses the record of its
 * last look (and its array) once that record is forgotten: nothing else holds it, and a new one per
 * look outlived the young generation for every ticket that sleeps past a collection.
 */
class LookedPairs<TRating> implements ShownPair<TRating> {
  readonly first: Entry<TRating>;
  readonly seconds: Entry<TRating>[] = [];
  atMs = Number.NaN;

  private constructor(first: Entry<TRating>) {
    this.first = first;
  }

  /**
   * The record of `entry`'s last look if `entry` still shows it (first of its shown pairs, to be
   * forgotten by the caller before it is kept again), else a new one.
   */
  static reusedOrNew<TRating>(entry: Entry<TRating>): LookedPairs<TRating> {
    const last = entry.shownCount > 0 ? entry.shownPairs?.[0] : undefined;
    return last instanceof LookedPairs && last.first === entry
      ? (last as LookedPairs<TRating>)
      : new LookedPairs(entry);
  }

  /** Keeps the first `count` of `others`, seen at `atMs`. */
  keep(others: readonly Entry<TRating>[], count: number, atMs: number): void {
    const seconds = this.seconds;
    for (let k = 0; k < count; k++) seconds[k] = others[k] as Entry<TRating>;
    if (seconds.length !== count) seconds.length = count;
    this.atMs = atMs;
  }
}

/** No other region's bucket is open. */
const NO_BUCKETS: readonly string[] = Object.freeze([]);

/**
 * A fill's tickets in one order whoever filled them (sorted in place): the split of a set of
 * tickets, cached by the set, then does not depend on which of them looked first.
 */
function inSplitOrder<TRating>(tickets: ScoredTicket<TRating>[]): ScoredTicket<TRating>[] {
  // An insertion sort of the few tickets of a match (`Array.prototype.sort` allocates on every call).
  for (let i = 1; i < tickets.length; i++) {
    const ticket = tickets[i] as ScoredTicket<TRating>;
    let at = i;
    for (; at > 0 && (tickets[at - 1] as ScoredTicket<TRating>).ticketId > ticket.ticketId; at--)
      tickets[at] = tickets[at - 1] as ScoredTicket<TRating>;
    tickets[at] = ticket;
  }
  return tickets;
}

/** The skill distance from `entry` to `other` (Infinity for no ticket). */
function skillDistance<TRating>(entry: Entry<TRating>, other: Entry<TRating> | undefined): number {
  return other === undefined ? Number.POSITIVE_INFINITY : Math.abs(other.scored.skill - entry.scored.skill);
}

/** Adds a pair to those `entry`'s `status` compares with its best candidate when asked. */
function showPair<TRating>(entry: Entry<TRating>, pair: ShownPair<TRating>): void {
  // The array is the ticket's for good, its room kept when forgotten: settling thousands of
  // arrivals a tick adds to the arrays of thousands of sleeping neighbours. It starts with room for
  // a look's pairs and a few arrivals (grown from one, it would be made twice).
  if (entry.shownPairs === undefined) entry.shownPairs = new Array<ShownPair<TRating>>(SHOWN_ROOM);
  entry.shownPairs[entry.shownCount] = pair;
  entry.shownCount++;
}

/** The room a ticket's array of shown pairs starts with. */
const SHOWN_ROOM = 16;

/** Forgets the pairs `entry`'s `status` was shown (and the tickets they hold). */
function forgetShown<TRating>(entry: Entry<TRating>): void {
  const pairs = entry.shownPairs as (ShownPair<TRating> | undefined)[] | undefined;
  if (pairs !== undefined) for (let index = 0; index < entry.shownCount; index++) pairs[index] = undefined;
  entry.shownCount = 0;
}

/** What `status` remembers of a candidate looked at at `nowMs`. */
function memoryOf<TRating>(proposal: Proposal<TRating>, nowMs: number): CandidateMemory<TRating> {
  return {
    match: proposal.match,
    evaluation: proposal.evaluation,
    rejectedBy: proposal.verdict.rejectedBy,
    breaches: proposal.verdict.breaches,
    atMs: nowMs,
  };
}

/**
 * Which candidate `status` shows: one that breaks no hard limit before one that does (its quality is
 * what holds it back), then the higher quality.
 */
function shownBefore(clear: boolean, score: number, shownClear: boolean, shownScore: number): boolean {
  if (clear !== shownClear) return clear;
  return score > shownScore;
}

/**
 * `owner`'s notes, when they may hold one of its pair with `entry` (looked for with
 * `holding(entry, ...)`): a pair's acceptance, hard limits and score do not depend on which side
 * looks.
 */
function mirroredNotes<TRating>(
  owner: Entry<TRating>,
  entry: Entry<TRating>,
): PairNotes<Entry<TRating>> | undefined {
  const notes = owner.pairNotes;
  // Notes written before `entry` arrived cannot be about it (a ticket arrives at its enqueue time or,
  // restored, later).
  return notes === undefined || owner.notesAtMs < entry.scored.enqueuedAtMs ? undefined : notes;
}
