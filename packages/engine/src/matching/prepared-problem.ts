/**
 * Validation of a pairing problem and its reduction to a perfect matching on a complete graph
 * (the "augmented problem"): a dummy vertex for odd pools whose edges cost the leave-out costs, and a
 * big-M cost for forbidden pairs so that the optimum pairs as many tickets as possible first.
 * Everything is validated here, before any solving, so that bad input changes nothing.
 */

import { ErrorCodes, MatchdError } from '../errors.ts';
import type { PairCostFunction, PairingProblem } from './types.ts';

/** Default relative tolerance for symmetry checks and the optimality certificate. */
export const DEFAULT_PAIRING_TOLERANCE = 1e-9;

/** Function-given costs are cached in a matrix up to this many tickets (8 * n^2 bytes: 32 MiB). */
const CACHE_LIMIT = 2048;

/** A validated problem with cost access for its augmented form. */
export interface PreparedProblem {
  /** Tickets in the pool. */
  readonly size: number;
  /** Vertices of the augmented problem: size, or size + 1 with a dummy when size is odd. */
  readonly vertexCount: number;
  readonly dummyVertex: number | undefined;
  /** +1 for 'min', -1 for 'max' (costs are negated). */
  readonly sign: 1 | -1;
  readonly leaveOut: Float64Array;
  /** Row-major size*size costs (upper triangle read), when available. */
  readonly matrix: Float64Array | readonly number[] | undefined;
  /** The caller's function when costs are not held in a matrix. */
  readonly costFunction: PairCostFunction | undefined;
  /** Cost of a forbidden pair in the augmented problem, before leave-out costs. */
  readonly forbiddenPairCost: number;
  readonly hasForbiddenPairs: boolean;
  /** Largest magnitude of any augmented cost in play: the scale of the absolute tolerance. */
  readonly costScale: number;
  readonly tolerance: number;
}

function invalidCosts(message: string, details: Record<string, unknown>): MatchdError {
  return new MatchdError(ErrorCodes.INVALID_COSTS, message, details);
}

/** The caller's raw cost of pair i < j (Infinity for forbidden), from matrix or function. */
export function rawCost(problem: PreparedProblem, i: number, j: number): number {
  const matrix = problem.matrix;
  return matrix !== undefined ? matrix[i * problem.size + j]! : problem.costFunction!(i, j);
}

/** The augmented problem's cost of pair i < j (vertices of the augmented problem). */
export function augmentedCost(problem: PreparedProblem, i: number, j: number): number {
  if (j === problem.dummyVertex) return problem.leaveOut[i]!;
  const raw = rawCost(problem, i, j);
  if (raw === Number.POSITIVE_INFINITY) {
    return problem.forbiddenPairCost + problem.leaveOut[i]! + problem.leaveOut[j]!;
  }
  return problem.sign * raw;
}

function checkCost(value: unknown, i: number, j: number): number {
  if (typeof value !== 'number' || Number.isNaN(value) || value === Number.NEGATIVE_INFINITY) {
    throw invalidCosts(`cost of pair (${i}, ${j}) must be a number, finite or +Infinity`, {
      path: `costs[${i}][${j}]`,
      value: String(value),
    });
  }
  return value;
}

/** Validates `problem` (throws MatchdError) and prepares its augmented form. */
export function preparePairingProblem(
  problem: PairingProblem,
  objective: 'min' | 'max',
  tolerance: number = DEFAULT_PAIRING_TOLERANCE,
): PreparedProblem {
  const { size, costs } = problem;
  if (typeof size !== 'number' || !Number.isInteger(size) || size < 0) {
    throw new MatchdError(ErrorCodes.INVALID_OPTION, 'size must be a non-negative integer', {
      path: 'size',
      value: String(size),
    });
  }
  if (!(tolerance > 0 && tolerance < 1)) {
    throw new MatchdError(ErrorCodes.INVALID_OPTION, 'tolerance must be in (0, 1)', { path: 'tolerance' });
  }
  const leaveOut = new Float64Array(size);
  if (problem.leaveOutCosts !== undefined) {
    if (problem.leaveOutCosts.length !== size) {
      throw new MatchdError(ErrorCodes.INVALID_OPTION, 'leaveOutCosts must have one entry per ticket', {
        path: 'leaveOutCosts',
      });
    }
    for (let i = 0; i < size; i++) {
      const value = problem.leaveOutCosts[i];
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        throw invalidCosts('leave-out costs must be finite numbers', { path: `leaveOutCosts[${i}]` });
      }
      leaveOut[i] = value;
    }
  }
  let matrix: Float64Array | readonly number[] | undefined;
  let costFunction: PairCostFunction | undefined;
  let maxAbs = 0;
  let hasForbiddenPairs = false;
  if (typeof costs === 'function') {
    const cache = size <= CACHE_LIMIT ? new Float64Array(size * size) : undefined;
    for (let i = 0; i < size; i++) {
      for (let j = i + 1; j < size; j++) {
        const value = checkCost(costs(i, j), i, j);
        if (value === Number.POSITIVE_INFINITY) hasForbiddenPairs = true;
        else if (Math.abs(value) > maxAbs) maxAbs = Math.abs(value);
        if (cache) {
          cache[i * size + j] = value;
          cache[j * size + i] = value;
        }
      }
    }
    if (cache) matrix = cache;
    else costFunction = costs;
  } else {
    if (!(costs instanceof Float64Array) && !Array.isArray(costs)) {
      throw invalidCosts('costs must be a Float64Array, an array or a function', { path: 'costs' });
    }
    if (costs.length !== size * size) {
      throw invalidCosts(`a cost matrix for ${size} tickets needs ${size * size} entries`, {
        path: 'costs',
        length: costs.length,
      });
    }
    for (let i = 0; i < size; i++) {
      for (let j = i + 1; j < size; j++) {
        let upper = costs[i * size + j] as number;
        let lower = costs[j * size + i] as number;
        // The common case in two comparisons each (finite, or +Infinity); checkCost names the rest.
        if (typeof upper !== 'number' || !(upper > Number.NEGATIVE_INFINITY)) upper = checkCost(upper, i, j);
        if (typeof lower !== 'number' || !(lower > Number.NEGATIVE_INFINITY)) lower = checkCost(lower, j, i);
        if (upper === Number.POSITIVE_INFINITY || lower === Number.POSITIVE_INFINITY) {
          if (upper !== lower) throw asymmetric(i, j, upper, lower);
          hasForbiddenPairs = true;
          continue;
        }
        const magnitude = Math.max(Math.abs(upper), Math.abs(lower));
        if (Math.abs(upper - lower) > tolerance * Math.max(1, magnitude))
          throw asymmetric(i, j, upper, lower);
        if (magnitude > maxAbs) maxAbs = magnitude;
      }
    }
    matrix = costs;
  }
  let maxLeave = 0;
  for (let i = 0; i < size; i++) maxLeave = Math.max(maxLeave, Math.abs(leaveOut[i]!));
  const vertexCount = size % 2 === 1 ? size + 1 : size;
  // Any two pairings differ in (pair costs + leave-out costs) by at most size * (maxAbs + 2 maxLeave);
  // a forbidden pair costing more than that is used only when no pairing with fewer exists.
  const forbiddenPairCost = size * (maxAbs + 2 * maxLeave) + 1;
  const costScale = Math.max(maxAbs, maxLeave, hasForbiddenPairs ? forbiddenPairCost : 0) || 1;
  return {
    size,
    vertexCount,
    dummyVertex: vertexCount > size ? size : undefined,
    sign: objective === 'max' ? -1 : 1,
    leaveOut,
    matrix,
    costFunction,
    forbiddenPairCost,
    hasForbiddenPairs,
    costScale,
    tolerance,
  };
}

function asymmetric(i: number, j: number, upper: number, lower: number): MatchdError {
  return invalidCosts(`cost matrix is not symmetric at (${i}, ${j}): ${upper} vs ${lower}`, {
    path: `costs[${i}][${j}]`,
  });
}

/**
 * Fills out[j] with the augmented cost of pair (i, j) for every vertex j of the augmented problem
 * (out[i] = +Infinity): one row of the complete graph, read without building the whole matrix.
 */
export function augmentedRow(problem: PreparedProblem, i: number, out: Float64Array): void {
  const { size, dummyVertex, sign, leaveOut, forbiddenPairCost, matrix } = problem;
  if (i === dummyVertex) {
    for (let j = 0; j < size; j++) out[j] = leaveOut[j]!;
    out[i] = Number.POSITIVE_INFINITY;
    return;
  }
  const li = leaveOut[i]!;
  if (matrix !== undefined) {
    const row = i * size;
    for (let j = 0; j < size; j++) {
      const raw = matrix[row + j]!;
      out[j] = raw === Number.POSITIVE_INFINITY ? forbiddenPairCost + li + leaveOut[j]! : sign * raw;
    }
  } else {
    const cost = problem.costFunction!;
    for (let j = 0; j < size; j++) {
      if (j === i) continue;
      const raw = i < j ? cost(i, j) : cost(j, i);
      out[j] = raw === Number.POSITIVE_INFINITY ? forbiddenPairCost + li + leaveOut[j]! : sign * raw;
    }
  }
  if (dummyVertex !== undefined) out[dummyVertex] = li;
  out[i] = Number.POSITIVE_INFINITY;
}
