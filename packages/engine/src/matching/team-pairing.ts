/**
 * Team-vs-team pairing (DomiNations' World War alliances, 2019): pre-formed teams (alliances of 10 to
 * 50) are paired by an exact minimum-cost matching over team pairs. The handshake is a forbidden pair:
 * a pair is allowed only if each side, under its own wait and threshold, accepts the other ("the new
 * system will require the match to be acceptable from the perspective of both Alliances").
 *
 * The matching itself is `exactPairing` (blossom, with duals): among pairings of maximum size over the
 * allowed pairs, the least pair costs plus leave-out costs. Validated against brute force in tests.
 */
import { ErrorCodes, MatchdError } from '../errors.ts';
import { exactPairing } from './exact-pairing.ts';

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

function invalid(path: string, message: string, value: unknown): never {
  throw new MatchdError(ErrorCodes.INVALID_OPTION, `${path} ${message}`, { path, value: String(value) });
}

function requireSquare(path: string, matrix: readonly (readonly unknown[])[], size: number): void {
  if (matrix.length !== size || matrix.some((row) => !Array.isArray(row) || row.length !== size)) {
    invalid(path, `must be a ${size} x ${size} matrix`, `${matrix.length} rows`);
  }
}

function requirePerTeam(
  path: string,
  values: readonly number[] | undefined,
  size: number,
  allowInfinity: boolean,
): void {
  if (values === undefined) return;
  if (!Array.isArray(values) || values.length !== size)
    invalid(path, `needs one entry per team (${size})`, values?.length);
  values.forEach((value, team) => {
    const ok =
      typeof value === 'number' &&
      !Number.isNaN(value) &&
      (allowInfinity ? value !== -Infinity : Number.isFinite(value));
    if (!ok)
      invalid(
        `${path}[${team}]`,
        allowInfinity ? 'must be a number (not NaN or -Infinity)' : 'must be finite',
        value,
      );
  });
}

/** Cost of the pair from a function or matrix; NaN and -Infinity are rejected. */
function readCost(cost: TeamPairCost, a: number, b: number): number {
  const value = typeof cost === 'function' ? cost(a, b) : (cost[a] as readonly number[])[b];
  if (typeof value !== 'number' || Number.isNaN(value) || value === Number.NEGATIVE_INFINITY) {
    throw new MatchdError(
      ErrorCodes.INVALID_COSTS,
      `cost of teams (${a}, ${b}) must be a number, finite or +Infinity`,
      {
        path: `cost[${a}][${b}]`,
        value: String(value),
      },
    );
  }
  return value;
}

/**
 * Pairs teams for team-vs-team matches: the most pairs that both sides accept, then the least total
 * cost (pair costs plus the leave-out costs of the unpaired). Costs are read once per pair (a < b) and
 * must be symmetric in meaning; all input is validated before solving (INVALID_OPTION, INVALID_COSTS).
 *
 * @example
 * // Each alliance accepts opponents within its own threshold, which relaxes with its wait.
 * const { pairs, unpaired } = pairTeams({
 *   teamTotal: alliances.length,
 *   cost: (a, b) => allianceGap(alliances[a], alliances[b]),
 *   maxCost: alliances.map((alliance) => 0.05 + 0.01 * (alliance.waitMs / 60_000)),
 * });
 */
export function pairTeams(options: PairTeamsOptions): PairTeamsResult {
  const { teamTotal, cost, accepts, maxCost, leaveOutCost } = options;
  if (typeof teamTotal !== 'number' || !Number.isInteger(teamTotal) || teamTotal < 0) {
    invalid('teamTotal', 'must be a non-negative integer', teamTotal);
  }
  if (typeof cost !== 'function') {
    if (!Array.isArray(cost)) invalid('cost', 'must be a function or a matrix', cost);
    requireSquare('cost', cost, teamTotal);
  }
  if (accepts !== undefined && typeof accepts !== 'function') {
    if (!Array.isArray(accepts)) invalid('accepts', 'must be a function or a matrix', accepts);
    requireSquare('accepts', accepts, teamTotal);
  }
  requirePerTeam('maxCost', maxCost, teamTotal, true);
  requirePerTeam('leaveOutCost', leaveOutCost, teamTotal, false);
  const acceptsPair = (from: number, to: number): boolean => {
    if (accepts === undefined) return true;
    const answer =
      typeof accepts === 'function' ? accepts(from, to) : (accepts[from] as readonly boolean[])[to];
    if (typeof answer !== 'boolean') invalid(`accepts[${from}][${to}]`, 'must be a boolean', answer);
    return answer;
  };
  // The handshake turns into forbidden pairs (cost +Infinity) before the exact matching sees them.
  const costs = new Float64Array(teamTotal * teamTotal);
  for (let a = 0; a < teamTotal; a++) {
    for (let b = a + 1; b < teamTotal; b++) {
      const value = readCost(cost, a, b);
      const allowed =
        value !== Number.POSITIVE_INFINITY &&
        acceptsPair(a, b) &&
        acceptsPair(b, a) &&
        (maxCost === undefined || (value <= (maxCost[a] as number) && value <= (maxCost[b] as number)));
      const handshake = allowed ? value : Number.POSITIVE_INFINITY;
      costs[a * teamTotal + b] = handshake;
      costs[b * teamTotal + a] = handshake;
    }
  }
  const pairing = exactPairing({
    size: teamTotal,
    costs,
    ...(leaveOutCost === undefined ? {} : { leaveOutCosts: leaveOutCost }),
  });
  return {
    pairs: pairing.pairs.map(([a, b]) => [a, b] as const),
    unpaired: pairing.unpaired.slice(),
    totalCost: pairing.pairCost,
  };
}
