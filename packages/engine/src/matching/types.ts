/**
 * Public types of matchd's exact pairing: a minimum-cost perfect matching on the complete graph of
 * a pool (tickets 0..size-1), with leave-out costs for odd pools, forbidden pairs (cost Infinity),
 * dual variables, and the baselines it is compared against (random, sorted neighbours, greedy).
 *
 * Errors (all thrown before any work, nothing is returned in part):
 * - `MM_ERR_INVALID_COSTS`: a cost that is NaN or -Infinity, a matrix whose length is not size*size,
 *   an asymmetric matrix (|c[i][j] - c[j][i]| above the symmetry tolerance), a non-finite leave-out cost,
 *   a cost function that returns a non-number.
 * - `MM_ERR_INVALID_OPTION`: a size that is not a non-negative integer, unknown method or objective,
 *   leave-out costs or sort keys of the wrong length, non-positive candidate counts or tolerances.
 */

/** Row-major size*size matrix of pair costs; must be symmetric; the diagonal is ignored. */
export type PairCostMatrix = Float64Array | readonly number[];

/** Cost of pairing tickets i and j (called with i < j only); Infinity forbids the pair. */
export type PairCostFunction = (i: number, j: number) => number;

/** A pool to pair: its size, its pair costs, and optionally what leaving each ticket out costs. */
export interface PairingProblem {
  /** Number of tickets (vertices 0..size-1). */
  readonly size: number;
  /** Pair costs as a symmetric matrix or a function; +Infinity forbids a pair. */
  readonly costs: PairCostMatrix | PairCostFunction;
  /**
   * Cost of leaving each ticket unpaired (length `size`, finite; default 0 for all). In an odd pool
   * exactly one ticket is left out (more only when forbidden pairs force it), and the solver picks
   * the set of left-out tickets that minimises pair costs plus leave-out costs: give long waiters a
   * high leave-out cost so that a fresh ticket waits instead.
   */
  readonly leaveOutCosts?: ArrayLike<number>;
}

/** How the exact solver works; every field is optional. */
export interface ExactPairingOptions {
  /** 'min' (default, EOMM) or 'max' (the paper's WorstMM: the maximum-cost perfect matching). */
  readonly objective?: 'min' | 'max';
  /**
   * 'dense' runs the blossom algorithm on every pair; 'sparse' solves on candidate pairs, prices all
   * other pairs with the duals and adds the violators until none is left (the same certified optimum);
   * 'auto' (default) picks sparse above 64 tickets.
   */
  readonly method?: 'auto' | 'dense' | 'sparse';
  /** Sparse: candidate partners per ticket (default 10): its nearest by `sortKeys`, else its cheapest. */
  readonly candidatesPerTicket?: number;
  /** Sparse: one number per ticket (e.g. rating) whose nearest neighbours are likely good partners. */
  readonly sortKeys?: ArrayLike<number>;
  /**
   * Sparse: how the assignment relaxation that starts the blossom rounds is solved. 'priced' over the
   * candidates, pricing all pairs until none violates: best when each ticket has a few clearly good
   * partners of its own (rating gaps with `sortKeys`, uniform costs in large pools). 'dense' over every
   * pair at once (auction, then shortest paths; up to 2048 tickets, 8 n^2 bytes): best when many
   * tickets want the same few partners, as with EOMM's expected churn (2-6x faster there). 'auto'
   * (default) reads the shape of the costs from a sample of rows and picks (relaxation-choice.ts).
   */
  readonly relaxation?: 'auto' | 'dense' | 'priced';
  /** Relative tolerance for symmetry and for the optimality certificate (default 1e-9). */
  readonly tolerance?: number;
}

/** A pairing of a pool: who plays whom and who is left out. */
export interface Pairing {
  /** Pairs [i, j] with i < j, sorted by i. */
  readonly pairs: ReadonlyArray<readonly [number, number]>;
  /** mate[i] = partner of ticket i, or -1 when it is left out. */
  readonly mate: Int32Array;
  /** Tickets left out, ascending: the odd one out, and those that forbidden pairs leave alone. */
  readonly unpaired: readonly number[];
  /** Sum of the chosen pairs' costs (leave-out costs not included). */
  readonly pairCost: number;
  /** Sum of the leave-out costs of `unpaired`. */
  readonly leaveOutCost: number;
}

/** One blossom of the dual solution: an odd set of vertices and its non-negative dual. */
export interface BlossomDual {
  /** Vertices of the (augmented) problem inside the blossom, ascending; always an odd count >= 3. */
  readonly members: readonly number[];
  /** z_B >= 0. */
  readonly dual: number;
}

/**
 * The dual solution that proves a pairing optimal, for the augmented problem the solver actually
 * solves: the pool's tickets 0..size-1, plus one dummy vertex `size` when the size is odd (its edge to
 * ticket i costs leaveOutCosts[i]); a forbidden pair costs `forbiddenPairCost` + both leave-out costs
 * (a big-M larger than any difference between two pairings' costs, so that the optimum first pairs as
 * many tickets as possible, then minimises cost). Costs are negated first when the objective is 'max'.
 *
 * Feasibility: for every pair, reduced cost c_ij - y_i - y_j + sum of z_B over blossoms containing
 * both i and j >= -tolerance, and z_B >= 0. Optimality: every matched pair has reduced cost 0, and every
 * blossom with z_B > 0 holds (|B| - 1) / 2 matched pairs.
 */
export interface PairingDuals {
  /** Vertex count of the augmented problem (size, or size + 1 when odd). */
  readonly vertexCount: number;
  /** The dummy vertex's index (= size) when the pool is odd, else undefined. */
  readonly dummyVertex: number | undefined;
  /** Cost of a forbidden pair in the augmented problem, before leave-out costs. */
  readonly forbiddenPairCost: number;
  /** The perfect matching of the augmented problem: partner of every vertex (tickets and dummy). */
  readonly augmentedMate: Int32Array;
  /** y_v for every vertex of the augmented problem. */
  readonly vertexDuals: Float64Array;
  /** The blossoms with a positive dual (nested blossoms are listed separately). */
  readonly blossoms: readonly BlossomDual[];
}

/** What the exact solver did, for benchmarks and logs. */
export interface ExactPairingStats {
  /** 'dense' or 'sparse', after 'auto' was resolved. */
  readonly method: 'dense' | 'sparse';
  /** Pairs the blossom algorithm saw in its last solve. */
  readonly edgesSolved: number;
  /** Times the blossom algorithm ran (1 for dense; 1 + blossom pricing rounds that found violators). */
  readonly solves: number;
  /** Augmenting paths the blossom algorithm needed after the jump-start, summed over solves. */
  readonly augmentations: number;
  /** Sparse: how the relaxation was solved, after 'auto' was resolved (undefined for dense). */
  readonly relaxation: 'dense' | 'priced' | undefined;
  /** Sparse: rounds of solving the relaxation before the blossom solves (1 when dense; 0 for dense). */
  readonly relaxationRounds: number;
}

/** An optimal pairing with the duals that certify it. */
export interface ExactPairing extends Pairing {
  /** The objective that was optimised. */
  readonly objective: 'min' | 'max';
  /** Dual solution (see PairingDuals); check it with verifyPairingCertificate. */
  readonly duals: PairingDuals;
  readonly stats: ExactPairingStats;
}

/** The outcome of verifyPairingCertificate. */
export interface PairingCertificateReport {
  /** True when every check passed within tolerance. */
  readonly ok: boolean;
  /** Human-readable failures (empty when ok), at most a few dozen. */
  readonly violations: readonly string[];
  /** Most negative reduced cost seen (0 when none is negative). */
  readonly worstReducedCost: number;
  /** The absolute tolerance that was applied. */
  readonly absoluteTolerance: number;
}
