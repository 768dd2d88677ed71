/**
 * Public types of team formation: a round's pool of tickets (parties are atomic) into matches of
 * `teamCount` teams of `teamSize` players, maximising the round's aggregate of a caller's match score.
 */
import type { Random } from '../../random.ts';

/** One ticket of the pool: a solo player or a party that must stay on one team. */
export interface FormationTicket {
  /** Players on the ticket (party size), an integer in [1, teamSize]. */
  readonly size: number;
  /**
   * Key of the sorted-chunk start (e.g. the party's mean rating): neighbours in this order start in
   * the same match. Defaults to 0 (the start then follows the pool's order).
   */
  readonly sortKey?: number;
  /**
   * Who plays first when the pool does not fill whole matches (e.g. `waitMs`: longest-waiting first).
   * A kept ticket is never replaced by a left-out ticket of lower priority. Defaults to 0 for all, which
   * lets the search choose the left-out tickets by the objective alone.
   */
  readonly priority?: number;
}

/**
 * A match's teams as arrays of ticket indices into `FormMatchesOptions.tickets`. When handed to
 * `scoreMatch`, the arrays are buffers reused between calls: read them, copy them if you keep them.
 */
export type TeamIndices = readonly (readonly number[])[];

/**
 * Scores one match; higher is better (a quality in [0, 1], a negated expected churn, or a blend).
 * Must be finite and must not depend on the order of the teams (permuted teams are the same split).
 */
export type ScoreMatch = (teams: TeamIndices) => number;

/**
 * An optional incremental form of `scoreMatch` for the exhaustive split of a match, which is the
 * search's hot path (a 5v5 match of solos has 126 splits, each re-split for every candidate exchange).
 * The search lays the splits out one after another in depth-first order, so consecutive splits share
 * most placements: it takes back only the tickets whose team changes and places them again. A scorer
 * that keeps running team sums (rating sums, pair terms within each team) and computes the split-free
 * terms once per match in `begin` then scores a split in a few operations instead of from scratch.
 *
 * Contract: after `begin(tickets)` and any sequence of `place`/`unplace` that leaves every ticket on
 * one team, `score()` equals `scoreMatch` of those teams (up to float rounding). `unplace` always
 * takes back the most recently placed ticket still placed (last in, first out).
 */
export interface SplitScorer {
  /**
   * A new match: its tickets, by position, in the order `place` will refer to them. Starts from empty
   * teams whatever was placed before (the search does not take the last split back).
   */
  begin(tickets: readonly number[]): void;
  /** The ticket at `position` joins `team` (0 .. teamCount-1). */
  place(position: number, team: number): void;
  /** The ticket at `position`, the latest still placed, leaves `team`. */
  unplace(position: number, team: number): void;
  /** The score of the complete split now placed, as `scoreMatch` would give it. */
  score(): number;
}

/**
 * How match scores combine into the round's objective: `mean` (Awesomenauts' megascore), or
 * `sqrt-mean`, the mean of square roots, which favours raising the worst matches (scores must be >= 0).
 */
export type FormationAggregate = 'mean' | 'sqrt-mean';

/**
 * `restarts`: best-improvement exchanges to a local optimum, restarted from perturbed sorted starts
 * while the budget lasts (Awesomenauts' Galactron). `annealing`: simulated annealing over random
 * exchanges, as the post's readers suggested; same start, same exhaustive re-splits.
 */
export type FormationMethod = 'restarts' | 'annealing';

/** Tuning of the annealing method; the defaults calibrate the temperature from the pool. */
export interface AnnealingOptions {
  /**
   * Start temperature in objective units; default: the mean |change| of 200 random exchanges from the
   * start, divided by ln 3 (so that a move of that size is accepted with probability 1/3 at first).
   */
  readonly initialTemperature?: number;
  /** End temperature as a fraction of the start temperature; default 1e-3. */
  readonly finalTemperatureRatio?: number;
  /**
   * Number of reheats: the schedule is run this many times in a row (each from the best state so
   * far); default 1.
   */
  readonly cycles?: number;
}

/** Options of `formMatches`. Give `budgetMs` (with `clock`), `maxRestarts`/`maxIterations`, or both. */
export interface FormMatchesOptions {
  readonly tickets: readonly FormationTicket[];
  /** Teams per match (2 for NvN); an integer >= 2. */
  readonly teamCount: number;
  /** Players per team; an integer >= 1. */
  readonly teamSize: number;
  readonly scoreMatch: ScoreMatch;
  /**
   * The same score, incrementally (see SplitScorer): when given, the exhaustive splits of the search
   * are scored through it instead of `scoreMatch` (the best split's teams are the same, up to float
   * rounding); `scoreMatch` still names the contract and scores nothing else here.
   */
  readonly splitScorer?: SplitScorer;
  /** Seeded generator for perturbed restarts and annealing moves. */
  readonly random: Random;
  /** Default `mean`. */
  readonly aggregate?: FormationAggregate;
  /** Default `restarts`. */
  readonly method?: FormationMethod;
  /** Milliseconds from any origin; required with `budgetMs`, also used to time the trace. */
  readonly clock?: () => number;
  /** Time budget; the search stops at the first check after it is spent (checks are per exchange). */
  readonly budgetMs?: number;
  /** Restarts method: number of starts (the sorted start counts as the first). */
  readonly maxRestarts?: number;
  /** Annealing method: number of proposed moves over the whole schedule. */
  readonly maxIterations?: number;
  /**
   * Largest number of tickets exchanged against one ticket of equal total size (a duo against two
   * solos is 2); default 3 when a match of solos has at most 100 splits (3v3: 10, 4v4: 35), else 2 (5v5: 126). 1 means
   * one-for-one swaps of equal-size tickets only.
   */
  readonly maxGroupSize?: number;
  /**
   * Restarts method: each match exchanges tickets with this many matches on either side of it in the
   * order of mean sort key (and always with the left-out set); default 4 when a match of solos has
   * at most 100 splits (3v3, 4v4), else 6 (5v5: each re-split costs 126 scores). A number >= the match
   * count makes the neighbourhood complete. Annealing draws partners from the same window.
   */
  readonly neighbourMatches?: number;
  /**
   * Restarts method with kicks: neighbour matches of every descent after the first local optimum
   * (the first descent uses `neighbourMatches`: cheaper per pass, and its optimum is a good start for
   * the wider one). Default 6 where `neighbourMatches` defaults to 4 (3v3, 4v4) and 12 where it
   * defaults to 6 (5v5 and larger), else `neighbourMatches` (one stage); never below `neighbourMatches`.
   */
  readonly widerNeighbourMatches?: number;
  /**
   * Restarts method: how a restart perturbs. `kick` (default): the best round so far plus a few random
   * exchanges, then a descent (iterated local search; the search's caches survive, so a restart costs
   * only what the kick touched). `fresh-start`: a new sorted start whose keys carry random noise, as in
   * the Awesomenauts post ("semi-randomly generate a completely new match-up").
   */
  readonly perturbation?: 'kick' | 'fresh-start';
  /**
   * Restarts method: `best` applies the best exchange of the whole neighbourhood at each step, as in
   * the Awesomenauts post; `first-pair` (default) visits the pairs of matches in turn and applies a
   * pair's best exchange as soon as it improves. Both stop at a local optimum of the same moves;
   * `first-pair` gets there with about half the score evaluations and to better optima in the
   * benchmarks (bench/results/team-formation.md).
   */
  readonly improvement?: 'best' | 'first-pair';
  readonly annealing?: AnnealingOptions;
}

/** One formed match. */
export interface FormedMatch {
  /** Teams as ticket indices, each summing to `teamSize` players. */
  readonly teams: TeamIndices;
  /** `scoreMatch` of these teams (before aggregation). */
  readonly score: number;
}

/** A point of the objective trace: the best objective known at `elapsedMs` into the search. */
export interface ObjectiveTracePoint {
  /** Clock milliseconds since the search began (0 without a clock). */
  readonly elapsedMs: number;
  /** Restart (0-based) or annealing cycle during which this best was found. */
  readonly restart: number;
  /** Exchanges performed (restarts) or moves proposed (annealing) so far in the whole search. */
  readonly step: number;
  readonly objective: number;
}

/** Result of `formMatches`: the best round found. */
export interface FormMatchesResult {
  readonly matches: readonly FormedMatch[];
  /** Ticket indices not placed in any match, in increasing order. */
  readonly leftOut: readonly number[];
  /** The aggregate (per `aggregate`) of the matches' scores; 0 when there is no match. */
  readonly objective: number;
  /** The best objective over time; the first point is the sorted start. */
  readonly trace: readonly ObjectiveTracePoint[];
  /** Starts run (restarts method) or annealing cycles run. */
  readonly restarts: number;
  /** Exchanges applied (restarts) or moves proposed (annealing). */
  readonly steps: number;
  /** Splits scored (calls to `scoreMatch`, or to `splitScorer.score` when given). */
  readonly evaluations: number;
  /** Clock milliseconds spent (0 without a clock). */
  readonly elapsedMs: number;
}

/** A team size range of one match: `min` to `max` players per team. */
export interface TeamSizeRange {
  readonly min: number;
  readonly max: number;
}

/** Options of `bestSplit`: the split of one match's tickets into teams. */
export interface BestSplitOptions {
  /** The pool's tickets (only `size` is read). */
  readonly tickets: readonly FormationTicket[];
  /** Indices of the match's tickets; their sizes sum to what the teams hold. */
  readonly members: readonly number[];
  /** Teams of the match, an integer >= 1. */
  readonly teamCount: number;
  /** Players per team: exactly this many, or any number in the range. */
  readonly teamSize: number | TeamSizeRange;
  /**
   * With a size range: the most players two teams of the match may differ by (default 0: equal
   * teams). A fixed size makes every team equal anyway.
   */
  readonly maxSizeDifference?: number;
  readonly scoreMatch: ScoreMatch;
}

/** The best split of one match, or undefined when the parties cannot be split into full teams. */
export interface BestSplit {
  readonly teams: TeamIndices;
  readonly score: number;
  /** Splits scored (each distinct split once: team order does not count). */
  readonly splitsScored: number;
}
