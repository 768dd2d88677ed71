/**
 * K policies for Elo: how far one match may move a player's rating, as a function of the player's
 * rating state (rating, games played, current streak) and the match.
 *
 * Source for the dynamic policy: J. Grubb, "World War Matchmaking - Design Spotlight" (DomiNations,
 * Big Huge Games, 2019): DOM MMR is "standard Elo with some targeted modifications to K-factor and
 * streaking": (1) new alliances get a higher K for their first several wars, (2) winning or losing
 * several wars in a row modifies K, (3) alliances with particularly high Glory have K treated
 * differently, and streaking does not apply there. The post gives no numbers; every one of them is
 * an option here ("every piece of the system ... has a knob that can be turned").
 */

import { requireFiniteOption } from '../../errors.ts';
import type { MatchResult, RatedMatch } from '../types.ts';
import { rejectUnknownOptions } from './pairwise.ts';

/** One player's Elo state: what a K policy needs to know about them. */
export interface EloRating {
  /** The rating on the model's scale (1500-centred by default). */
  readonly rating: number;
  /** Matches played so far (counted whatever the weight). */
  readonly games: number;
  /** Current run of equal results: +n after n wins in a row, -n after n losses, 0 after a draw or at the start. */
  readonly streak: number;
}

/** What a K policy sees for one player in one match. */
export interface KPolicyInput {
  /** The player's state before the match. */
  readonly player: EloRating;
  /** The player's team's score in this match, in [0, 1] (mean over its pairwise games). */
  readonly score: number;
  /** The expected score, in [0, 1]. */
  readonly expected: number;
  /** The player's streak including this match (see `streakAfter`). */
  readonly streakAfter: number;
  /** Number of teams in the match and the size of the player's team. */
  readonly teamCount: number;
  readonly teamSize: number;
  /** The whole match and result, for policies that look further (team index `team`). */
  readonly match: RatedMatch<EloRating>;
  readonly result: MatchResult;
  readonly team: number;
}

/** A K policy: the K factor (rating points per unit of surprise) for one player in one match; >= 0. */
export type KPolicy = (input: KPolicyInput) => number;

/**
 * The streak after a result with `score` in [0, 1]: a win (> 0.5) extends a winning streak or
 * starts one at +1, a loss (< 0.5) likewise downwards, a draw (0.5) ends any streak.
 */
export function streakAfter(streak: number, score: number): number {
  if (score > 0.5) return streak > 0 ? streak + 1 : 1;
  if (score < 0.5) return streak < 0 ? streak - 1 : -1;
  return 0;
}

/** The classic fixed K (FIDE uses 10 to 40; 32 is the common default for games). */
export function constantK(k = 32): KPolicy {
  requireFiniteOption('k', k, 0);
  return () => k;
}

/** Options of the DomiNations K policy. Rating thresholds are on the Elo model's scale. */
export interface DominationsKOptions {
  /** K of an established player below the high band; default 32. */
  readonly baseK?: number;
  /** K during a new player's first `newPlayerGames` matches; default 64. */
  readonly newPlayerK?: number;
  /** How many first matches count as new; default 10. */
  readonly newPlayerGames?: number;
  /** Results in a row (this match included) from which the streak multiplier applies; default 3. */
  readonly streakLength?: number;
  /** Factor on K while on a streak of at least `streakLength`; default 1.5. */
  readonly streakMultiplier?: number;
  /** Ratings at or above this are in the high band; default Infinity (no band). */
  readonly highRatingThreshold?: number;
  /** K in the high band, where streaks do not apply; default 16. */
  readonly highRatingK?: number;
}

const DOMINATIONS_KEYS = [
  'baseK',
  'newPlayerK',
  'newPlayerGames',
  'streakLength',
  'streakMultiplier',
  'highRatingThreshold',
  'highRatingK',
] as const;

/**
 * The DomiNations (DOM MMR) policy, evaluated in this order:
 * 1. rating >= highRatingThreshold: K = highRatingK, and no streak multiplier;
 * 2. otherwise K = newPlayerK for the first newPlayerGames matches (games < newPlayerGames), else baseK;
 * 3. times streakMultiplier when |streak including this match| >= streakLength.
 * Example with the defaults: a player with 3 games, streak +2, who wins again gets K = 64 * 1.5 = 96.
 */
export function dominationsK(options: DominationsKOptions = {}): KPolicy {
  rejectUnknownOptions(options, DOMINATIONS_KEYS, 'dominationsK');
  const baseK = requireFiniteOption('dominationsK.baseK', options.baseK ?? 32, 0);
  const newPlayerK = requireFiniteOption('dominationsK.newPlayerK', options.newPlayerK ?? 64, 0);
  const newPlayerGames = requireFiniteOption('dominationsK.newPlayerGames', options.newPlayerGames ?? 10, 0);
  const streakLength = requireFiniteOption('dominationsK.streakLength', options.streakLength ?? 3, 1);
  const streakMultiplier = requireFiniteOption(
    'dominationsK.streakMultiplier',
    options.streakMultiplier ?? 1.5,
    0,
  );
  const highRatingK = requireFiniteOption('dominationsK.highRatingK', options.highRatingK ?? 16, 0);
  const threshold = options.highRatingThreshold ?? Number.POSITIVE_INFINITY;
  if (threshold !== Number.POSITIVE_INFINITY)
    requireFiniteOption('dominationsK.highRatingThreshold', threshold);
  return ({ player, streakAfter: streak }) => {
    if (player.rating >= threshold) return highRatingK;
    const k = player.games < newPlayerGames ? newPlayerK : baseK;
    return Math.abs(streak) >= streakLength ? k * streakMultiplier : k;
  };
}
