/**
 * One round's pool of the EOMM Table 2 experiment, in typed arrays (pools of 500 are drawn
 * 10,000 times), and the pair quantities every method needs: P(i beats j) from Glicko's
 * expectation (B's Glicko-2 model, whose g(sqrt(phi_i^2 + phi_j^2)) on the mu = (r - 1500) / 173.7178
 * scale is Glickman's q = ln(10) / 400 formula) and the EOMM cost of every pair.
 */
import { GLICKO2_SCALE, glicko2Expected, glicko2G, type Random } from '@matchd/engine';
import type { EommTable2Params } from './params.ts';

/** Outcome codes in typed arrays: 0 = W, 1 = D, 2 = L. */
const LETTERS = ['W', 'D', 'L'] as const;

/** A pool of players: ratings, RDs and the two previous outcomes as a state 0..8 (3 * first + second). */
export interface Table2Pool {
  readonly size: number;
  readonly ratings: Float64Array;
  readonly rds: Float64Array;
  readonly historyState: Uint8Array;
}

/** Draws a pool of `size` players. */
export function drawTable2Pool(params: EommTable2Params, size: number, random: Random): Table2Pool {
  const ratings = new Float64Array(size);
  const rds = new Float64Array(size);
  const historyState = new Uint8Array(size);
  const weights = [params.historyProbs.W, params.historyProbs.D, params.historyProbs.L];
  for (let i = 0; i < size; i++) {
    ratings[i] = random.normal(params.ratingMean, params.ratingSd);
    rds[i] = random.uniform(params.rdMin, params.rdMax);
    historyState[i] = 3 * random.weightedIndex(weights) + random.weightedIndex(weights);
  }
  return { size, ratings, rds, historyState };
}

/** churn[state * 3 + outcome]: the table flattened for the 9 history states x 3 outcomes. */
export function flattenChurn(params: EommTable2Params): Float64Array {
  const flat = new Float64Array(27);
  for (let state = 0; state < 9; state++) {
    for (let outcome = 0; outcome < 3; outcome++) {
      const key = `${LETTERS[Math.floor(state / 3)]}${LETTERS[state % 3]}${LETTERS[outcome]}`;
      flat[state * 3 + outcome] = params.churn.churn[key] as number;
    }
  }
  return flat;
}

/** Row-major P(i beats j | decisive) for every pair (diagonal 0.5). */
export function winProbabilityMatrix(pool: Table2Pool): Float64Array {
  const n = pool.size;
  const mu = new Float64Array(n);
  const phi2 = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    mu[i] = ((pool.ratings[i] as number) - 1500) / GLICKO2_SCALE;
    phi2[i] = ((pool.rds[i] as number) / GLICKO2_SCALE) ** 2;
  }
  // Imported bindings are read once: under the tsx loader every read of one goes through a chain of
  // module getters, which cost a third of a Table 2 round when read per pair (measured).
  const gOf = glicko2G;
  const expected = glicko2Expected;
  const p = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    p[i * n + i] = 0.5;
    for (let j = i + 1; j < n; j++) {
      const g = gOf(Math.sqrt((phi2[i] as number) + (phi2[j] as number)));
      const pij = expected(mu[i] as number, mu[j] as number, g);
      p[i * n + j] = pij;
      p[j * n + i] = 1 - pij;
    }
  }
  return p;
}

/**
 * The EOMM cost of one pair: the expected number of the two who churn, Eqn. 7 with win = (1 - d) P,
 * draw = d, loss = (1 - d)(1 - P), where P = P(i beats j | decisive). Same arithmetic as engagement's
 * eommPairCost, over the 9 x 3 flat table.
 */
export function eommPairChurners(
  churn: Float64Array,
  stateI: number,
  stateJ: number,
  winProbability: number,
  drawProbability: number,
): number {
  const d = drawProbability;
  const p = winProbability;
  const si = stateI * 3;
  const sj = stateJ * 3;
  return (
    (1 - d) * p * ((churn[si] as number) + (churn[sj + 2] as number)) +
    d * ((churn[si + 1] as number) + (churn[sj + 1] as number)) +
    (1 - d) * (1 - p) * ((churn[si + 2] as number) + (churn[sj] as number))
  );
}

/** Row-major EOMM cost of every pair (eommPairChurners). */
export function eommCostMatrix(
  pool: Table2Pool,
  winProbability: Float64Array,
  churn: Float64Array,
  drawProbability: number,
): Float64Array {
  const n = pool.size;
  const costs = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    const stateI = pool.historyState[i] as number;
    for (let j = i + 1; j < n; j++) {
      const p = winProbability[i * n + j] as number;
      const cost = eommPairChurners(churn, stateI, pool.historyState[j] as number, p, drawProbability);
      costs[i * n + j] = cost;
      costs[j * n + i] = cost;
    }
  }
  return costs;
}

/**
 * The same pairing problem with per-player constants moved out of the pair costs, for the solver.
 * w_ij = S_i + S_j + h_ij with S_i = (1 - d)(c_i(L) + a_i / 2) + d c_i(D), a_i = c_i(W) - c_i(L), and
 * h_ij = (1 - d)(P_ij - 1/2)(a_i - a_j). In a perfect matching every player's S_i is paid once,
 * so the optimum is the same; a left-out player (odd pools) saves its S_i, hence leaveOutCost = -S_i.
 * Why: with the constants in, every player's cheapest partners are the same few low-churn players,
 * which starves the sparse solver's candidate lists; h_ij is 0 between players of equal a (the
 * same history) and ranks partners by what the match changes. Measured: half the solve time.
 */
export function eommReducedProblem(
  pool: Table2Pool,
  winProbability: Float64Array,
  churn: Float64Array,
  drawProbability: number,
): { readonly costs: Float64Array; readonly leaveOutCosts: Float64Array } {
  const n = pool.size;
  const d = drawProbability;
  const a = new Float64Array(n);
  const leaveOutCosts = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const s = (pool.historyState[i] as number) * 3;
    a[i] = (churn[s] as number) - (churn[s + 2] as number);
    leaveOutCosts[i] = -(
      (1 - d) * ((churn[s + 2] as number) + (a[i] as number) / 2) +
      d * (churn[s + 1] as number)
    );
  }
  const costs = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const h =
        (1 - d) * ((winProbability[i * n + j] as number) - 0.5) * ((a[i] as number) - (a[j] as number));
      costs[i * n + j] = h;
      costs[j * n + i] = h;
    }
  }
  return { costs, leaveOutCosts };
}
