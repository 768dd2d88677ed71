/**
 * Match quality: the vocabulary shared by the criteria, the queue engine, the simulator and the
 * service. Every criterion turns a candidate match into a raw value in its natural unit (rating
 * points, milliseconds, a probability distance, a count) and a score in [0, 1] (1 = perfect), and
 * can explain itself. A match's quality is the weighted mean of its criteria's scores (Dota 2,
 * Awesomenauts); a round's quality aggregates its matches by a mean or a concave mean.
 */

import type { Prediction } from '../rating/types.ts';
import type { PlayerAttributes } from '../rules/types.ts';

/**
 * The criteria. Dota 2's seven: `team-balance`, `skill-spread`, `experience-spread`,
 * `top-player-parity`, `party-balance`, `common-language`, `wait-time`. Awesomenauts':
 * `team-skill-gap`, `player-skill-gap`, `premades`, `enemy-ping`, `opponent-variation`, `hosts`.
 * DomiNations': `offense-defense`, `variance-rating`. EOMM: `engagement`.
 */
export type CriterionKind =
  | 'team-balance'
  | 'skill-spread'
  | 'experience-spread'
  | 'top-player-parity'
  | 'party-balance'
  | 'common-language'
  | 'wait-time'
  | 'team-skill-gap'
  | 'player-skill-gap'
  | 'premades'
  | 'enemy-ping'
  | 'opponent-variation'
  | 'hosts'
  | 'offense-defense'
  | 'variance-rating'
  | 'engagement';

/**
 * How a criterion's raw value becomes a score. For a cost (most criteria) the score is
 * `1 - ((clamp(raw, floor, cap) - floor) / (cap - floor)) ** power`: every raw value at or below
 * `floor` is perfect (all pings under 50 ms), every value at or above `cap` is equally bad (skill gaps
 * beyond 10k), `power` > 1 stresses big gaps and < 1 small ones. For a benefit (`wait-time`) the
 * score rises instead: `((clamp(raw) - floor) / (cap - floor)) ** power`. Each kind has its own
 * defaults (see docs/queues.md).
 */
export interface Shaping {
  readonly floor?: number;
  readonly cap?: number;
  readonly power?: number;
}

/** Fields every criterion config has. */
export interface CriterionBase {
  /** Relative weight in the match's weighted mean; >= 0 (0 = explain only). */
  readonly weight: number;
  readonly shaping?: Shaping;
}

/** Per-kind options; kinds without options take only the base fields. */
export type CriterionConfig =
  | (CriterionBase & { readonly kind: 'team-balance' })
  | (CriterionBase & {
      readonly kind: 'skill-spread' | 'experience-spread';
      /** Measure parties by their members' mean (Dota: "party aggregate"), default true. */
      readonly partyAggregate?: boolean;
    })
  | (CriterionBase & { readonly kind: 'top-player-parity' | 'team-skill-gap' | 'player-skill-gap' })
  | (CriterionBase & { readonly kind: 'party-balance' })
  | (CriterionBase & {
      readonly kind: 'common-language';
      /** Penalty share when a team has no common language; default 0.8. */
      readonly withinTeamPenalty?: number;
      /** Penalty share when the whole match has none; default 0.2. */
      readonly acrossMatchPenalty?: number;
    })
  | (CriterionBase & {
      readonly kind: 'wait-time';
      /** Which wait counts: the longest in the match (default) or the mean. */
      readonly aggregate?: 'max' | 'mean';
    })
  | (CriterionBase & {
      readonly kind: 'premades';
      /** Players that must change party to turn one team's structure into the other's, still "small". Default 1. */
      readonly smallDifferencePlayers?: number;
      /** Score of a small difference; default 0.6 (Awesomenauts). */
      readonly smallDifferenceScore?: number;
    })
  | (CriterionBase & { readonly kind: 'enemy-ping' })
  | (CriterionBase & {
      readonly kind: 'opponent-variation';
      /** Penalty of a pair that met last match in the swapped role (teammate <-> opponent); default 0.5. */
      readonly swappedRolePenalty?: number;
    })
  | (CriterionBase & {
      readonly kind: 'hosts';
      /** How many players able to host are wanted (host + migration backup); default 2. */
      readonly wantedHosts?: number;
    })
  | (CriterionBase & { readonly kind: 'offense-defense' | 'variance-rating' })
  | (CriterionBase & { readonly kind: 'engagement' });

/** One criterion's verdict on one match. */
export interface CriterionExplanation {
  readonly criterion: CriterionKind;
  /** The raw value, in the criterion's own unit (see docs/queues.md). */
  readonly raw: number;
  /** The shaped score in [0, 1]. */
  readonly score: number;
  readonly weight: number;
  /** A short human sentence, e.g. `mean enemy ping 84 ms`. */
  readonly detail: string;
}

/** A match's quality: the weighted mean of the criteria, with every criterion's explanation. */
export interface MatchQuality {
  readonly score: number;
  readonly criteria: readonly CriterionExplanation[];
}

/** How a round's matches combine into one figure: plain mean, or mean of square roots (lifts the worst). */
export type RoundAggregate = 'mean' | 'sqrt-mean';

/** NAT class, for the peer-to-peer host criterion: open reaches all; moderate reaches open and moderate; strict reaches open only. */
export type NatType = 'open' | 'moderate' | 'strict';

/** Whom a player met in their previous match (Awesomenauts' opponent variation). */
export interface LastMatchMemory {
  readonly teammateIds: readonly string[];
  readonly opponentIds: readonly string[];
}

/**
 * One player as the criteria read them (also the player entry of a queue ticket). Only `playerId` and
 * `rating` are required; a criterion that needs a missing field treats it neutrally (documented per
 * criterion), and a queue may require fields through its gates.
 */
export interface PlayerProfile<TRating> {
  readonly playerId: string;
  /** The player's rating on the queue's rating track, in the queue's rating model. */
  readonly rating: TRating;
  /** Games played (on the track): experience (Dota, log scale) and the ranked-unlock gate. */
  readonly gamesPlayed?: number;
  /** Games played on other tracks, by the name a queue's `gates.gamesTrack` gives (the ranked unlock). */
  readonly gamesByTrack?: Readonly<Record<string, number>>;
  /** Languages the player accepts (e.g. `['en', 'de']`); missing = accepts any. */
  readonly languages?: readonly string[];
  /** Roles the player wants to play; a queue may disallow some. */
  readonly roles?: readonly string[];
  /** Round-trip ping to each region, ms. */
  readonly pingMsByRegion?: Readonly<Record<string, number>>;
  /** DomiNations base offensive rating (> 0). */
  readonly offenseRating?: number;
  /** DomiNations base defensive rating (> 0). */
  readonly defenseRating?: number;
  readonly nat?: NatType;
  readonly lastMatch?: LastMatchMemory;
  /** In the low-priority pool (Dota): matched only with other low-priority tickets. */
  readonly lowPriority?: boolean;
  /**
   * The player's recent outcomes, newest last ('W', 'L', 'D'), for the engagement (EOMM churn) criterion.
   */
  readonly recentOutcomes?: readonly ('W' | 'L' | 'D')[];
  /** Values of the player attributes the queue declares, read by its rules (docs/rules.md). */
  readonly attributes?: PlayerAttributes;
  /**
   * The player's recent matches, oldest first (time, outcome, score difference), for a fitted churn
   * model (EOMM section 5.2 features); the service reads them from the stored history.
   */
  readonly recentMatches?: readonly RecentMatch[];
}

/** One past match of a player, as the churn model reads it. */
export interface RecentMatch {
  readonly timeMs: number;
  readonly outcome: 'W' | 'L' | 'D';
  /** The player's team score minus the best other team's; 0 when the game has none. */
  readonly scoreDifference: number;
}

/**
 * A player with the values the criteria need precomputed once at enqueue, so that scoring a
 * candidate is arithmetic only (the continuous tick scores many candidates).
 */
export interface ScoredPlayer<TRating> {
  readonly profile: PlayerProfile<TRating>;
  /** Skill mean from the rating model, clamped to the queue's workable range. */
  readonly skill: number;
  /**
   * Half-width of the band a calibrating player's skill may lie in (the model's deviation while the
   * player has fewer games than the queue's `calibrationGames`, else 0): skill gaps inside it count as 0.
   */
  readonly skillBand: number;
  /** ln(gamesPlayed + 40) (Dota: 40 -> 120 games is the same step as 120 -> 280 games). */
  readonly experience: number;
  /** Pings by region index of a shared `RegionIndex` (Infinity = no ping), for fast pair pings. */
  readonly pingVector?: Float64Array;
}

/** A ticket as the criteria see it: its players (a party when more than one) and its wait. */
export interface ScoredTicket<TRating> {
  readonly ticketId: string;
  readonly players: readonly ScoredPlayer<TRating>[];
  /** Mean skill of the players (a party's aggregate skill). */
  readonly skill: number;
  /** Mean calibration band of the players (the party's band around its aggregate skill). */
  readonly skillBand: number;
  readonly experience: number;
  readonly enqueuedAtMs: number;
}

/** A candidate match: tickets per team, and the region it would be played in (if the queue has regions). */
export interface CandidateMatch<TRating> {
  readonly teams: readonly (readonly ScoredTicket<TRating>[])[];
  readonly region?: string;
}

/**
 * The engagement criterion's port: the mean expected churn probability (in [0, 1]) of the players
 * of a candidate match, given the rating model's outcome prediction (EOMM, Eqn. 7: churn marginalised
 * over the match outcome). The engine's `engagement/` module provides the real estimator; the queue
 * takes it as an input so that any churn model can be plugged in.
 */
export type ExpectedChurn<TRating> = (match: CandidateMatch<TRating>, prediction: Prediction) => number;
