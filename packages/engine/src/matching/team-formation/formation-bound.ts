/**
 * A certified upper bound on the team-formation objective: the Lagrangian (set-partitioning LP) dual.
 *
 * Write a round as a choice of matches m (sets of tickets that split into full teams), each worth
 * v(m) = the per-match value of its best split (the score, or its square root under `sqrt-mean`). A
 * round picks M = fillableMatchCount matches, no ticket twice; its objective is sum v(m) / M. Relax
 * "no ticket twice" with a price pi_t >= 0 per ticket and "M matches" to "at most M": for every such
 * round, sum v(m) = sum (v(m) - pi(m)) + sum pi(m) <= M * max(0, max_m (v(m) - pi(m))) + sum_t pi_t. So
 *
 *   objective <= (sum_t pi_t + M * max(0, mu)) / M,  mu = max over every possible match of v(m) - pi(m),
 *
 * for any prices. The bound is only as good as mu is certain: it is found by a branch and bound over
 * every ticket set (tickets in sort-key order, each set grown from its lowest key), which needs a
 * caller's `scoreBound` (an optimistic score of any match that holds given tickets and more players of
 * higher keys) to prune; the objective itself stays a black box. Where the search is cut short by its
 * node budget, mu takes the largest bound of the branches left open, so the bound stays certified and
 * only gets looser.
 *
 * The prices come from the subgradient method on the Lagrangian dual over a pool of matches (the
 * caller's round plus the best matches each pricing search finds), started from each match's value
 * shared among its players; each pricing search certifies one bound, and the least is returned.
 * Tested against brute force on small pools (formation-bound.test.ts): never below the optimum.
 */
import { ErrorCodes, MatchdError } from '../../errors.ts';
import { INFEASIBLE, MatchEvaluator } from './match-evaluator.ts';
import { fillableMatchCount } from './packing.ts';
import { SetPackingLp } from './set-packing-lp.ts';
import type { FormationAggregate, FormationTicket, ScoreMatch } from './types.ts';

/**
 * An upper bound on `scoreMatch` of every match that holds `members` (ticket indices in the order
 * the search added them: ascending sort key) and `openPlayers` more players, all from tickets whose
 * sort key is at least the last member's. Must never be below the best split's true score: the bound
 * is only as valid as this. Must not increase when a member is added.
 */
export type ScoreBound = (members: readonly number[], openPlayers: number) => number;

/** What a pricing search reports: mu = max over every possible match of v(m) - pi(m), certified. */
export interface PricingResult {
  /** An upper bound on max over all matches of v(m) - pi(m) (the exact maximum when complete). */
  readonly mu: number;
  readonly nodes: number;
  /** True when mu is the exact maximum (no branch left open); else the largest open branch's bound. */
  readonly complete: boolean;
  /** Matches (ticket sets) of high v(m) - pi(m) met on the way, for the pool. */
  readonly columns: readonly (readonly number[])[];
}

/**
 * A pricing search for prices pi (one per ticket, >= 0): only matches with v(m) - pi(m) above `floor`
 * matter (their maximum, or floor when none is above).
 */
export type FormationPricing = (prices: Float64Array, floor: number) => PricingResult;

export interface FormationBoundOptions {
  readonly tickets: readonly FormationTicket[];
  readonly teamCount: number;
  readonly teamSize: number;
  readonly scoreMatch: ScoreMatch;
  /**
   * How mu is found: `scoreBound` for the built-in branch and bound over ticket sets, or a caller's
   * own certified search (`pricing`) that knows the score's structure. One of the two.
   */
  readonly scoreBound?: ScoreBound;
  readonly pricing?: FormationPricing;
  /** Default `mean`. */
  readonly aggregate?: FormationAggregate;
  /** A good round's matches (ticket sets, e.g. formMatches' teams flattened): the prices start there. */
  readonly matches: readonly (readonly number[])[];
  /** Column-generation rounds, each one LP solve and one pricing search; default 50. */
  readonly pricingRounds?: number;
  /** Built-in branch and bound: nodes per pricing search; default 20 million. */
  readonly maxNodes?: number;
  /** Called after each pricing search (a long computation shows its progress). */
  readonly onRound?: (round: FormationBoundRound) => void;
}

/** One pricing search: the bound it certifies. */
export interface FormationBoundRound {
  readonly round: number;
  /** Certified upper bound on the objective from this round's prices. */
  readonly upperBound: number;
  /** The Lagrangian over the pool only (what the bound would be if the pool held every match). */
  readonly poolBound: number;
  /** max over all matches of v(m) - pi(m) (certified: the largest open branch when cut short). */
  readonly mu: number;
  readonly nodes: number;
  /** True when the search visited every branch it did not prune (no branch was left open). */
  readonly complete: boolean;
  readonly columns: number;
}

export interface FormationBound {
  /** The least certified upper bound on the objective (sum of values / matchTotal). */
  readonly upperBound: number;
  readonly matchTotal: number;
  /** The given round's objective, for the gap. */
  readonly roundObjective: number;
  /** The prices of the least bound (for a longer pricing search to certify again). */
  readonly prices: Float64Array;
  readonly rounds: readonly FormationBoundRound[];
}

interface Column {
  readonly members: Int32Array;
  readonly value: number;
}

/** Certified upper bound on the objective of any round of the pool (see the file comment). */
export function formationBound(options: FormationBoundOptions): FormationBound {
  const { tickets, teamCount, teamSize } = options;
  const sizes = Int32Array.from(tickets, (ticket) => ticket.size);
  const matchTotal = fillableMatchCount(Array.from(sizes), teamCount, teamSize);
  if (matchTotal === 0) {
    throw new MatchdError(ErrorCodes.UNFILLABLE_TEAMS, 'the pool cannot fill one match', { path: 'tickets' });
  }
  const matchValue = matchValueOf(options, sizes);
  const playersPerMatch = teamCount * teamSize;
  const count = tickets.length;
  const pool: Column[] = [];
  const seen = new Set<string>();
  const addColumn = (members: readonly number[], value: number): void => {
    const sorted = Int32Array.from(members).sort();
    const key = sorted.join(',');
    if (seen.has(key)) return;
    seen.add(key);
    pool.push({ members: sorted, value });
  };
  const lp = new SetPackingLp(count, matchTotal);
  let roundValue = 0;
  for (const match of options.matches) {
    const value = matchValue(match, match.length);
    if (value === INFEASIBLE) {
      throw new MatchdError(ErrorCodes.INVALID_OPTION, 'a given match does not split into full teams', {
        path: 'matches',
      });
    }
    roundValue += value;
    addColumn(match, value);
  }
  let pricing = options.pricing;
  if (pricing === undefined) {
    const { scoreBound } = options;
    if (scoreBound === undefined) {
      throw new MatchdError(ErrorCodes.INVALID_OPTION, 'formationBound needs scoreBound or pricing', {
        path: 'scoreBound',
      });
    }
    pricing = boundedPricing({ ...options, scoreBound });
  }
  const rounds: FormationBoundRound[] = [];
  const pricingRounds = options.pricingRounds ?? 50;
  // Column generation with smoothed prices (Wentges): the LP's duals jump between extreme points of a
  // very degenerate dual, so each search prices a blend of them with the prices of the best bound so
  // far (the centre), which starts at each given match's value shared among its players.
  let centre = new Float64Array(count);
  for (const column of pool) {
    for (const ticket of column.members) {
      centre[ticket] = (column.value * (sizes[ticket] as number)) / playersPerMatch;
    }
  }
  let best = Number.POSITIVE_INFINITY;
  let smoothing = 0;
  for (let round = 0; round < pricingRounds; round++) {
    for (; lp.columnCount < pool.length; ) {
      const column = pool[lp.columnCount] as Column;
      lp.addColumn(column.members, column.value);
    }
    const solution = round === 0 ? undefined : lp.solve();
    const prices =
      solution === undefined
        ? centre
        : centre.map(
            (price, ticket) => smoothing * price + (1 - smoothing) * (solution.prices[ticket] as number),
          );
    // The pool's best reduced cost is a floor of mu: the search only needs what beats it.
    let floor = 0;
    for (const column of pool) floor = Math.max(floor, reducedCost(column, prices));
    const found = pricing(prices, floor);
    const before = pool.length;
    for (const members of found.columns) {
      // Values from our own evaluator: the pool never takes a caller's word for a match's value.
      const value = matchValue(members, members.length);
      if (value !== INFEASIBLE) addColumn(members, value);
    }
    let priceSum = 0;
    for (const price of prices) priceSum += price;
    const mu = Math.max(0, floor, found.mu);
    const upperBound = (priceSum + matchTotal * mu) / matchTotal;
    if (upperBound < best) {
      best = upperBound;
      centre = Float64Array.from(prices);
    }
    // A search that found nothing the LP's own duals would take (a mis-price) leans towards them.
    let usefulToLp = false;
    if (solution !== undefined) {
      for (let k = before; k < pool.length; k++) {
        if (reducedCost(pool[k] as Column, solution.prices) > solution.matchPrice + 1e-9) usefulToLp = true;
      }
    }
    smoothing = round === 0 ? 0.8 : usefulToLp ? smoothing : smoothing / 2;
    const report = {
      round,
      upperBound,
      poolBound: solution === undefined ? roundValue / matchTotal : solution.value / matchTotal,
      mu,
      nodes: found.nodes,
      complete: found.complete,
      columns: pool.length,
    };
    rounds.push(report);
    options.onRound?.(report);
    // The bound met the pool's LP optimum: no price can do better with these columns, and the search
    // found none above it.
    if (solution !== undefined && found.complete && upperBound <= solution.value / matchTotal + 1e-9) break;
  }
  return { upperBound: best, matchTotal, roundObjective: roundValue / matchTotal, rounds, prices: centre };
}

/** v(m): the per-match value of a ticket set's best split (INFEASIBLE when it does not split). */
function matchValueOf(
  options: {
    readonly teamCount: number;
    readonly teamSize: number;
    readonly scoreMatch: ScoreMatch;
    readonly aggregate?: FormationAggregate;
  },
  sizes: Int32Array,
): (members: ArrayLike<number>, length: number) => number {
  const evaluator = new MatchEvaluator({
    sizes,
    teamCount: options.teamCount,
    teamSize: options.teamSize,
    scoreMatch: options.scoreMatch,
    aggregate: options.aggregate ?? 'mean',
  });
  return (members, length) => {
    const score = evaluator.best(members, length);
    return score === INFEASIBLE ? INFEASIBLE : evaluator.value(score);
  };
}

/**
 * The built-in pricing search: branch and bound over ticket sets in sort-key order, pruned by the
 * caller's `scoreBound`, exact values (best split) at the leaves.
 */
export function boundedPricing(options: {
  readonly tickets: readonly FormationTicket[];
  readonly teamCount: number;
  readonly teamSize: number;
  readonly scoreMatch: ScoreMatch;
  readonly scoreBound: ScoreBound;
  readonly aggregate?: FormationAggregate;
  readonly maxNodes?: number;
}): FormationPricing {
  const { tickets, teamCount, teamSize, scoreBound } = options;
  const sizes = Int32Array.from(tickets, (ticket) => ticket.size);
  const sqrt = options.aggregate === 'sqrt-mean';
  const search = new PricingSearch({
    order: Array.from({ length: tickets.length }, (_, index) => index).sort(
      (a, b) => (tickets[a]?.sortKey ?? 0) - (tickets[b]?.sortKey ?? 0) || a - b,
    ),
    sizes,
    playersPerMatch: teamCount * teamSize,
    matchValue: matchValueOf(options, sizes),
    valueBound: (members, open) => {
      const score = scoreBound(members, open);
      return sqrt ? Math.sqrt(Math.max(0, score)) : score;
    },
    maxNodes: options.maxNodes ?? 20_000_000,
  });
  return (prices, floor) => search.run(prices, floor);
}

function reducedCost(column: Column, prices: ArrayLike<number>): number {
  let reduced = column.value;
  for (const ticket of column.members) reduced -= prices[ticket] as number;
  return reduced;
}

interface PricingOptions {
  /** Tickets in ascending sort key: sets are grown in this order. */
  readonly order: readonly number[];
  readonly sizes: Int32Array;
  readonly playersPerMatch: number;
  readonly matchValue: (members: ArrayLike<number>, length: number) => number;
  readonly valueBound: (members: readonly number[], openPlayers: number) => number;
  readonly maxNodes: number;
}

/** Columns the pricing search hands back to the pool (the best few it met). */
const COLUMNS_KEPT = 64;

/** Branch and bound for mu = max over all matches of v(m) - pi(m). */
class PricingSearch {
  private readonly options: PricingOptions;

  constructor(options: PricingOptions) {
    this.options = options;
  }

  run(prices: Float64Array, floor: number): PricingResult {
    const { order, sizes, playersPerMatch, matchValue, valueBound, maxNodes } = this.options;
    const count = order.length;
    // suffixLeast[p]: the least price per player among tickets at positions >= p.
    const suffixLeast = new Float64Array(count + 1).fill(Number.POSITIVE_INFINITY);
    for (let position = count - 1; position >= 0; position--) {
      const ticket = order[position] as number;
      suffixLeast[position] = Math.min(
        suffixLeast[position + 1] as number,
        (prices[ticket] as number) / (sizes[ticket] as number),
      );
    }
    let incumbent = floor;
    let openBound = Number.NEGATIVE_INFINITY;
    let nodes = 0;
    const members: number[] = [];
    const kept: Column[] = [];
    const keep = (value: number, reduced: number): void => {
      if (kept.length < COLUMNS_KEPT) kept.push({ members: Int32Array.from(members), value });
      else {
        let worst = 0;
        for (let k = 1; k < kept.length; k++)
          if (reducedOf(kept[k] as Column) < reducedOf(kept[worst] as Column)) worst = k;
        if (reducedOf(kept[worst] as Column) < reduced)
          kept[worst] = { members: Int32Array.from(members), value };
      }
    };
    const reducedOf = (column: Column): number => {
      let reduced = column.value;
      for (const ticket of column.members) reduced -= prices[ticket] as number;
      return reduced;
    };
    const grow = (from: number, players: number, priceSum: number): void => {
      const open = playersPerMatch - players;
      for (let position = from; position < count; position++) {
        const ticket = order[position] as number;
        const size = sizes[ticket] as number;
        if (size > open) continue;
        const price = priceSum + (prices[ticket] as number);
        members.push(ticket);
        const left = open - size;
        if (left === 0) {
          const value = matchValue(members, members.length);
          if (value !== INFEASIBLE) {
            const reduced = value - price;
            if (reduced > incumbent) incumbent = reduced;
            if (reduced > 0) keep(value, reduced);
          }
        } else {
          const least = left * (suffixLeast[position + 1] as number);
          const bound = valueBound(members, left) - price - least;
          if (bound > incumbent && bound > openBound) {
            nodes += 1;
            if (nodes > maxNodes) openBound = bound;
            else grow(position + 1, players + size, price);
          }
        }
        members.pop();
      }
    };
    grow(0, 0, 0);
    return {
      mu: Math.max(incumbent, openBound),
      nodes,
      complete: openBound === Number.NEGATIVE_INFINITY,
      columns: kept.map((column) => Array.from(column.members)),
    };
  }
}
