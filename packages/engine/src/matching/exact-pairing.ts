/**
 * Exact minimum-cost (or maximum-cost) pairing of a pool: the entry point of the blossom solver.
 *
 * Dense: the blossom algorithm on every pair of the augmented problem (prepared-problem.ts).
 * Sparse: the blossom algorithm on candidate pairs (candidates.ts); then every other pair is priced
 * with the duals (pricing.ts), the violators (negative reduced cost) are added and the graph is
 * re-solved from a warm start (dual-init.ts) until no pair violates: the duals then certify the
 * pairing optimal for the complete graph, which is never built. Both return the same optimum.
 */

import { ErrorCodes, MatchdError } from '../errors.ts';
import { solveBlossom } from './blossom-solver.ts';
import { buildCandidates } from './candidates.ts';
import { DENSE_RELAXATION_LIMIT, fillAugmentedMatrix, solveDenseAssignment } from './dense-assignment.ts';
import { greedyJumpStart } from './dual-init.ts';
import { EdgeSet } from './edge-set.ts';
import { type AssignmentState, fractionalJumpStart } from './fractional-start.ts';
import { LeastK } from './least-k.ts';
import { augmentedCost, type PreparedProblem, preparePairingProblem, rawCost } from './prepared-problem.ts';
import { BlossomChains, findViolations } from './pricing.ts';
import { chooseRelaxation } from './relaxation-choice.ts';
import { type RowScanWorkspace, rowScanWorkspace } from './row-scan.ts';
import type { ExactPairing, ExactPairingOptions, PairingProblem } from './types.ts';

/** Pools up to this many vertices are solved densely under method 'auto'. */
const AUTO_DENSE_LIMIT = 64;
const DEFAULT_CANDIDATES_PER_TICKET = 10;

function invalidOption(path: string, message: string): MatchdError {
  return new MatchdError(ErrorCodes.INVALID_OPTION, message, { path });
}

/**
 * The optimal pairing of a pool: among pairings of maximum size (forbidden pairs excluded), the
 * one with the least pair costs plus leave-out costs (or the greatest pair costs minus leave-out
 * costs for objective 'max'), with the duals that prove it.
 *
 * @example
 * const costs = new Float64Array([0, 1, 5, 4, 1, 0, 4, 5, 5, 4, 0, 1, 4, 5, 1, 0]);
 * const { pairs } = exactPairing({ size: 4, costs }); // [[0, 1], [2, 3]]
 */
export function exactPairing(problem: PairingProblem, options: ExactPairingOptions = {}): ExactPairing {
  const objective = options.objective ?? 'min';
  if (objective !== 'min' && objective !== 'max')
    throw invalidOption('objective', "objective must be 'min' or 'max'");
  const method = options.method ?? 'auto';
  if (method !== 'auto' && method !== 'dense' && method !== 'sparse') {
    throw invalidOption('method', "method must be 'auto', 'dense' or 'sparse'");
  }
  const perTicket = options.candidatesPerTicket ?? DEFAULT_CANDIDATES_PER_TICKET;
  if (!Number.isInteger(perTicket) || perTicket < 1) {
    throw invalidOption('candidatesPerTicket', 'candidatesPerTicket must be a positive integer');
  }
  const relaxation = options.relaxation ?? 'auto';
  if (relaxation !== 'auto' && relaxation !== 'dense' && relaxation !== 'priced') {
    throw invalidOption('relaxation', "relaxation must be 'auto', 'dense' or 'priced'");
  }
  const { sortKeys } = options;
  if (sortKeys !== undefined) {
    if (sortKeys.length !== problem.size)
      throw invalidOption('sortKeys', 'sortKeys needs one entry per ticket');
    for (let i = 0; i < sortKeys.length; i++) {
      if (!Number.isFinite(sortKeys[i]))
        throw invalidOption(`sortKeys[${i}]`, 'sort keys must be finite numbers');
    }
  }
  const prepared = preparePairingProblem(problem, objective, options.tolerance);
  const useDense = method === 'dense' || (method === 'auto' && prepared.vertexCount <= AUTO_DENSE_LIMIT);
  if (relaxation === 'dense' && prepared.vertexCount > DENSE_RELAXATION_LIMIT) {
    throw invalidOption('relaxation', `a dense relaxation takes at most ${DENSE_RELAXATION_LIMIT} tickets`);
  }
  const solved = useDense
    ? solveDense(prepared)
    : solveSparse(
        prepared,
        perTicket,
        sortKeys,
        relaxation === 'auto' ? chooseRelaxation(prepared, sortKeys !== undefined) : relaxation,
      );
  return shapeResult(prepared, objective, useDense ? 'dense' : 'sparse', solved);
}

/** The maximum-cost perfect pairing (the EOMM paper's WorstMM): exactPairing with objective 'max'. */
export function worstPairing(problem: PairingProblem, options: ExactPairingOptions = {}): ExactPairing {
  return exactPairing(problem, { ...options, objective: 'max' });
}

interface Solved {
  readonly mate: Int32Array;
  readonly vertexDuals: Float64Array;
  readonly blossoms: Array<{ members: number[]; dual: number }>;
  readonly edgesSolved: number;
  readonly solves: number;
  readonly augmentations: number;
  readonly relaxation: 'dense' | 'priced' | undefined;
  readonly relaxationRounds: number;
}

function tightness(problem: PreparedProblem): number {
  return problem.tolerance * problem.costScale * 0.01;
}

function solveDense(problem: PreparedProblem): Solved {
  const n = problem.vertexCount;
  const edges = new EdgeSet(n);
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) edges.add(i, j, augmentedCost(problem, i, j));
  const graph = edges.toCostedEdges();
  // The greedy start only stands in if the relaxation fails, which a complete graph never does.
  const start = fractionalJumpStart(graph) ?? greedyJumpStart(graph, tightness(problem));
  const out = solveBlossom({ ...graph, initialDuals: start.duals, initialMatchedEdges: start.matchedEdges });
  requirePerfect(out.mate);
  return {
    ...out,
    edgesSolved: graph.edgeFrom.length,
    solves: 1,
    relaxation: undefined,
    relaxationRounds: 0,
  };
}

function solveSparse(
  problem: PreparedProblem,
  perTicket: number,
  sortKeys: ArrayLike<number> | undefined,
  relaxation: 'dense' | 'priced',
): Solved {
  const n = problem.vertexCount;
  const absoluteTolerance = problem.tolerance * problem.costScale;
  const perRow = Math.max(2, Math.ceil(perTicket / 3));
  // Phase 1: the relaxation (no odd-set constraints) to optimality over all pairs; phase 2 then
  // usually needs one or two blossom rounds instead of four to twelve.
  const first =
    relaxation === 'dense'
      ? denseRelaxation(problem, perTicket)
      : pricedRelaxation(problem, perTicket, sortKeys, perRow);
  const { edges, guess, relaxationRounds } = first;
  let assignment = first.assignment;
  let solves = 0;
  let augmentations = 0;
  for (;;) {
    const graph = edges.toCostedEdges();
    // Each round re-solves the relaxation from the previous assignment (only rows touched by the new
    // pairs move), then the blossom algorithm has one free vertex per odd cycle left to match.
    const fractional = fractionalJumpStart(graph, assignment);
    if (fractional) assignment = fractional.assignment;
    const start = fractional ?? greedyJumpStart(graph, tightness(problem), { guess });
    const out = solveBlossom({
      ...graph,
      initialDuals: start.duals,
      initialMatchedEdges: start.matchedEdges,
    });
    requirePerfect(out.mate);
    solves++;
    augmentations += out.augmentations;
    const chains = new BlossomChains(n, out.blossoms);
    const violations = findViolations(problem, out.vertexDuals, chains, {
      absoluteTolerance,
      perRow,
      dense: first.workspace,
    });
    let added = 0;
    for (const v of violations) if (edges.add(v.i, v.j, v.cost)) added++;
    // No new pair means every violation is rounding noise on a pair already solved: stop here.
    if (added === 0) {
      return {
        ...out,
        augmentations,
        edgesSolved: graph.edgeFrom.length,
        solves,
        relaxation,
        relaxationRounds,
      };
    }
  }
}

/** The first graph of the blossom rounds, and the optimal relaxation over all pairs it starts from. */
interface RelaxedStart {
  readonly edges: EdgeSet;
  /** Duals feasible for every pair, for the greedy start should the relaxation ever fail. */
  readonly guess: Float64Array;
  readonly assignment: AssignmentState | undefined;
  readonly relaxationRounds: number;
  /** The dense relaxation's workspace, still holding the augmented matrix, for pricing. */
  readonly workspace?: RowScanWorkspace;
}

/**
 * Phase 1, dense (dense-assignment.ts): the relaxation over every pair at once. The graph holds the
 * optimal permutation's pairs (its cycles are the jump-start's matching), each row's `perTicket`
 * pairs of least reduced cost under its duals (where the blossom duals mostly stay tight), and a
 * pair between the free vertices of consecutive odd cycles, so that it has a perfect matching.
 */
function denseRelaxation(problem: PreparedProblem, perTicket: number): RelaxedStart {
  const n = problem.vertexCount;
  const scan = rowScanWorkspace(n);
  const matrix = scan.matrix;
  fillAugmentedMatrix(problem, matrix);
  const assignment = solveDenseAssignment(scan);
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) y[i] = (assignment.rowDuals[i]! + assignment.columnDuals[i]!) / 2;
  const edges = new EdgeSet(n);
  const addPair = (i: number, j: number): void => {
    edges.add(i, j, matrix[i * n + j]!);
  };
  const least = new LeastK(perTicket);
  for (let j = 0; j < n; j++) scan.shift[j] = -y[j]!;
  // Each row offers only the pairs a kernel finds below a limit: three times the running mean of the
  // rows' k-th least reduced cost, raised fourfold until k are found (measured on Table 2 pools:
  // about 1.2 kernel passes and a few dozen pairs per row instead of a full row).
  const floor = problem.costScale * 1e-6;
  let typical = 0;
  for (let i = 0; i < n; i++) {
    addPair(i, assignment.columnOf[i]!);
    const base = i * n;
    const yi = y[i]!;
    let limit = Math.max(3 * typical, floor);
    let found = scan.below(i, 0, yi + limit);
    for (let raise = 0; found < perTicket && found < n - 1; raise++) {
      limit = raise < 12 ? 4 * limit : Number.POSITIVE_INFINITY;
      found = scan.below(i, 0, yi + limit);
    }
    least.clear();
    for (let h = 0; h < found; h++) {
      const j = scan.hits[h]!;
      least.offer(matrix[base + j]! - yi - y[j]!, j);
    }
    for (let s = 0; s < least.count; s++) {
      if (least.indices[s] !== i) addPair(i, least.indices[s]!);
    }
    const kth = least.count > 0 ? Math.max(0, least.values[least.count - 1]!) : 0;
    typical = i === 0 ? kth : 0.9 * typical + 0.1 * kth;
  }
  let waitingOddCycle = -1;
  const seen = new Uint8Array(n);
  for (let s = 0; s < n; s++) {
    if (seen[s] === 1) continue;
    let length = 0;
    for (let i = s; seen[i] === 0; i = assignment.columnOf[i]!) {
      seen[i] = 1;
      length++;
    }
    if (length % 2 === 0) continue;
    if (waitingOddCycle === -1) {
      waitingOddCycle = s;
    } else {
      addPair(waitingOddCycle, s);
      waitingOddCycle = -1;
    }
  }
  return { edges, guess: y, assignment, relaxationRounds: 1, workspace: scan };
}

/**
 * Phase 1, priced (pools too large for a dense matrix): the relaxation over the candidates
 * (candidates.ts), priced to optimality over all pairs; its re-solves are cheap and warm.
 */
function pricedRelaxation(
  problem: PreparedProblem,
  perTicket: number,
  sortKeys: ArrayLike<number> | undefined,
  perRow: number,
): RelaxedStart {
  const { edges, duals } = buildCandidates(problem, perTicket, sortKeys);
  const absoluteTolerance = problem.tolerance * problem.costScale;
  const noBlossoms = new BlossomChains(problem.vertexCount, []);
  let assignment: AssignmentState | undefined;
  let rounds = 0;
  for (;;) {
    const fractional = fractionalJumpStart(edges.toCostedEdges(), assignment);
    if (!fractional) break;
    assignment = fractional.assignment;
    rounds++;
    const violations = findViolations(problem, fractional.duals, noBlossoms, { absoluteTolerance, perRow });
    let added = 0;
    for (const v of violations) if (edges.add(v.i, v.j, v.cost)) added++;
    if (added === 0) break;
  }
  return { edges, guess: duals, assignment, relaxationRounds: rounds };
}

function requirePerfect(mate: Int32Array): void {
  // The candidate graph always holds a perfect matching (candidates.ts), so this is a solver bug.
  if (mate.includes(-1))
    throw new Error('blossom solver returned an imperfect matching on a graph with a perfect one');
}

function shapeResult(
  problem: PreparedProblem,
  objective: 'min' | 'max',
  method: 'dense' | 'sparse',
  solved: Solved,
): ExactPairing {
  const { size } = problem;
  const mate = new Int32Array(size).fill(-1);
  const pairs: Array<readonly [number, number]> = [];
  const unpaired: number[] = [];
  let pairCost = 0;
  let leaveOutCost = 0;
  for (let i = 0; i < size; i++) {
    const j = solved.mate[i]!;
    if (j >= 0 && j < size && rawCost(problem, Math.min(i, j), Math.max(i, j)) !== Number.POSITIVE_INFINITY) {
      mate[i] = j;
      if (i < j) {
        pairs.push([i, j]);
        pairCost += rawCost(problem, i, j);
      }
    } else {
      unpaired.push(i);
      leaveOutCost += problem.leaveOut[i]!;
    }
  }
  return {
    pairs,
    mate,
    unpaired,
    pairCost,
    leaveOutCost,
    objective,
    duals: {
      vertexCount: problem.vertexCount,
      dummyVertex: problem.dummyVertex,
      forbiddenPairCost: problem.forbiddenPairCost,
      augmentedMate: solved.mate,
      vertexDuals: solved.vertexDuals,
      blossoms: solved.blossoms,
    },
    stats: {
      method,
      edgesSolved: solved.edgesSolved,
      solves: solved.solves,
      augmentations: solved.augmentations,
      relaxation: solved.relaxation,
      relaxationRounds: solved.relaxationRounds,
    },
  };
}
