/**
 * Public types of team-vs-team pairing (DomiNations' World War alliances): pre-formed teams paired by
 * minimum-cost matching over team pairs, where a pair is allowed only if both sides accept it.
 */

/** Cost of pairing team a with team b (symmetric, finite, >= 0 not required): a function or a matrix. */
export type TeamPairCost = ((a: number, b: number) => number) | readonly (readonly number[])[];

/**
 * Whether team `from`, under its own wait and threshold, accepts `to` as an opponent: a function or a
 * matrix (`accepts[from][to]`). Need not be symmetric: the handshake requires both directions.
 */
export type TeamAccepts = ((from: number, to: number) => boolean) | readonly (readonly boolean[])[];

/** Options of `pairTeams`. */
export interface PairTeamsOptions {
  /** Number of teams in the pool; teams are the indices 0 .. teamTotal - 1. */
  readonly teamTotal: number;
  readonly cost: TeamPairCost;
  /** The handshake as a callback or matrix; omitted means every side accepts every pair. */
  readonly accepts?: TeamAccepts;
  /**
   * Per-team thresholds: team a accepts b only if cost(a, b) <= maxCost[a] (DomiNations: a threshold
   * that relaxes with the alliance's wait). Combined with `accepts` by AND.
   */
  readonly maxCost?: readonly number[];
  /**
   * Per-team cost of staying unpaired (e.g. lower for a short wait), deciding who waits when not
   * everyone can be paired: the most allowed pairs come first, then the least pair plus leave-out cost.
   */
  readonly leaveOutCost?: readonly number[];
}

/** Result of `pairTeams`. */
export interface PairTeamsResult {
  /** Pairs [a, b] with a < b, sorted by a. */
  readonly pairs: readonly (readonly [number, number])[];
  /** Teams not paired this round, in increasing order. */
  readonly unpaired: readonly number[];
  /** Sum of the pairs' costs. */
  readonly totalCost: number;
}
