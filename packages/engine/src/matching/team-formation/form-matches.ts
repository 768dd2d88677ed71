/**
 * Team formation for a matchmaking round (Awesomenauts' Galactron round, generalised to T teams of S
 * with parties and any objective): sorted-chunk start, exhaustive team splits, best-improvement
 * exchanges, perturbed restarts while the budget lasts; or simulated annealing over the same moves.
 *
 * Source: Joost van Dongen, "The Awesomenauts matchmaking algorithm" (2018). The problem is a
 * partitioning problem with a black-box objective, so the search is a heuristic: tests check it
 * against brute force on pools of up to 12 players, and benchmarks measure it against 10-minute runs.
 */
import { ErrorCodes, MatchdError } from '../../errors.ts';
import type { Random } from '../../random.ts';
import { anneal } from './annealing.ts';
import { BudgetClock } from './budget-clock.ts';
import { Descent, type ExchangeContext, ExchangeSearch } from './exchanges.ts';
import { INFEASIBLE, MatchEvaluator } from './match-evaluator.ts';
import { type KeptSelection, selectKept, sortedChunks } from './packing.ts';
import { RandomExchanges } from './random-exchange.ts';
import { RoundState } from './round-state.ts';
import { countSplits } from './splits.ts';
import type { FormedMatch, FormMatchesOptions, FormMatchesResult, ObjectiveTracePoint } from './types.ts';
import { validateFormMatchesOptions } from './validate.ts';

/**
 * Defaults by the cost of one exhaustive re-split: up to CHEAP_SPLITS splits per match (3v3 has 10,
 * 4v4 35), a wide neighbourhood with groups of 3; above (5v5 has 126), a narrower one with groups of 2
 * (a trio then trades for a duo and a solo, not for three solos), so that the first descent finishes
 * within a budget. Measured on the bench pools (bench/results/team-formation.md).
 */
const CHEAP_SPLITS = 100;
/**
 * The wide neighbourhood pairs a match with 4 matches on each side in mean-key order, 6 once the
 * first local optimum is reached: a kick's descent then re-scores a quarter of the pairs it did with
 * 12 and 12, so about five times as many kicks fit a budget, which pays more than the far pairs did.
 * 300-player 3v3 bench pool, median of 7 seeds at 1 s / 2 s (one run each, load about 4-5): 12/12
 * 0.64% / 0.53% from the best known, 8/8 0.71% / 0.56%, 6/6 0.53% / 0.36%, 5/5 0.90% / 0.75%,
 * 4/4 0.50% / 0.43%, 4/6 0.47% / 0.39%, 3/3 0.84% / 0.69% (bench/results/team-formation.md).
 */
const WIDE = { maxGroupSize: 3, neighbourMatches: 4, widerNeighbourMatches: 6 } as const;
/**
 * The narrow neighbourhood's first local optimum is far from the wide one's (5v5 bench pool: 0.8903
 * against 0.9006 after widening, about 1.7 s of CPU more), and a descent from it in the wide
 * neighbourhood costs a third of a wide descent from the start (which also ends lower, 0.8857 at 3 s):
 * the narrow pairs' caches carry over and few exchanges are left to find.
 */
const NARROW = { maxGroupSize: 2, neighbourMatches: 6, widerNeighbourMatches: 12 } as const;
/** Perturbation of restart r >= 1: sort keys plus noise of sd LEVELS[(r - 1) % 5] x the keys' sd. */
const PERTURBATION_LEVELS = [0.05, 0.1, 0.2, 0.4, 0.8] as const;
/**
 * A kick is this many random exchanges (uniform between the two), within about KICK_WINDOW_MATCHES
 * matches' tickets on either side of a random rank in sort-key order (annealing draws from the
 * neighbour matches'): a gentle kick is repaired by a short descent, so more kicks fit a budget. On the
 * 300-player 3v3 bench pool at 1 s, median over search seeds 1-21: 0.88851 against 0.88802 with the
 * former 3 to 8 exchanges over the neighbour matches' window (3 to 8 within one match: 0.88865; 2 to 4
 * over the wide window: 0.88835): a small gain, of the order of the seeds' scatter; 5v5 unchanged.
 */
const KICK_MIN_EXCHANGES = 2;
const KICK_MAX_EXCHANGES = 4;
const KICK_WINDOW_MATCHES = 1;

/** Everything one search shares between its starts. */
interface Search {
  readonly options: FormMatchesOptions;
  readonly sizes: Int32Array;
  readonly keys: Float64Array;
  readonly priorities: Float64Array;
  readonly prioritiesDiffer: boolean;
  readonly selection: KeptSelection;
  readonly matchTotal: number;
  readonly evaluator: MatchEvaluator;
  readonly maxGroupSize: number;
  readonly neighbourMatches: number;
  /** Neighbour matches of the descents after the first local optimum (kicks method). */
  readonly widerNeighbourMatches: number;
  /** Clock now; `recentElapsed` and `overBudget` read it only every few hundred evaluations. */
  readonly elapsed: () => number;
  readonly recentElapsed: () => number;
  readonly overBudget: () => boolean;
  readonly trace: ObjectiveTracePoint[];
  best: { valueSum: number; snapshot: number[][] | undefined };
  steps: number;
}

/**
 * Forms a round's matches: partitions the pool into `teamCount` x `teamSize` matches (parties whole,
 * as many matches as the pool fills), maximising the mean (or sqrt-mean) of `scoreMatch` over them.
 * Deterministic for a seed and the same clock readings. Throws MatchdError before any work on bad
 * input: INVALID_OPTION, PARTY_TOO_LARGE, or UNFILLABLE_TEAMS when not even one match can be filled;
 * and INVALID_OPTION if `scoreMatch` returns a non-finite score (no partial result).
 *
 * @example
 * const result = formMatches({
 *   tickets: players.map((p) => ({ size: p.partySize, sortKey: p.rating, priority: p.waitMs })),
 *   teamCount: 2, teamSize: 3,
 *   scoreMatch: (teams) => awesomenautsQuality(teams),
 *   random: Random.fromSeed(42), clock: () => performance.now(), budgetMs: 500,
 * });
 */
export function formMatches(options: FormMatchesOptions): FormMatchesResult {
  validateFormMatchesOptions(options);
  const { tickets, teamCount, teamSize } = options;
  const sizes = Int32Array.from(tickets, (ticket) => ticket.size);
  const keys = Float64Array.from(tickets, (ticket) => ticket.sortKey ?? 0);
  const priorities = Float64Array.from(tickets, (ticket) => ticket.priority ?? 0);
  const soloSplits = countSplits(
    new Array<number>(teamCount * teamSize).fill(1),
    teamCount,
    teamSize,
    CHEAP_SPLITS,
  );
  const defaults = soloSplits <= CHEAP_SPLITS ? WIDE : NARROW;
  const maxGroupSize = options.maxGroupSize ?? defaults.maxGroupSize;
  const selection = selectKept({
    tickets: tickets.map((ticket, index) => ({
      index,
      size: ticket.size,
      priority: priorities[index] as number,
    })),
    teamCount,
    teamSize,
    maxGroupSize,
  });
  const matchTotal = selection.teams.length / teamCount;
  if (matchTotal === 0) {
    const players = sizes.reduce((sum, size) => sum + size, 0);
    throw new MatchdError(
      ErrorCodes.UNFILLABLE_TEAMS,
      `the pool's ${tickets.length} tickets (${players} players) cannot fill one match of ${teamCount} x ${teamSize}`,
      { path: 'tickets', tickets: tickets.length, players, teamCount, teamSize },
    );
  }
  const evaluator = new MatchEvaluator({
    sizes,
    teamCount,
    teamSize,
    scoreMatch: options.scoreMatch,
    splitScorer: options.splitScorer,
    aggregate: options.aggregate ?? 'mean',
  });
  const budget = new BudgetClock({
    clock: options.clock,
    budgetMs: options.budgetMs,
    evaluations: () => evaluator.evaluations,
  });
  const search: Search = {
    options,
    sizes,
    keys,
    priorities,
    prioritiesDiffer: priorities.some((priority) => priority !== priorities[0]),
    selection,
    matchTotal,
    evaluator,
    maxGroupSize,
    neighbourMatches: options.neighbourMatches ?? defaults.neighbourMatches,
    widerNeighbourMatches: Math.max(
      options.neighbourMatches ?? defaults.neighbourMatches,
      options.widerNeighbourMatches ??
        (options.neighbourMatches === undefined ? defaults.widerNeighbourMatches : options.neighbourMatches),
    ),
    elapsed: () => budget.elapsed(),
    recentElapsed: () => budget.recentElapsed(),
    overBudget: () => budget.overBudget(),
    trace: [],
    best: { valueSum: Number.NEGATIVE_INFINITY, snapshot: undefined },
    steps: 0,
  };
  const restarts =
    (options.method ?? 'restarts') === 'annealing' ? runAnnealing(search) : runRestarts(search);
  return buildResult(search, restarts);
}

function exchangeContext(search: Search, state: RoundState): ExchangeContext {
  return {
    state,
    evaluator: search.evaluator,
    sizes: search.sizes,
    priorities: search.priorities,
    prioritiesDiffer: search.prioritiesDiffer,
    maxGroupSize: search.maxGroupSize,
    teamSize: search.options.teamSize,
  };
}

function startState(search: Search, keys: ArrayLike<number>): RoundState {
  const { options, selection, sizes, evaluator } = search;
  const matches = sortedChunks({
    kept: selection.teams,
    sizeOf: (index) => sizes[index] as number,
    keyOf: (index) => keys[index] as number,
    teamCount: options.teamCount,
    teamSize: options.teamSize,
  });
  return new RoundState({ matches, leftOut: selection.leftOut, ticketTotal: sizes.length, evaluator });
}

/** Records a new best objective in the trace; true when `state` beats the best so far. */
function noteIfBest(search: Search, state: RoundState, restart: number): boolean {
  const best = search.best.valueSum;
  if (best !== Number.NEGATIVE_INFINITY && !(state.valueSum > best + 1e-12 * (1 + Math.abs(best))))
    return false;
  search.best.valueSum = state.valueSum;
  search.trace.push({
    elapsedMs: search.elapsed(),
    restart,
    step: search.steps,
    objective: state.objective(),
  });
  return true;
}

function perturbedKeys(keys: Float64Array, random: Random, restart: number): Float64Array {
  let mean = 0;
  for (const key of keys) mean += key;
  mean /= keys.length;
  let variance = 0;
  for (const key of keys) variance += (key - mean) ** 2;
  const spread = Math.sqrt(variance / keys.length) || 1;
  const level = PERTURBATION_LEVELS[(restart - 1) % PERTURBATION_LEVELS.length] as number;
  return keys.map((key) => key + random.normal(0, level * spread));
}

/** Restarts method: descend from the sorted start, then from perturbed starts; returns starts run. */
function runRestarts(search: Search): number {
  return search.options.perturbation === 'fresh-start' ? runFreshStarts(search) : runKicks(search);
}

/** Each restart descends from a new sorted start whose keys carry random noise. */
function runFreshStarts(search: Search): number {
  const { options } = search;
  let restart = 0;
  for (; ; restart++) {
    if (options.maxRestarts !== undefined && restart >= options.maxRestarts) break;
    if (restart > 0 && search.overBudget()) break;
    const keys = restart === 0 ? search.keys : perturbedKeys(search.keys, options.random, restart);
    const state = startState(search, keys);
    let improved = noteIfBest(search, state, restart);
    const descent = new Descent({
      search: new ExchangeSearch(exchangeContext(search, state)),
      keys: search.keys,
      neighbourMatches: search.neighbourMatches,
    });
    descent.run(
      search.overBudget,
      () => {
        search.steps += 1;
        if (noteIfBest(search, state, restart)) improved = true;
      },
      options.improvement ?? 'first-pair',
    );
    // The descent only climbs, so a start that beat the best ends at its own best state.
    if (improved) search.best.snapshot = state.snapshot();
  }
  return restart;
}

/**
 * Each restart perturbs the best round with a few random exchanges (a kick) and descends again; a
 * restart that ends no better is undone. The caches survive, so a restart costs what the kick touched.
 */
function runKicks(search: Search): number {
  const { options, keys } = search;
  const state = startState(search, keys);
  noteIfBest(search, state, 0);
  const exchanges = new ExchangeSearch(exchangeContext(search, state));
  const narrow = new Descent({ search: exchanges, keys, neighbourMatches: search.neighbourMatches });
  // After the first local optimum every descent (the widening one, then each kick's) uses the wider
  // neighbourhood; the caches are shared, so the pairs already scanned cost nothing again.
  const descent =
    search.widerNeighbourMatches > search.neighbourMatches
      ? new Descent({ search: exchanges, keys, neighbourMatches: search.widerNeighbourMatches })
      : narrow;
  const kicks = new RandomExchanges({
    search: exchanges,
    random: options.random,
    byKey: ticketsByKey(search),
    windowTickets: windowTickets(search, KICK_WINDOW_MATCHES),
  });
  let restart = 0;
  for (; ; restart++) {
    if (options.maxRestarts !== undefined && restart >= options.maxRestarts) break;
    if (restart > 0 && search.overBudget()) break;
    if (restart > 0) {
      const size = KICK_MIN_EXCHANGES + options.random.int(KICK_MAX_EXCHANGES - KICK_MIN_EXCHANGES + 1);
      const centre = kicks.randomRank();
      for (let applied = 0, tries = 0; applied < size && tries < 20 * size; tries++) {
        const exchange = kicks.propose(centre);
        if (exchange === undefined) continue;
        descent.apply(exchange);
        applied += 1;
      }
    }
    const bestBefore = search.best.valueSum;
    const onStep = () => {
      search.steps += 1;
      noteIfBest(search, state, restart);
    };
    if (restart === 0) {
      // The first descents climb from the start and are never undone.
      narrow.run(search.overBudget, onStep, options.improvement ?? 'first-pair');
      narrow.commit();
      if (descent !== narrow) descent.run(search.overBudget, onStep, options.improvement ?? 'first-pair');
      descent.commit();
      continue;
    }
    descent.run(search.overBudget, onStep, options.improvement ?? 'first-pair');
    if (search.best.valueSum > bestBefore) descent.commit();
    else descent.undo();
  }
  // The state is always the best round here: every restart either improved it or was undone.
  if (state.valueSum < search.best.valueSum) descent.undo();
  search.best.snapshot = state.snapshot();
  return restart;
}

function ticketsByKey(search: Search): number[] {
  const { sizes, keys } = search;
  return Array.from(sizes, (_, index) => index).sort(
    (a, b) => (keys[a] as number) - (keys[b] as number) || a - b,
  );
}

/** Sort-key window (tickets on each side) of random exchanges: the tickets of `matches` matches. */
function windowTickets(search: Search, matches: number): number {
  const ticketsPerMatch = (search.sizes.length - search.selection.leftOut.length) / search.matchTotal;
  return Math.max(1, Math.round(matches * ticketsPerMatch));
}

/** Annealing method: the schedule (run `cycles` times, each from the best) from the sorted start. */
function runAnnealing(search: Search): number {
  const { options, sizes, keys, matchTotal, evaluator } = search;
  const cycles = options.annealing?.cycles ?? 1;
  const budgetMs = options.budgetMs;
  const maxIterations = options.maxIterations;
  const byKey = ticketsByKey(search);
  const initialTemperature = options.annealing?.initialTemperature;
  let state = startState(search, keys);
  noteIfBest(search, state, 0);
  search.best.snapshot = state.snapshot();
  let proposalsBefore = 0;
  let cycle = 0;
  for (; cycle < cycles; cycle++) {
    if (cycle > 0) {
      const snapshot = search.best.snapshot as number[][];
      state = new RoundState({
        matches: snapshot.slice(0, matchTotal),
        leftOut: snapshot[matchTotal] as number[],
        ticketTotal: sizes.length,
        evaluator,
      });
    }
    let bestPending = false;
    const current = state;
    const proposals = anneal({
      context: exchangeContext(search, current),
      random: options.random,
      byKey,
      windowTickets: windowTickets(search, search.neighbourMatches),
      initialTemperature: initialTemperature === undefined ? undefined : initialTemperature * matchTotal,
      finalTemperatureRatio: options.annealing?.finalTemperatureRatio ?? 1e-3,
      progress: (proposals) => {
        const byCount = maxIterations === undefined ? 0 : (proposalsBefore + proposals) / maxIterations;
        const byTime =
          budgetMs === undefined ? 0 : search.recentElapsed() / Math.max(budgetMs, Number.MIN_VALUE);
        return Math.max(byCount, byTime) * cycles - cycle;
      },
      beforeWorsening: () => {
        if (bestPending) search.best.snapshot = current.snapshot();
        bestPending = false;
      },
      onAccept: (proposals) => {
        search.steps = proposalsBefore + proposals;
        if (noteIfBest(search, current, cycle)) bestPending = true;
      },
    });
    if (bestPending) search.best.snapshot = current.snapshot();
    proposalsBefore += proposals;
    search.steps = proposalsBefore;
    if (search.overBudget()) {
      cycle += 1;
      break;
    }
  }
  return cycle;
}

function buildResult(search: Search, restarts: number): FormMatchesResult {
  const { evaluator, matchTotal, sizes, keys } = search;
  const snapshot = search.best.snapshot as number[][];
  const matches: (FormedMatch & { meanKey: number })[] = [];
  let valueSum = 0;
  for (let match = 0; match < matchTotal; match++) {
    const members = snapshot[match] as number[];
    const score = evaluator.best(members, members.length);
    if (score === INFEASIBLE) throw new Error('formMatches: the best round holds an unsplittable match');
    valueSum += evaluator.value(score);
    let weighted = 0;
    let players = 0;
    for (const ticket of members) {
      weighted += (sizes[ticket] as number) * (keys[ticket] as number);
      players += sizes[ticket] as number;
    }
    matches.push({ teams: evaluator.teamsOfLast(), score, meanKey: weighted / players });
  }
  matches.sort((a, b) => a.meanKey - b.meanKey || firstTicket(a) - firstTicket(b));
  return {
    matches: matches.map(({ teams, score }) => ({ teams, score })),
    leftOut: (snapshot[matchTotal] as number[]).slice().sort((a, b) => a - b),
    objective: valueSum / matchTotal,
    trace: search.trace,
    restarts,
    steps: search.steps,
    evaluations: evaluator.evaluations,
    elapsedMs: search.elapsed(),
  };
}

function firstTicket(match: FormedMatch): number {
  return Math.min(...match.teams.flat());
}
