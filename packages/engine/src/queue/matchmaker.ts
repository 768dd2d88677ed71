/**
 * The matchmaker: a pure state machine over one queue. Operations validate first and change nothing
 * when they throw; time is an input that never goes backwards; randomness comes from a seeded Random
 * whose state is part of the snapshot, so the same inputs always give the same matches.
 *
 * Continuous mode (FlexMatch, Heroes of the Storm, DomiNations' World War): every tick walks the pool
 * longest-waiting first; each ticket proposes candidates from its neighbours in skill order and forms
 * the best one that passes the handshake. A ticket whose candidates all failed sleeps until the
 * earliest time its thresholds could let one pass (a wake-up heap), unless an arrival enters its
 * candidate window (it is marked dirty), so a tick costs what changed, not the size of the pool.
 * Rounds mode (Awesomenauts) matches the whole pool at scheduled times (see rounds.ts).
 *
 * A tick plans first (who times out, who expires, which matches form) and applies the plan after:
 * if planning throws, nothing observable has changed (the search's caches are reset and every
 * ticket is looked at again next tick).
 */

import { createChurnTable } from '../engagement/churn-table.ts';
import { ErrorCodes, MatchdError } from '../errors.ts';
import { churnTableEstimator } from '../quality/churn-estimator.ts';
import { RegionIndex, type SkillReading, scoreTicket } from '../quality/prepare.ts';
import { createMatchScorer, type MatchScorer } from '../quality/scorer.ts';
import type { ScoredTicket } from '../quality/types.ts';
import { Random } from '../random.ts';
import type { RatingModel } from '../rating/types.ts';
import {
  BACKFILL_SCAN,
  type BackfillContext,
  DEFAULT_BACKFILL_EXPIRY_MS,
  PRESENT_WAIT_MS,
  type PreparedBackfill,
  selectBackfill,
  validateBackfillRequest,
} from './backfill.ts';
import { CandidateCache, type CandidateContext, isFormable, type Proposal } from './candidates.ts';
import { CandidateSearch } from './continuous-search.ts';
import type { Entry, PoolKey } from './entry.ts';
import { RecentWaits } from './eta.ts';
import { describeStatus } from './explain.ts';
import { Handshake } from './handshake.ts';
import { selectPairs } from './pair-selection.ts';
import { PoolIndex } from './pool-index.ts';
import { runRound } from './rounds.ts';
import { type MatchShape, matchShapeOf } from './shape.ts';
import { TicketRegistry } from './ticket-registry.ts';
import type {
  BackfillRequest,
  CancelReason,
  Matchmaker,
  MatchmakerEffect,
  MatchmakerOptions,
  MatchmakerSnapshot,
  MatchSummary,
  MatchTeam,
  Objective,
  QueueConfig,
  TicketInput,
  TicketState,
  TicketStatus,
  WaitingBackfill,
} from './types.ts';
import { validateQueueConfig } from './validate-config.ts';
import { validateTicket } from './validate-ticket.ts';

/** Default neighbours on each side of a ticket in continuous mode. */
const DEFAULT_WINDOW = 6;
/** Times are within the range of a JavaScript Date, so that no wait overflows. */
const MAX_TIME_MS = 8.64e15;
/** Pairwise ticks select by exact matching up to this many tickets with acceptable pairs. */
const EXACT_SELECTION_LIMIT = 1_000;

/** What a tick decided before any of it is applied. */
interface TickPlan<TRating> {
  /** Pending matches past their deadline, with the tickets that did not accept. */
  readonly timeouts: { readonly matchId: string; readonly leaving: ReadonlySet<string> }[];
  /** Matches to form, in order. */
  readonly forms: PlannedMatch<TRating>[];
}

/** A match a tick will form, with its tickets' entries (found once, when it was planned). */
interface PlannedMatch<TRating> {
  readonly proposal: Proposal<TRating>;
  readonly members: Entry<TRating>[];
}

interface PendingMatch {
  readonly summary: MatchSummary;
  readonly ticketIds: readonly string[];
  readonly deadlineMs: number;
  readonly accepted: Set<string>;
  readonly playerCount: number;
}

/**
 * Creates a matchmaker for a queue (validated here: MM_ERR_INVALID_QUEUE_CONFIG names the field).
 *
 * @example
 * const mm = createMatchmaker({ config, ratingModel: createElo(), seed: 1 });
 * mm.enqueue({ ticketId: 't1', players: [{ playerId: 'p1', rating: elo.initial() }] }, nowMs);
 * const effects = mm.tick(nowMs + 1000); // [{ kind: 'matched', match, ... }, ...]
 */
export function createMatchmaker<TRating>(options: MatchmakerOptions<TRating>): Matchmaker<TRating> {
  return new QueueMatchmaker(options, 'scheduled');
}

/**
 * How a continuous queue's waiting tickets come to look again: `scheduled`, when something in their
 * window could pass (the queue's own way); `neighbourhood`, as scheduled except that an arrival wakes
 * every neighbour filled around whose window it enters; `every-tick`, every ticket at every tick.
 */
type LookPolicy = 'scheduled' | 'neighbourhood' | 'every-tick';

/**
 * A matchmaker in which an arrival wakes every neighbour filled around whose window it enters, bound
 * or not: the reference that the bound on a match holding an arrival and a neighbour is held to by
 * the property tests (the same looks that could form a match, and more); not exported by the package.
 */
export function createNeighbourhoodWakingMatchmaker<TRating>(
  options: MatchmakerOptions<TRating>,
): Matchmaker<TRating> {
  return new QueueMatchmaker(options, 'neighbourhood');
}

/**
 * A matchmaker in which every waiting ticket looks again at every continuous tick, scoring every
 * pair it looks at: nothing sleeps, no arrival's wake-up is scheduled, no note or bound stands in for
 * a pair's score. The reference that the wake-up scheduling and the pairs' bound are held to by the
 * property tests (it forms its matches from the same looks, only many more of them); not exported
 * by the package.
 */
export function createLookingEveryTickMatchmaker<TRating>(
  options: MatchmakerOptions<TRating>,
): Matchmaker<TRating> {
  return new QueueMatchmaker(options, 'every-tick');
}

function skillScaleOf<TRating>(config: QueueConfig, model: RatingModel<TRating>): number {
  if (config.rating.skillScale !== undefined) return config.rating.skillScale;
  const deviation = model.estimate(model.initial()).deviation;
  return deviation > 0 ? deviation : 200;
}

class QueueMatchmaker<TRating> implements Matchmaker<TRating> {
  readonly config: QueueConfig;
  private readonly model: RatingModel<TRating>;
  private readonly scorer: MatchScorer<TRating>;
  private readonly handshake: Handshake;
  private readonly shape: MatchShape;
  private readonly objective: Objective;
  private readonly context: CandidateContext<TRating>;
  private readonly clock: (() => number) | undefined;
  private random: Random;
  private readonly entries = new TicketRegistry<TRating>();
  private readonly pool: PoolIndex<TRating>;
  private readonly pending = new Map<string, PendingMatch>();
  /** Backfill requests waiting, in arrival order (oldest first). */
  private readonly backfills = new Map<string, PreparedBackfill<TRating>>();
  private readonly backfillContext: BackfillContext<TRating>;
  private readonly recentWaits: RecentWaits;
  private readonly search: CandidateSearch<TRating>;
  private readonly regionIndex = new RegionIndex();
  /** How this queue reads skills (made at the first ticket, then shared by every ticket). */
  private reading: SkillReading<TRating> | undefined;
  /** The bucket name of each pool and home region (one string per bucket, not one per ticket). */
  private readonly bucketNames = new Map<PoolKey, Map<string | undefined, string>>();
  /** The keys of recent waits by bucket and skill band (every matched ticket records its wait). */
  private readonly etaKeys = new Map<string, Map<number, string>>();
  private readonly etaBandWidth: number;
  /** `validateTicket`'s question, made once rather than per ticket. */
  private readonly isPlayerQueued = (playerId: string) => this.entries.isPlayerQueued(playerId);
  /** Exact selection of a pairwise queue (1v1, or pre-formed whole teams): a tick's choice is a pairing. */
  private readonly pairwise: boolean;
  private readonly window: number;
  private readonly gatherCount: number;
  private lastNowMs: number | undefined;
  private lastRoundMs: number | undefined;
  private roundClockStartMs: number | undefined;
  private matchCounter = 0;
  private seqCounter = 0;
  private tickCounter = 0;
  /** While a tick plans: tickets that expire in it (no candidate may hold them). */
  private expiringNow: ReadonlySet<Entry<TRating>> = new Set();
  /** While a tick plans: the matches it will form. */
  private planned: PlannedMatch<TRating>[] = [];

  /** The reference's behaviour: every waiting ticket looks at every continuous tick. */
  private readonly looksEveryTick: boolean;

  constructor(options: MatchmakerOptions<TRating>, looks: LookPolicy) {
    this.looksEveryTick = looks === 'every-tick';
    this.config = validateQueueConfig(options.config);
    this.model = options.ratingModel;
    this.shape = matchShapeOf(this.config);
    this.objective = this.config.objective ?? { kind: 'quality' };
    // The caller's estimator (a fitted model, the service's table) wins over the queue's own table.
    const ownTable = this.config.engagement?.churnTable;
    const expectedChurn =
      options.expectedChurn ??
      (ownTable === undefined ? undefined : churnTableEstimator<TRating>(createChurnTable(ownTable)));
    this.scorer = createMatchScorer(this.config.criteria, {
      ratingModel: this.model,
      teamSize: this.shape.teamSize.max,
      skillScale: skillScaleOf(this.config, this.model),
      ...(expectedChurn === undefined ? {} : { expectedChurn }),
      alwaysPredict: (this.objective.maxFavouriteWinProbability ?? 1) < 1,
      alwaysChurn: this.objective.kind !== 'quality',
      // Tickets, restored ones and backfills are validated before they join (`validateTicket`).
      ratingsValidated: true,
    });
    this.handshake = new Handshake(this.config, this.shape);
    this.clock = options.clock;
    this.random =
      options.snapshot === undefined
        ? Random.fromSeed(options.seed)
        : Random.fromState(options.snapshot.randomState);
    this.recentWaits = new RecentWaits(this.config.eta?.samples ?? 200);
    this.etaBandWidth = this.config.eta?.skillBandWidth ?? 200;
    this.window =
      this.config.mode.kind === 'continuous'
        ? (this.config.mode.candidateWindow ?? DEFAULT_WINDOW)
        : DEFAULT_WINDOW;
    // Pairs look at the 2 * window nearest; fills need a match's players plus slack for parties.
    this.gatherCount = Math.max(2 * this.window, this.shape.maxPlayers + 4);
    this.pool = new PoolIndex<TRating>(this.gatherCount, this.config.mode.kind === 'continuous');
    const mode = this.config.mode;
    const selection =
      mode.kind === 'continuous'
        ? (mode.selection ?? (this.objective.kind === 'quality' ? 'greedy' : 'exact'))
        : 'greedy';
    const teamSize = this.shape.teamSize.max;
    this.pairwise =
      selection === 'exact' &&
      this.shape.fixed &&
      this.shape.teamCount.max === 2 &&
      (teamSize === 1 || this.config.gates?.minPartySize === teamSize);
    const self = this;
    this.context = {
      scorer: this.scorer,
      handshake: this.handshake,
      objective: this.objective,
      shape: this.shape,
      // The tick's generator: a failed tick puts the previous one back.
      get random() {
        return self.random;
      },
      minQualityOf: (ticketId) => this.entries.minQualityOf(ticketId),
      splitCounts: new Map(),
    };
    this.search = new CandidateSearch({
      config: this.config,
      context: this.context,
      scorer: this.scorer,
      handshake: this.handshake,
      objective: this.objective,
      pool: this.pool,
      cache: new CandidateCache<TRating>(1_000_000),
      window: this.window,
      gatherCount: this.gatherCount,
      boundsFillWakes: looks === 'scheduled',
      keepsNotes: looks !== 'every-tick',
    });
    this.backfillContext = {
      scorer: this.scorer,
      handshake: this.handshake,
      objective: this.objective,
      minQualityOf: (ticketId) => this.entries.minQualityOf(ticketId),
    };
    if (options.snapshot !== undefined) this.restore(options.snapshot);
  }

  // ---- operations -------------------------------------------------------------------------------

  enqueue(ticket: TicketInput<TRating>, nowMs: number): readonly MatchmakerEffect[] {
    this.checkTime(nowMs);
    const ticketId = (ticket as { ticketId?: unknown } | undefined)?.ticketId;
    if (typeof ticketId === 'string' && this.entries.has(ticketId)) {
      throw new MatchdError(ErrorCodes.DUPLICATE_TICKET, `ticketId: ${ticketId} is already queued`, {
        path: 'ticketId',
        ticketId,
      });
    }
    const valid = validateTicket(ticket, this.config, this.model, this.isPlayerQueued);
    this.lastNowMs = nowMs;
    this.roundClockStartMs ??= nowMs;
    this.addEntry(valid, nowMs);
    return [];
  }

  requestBackfill(request: BackfillRequest<TRating>, nowMs: number): readonly MatchmakerEffect[] {
    this.checkTime(nowMs);
    validateBackfillRequest(request, this.config, this.model);
    if (this.entries.has(request.requestId) || this.backfills.has(request.requestId)) {
      throw new MatchdError(
        ErrorCodes.DUPLICATE_TICKET,
        `requestId: ${request.requestId} is already queued`,
        {
          path: 'requestId',
          ticketId: request.requestId,
        },
      );
    }
    for (const other of this.backfills.values()) {
      if (other.request.matchId === request.matchId) {
        throw new MatchdError(
          ErrorCodes.BACKFILL_EXISTS,
          `match ${request.matchId} already has a backfill request`,
          {
            matchId: request.matchId,
            requestId: other.request.requestId,
          },
        );
      }
    }
    this.lastNowMs = nowMs;
    this.addBackfill({ ...request, requestedAtMs: nowMs });
    return [];
  }

  cancel(ticketId: string, nowMs: number): readonly MatchmakerEffect[] {
    this.checkTime(nowMs);
    if (this.backfills.has(ticketId)) {
      this.lastNowMs = nowMs;
      this.backfills.delete(ticketId);
      return [{ kind: 'cancelled', ticketId, reason: 'cancelled' }];
    }
    const entry = this.requireEntry(ticketId);
    this.lastNowMs = nowMs;
    if (entry.state === 'proposed')
      return this.dissolve(entry.matchId as string, new Set([ticketId]), 'cancelled', nowMs);
    this.removeEntry(entry, 'cancelled', nowMs);
    return [{ kind: 'cancelled', ticketId, reason: 'cancelled' }];
  }

  accept(ticketId: string, playerId: string, nowMs: number): readonly MatchmakerEffect[] {
    this.checkTime(nowMs);
    const { entry, pending } = this.requireProposed(ticketId, playerId);
    this.lastNowMs = nowMs;
    pending.accepted.add(playerId);
    if (pending.accepted.size < pending.playerCount) return [];
    const effects: MatchmakerEffect[] = [];
    this.pending.delete(entry.matchId as string);
    this.finalize(
      pending.summary,
      pending.ticketIds.map((id) => this.entries.get(id) as Entry<TRating>),
      nowMs,
      effects,
    );
    return effects;
  }

  decline(ticketId: string, playerId: string, nowMs: number): readonly MatchmakerEffect[] {
    this.checkTime(nowMs);
    const { entry } = this.requireProposed(ticketId, playerId);
    this.lastNowMs = nowMs;
    return this.dissolve(entry.matchId as string, new Set([ticketId]), 'declined', nowMs);
  }

  tick(nowMs: number): readonly MatchmakerEffect[] {
    this.checkTime(nowMs);
    const before = { random: this.random.state(), lastRoundMs: this.lastRoundMs };
    this.tickCounter++;
    // Running matches first (FlexMatch's priority): their requests take their seats before new
    // matches form. A tick that throws below leaves these applied; the caller rebuilds from its truth.
    const effects: MatchmakerEffect[] = this.backfillPass(nowMs);
    let plan: TickPlan<TRating>;
    try {
      plan = this.planTick(nowMs);
    } catch (error) {
      // Nothing was applied; the search's caches (sleeps, wake-ups) are reset instead of trusted.
      this.random = Random.fromState(before.random);
      this.lastRoundMs = before.lastRoundMs;
      for (const entry of this.entries.values()) {
        entry.sleepUntilMs = Number.NEGATIVE_INFINITY;
        if (entry.listed) this.pool.wake(entry);
      }
      this.pool.releaseHolds();
      throw error;
    } finally {
      this.expiringNow = new Set();
      this.planned = [];
    }
    this.lastNowMs = nowMs;
    try {
      // Returning tickets are placed among free neighbours: nothing may be held then. Otherwise the
      // holds end after the tick's matches and expiries have removed their tickets: a removal ends a
      // hold, and what remains to release is what the plan held and did not take.
      if (plan.timeouts.length > 0) this.pool.releaseHolds();
      for (const timeout of plan.timeouts)
        effects.push(...this.dissolve(timeout.matchId, timeout.leaving, 'acceptance-timeout', nowMs));
      this.expire(nowMs, effects);
      const forms = plan.forms;
      for (let f = 0; f < forms.length; f++) {
        const planned = forms[f] as PlannedMatch<TRating>;
        this.form(planned.proposal, planned.members, nowMs, effects);
      }
    } finally {
      this.pool.releaseHolds();
    }
    return effects;
  }

  /**
   * Decides a tick without applying it: the pending matches that time out, and the matches that
   * form among the searching tickets that do not expire now. Changes only the search's caches.
   */
  private planTick(nowMs: number): TickPlan<TRating> {
    const timeouts: TickPlan<TRating>['timeouts'] = [];
    for (const [matchId, pending] of this.pending) {
      if (nowMs < pending.deadlineMs) continue;
      const leaving = new Set(
        pending.ticketIds.filter((ticketId) => {
          const entry = this.entries.get(ticketId) as Entry<TRating>;
          return entry.input.players.some((player) => !pending.accepted.has(player.playerId));
        }),
      );
      timeouts.push({ matchId, leaving });
    }
    this.expiringNow = new Set(this.dueToExpire(nowMs));
    // No candidate may hold an expiring ticket: the pool's walks pass it over.
    for (const entry of this.expiringNow) this.pool.hold(entry);
    if (this.config.mode.kind === 'continuous') this.continuousPass(nowMs);
    else this.maybeRunRound(nowMs);
    return { timeouts, forms: this.planned };
  }

  status(ticketId: string, nowMs: number): TicketStatus {
    if (typeof nowMs !== 'number' || !Number.isFinite(nowMs) || Math.abs(nowMs) > MAX_TIME_MS) {
      throw new MatchdError(ErrorCodes.INVALID_OPTION, 'nowMs: must be a finite number within ±8.64e15 ms', {
        path: 'nowMs',
      });
    }
    const entry = this.entries.get(ticketId);
    if (entry === undefined) {
      const done = this.entries.finishedOf(ticketId);
      if (done === undefined) {
        throw new MatchdError(ErrorCodes.TICKET_NOT_FOUND, `ticket ${ticketId} not found`, { ticketId });
      }
      return {
        ticketId,
        state: done.state,
        waitMs: done.waitMs,
        ...(done.matchId === undefined ? {} : { matchId: done.matchId }),
      };
    }
    // Pairs seen since the ticket's last look are scored only now that someone asks, and a fill it
    // left unsplit is split.
    if (entry.state === 'searching') this.search.recallBest(entry);
    this.search.shownBest(entry);
    return describeStatus({
      entry,
      nowMs,
      scorer: this.scorer,
      handshake: this.handshake,
      shape: this.shape,
      others: () => this.entries.values(),
      eta:
        this.config.mode.kind === 'rounds'
          ? { kind: 'round', atMs: this.nextRoundAtMs() }
          : this.estimateEta(entry, nowMs),
    });
  }

  size(): { readonly tickets: number; readonly players: number } {
    // Counted by the registry: the service asks for sizes often, and a sum over the pool costs its size.
    return { tickets: this.entries.size, players: this.entries.playerCount };
  }

  exportSnapshot(): MatchmakerSnapshot<TRating> {
    return {
      version: 1,
      queueId: this.config.id,
      tickets: this.entries
        .oldestFirst()
        .map((entry) => ({ ...entry.input, enqueuedAtMs: entry.scored.enqueuedAtMs })),
      proposals: [...this.pending.values()].map((pending) => ({
        match: pending.summary,
        deadlineMs: pending.deadlineMs,
        acceptedPlayerIds: [...pending.accepted],
      })),
      randomState: this.random.state(),
      ...(this.lastNowMs === undefined ? {} : { lastTickMs: this.lastNowMs }),
      ...(this.lastRoundMs === undefined ? {} : { lastRoundMs: this.lastRoundMs }),
      matchCounter: this.matchCounter,
      recentWaits: this.recentWaits.entries(),
      ...(this.backfills.size === 0
        ? {}
        : { backfills: [...this.backfills.values()].map((prepared) => prepared.request) }),
    };
  }

  // ---- validation helpers -----------------------------------------------------------------------

  private checkTime(nowMs: number): void {
    if (typeof nowMs !== 'number' || !Number.isFinite(nowMs) || Math.abs(nowMs) > MAX_TIME_MS) {
      throw new MatchdError(ErrorCodes.INVALID_OPTION, 'nowMs: must be a finite number within ±8.64e15 ms', {
        path: 'nowMs',
      });
    }
    if (this.lastNowMs !== undefined && nowMs < this.lastNowMs) {
      throw new MatchdError(ErrorCodes.TIME_WENT_BACKWARDS, `nowMs ${nowMs} is before ${this.lastNowMs}`, {
        path: 'nowMs',
        lastNowMs: this.lastNowMs,
      });
    }
  }

  private requireEntry(ticketId: string): Entry<TRating> {
    return this.entries.require(ticketId);
  }

  private requireProposed(
    ticketId: string,
    playerId: string,
  ): { entry: Entry<TRating>; pending: PendingMatch } {
    const entry = this.requireEntry(ticketId);
    if (entry.state !== 'proposed' || entry.matchId === undefined) {
      throw new MatchdError(ErrorCodes.INVALID_TICKET_STATE, `ticket ${ticketId} has no proposed match`, {
        ticketId,
      });
    }
    if (!entry.input.players.some((player) => player.playerId === playerId)) {
      throw new MatchdError(ErrorCodes.PLAYER_NOT_FOUND, `player ${playerId} is not on ticket ${ticketId}`, {
        ticketId,
        playerId,
      });
    }
    return { entry, pending: this.pending.get(entry.matchId) as PendingMatch };
  }

  // ---- pool bookkeeping -------------------------------------------------------------------------

  private addEntry(input: TicketInput<TRating>, enqueuedAtMs: number): Entry<TRating> {
    const scored: ScoredTicket<TRating> = scoreTicket(input, enqueuedAtMs, this.skillReading());
    const lowPriority =
      this.config.gates?.lowPriority !== 'reject' && input.players.some((p) => p.lowPriority === true);
    const pool: PoolKey = lowPriority ? 'low-priority' : 'main';
    const home = this.handshake.chooseRegion({ teams: [[scored]] }, enqueuedAtMs).region;
    const entry: Entry<TRating> = {
      seq: this.seqCounter++,
      input,
      scored,
      pool,
      home,
      bucket: this.bucketName(pool, home),
      size: input.players.length,
      state: 'searching',
      listed: false,
      matchId: undefined,
      sleepUntilMs: -Infinity,
      sleepVersion: 0,
      inBacklog: false,
      dirty: true,
      takenAtTick: -1,
      reachSkill: Number.POSITIVE_INFINITY,
      best: undefined,
      unsplitBest: undefined,
      shownPairs: undefined,
      shownCount: 0,
      pairNotes: undefined,
      notesAtMs: Number.NEGATIVE_INFINITY,
      foreignPings: undefined,
      foreignPingsUntilMs: Number.NEGATIVE_INFINITY,
    };
    this.entries.add(entry);
    this.pool.index(entry);
    return entry;
  }

  private skillReading(): SkillReading<TRating> {
    this.reading ??= {
      ratingModel: this.model,
      regionIndex: this.regionIndex,
      ...(this.config.rating.skillRange === undefined ? {} : { skillRange: this.config.rating.skillRange }),
      ...(this.config.rating.calibrationGames === undefined
        ? {}
        : { calibrationGames: this.config.rating.calibrationGames }),
    };
    return this.reading;
  }

  /** `pool|home`, the name of a ticket's sorted list. */
  private bucketName(pool: PoolKey, home: string | undefined): string {
    let byHome = this.bucketNames.get(pool);
    if (byHome === undefined) {
      byHome = new Map();
      this.bucketNames.set(pool, byHome);
    }
    let name = byHome.get(home);
    if (name === undefined) {
      name = `${pool}|${home ?? ''}`;
      byHome.set(home, name);
    }
    return name;
  }

  private removeEntry(entry: Entry<TRating>, state: TicketState, nowMs: number, matchId?: string): void {
    this.pool.unindex(entry);
    const waitMs = nowMs - entry.scored.enqueuedAtMs;
    // Every matched ticket ends here: a literal of either shape, not a spread of a throwaway object.
    this.entries.finish(entry, matchId === undefined ? { state, waitMs } : { state, waitMs, matchId });
  }

  // ---- backfill ---------------------------------------------------------------------------------

  private addBackfill(request: WaitingBackfill<TRating>): void {
    const present = request.teams.map((team, t) =>
      team.players.map((profile, i) =>
        scoreTicket(
          { ticketId: `${request.requestId}#${t}.${i}`, players: [profile] },
          request.requestedAtMs - PRESENT_WAIT_MS,
          this.skillReading(),
        ),
      ),
    );
    this.backfills.set(request.requestId, { request, present });
  }

  /** How long a backfill request waits before it expires. */
  private backfillExpiryMs(): number {
    return this.config.backfill?.expireAfterMs ?? this.config.expireAfterMs ?? DEFAULT_BACKFILL_EXPIRY_MS;
  }

  /**
   * Expires old requests, then fills each remaining one (oldest first) from the searching tickets of
   * the main pool, oldest first, that no earlier request of this tick took.
   */
  private backfillPass(nowMs: number): MatchmakerEffect[] {
    if (this.backfills.size === 0) return [];
    const effects: MatchmakerEffect[] = [];
    const expiry = this.backfillExpiryMs();
    for (const [requestId, prepared] of [...this.backfills]) {
      const waitMs = nowMs - prepared.request.requestedAtMs;
      if (waitMs < expiry) continue;
      this.backfills.delete(requestId);
      effects.push({ kind: 'expired', ticketId: requestId, waitMs });
    }
    for (const [requestId, prepared] of [...this.backfills]) {
      const candidates: ScoredTicket<TRating>[] = [];
      for (const entry of this.pool.byAge) {
        if (candidates.length >= BACKFILL_SCAN) break;
        if (entry.listed && entry.state === 'searching' && entry.pool === 'main')
          candidates.push(entry.scored);
      }
      const fill = selectBackfill(this.backfillContext, prepared, candidates, nowMs);
      if (fill === undefined) continue;
      this.backfills.delete(requestId);
      const waitMsByTicket: Record<string, number> = {};
      for (const team of fill.added) {
        for (const ticket of team) {
          const entry = this.entries.get(ticket.ticketId) as Entry<TRating>;
          const waitMs = nowMs - entry.scored.enqueuedAtMs;
          waitMsByTicket[ticket.ticketId] = waitMs;
          this.recentWaits.record(this.etaKey(entry), waitMs);
          this.removeEntry(entry, 'matched', nowMs, prepared.request.matchId);
        }
      }
      effects.push({
        kind: 'backfilled',
        requestId,
        matchId: prepared.request.matchId,
        added: fill.added.map((team) => ({
          ticketIds: team.map((ticket) => ticket.ticketId),
          playerIds: playerIdsOf(team),
        })),
        quality: fill.evaluation.score,
        criteria: this.scorer.explain(fill.evaluation),
        atMs: nowMs,
        waitMsByTicket,
      });
    }
    return effects;
  }

  // ---- forming matches --------------------------------------------------------------------------

  private summarize(proposal: Proposal<TRating>): MatchSummary {
    const matchId = `${this.config.id}-${++this.matchCounter}`;
    const { verdict, evaluation, match } = proposal;
    // Every match formed is summarized: plain loops into arrays of their final length, one literal
    // per shape of summary, no closures or spreads of throwaway objects (the keys keep the order the
    // effects have always had).
    const named = this.shape.named;
    const teams: MatchTeam[] = new Array(match.teams.length);
    for (let t = 0; t < match.teams.length; t++) {
      const team = match.teams[t] as readonly ScoredTicket<TRating>[];
      // Named teams: the game server learns who plays which side (the monster, the hunters).
      const name = named?.[t]?.name;
      teams[t] =
        name === undefined
          ? { ticketIds: ticketIdsOf(team), playerIds: playerIdsOf(team) }
          : { name, ticketIds: ticketIdsOf(team), playerIds: playerIdsOf(team) };
    }
    const criteria = this.scorer.explain(evaluation);
    const quality = evaluation.score;
    const winProbabilities = evaluation.winProbabilities;
    const forced = verdict.forcedOn.length > 0 || verdict.acceptedWhenOverdue.length > 0;
    const region = match.region;
    const expectedChurn = evaluation.expectedChurn;
    if (expectedChurn === undefined) {
      return region === undefined
        ? { matchId, teams, quality, criteria, winProbabilities, forced }
        : { matchId, teams, region, quality, criteria, winProbabilities, forced };
    }
    return region === undefined
      ? { matchId, teams, quality, criteria, winProbabilities, expectedChurn, forced }
      : { matchId, teams, region, quality, criteria, winProbabilities, expectedChurn, forced };
  }

  /**
   * Forms a proposal of the entries `members` (its tickets, in order): straight into a match, or into
   * a pending match awaiting acceptance.
   */
  private form(
    proposal: Proposal<TRating>,
    members: Entry<TRating>[],
    nowMs: number,
    effects: MatchmakerEffect[],
  ): void {
    // Its members were taken in this tick when it was planned (`plan`).
    const summary = this.summarize(proposal);
    const acceptance = this.config.acceptance;
    if (acceptance === undefined) {
      this.finalize(summary, members, nowMs, effects);
      return;
    }
    const deadlineMs = nowMs + acceptance.timeoutMs;
    for (const entry of members) {
      this.pool.unindex(entry);
      entry.state = 'proposed';
      entry.matchId = summary.matchId;
    }
    this.pending.set(summary.matchId, {
      summary,
      ticketIds: members.map((entry) => entry.input.ticketId),
      deadlineMs,
      accepted: new Set(),
      playerCount: members.reduce((sum, entry) => sum + entry.size, 0),
    });
    effects.push({ kind: 'proposed', match: summary, deadlineMs });
  }

  private finalize(
    summary: MatchSummary,
    members: Entry<TRating>[],
    nowMs: number,
    effects: MatchmakerEffect[],
  ): void {
    const waitMsByTicket = ticketRecord<number>();
    for (let m = 0; m < members.length; m++) {
      const entry = members[m] as Entry<TRating>;
      const waitMs = nowMs - entry.scored.enqueuedAtMs;
      waitMsByTicket[entry.input.ticketId] = waitMs;
      this.recentWaits.record(this.etaKey(entry), waitMs);
      this.removeEntry(entry, 'matched', nowMs, summary.matchId);
    }
    effects.push({ kind: 'matched', match: summary, atMs: nowMs, waitMsByTicket });
  }

  /**
   * Ends a pending match: tickets in `leaving` leave (cancelled with `reason`), the others return to
   * the pool keeping their wait.
   */
  private dissolve(
    matchId: string,
    leaving: ReadonlySet<string>,
    reason: CancelReason,
    nowMs: number,
  ): MatchmakerEffect[] {
    const pending = this.pending.get(matchId) as PendingMatch;
    this.pending.delete(matchId);
    const effects: MatchmakerEffect[] = [];
    for (const ticketId of pending.ticketIds) {
      const entry = this.entries.get(ticketId) as Entry<TRating>;
      if (leaving.has(ticketId)) {
        this.removeEntry(entry, 'cancelled', nowMs);
        effects.push({ kind: 'cancelled', ticketId, reason });
      } else {
        entry.state = 'searching';
        entry.matchId = undefined;
        entry.dirty = true;
        entry.sleepUntilMs = -Infinity;
        this.pool.index(entry);
        effects.push({
          kind: 'returned',
          ticketId,
          matchId,
          reason: reason === 'acceptance-timeout' ? 'acceptance-timeout' : 'declined',
        });
      }
    }
    return effects;
  }

  /** Searching tickets whose wait has reached `expireAfterMs`, oldest first. */
  private dueToExpire(nowMs: number): Entry<TRating>[] {
    const limit = this.config.expireAfterMs;
    if (limit === undefined) return [];
    const due: Entry<TRating>[] = [];
    // byAge is oldest first: stop at the first live ticket that has not expired.
    for (const oldest of this.pool.byAge) {
      if (!oldest.listed) continue;
      if (nowMs - oldest.scored.enqueuedAtMs < limit) break;
      due.push(oldest);
    }
    return due;
  }

  /** Expires every searching ticket past `expireAfterMs` (those returned this tick included). */
  private expire(nowMs: number, effects: MatchmakerEffect[]): void {
    for (const entry of this.dueToExpire(nowMs)) {
      const waitMs = nowMs - entry.scored.enqueuedAtMs;
      this.removeEntry(entry, 'expired', nowMs);
      effects.push({ kind: 'expired', ticketId: entry.input.ticketId, waitMs });
    }
  }

  /**
   * Plans a match: its tickets are taken for the rest of the tick. `anchor`, when given, is the entry
   * whose look proposed it: its ticket is known without a lookup in the registry's map of the pool.
   */
  private plan(proposal: Proposal<TRating>, anchor?: Entry<TRating>): void {
    const teams = proposal.match.teams;
    let count = 0;
    for (let t = 0; t < teams.length; t++) count += (teams[t] as readonly ScoredTicket<TRating>[]).length;
    // Of its final length from the start (one grown by `push` reserves room for 17). Index loops: a
    // proposal's teams come from several builders, and `for ... of` over arrays of several kinds
    // steps a real iterator.
    const members: Entry<TRating>[] = new Array(count);
    let index = 0;
    for (let t = 0; t < teams.length; t++) {
      const team = teams[t] as readonly ScoredTicket<TRating>[];
      for (let i = 0; i < team.length; i++) {
        const ticket = team[i] as ScoredTicket<TRating>;
        const entry =
          anchor !== undefined && anchor.scored === ticket
            ? anchor
            : (this.entries.get(ticket.ticketId) as Entry<TRating>);
        entry.takenAtTick = this.tickCounter;
        members[index++] = entry;
        // The pool's walks pass it over for the rest of the tick's planning.
        this.pool.hold(entry);
      }
    }
    this.planned.push({ proposal, members });
  }

  // ---- continuous mode --------------------------------------------------------------------------

  /**
   * One continuous pass: the tickets an arrival woke and those whose wake-up time has come, longest
   * waiting first. Every other ticket is asleep: nothing it could be matched in has changed.
   */
  private continuousPass(nowMs: number): void {
    // Arrivals first: their neighbours whose pair with them can form now join the due set.
    this.search.settleArrivals(this.pool.takeArrivals(), nowMs);
    if (this.looksEveryTick) for (const entry of this.pool.byAge) if (entry.listed) this.pool.wake(entry);
    const order = this.pool.takeDue(nowMs);
    const mode = this.config.mode;
    const limit = (mode.kind === 'continuous' ? mode.maxEvaluationsPerTick : undefined) ?? Infinity;
    // A small due set (a live queue's tick) is paired exactly; a large one (a cold start) greedily,
    // forming as it goes so that later tickets see who is already taken.
    if (this.pairwise && order.length <= EXACT_SELECTION_LIMIT) {
      this.exactPass(order, nowMs, limit);
      return;
    }
    let evaluations = 0;
    // An index loop: `entries()` makes a pair for each of the tick's thousands of due tickets.
    for (let index = 0; index < order.length; index++) {
      const entry = order[index] as Entry<TRating>;
      if (!this.isDue(entry, nowMs)) continue;
      if (evaluations >= limit) {
        this.postpone(order.slice(index));
        return;
      }
      evaluations++;
      const best = this.search.formableFor(entry, nowMs)[0];
      if (best !== undefined) this.plan(best, entry);
    }
  }

  /** Due tickets past the tick's evaluation limit stay due for the next tick, in age order. */
  private postpone(rest: readonly Entry<TRating>[]): void {
    this.pool.postpone(rest);
  }

  private isDue(entry: Entry<TRating>, nowMs: number): boolean {
    // A listed entry is a registered one (`removeEntry` unlists before it ends a ticket): no lookup in
    // the registry's map of the whole pool is needed.
    if (!entry.listed || entry.takenAtTick === this.tickCounter || this.expiringNow.has(entry)) return false;
    return entry.dirty || nowMs >= entry.sleepUntilMs;
  }

  /** Pairwise queues with exact selection: every due ticket proposes, one matching selects. */
  private exactPass(order: readonly Entry<TRating>[], nowMs: number, limit: number): void {
    const proposed: Proposal<TRating>[] = [];
    const anchors: Entry<TRating>[] = [];
    let evaluations = 0;
    for (const [index, entry] of order.entries()) {
      if (!this.isDue(entry, nowMs)) continue;
      if (evaluations >= limit) {
        this.postpone(order.slice(index));
        break;
      }
      evaluations++;
      const formable = this.search.formableFor(entry, nowMs);
      if (formable.length === 0) continue;
      anchors.push(entry);
      proposed.push(...formable);
    }
    if (anchors.length === 0) return;
    const selected = selectPairs(proposed, (ticketId) => {
      const entry = this.entries.get(ticketId) as Entry<TRating>;
      return {
        ticketId,
        skill: entry.scored.skill,
        waitShare: (nowMs - entry.scored.enqueuedAtMs) / this.handshake.maxWaitMs,
      };
    });
    for (const proposal of selected) this.plan(proposal);
    // Tickets that had an acceptable pair but were not selected look again next tick.
    for (const entry of anchors) if (entry.listed) this.pool.wake(entry);
  }

  // ---- rounds mode ------------------------------------------------------------------------------

  /**
   * The exact time of the next round: the period after the last one, or the maximum wait of the
   * oldest ticket that has not yet reached it by the last round, whichever comes first. (A ticket a
   * round could not place does not make every later tick a round: it waits for the period.)
   */
  private nextRoundAtMs(): number {
    const mode = this.config.mode;
    if (mode.kind !== 'rounds') return Infinity;
    const base = this.lastRoundMs ?? this.roundClockStartMs ?? 0;
    let next = base + mode.periodMs;
    for (const entry of this.pool.byAge) {
      if (!entry.listed) continue;
      const dueMs = entry.scored.enqueuedAtMs + mode.maxWaitMs;
      if (this.lastRoundMs !== undefined && dueMs <= this.lastRoundMs) continue;
      next = Math.min(next, dueMs);
      break;
    }
    return next;
  }

  private maybeRunRound(nowMs: number): void {
    const mode = this.config.mode;
    // Only a round walks the whole pool; a continuous tick leaves departures to the list's own
    // compaction rather than scanning every waiting ticket once a tick.
    if (mode.kind !== 'rounds') return;
    this.pool.byAge.compact();
    if (this.pool.byAge.length === 0) return;
    let waitingPlayers = 0;
    for (const entry of this.pool.byAge) if (!this.expiringNow.has(entry)) waitingPlayers += entry.size;
    const due =
      nowMs >= this.nextRoundAtMs() || (mode.minPlayers !== undefined && waitingPlayers >= mode.minPlayers);
    if (!due) return;
    this.lastRoundMs = nowMs;
    for (const pool of ['main', 'low-priority'] as const) {
      const entries = this.pool.liveWithPrefix(`${pool}|`).filter((entry) => !this.expiringNow.has(entry));
      if (entries.length === 0) continue;
      const proposals = runRound(
        this.context,
        entries.map((entry) => entry.scored),
        nowMs,
        {
          aggregate: this.config.roundAggregate ?? 'mean',
          ...(this.clock === undefined ? {} : { clock: this.clock, budgetMs: mode.searchBudgetMs ?? 200 }),
          maxRestarts: 8,
          ...(mode.searchMethod === undefined ? {} : { method: mode.searchMethod }),
        },
      );
      for (const proposal of proposals) {
        if (isFormable(proposal)) {
          this.plan(proposal);
        } else {
          for (const team of proposal.match.teams) {
            for (const ticket of team) {
              const entry = this.entries.get(ticket.ticketId) as Entry<TRating>;
              entry.best = {
                match: proposal.match,
                evaluation: proposal.evaluation,
                rejectedBy: proposal.verdict.rejectedBy,
                breaches: proposal.verdict.breaches,
                atMs: nowMs,
              };
            }
          }
        }
      }
    }
  }

  // ---- ETA and snapshots ------------------------------------------------------------------------

  /** `bucket|band`: the key of a ticket's recent waits (one string per key, made once). */
  private etaKey(entry: Entry<TRating>): string {
    const band = Math.floor(entry.scored.skill / this.etaBandWidth);
    let byBand = this.etaKeys.get(entry.bucket);
    if (byBand === undefined) {
      byBand = new Map();
      this.etaKeys.set(entry.bucket, byBand);
    }
    let key = byBand.get(band);
    if (key === undefined) {
      key = `${entry.bucket}|${band}`;
      byBand.set(band, key);
    }
    return key;
  }

  private estimateEta(entry: Entry<TRating>, nowMs: number): TicketStatus['eta'] {
    const estimate = this.recentWaits.estimate(this.etaKey(entry), nowMs - entry.scored.enqueuedAtMs);
    if (estimate === undefined) return { kind: 'unknown' };
    return {
      kind: 'estimate',
      remainingMedianMs: estimate.medianMs,
      remainingP90Ms: estimate.p90Ms,
      samples: estimate.samples,
    };
  }

  private restore(snapshot: MatchmakerSnapshot<TRating>): void {
    if (snapshot.version !== 1 || snapshot.queueId !== this.config.id) {
      throw new MatchdError(ErrorCodes.INVALID_DATA, 'snapshot: wrong version or queue', {
        path: 'snapshot',
      });
    }
    for (const ticket of snapshot.tickets) {
      const { enqueuedAtMs, ...input } = ticket;
      validateTicket(input, this.config, this.model, (playerId) => this.entries.isPlayerQueued(playerId));
      this.addEntry(input, enqueuedAtMs);
    }
    for (const proposal of snapshot.proposals) {
      const ticketIds = proposal.match.teams.flatMap((team) => team.ticketIds);
      const members = ticketIds.map((id) => this.entries.get(id));
      if (members.some((entry) => entry === undefined)) {
        throw new MatchdError(ErrorCodes.INVALID_DATA, 'snapshot: a proposal names an unknown ticket', {
          path: 'proposals',
        });
      }
      for (const entry of members as Entry<TRating>[]) {
        this.pool.unindex(entry);
        entry.state = 'proposed';
        entry.matchId = proposal.match.matchId;
      }
      this.pending.set(proposal.match.matchId, {
        summary: proposal.match,
        ticketIds,
        deadlineMs: proposal.deadlineMs,
        accepted: new Set(proposal.acceptedPlayerIds),
        playerCount: (members as Entry<TRating>[]).reduce((sum, entry) => sum + entry.size, 0),
      });
    }
    this.lastNowMs = snapshot.lastTickMs;
    this.lastRoundMs = snapshot.lastRoundMs;
    this.roundClockStartMs = snapshot.lastRoundMs ?? snapshot.tickets[0]?.enqueuedAtMs;
    this.matchCounter = snapshot.matchCounter;
    for (const [key, wait] of snapshot.recentWaits) this.recentWaits.record(key, wait);
    for (const request of snapshot.backfills ?? []) {
      const { requestedAtMs, ...input } = request;
      validateBackfillRequest(input, this.config, this.model);
      this.addBackfill(request);
    }
  }
}

/**
 * An empty record to be keyed by ticket ids. Each match's ids are new names: an object literal would
 * make a hidden class for every one of them (several microseconds each, and garbage for the
 * collector); an object made without a prototype keeps its properties in a dictionary from the
 * start, and keeps doing so once given the ordinary prototype back.
 */
function ticketRecord<T>(): Record<string, T> {
  return Object.setPrototypeOf(Object.create(null), Object.prototype) as Record<string, T>;
}

/**
 * The ticket ids of a team, in order. Every match formed builds these: an array of the team's
 * length from the start (one grown by `push` reserves room for 17 ids).
 */
function ticketIdsOf(team: readonly { readonly ticketId: string }[]): string[] {
  const ticketIds: string[] = new Array(team.length);
  for (let i = 0; i < team.length; i++) ticketIds[i] = (team[i] as { readonly ticketId: string }).ticketId;
  return ticketIds;
}

/**
 * The player ids of a team's tickets, in order (plain loops into an array of the right length, as
 * `ticketIdsOf`; `flatMap` over small arrays costs several times as much).
 */
function playerIdsOf(
  team: readonly { readonly players: readonly { readonly profile: { readonly playerId: string } }[] }[],
): string[] {
  let count = 0;
  for (let t = 0; t < team.length; t++) count += (team[t] as (typeof team)[number]).players.length;
  const playerIds: string[] = new Array(count);
  let index = 0;
  for (let t = 0; t < team.length; t++) {
    const players = (team[t] as (typeof team)[number]).players;
    for (let p = 0; p < players.length; p++)
      playerIds[index++] = (players[p] as (typeof players)[number]).profile.playerId;
  }
  return playerIds;
}
