/**
 * Queues: the declarative config, the ticket, the effects, the status and the `Matchmaker`
 * operations. The matchmaker is a pure state machine: time (`nowMs`) and a seeded `Random` are
 * inputs, every operation validates before it changes anything, and every change is reported as an
 * effect that the caller (server, simulator) carries out.
 */

import type {
  CriterionConfig,
  CriterionExplanation,
  ExpectedChurn,
  PlayerProfile,
  RoundAggregate,
} from '../quality/types.ts';
import type { RandomState } from '../random.ts';
import type { RatingModel } from '../rating/types.ts';
import type { AttributeDeclarations, Rule } from '../rules/types.ts';

/**
 * A value that relaxes with a ticket's own wait (FlexMatch expansions, PlayFab rule expansion).
 * At wait w the value is the more relaxed of: the last step with `afterMs <= w` (else `start`),
 * and the linear ramp `start ± perSecond * (w - startAfterMs) / 1000` stopped at `limit`.
 * "More relaxed" is lower for a quality threshold and higher for a maximum ping.
 */
export interface Relaxation {
  readonly start: number;
  readonly steps?: readonly { readonly afterMs: number; readonly value: number }[];
  readonly linear?: {
    readonly startAfterMs?: number;
    readonly perSecond: number;
    readonly limit: number;
  };
}

/** A whole number, or an inclusive range of them (`{ "min": 4, "max": 8 }`). */
export type CountRange = number | { readonly min: number; readonly max: number };

/**
 * Team shape: `count` teams of `size` players, each a number or a range. 1v1 to 100-player
 * free-for-all (size 1) and single-team queues (count 1); a match holds at most 200 players. A match
 * forms at the largest size the waiting tickets allow; a ticket accepts a smaller one as its
 * `minMatchPlayers` relaxes with its wait. Teams are equal unless `maxSizeDifference` allows more.
 */
export interface TeamsConfig {
  readonly count: CountRange;
  readonly size: CountRange;
  /** With a size range: the most players two teams of one match may differ by. Default 0. */
  readonly maxSizeDifference?: number;
  /**
   * The fewest players a ticket accepts in its match, relaxing downwards with its wait (a hard limit).
   * Default: the largest match at first, down to the smallest the shape allows at `mode.maxWaitMs`.
   */
  readonly minMatchPlayers?: Relaxation;
}

/**
 * One team of an asymmetric queue (FlexMatch's named teams: five hunters against one monster): its
 * name, which rules address (`team`) and the match record reports, and its own size range. The
 * team takes at most `maxPlayers`, and at least `minPlayers`: a number, or a relaxation over the
 * wait of the match's newest ticket (FlexMatch's `teams[NAME].minPlayers` expansion: 5, then 4 after
 * 30 s). The smallest the team ever takes is the lowest value the relaxation reaches.
 */
export interface NamedTeamConfig {
  readonly name: string;
  readonly minPlayers: number | Relaxation;
  readonly maxPlayers: number;
}

/**
 * `teams`: the symmetric shape (interchangeable teams of one size range), or a list of named teams,
 * each with its own size range, in the order the match record lists them.
 */
export type QueueTeams = TeamsConfig | readonly NamedTeamConfig[];

/**
 * What a ticket past `mode.maxWaitMs` does. `accept` (default): it accepts any match whose every
 * other ticket accepts it at its own wait. `force` (DomiNations): its best match forms even below the
 * other tickets' quality thresholds. Neither ever breaks a hard limit (gates, ping caps, match size,
 * fairness floor).
 */
export type OverduePolicy = 'accept' | 'force';

/** Which rating the tickets carry and how it is read. */
export interface RatingConfig {
  /** The rating track the service puts on tickets (e.g. `ranked-solo`, `normal-party`). */
  readonly track: string;
  /** Skills are clamped to this workable range before skill criteria (Awesomenauts caps the top). */
  readonly skillRange?: { readonly min: number; readonly max: number };
  /**
   * A typical skill difference on the model's scale, for the skill criteria's default caps. Default:
   * the deviation of the model's initial rating, or 200 when the model keeps none (Elo).
   */
  readonly skillScale?: number;
  /**
   * Players with fewer games than this are calibrating: their skill is uncertain, so the skill
   * criteria use a band of width `deviation` around the mean (gaps inside it count as zero).
   */
  readonly calibrationGames?: number;
  /**
   * The service's rating policy of this track (model, calibration, display, visibility, ...): the
   * name of a declared policy or a declaration. The engine carries it; the service reads it.
   */
  readonly policy?: string | Readonly<Record<string, unknown>>;
  /**
   * A fitted party-bonus model by name (Dota's party-adjusted MMR; `matchd ratings fit-party` writes
   * it): the service raises each party member's rating by the model's bonus before the ticket
   * enters the queue. Solo players are unchanged.
   */
  readonly partyAdjustment?: string;
}

/**
 * Where an engagement queue's churn estimates come from (EOMM). `churnTable`: churn by recent
 * outcomes (`{ "WWL": 0.57, ... }`, keys of one length), used by the engine directly. `churnModel`:
 * a churn model fitted from the service's own match history (`matchd engagement fit`) by name; the
 * service supplies its estimator, and `churnTable`, when also given, serves until the model exists.
 */
export interface EngagementConfig {
  readonly churnTable?: Readonly<Record<string, number>>;
  readonly churnModel?: string;
}

/** Continuous mode: every tick evaluates the whole pool, longest-waiting first. */
export interface ContinuousMode {
  readonly kind: 'continuous';
  /** Past this wait a ticket waives its own quality threshold (see `overdue`). */
  readonly maxWaitMs: number;
  /** What a ticket past `maxWaitMs` does; default `accept`. */
  readonly overdue?: OverduePolicy;
  /** Candidates considered on each side of a ticket in skill order; default 6. */
  readonly candidateWindow?: number;
  /**
   * Pairwise queues (1v1, whole teams): how a tick picks among the acceptable pairs. `greedy`:
   * longest-waiting first takes its best pair. `exact`: a minimum-cost matching over all of them
   * (cost 1 - objective; long waiters costlier to leave out). Default: `exact` for the engagement
   * and blend objectives (EOMM is a pool-wide optimisation), `greedy` for quality.
   */
  readonly selection?: 'greedy' | 'exact';
  /**
   * At most this many tickets are evaluated per tick (oldest first; the rest stay due for the next
   * tick). Bounds a tick's time when a large pool is due at once (a cold start, a snapshot restore);
   * default: no limit.
   */
  readonly maxEvaluationsPerTick?: number;
}

/** Rounds mode (Awesomenauts): all waiting tickets are matched at once. */
export interface RoundsMode {
  readonly kind: 'rounds';
  /** A round runs every `periodMs` after the previous one ... */
  readonly periodMs: number;
  /** ... or as soon as this many players wait ... */
  readonly minPlayers?: number;
  /** ... but never later than this wait of the oldest ticket; past it a ticket waives its own threshold. */
  readonly maxWaitMs: number;
  /** What a ticket past `maxWaitMs` does; default `accept`. */
  readonly overdue?: OverduePolicy;
  /** Time budget of the team formation per round, ms (measured by the injected clock). Default 200. */
  readonly searchBudgetMs?: number;
  /** Team formation's search: exchanges with restarts (default) or simulated annealing. */
  readonly searchMethod?: 'restarts' | 'annealing';
}

export type QueueMode = ContinuousMode | RoundsMode;

/**
 * What the matchmaker maximises among acceptable candidates. `quality`: the match quality.
 * `engagement`: 1 - the mean expected churn (EOMM). `blend`: `(1 - engagementWeight) * quality +
 * engagementWeight * (1 - churn)`. `maxFavouriteWinProbability` is a fairness floor for any objective:
 * no match forms whose favourite wins with more than this probability.
 */
export type Objective =
  | { readonly kind: 'quality'; readonly maxFavouriteWinProbability?: number }
  | { readonly kind: 'engagement'; readonly maxFavouriteWinProbability?: number }
  | {
      readonly kind: 'blend';
      readonly engagementWeight: number;
      readonly maxFavouriteWinProbability?: number;
    };

/** Dota-style gates, checked at enqueue for every player of the ticket. */
export interface GatesConfig {
  /** Ranked unlock: every party member needs at least this many games. */
  readonly minGamesPlayed?: number;
  /**
   * The track whose games `minGamesPlayed` counts (Dota: ranked unlocks after ~150 games of normal
   * matchmaking): a track name (`normal`, counting its solo and party tracks) or a full track key
   * (`normal/solo`). The service fills each player's `gamesByTrack` with it. Default: the games on
   * the queue's own track (`gamesPlayed`).
   */
  readonly gamesTrack?: string;
  /** Largest party (ticket) allowed; default and upper bound: the team size. */
  readonly maxPartySize?: number;
  /** Smallest party allowed (a team-vs-team queue of pre-formed teams sets it to the team size). */
  readonly minPartySize?: number;
  /** Low-priority players: `separate` pool (default) or `reject` (Dota ranked). */
  readonly lowPriority?: 'separate' | 'reject';
  /** Roles this queue does not allow (e.g. `coach`). */
  readonly disallowedRoles?: readonly string[];
}

/** Regions and latency. */
export interface RegionsConfig {
  /** The regions matches can be played in. Tickets must give a ping to at least one. */
  readonly names: readonly string[];
  /** The most ping any player of a match may have to its region, relaxing with the ticket's wait. */
  readonly maxPingMs: Relaxation;
}

/** Optional acceptance step: proposed matches wait for every player to accept. */
export interface AcceptanceConfig {
  readonly timeoutMs: number;
}

/** ETA estimation in continuous mode: recent waits of similar tickets. */
export interface EtaConfig {
  /** Width of a rating band (skill units) for "similar"; default 200. */
  readonly skillBandWidth?: number;
  /** Recent waits kept per band and region; default 200. */
  readonly samples?: number;
}

/** A queue, as a plain object (JSON; YAML is parsed at the edges). See docs/queues.md. */
export interface QueueConfig {
  readonly id: string;
  readonly name?: string;
  readonly teams: QueueTeams;
  readonly rating: RatingConfig;
  readonly criteria: readonly CriterionConfig[];
  /** Match quality a ticket accepts, relaxing with its wait (lower = more relaxed). */
  readonly threshold: Relaxation;
  readonly mode: QueueMode;
  readonly objective?: Objective;
  /** The queue's own churn table or model (default: the service's table, if it has one). */
  readonly engagement?: EngagementConfig;
  readonly gates?: GatesConfig;
  readonly regions?: RegionsConfig;
  readonly acceptance?: AcceptanceConfig;
  /** How a round's matches combine into the round objective; default `mean`. */
  readonly roundAggregate?: RoundAggregate;
  /** A ticket still unmatched after this wait expires; default: never. */
  readonly expireAfterMs?: number;
  readonly eta?: EtaConfig;
  /** Player attributes tickets may carry: type and default of each (docs/rules.md). */
  readonly attributes?: AttributeDeclarations;
  /** Hard and soft rules over the players' attributes, pings and parties (docs/rules.md). */
  readonly rules?: readonly Rule[];
  /** Filling the open seats of running matches (docs/handoff.md). */
  readonly backfill?: BackfillConfig;
  /** How formed matches reach game servers; read by the service, not the engine (docs/handoff.md). */
  readonly handoff?: HandoffConfig;
}

/** Backfill: a running match's open seats filled with waiting tickets (FlexMatch, PlayFab). */
export interface BackfillConfig {
  /** A seat freed by a player's leave report starts a backfill request by itself. Default false. */
  readonly auto?: boolean;
  /** A request still unfilled after this long expires; default the queue's `expireAfterMs`, else 10 min. */
  readonly expireAfterMs?: number;
  /**
   * How a result rates the players who left the match before its end (a leave report, or left out
   * of a backfill request): `unrated` (default) leaves their ratings alone; `loss` rates each as
   * having lost to every other team. Read by the service (docs/handoff.md).
   */
  readonly leavers?: 'unrated' | 'loss';
}

/** Hand-off of formed matches to game servers (the service reads it; the engine only checks it). */
export interface HandoffConfig {
  /** Each match event of the queue is POSTed here, signed (docs/handoff.md). */
  readonly webhookUrl?: string;
  /**
   * Allocate-then-assign: a formed match waits in `allocating` until the studio's allocator sets its
   * server address; after `timeoutMs` without one it fails (`allocation-failed`).
   */
  readonly allocation?: { readonly timeoutMs: number };
}

/**
 * A request to fill a running match's open seats. Each team lists the players still in it and the
 * seats it holds in all; its open seats are the difference. Teams are kept: present players stay on
 * their team, and only open seats are filled.
 */
export interface BackfillRequest<TRating> {
  readonly requestId: string;
  /** The running match (the caller's id; the engine only echoes it). */
  readonly matchId: string;
  /** The region the match is played in: fixed, the new players' ping caps are checked against it. */
  readonly region?: string;
  readonly teams: readonly {
    readonly players: readonly PlayerProfile<TRating>[];
    readonly seats: number;
  }[];
}

/** A backfill request in the pool, as exported and restored. */
export interface WaitingBackfill<TRating> extends BackfillRequest<TRating> {
  readonly requestedAtMs: number;
}

/** A queue entry: one player, or a party (matched together, always on the same team). */
export interface TicketInput<TRating> {
  readonly ticketId: string;
  readonly players: readonly PlayerProfile<TRating>[];
  /** A stricter minimum quality of this ticket's own (e.g. pros who prefer to wait). */
  readonly minQuality?: number;
}

/** A ticket in the pool, as exported and restored. */
export interface WaitingTicket<TRating> extends TicketInput<TRating> {
  readonly enqueuedAtMs: number;
}

/** The lifecycle of a ticket: one union (STYLE 4.2). */
export type TicketState = 'searching' | 'proposed' | 'matched' | 'cancelled' | 'expired';

/** One team of a match: its tickets and players. */
export interface MatchTeam {
  /** The team's name, when the queue declares named teams (`monster`): who plays which side. */
  readonly name?: string;
  readonly ticketIds: readonly string[];
  readonly playerIds: readonly string[];
}

/** A match as the effects report it. */
export interface MatchSummary {
  readonly matchId: string;
  readonly teams: readonly MatchTeam[];
  readonly region?: string;
  readonly quality: number;
  readonly criteria: readonly CriterionExplanation[];
  /** Win probability of each team (draws excluded, normalised). */
  readonly winProbabilities: readonly number[];
  /** Mean expected churn of the players, when an engagement estimator is configured. */
  readonly expectedChurn?: number;
  /**
   * True when the match is below some ticket's quality threshold: a ticket past its maximum wait
   * accepted it (policy `accept`, its own threshold), or forced it on others (policy `force`).
   */
  readonly forced: boolean;
}

/** Why a ticket left the pool without a match. */
export type CancelReason = 'cancelled' | 'declined' | 'acceptance-timeout';

/** What an operation did. The caller carries the effects out (notify players, start a server). */
export type MatchmakerEffect =
  | { readonly kind: 'proposed'; readonly match: MatchSummary; readonly deadlineMs: number }
  | {
      readonly kind: 'matched';
      readonly match: MatchSummary;
      readonly atMs: number;
      /** Each ticket's wait at the moment the match formed. */
      readonly waitMsByTicket: Readonly<Record<string, number>>;
    }
  | {
      readonly kind: 'returned';
      readonly ticketId: string;
      readonly matchId: string;
      readonly reason: 'declined' | 'acceptance-timeout';
    }
  | { readonly kind: 'expired'; readonly ticketId: string; readonly waitMs: number }
  | { readonly kind: 'cancelled'; readonly ticketId: string; readonly reason: CancelReason }
  | {
      /** A backfill request was filled: `added` holds the new tickets per team (in the request's order). */
      readonly kind: 'backfilled';
      readonly requestId: string;
      readonly matchId: string;
      readonly added: readonly MatchTeam[];
      /** The quality of the whole match with its new players. */
      readonly quality: number;
      readonly criteria: readonly CriterionExplanation[];
      readonly atMs: number;
      readonly waitMsByTicket: Readonly<Record<string, number>>;
    };

/** When a ticket can expect its match. */
export type Eta =
  /** Rounds: the exact time of the next round. */
  | { readonly kind: 'round'; readonly atMs: number }
  /** Continuous: median and 90th percentile of recent waits of similar tickets (remaining, ms). */
  | {
      readonly kind: 'estimate';
      readonly remainingMedianMs: number;
      readonly remainingP90Ms: number;
      readonly samples: number;
    }
  /** Continuous with no similar recent match yet. */
  | { readonly kind: 'unknown' };

/**
 * The hard limits of a candidate match, each checked for every ticket in it (docs/queues.md): the
 * queue's gates, the ping cap to the match's region, the fewest players the ticket accepts, the team
 * sizes of the shape, the fairness floor, and each hard rule of the queue (`rule`, docs/rules.md).
 */
export type HardLimitKind = 'gates' | 'ping-cap' | 'match-size' | 'team-sizes' | 'fairness-floor' | 'rule';

/** A hard limit that holds a waiting ticket back, and for whom. */
export interface LimitHold {
  readonly limit: HardLimitKind;
  /** The hard rule (`rules[].name`) that fails, when the limit is `rule`. */
  readonly rule?: string;
  /** Tickets of the candidate for which the limit fails. */
  readonly ticketIds: readonly string[];
  /** A sentence, e.g. `t7: 180 ms to eu, over its 150 ms cap`. */
  readonly detail: string;
}

/** Why a ticket is still waiting: the best candidate found for it and what held it back. */
export interface WaitExplanation {
  /** The ticket's current threshold (after relaxation, and its own `minQuality`). */
  readonly thresholdNow: number;
  /** The best candidate match found at the last evaluation, if any. */
  readonly bestCandidate?: {
    readonly quality: number;
    readonly ticketIds: readonly string[];
    readonly criteria: readonly CriterionExplanation[];
    /** Criteria that scored below the threshold (they pulled the weighted mean under it). */
    readonly belowThreshold: readonly CriterionExplanation[];
    /** Tickets of the candidate that did not accept it under their own wait and threshold. */
    readonly rejectedBy: readonly string[];
    /** Hard limits the candidate breaks (it cannot form until they hold). */
    readonly heldBy: readonly LimitHold[];
  };
  /**
   * Set when no candidate exists because a hard limit of this ticket excludes every waiting ticket,
   * e.g. `no waiting player within your 150 ms cap in eu or na`.
   */
  readonly alone?: { readonly limit: HardLimitKind; readonly rule?: string; readonly detail: string };
  /** A sentence for players and dashboards. */
  readonly summary: string;
}

/** `status(ticketId, nowMs)`. */
export interface TicketStatus {
  readonly ticketId: string;
  readonly state: TicketState;
  readonly waitMs: number;
  readonly eta?: Eta;
  readonly explanation?: WaitExplanation;
  /** The match the ticket is proposed for or matched in. */
  readonly matchId?: string;
}

/** A proposed match awaiting acceptance, as exported. */
export interface PendingProposal {
  readonly match: MatchSummary;
  readonly deadlineMs: number;
  readonly acceptedPlayerIds: readonly string[];
}

/** The matchmaker's whole state as JSON, for the service to persist and restore. */
export interface MatchmakerSnapshot<TRating> {
  readonly version: 1;
  readonly queueId: string;
  /** Waiting and proposed tickets, oldest first. */
  readonly tickets: readonly WaitingTicket<TRating>[];
  readonly proposals: readonly PendingProposal[];
  readonly randomState: RandomState;
  readonly lastTickMs?: number;
  readonly lastRoundMs?: number;
  readonly matchCounter: number;
  /** Recent waits for the ETA: `[bandKey, waitMs][]`. */
  readonly recentWaits: readonly (readonly [string, number])[];
  /** Backfill requests waiting, oldest first. */
  readonly backfills?: readonly WaitingBackfill<TRating>[];
}

/** Inputs to `createMatchmaker`. */
export interface MatchmakerOptions<TRating> {
  readonly config: QueueConfig;
  readonly ratingModel: RatingModel<TRating>;
  /** Seed of the engine's Random (ignored when restoring a snapshot, which carries the state). */
  readonly seed: number;
  /** Needed when the queue has an `engagement` criterion or objective. */
  readonly expectedChurn?: ExpectedChurn<TRating>;
  /** A ms clock for the rounds search's time budget only; default: a fixed iteration budget. */
  readonly clock?: () => number;
  readonly snapshot?: MatchmakerSnapshot<TRating>;
}

/**
 * A queue's matchmaker. Every operation validates its input first and throws `MatchdError`
 * (naming the field in `details.path`) without changing anything; `nowMs` must never go backwards.
 */
export interface Matchmaker<TRating> {
  readonly config: QueueConfig;
  /** Adds a ticket (a player or an atomic party). Throws on bad tickets and failed gates. */
  enqueue(ticket: TicketInput<TRating>, nowMs: number): readonly MatchmakerEffect[];
  /**
   * Adds a backfill request: at each tick, before new matches form, waiting tickets fill its open
   * seats when the whole match keeps every hard limit and the new tickets accept its quality. It
   * expires like a ticket (`expired`) and is cancelled with `cancel(requestId)`.
   */
  requestBackfill(request: BackfillRequest<TRating>, nowMs: number): readonly MatchmakerEffect[];
  /** Removes a searching or proposed ticket (a proposed match it was in returns the others). */
  cancel(ticketId: string, nowMs: number): readonly MatchmakerEffect[];
  /** A player of a proposed ticket accepts; the match forms when the last player accepts. */
  accept(ticketId: string, playerId: string, nowMs: number): readonly MatchmakerEffect[];
  /** A player declines: their ticket leaves, the others return keeping their wait. */
  decline(ticketId: string, playerId: string, nowMs: number): readonly MatchmakerEffect[];
  /** Runs matchmaking at `nowMs`: forms, proposes, times out and expires. */
  tick(nowMs: number): readonly MatchmakerEffect[];
  status(ticketId: string, nowMs: number): TicketStatus;
  /** Number of tickets and players waiting (searching or proposed). */
  size(): { readonly tickets: number; readonly players: number };
  /** The whole state as JSON; `createMatchmaker({ ..., snapshot })` continues from it. */
  exportSnapshot(): MatchmakerSnapshot<TRating>;
}
