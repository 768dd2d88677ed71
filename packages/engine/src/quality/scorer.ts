/**
 * The match scorer: compiles a queue's criteria once (shaping resolved, options defaulted) and then
 * scores candidate matches as arithmetic. Quality is the weighted mean of the criteria's scores
 * (Dota 2, Awesomenauts). The wait-time criterion is the only one that changes with the clock, so an
 * evaluation keeps its time-independent part and `scoreAt` re-scores it at a later time cheaply.
 */

import { ErrorCodes, MatchdError } from '../errors.ts';
import type { Prediction, RatingModel, UpdateContext } from '../rating/types.ts';
import {
  enemyPing,
  languagePenaltyRaw,
  missingHostsCost,
  offenseDefenseRaw,
  partyBalanceRaw,
  possibleHostsRaw,
  premadeCost,
  premadeDifferenceRaw,
  repeatEncounterRaw,
  varianceRatingRaw,
} from './group-criteria.ts';
import { type ResolvedShaping, resolveShaping, shapeBenefit, shapeCost } from './shaping.ts';
import {
  experienceSpreadRaw,
  playerSkillGapRaw,
  skillSpreadRaw,
  teamBalanceRaw,
  teamSkillGapRaw,
  topPlayerParityRaw,
} from './skill-criteria.ts';
import type {
  CandidateMatch,
  CriterionConfig,
  CriterionExplanation,
  CriterionKind,
  ExpectedChurn,
  RoundAggregate,
  ScoredPlayer,
  ScoredTicket,
} from './types.ts';

/** What the scorer needs besides the criteria. */
export interface ScorerEnvironment<TRating> {
  readonly ratingModel: RatingModel<TRating>;
  readonly teamSize: number;
  /** Typical skill difference on the model's scale (defaults of the skill criteria's caps). */
  readonly skillScale: number;
  readonly expectedChurn?: ExpectedChurn<TRating>;
  /** Compute win probabilities even without a team-balance criterion (for a fairness floor). */
  readonly alwaysPredict?: boolean;
  /** Compute the expected churn even without an engagement criterion (for the engagement objective). */
  readonly alwaysChurn?: boolean;
  /**
   * Every rating the scorer is given has passed `ratingModel.validate` (a matchmaker's tickets, checked
   * on arrival): predictions tell the model so (`UpdateContext.ratingsValidated`), which may then skip
   * checking them.
   */
  readonly ratingsValidated?: boolean;
}

/** What `quick` returns. */
export interface QuickEvaluation {
  readonly score: number;
  readonly winProbabilities: readonly number[];
  readonly expectedChurn?: number;
}

/** One scored candidate. `raws[i]` / `scores[i]` follow the order of the queue's criteria. */
export interface MatchEvaluation {
  /** The weighted mean at the time of evaluation. */
  readonly score: number;
  readonly raws: readonly number[];
  readonly scores: readonly number[];
  /** Σ weight * score over the criteria that do not depend on time. */
  readonly timelessWeightedSum: number;
  /** Win probability per team, draws excluded and normalised (empty when not predicted). */
  readonly winProbabilities: readonly number[];
  /** Mean expected churn of the players, when computed. */
  readonly expectedChurn?: number;
}

interface CompiledCriterion<TRating> {
  readonly kind: CriterionKind;
  readonly weight: number;
  readonly shaping: ResolvedShaping;
  readonly timeDependent: boolean;
  /** Whether the score can change when the same tickets are split into other teams. */
  readonly splitDependent: boolean;
  /**
   * The raw value of a criterion whose score is the raw value's cost under its shaping (`measure`
   * is then this and `shapeCost`): read without `measure`'s pair where every candidate is scored.
   */
  readonly rawOf?: (match: CandidateMatch<TRating>, context: MeasureContext) => number;
  /** Raw value and score of `match`. */
  measure(match: CandidateMatch<TRating>, context: MeasureContext): [number, number];
  /** The score of `match` alone (`measure`'s second number), making no pair: the split search's path. */
  score(match: CandidateMatch<TRating>, context: MeasureContext): number;
  /** A sentence about the raw value (the evaluation gives context, e.g. the number of teams). */
  describe(raw: number, evaluation: MatchEvaluation): string;
}

interface MeasureContext {
  readonly nowMs: number;
  readonly winProbabilities: readonly number[];
  readonly expectedChurn: number | undefined;
}

/** Scores candidate matches for one queue. */
export interface MatchScorer<TRating> {
  readonly kinds: readonly CriterionKind[];
  /** Some criterion's score changes with the time (a wait criterion): a candidate's score is not fixed. */
  readonly timeDependent: boolean;
  evaluate(match: CandidateMatch<TRating>, nowMs: number): MatchEvaluation;
  /**
   * The score alone (with win probabilities and churn when the objective needs them), without the
   * per-criterion arrays: the hot path of a round's search, which scores hundreds of thousands of splits.
   */
  quick(match: CandidateMatch<TRating>, nowMs: number): QuickEvaluation;
  /**
   * `quick` for comparing splits of one set of tickets: the criteria that cannot change between
   * splits are left out of the weighted mean (a constant for those tickets), so a split's ranking is
   * the same and a 200-player match is not re-measured pair by pair for nothing.
   */
  quickSplit(match: CandidateMatch<TRating>, nowMs: number): QuickEvaluation;
  /** The weighted mean of `evaluation` re-scored at `nowMs` (only time-dependent criteria recomputed). */
  scoreAt(evaluation: MatchEvaluation, match: CandidateMatch<TRating>, nowMs: number): number;
  /**
   * `evaluation` at `nowMs`: the time-dependent criteria's raw values and scores measured again and
   * the score with them (`scoreAt`), so that a match formed from an earlier evaluation explains its
   * waits as they are when it forms. The same object when no criterion depends on time.
   */
  evaluationAt(evaluation: MatchEvaluation, match: CandidateMatch<TRating>, nowMs: number): MatchEvaluation;
  /** The highest score `evaluation` can reach later: every time-dependent criterion at 1. */
  ceilingScore(evaluation: MatchEvaluation): number;
  /**
   * An upper bound on the ceiling score of `match` (so on its score at any time), measuring only the
   * criteria that read the tickets' own skill and experience (`BOUNDED_CHEAPLY`); every other
   * criterion counts at 1. It skips the rating model's prediction and the arrays of `evaluate`: a
   * pair the bound already keeps below every threshold need not be scored. Those criteria are ranges
   * over the tickets (most minus least skilled or experienced), which a ticket joining can only
   * widen: the bound of some tickets bounds every match holding them, of any split.
   */
  ceilingBound(match: CandidateMatch<TRating>): number;
  /**
   * An upper bound on `ceilingBound` of every match holding two tickets whose skill spread (their
   * skills apart, less their skill bands: `skillSpreadRaw`) is at least `skillGap`: skill spread
   * measured at `skillGap` (its cost only grows with the spread), every other criterion at 1. It
   * reads no ticket: one bound serves every neighbour of a ticket at least that far away.
   */
  ceilingBoundAtSkillGap(skillGap: number): number;
  /** Every criterion's explanation. */
  explain(evaluation: MatchEvaluation): CriterionExplanation[];
}

/** The win probabilities of a match no prediction is made for, and of a single team. */
const NO_PREDICTION: readonly number[] = Object.freeze([]);
const ONE_TEAM: readonly number[] = Object.freeze([1]);

/** True when the probabilities sum to exactly 1 (`normalisedWinProbabilities` would give them back). */
function sumsToOne(win: readonly number[]): boolean {
  let total = 0;
  for (let i = 0; i < win.length; i++) total += win[i] as number;
  return total === 1;
}

/** Normalised win probabilities (draws excluded) of a prediction. */
export function normalisedWinProbabilities(prediction: Prediction): number[] {
  let total = 0;
  for (const p of prediction.win) total += p;
  if (!(total > 0)) return prediction.win.map(() => 1 / prediction.win.length);
  return prediction.win.map((p) => p / total);
}

/**
 * Criteria whose score depends on who plays on which team. The others (skill and experience spread,
 * the mean gap over all pairs of players, wait, hosts) read the match's players only: the same for
 * every split of one set of tickets.
 */
const SPLIT_DEPENDENT: ReadonlySet<CriterionKind> = new Set<CriterionKind>([
  'team-balance',
  'top-player-parity',
  'party-balance',
  'common-language',
  'team-skill-gap',
  'premades',
  'enemy-ping',
  'opponent-variation',
  'offense-defense',
  'variance-rating',
  'engagement',
]);

/**
 * Criteria measured by `ceilingBound`: each reads one number per ticket (skill, calibration band,
 * experience), no prediction and no pairs of players, so measuring one costs less than bounding it.
 */
const BOUNDED_CHEAPLY: ReadonlySet<CriterionKind> = new Set<CriterionKind>([
  'skill-spread',
  'experience-spread',
]);

function compile<TRating>(
  config: CriterionConfig,
  env: ScorerEnvironment<TRating>,
): CompiledCriterion<TRating> {
  const shaping = resolveShaping(config.kind, config.shaping, env.skillScale);
  // A criterion whose score is its raw value's cost under the shaping.
  const costly = (rawOf: (match: CandidateMatch<TRating>, context: MeasureContext) => number) => ({
    rawOf,
    measure: (match: CandidateMatch<TRating>, context: MeasureContext): [number, number] => {
      const raw = rawOf(match, context);
      return [raw, shapeCost(raw, shaping)];
    },
    score: (match: CandidateMatch<TRating>, context: MeasureContext) =>
      shapeCost(rawOf(match, context), shaping),
  });
  // A criterion measured with its score at once: `score` reads `measure`'s.
  const measured = (
    measure: (match: CandidateMatch<TRating>, context: MeasureContext) => [number, number],
  ) => ({
    measure,
    score: (match: CandidateMatch<TRating>, context: MeasureContext) => measure(match, context)[1],
  });
  const base = {
    kind: config.kind,
    weight: config.weight,
    shaping,
    timeDependent: false,
    splitDependent: SPLIT_DEPENDENT.has(config.kind),
  };
  const fixed = (digits: number) => (raw: number) => raw.toFixed(digits);
  switch (config.kind) {
    case 'team-balance':
      return {
        ...base,
        ...costly((_, c) => teamBalanceRaw(c.winProbabilities)),
        describe: (raw, evaluation) => {
          const teams = Math.max(2, evaluation.winProbabilities.length);
          const favourite = Math.max(0, ...evaluation.winProbabilities);
          return `favourite wins with ${(100 * favourite).toFixed(1)}% (fair share ${(100 / teams).toFixed(1)}%, distance ${raw.toFixed(3)})`;
        },
      };
    case 'skill-spread': {
      const aggregate = config.partyAggregate ?? true;
      return {
        ...base,
        ...costly((m) => skillSpreadRaw(m, aggregate)),
        describe: (r) => `skill spread ${fixed(1)(r)}`,
      };
    }
    case 'experience-spread': {
      const aggregate = config.partyAggregate ?? true;
      return {
        ...base,
        ...costly((m) => experienceSpreadRaw(m, aggregate)),
        describe: (r) => `experience spread x${Math.exp(r).toFixed(2)} in games + 40`,
      };
    }
    case 'top-player-parity':
      return {
        ...base,
        ...costly((m) => topPlayerParityRaw(m)),
        describe: (r) => `top players ${fixed(1)(r)} apart`,
      };
    case 'team-skill-gap':
      return {
        ...base,
        ...costly((m) => teamSkillGapRaw(m)),
        describe: (r) => `team mean skills ${fixed(1)(r)} apart`,
      };
    case 'player-skill-gap':
      return {
        ...base,
        ...costly((m) => playerSkillGapRaw(m)),
        describe: (r) => `mean pairwise skill gap ${fixed(1)(r)}`,
      };
    case 'party-balance':
      return {
        ...base,
        ...costly((m) => partyBalanceRaw(m, env.teamSize)),
        describe: (r) => `party count differs by ${(r * Math.max(0, env.teamSize - 1)).toFixed(0)}`,
      };
    case 'common-language': {
      const within = config.withinTeamPenalty ?? 0.8;
      const across = config.acrossMatchPenalty ?? 0.2;
      return {
        ...base,
        ...costly((m) => languagePenaltyRaw(m, within, across)),
        describe: (r) => (r === 0 ? 'common language everywhere' : `language penalty ${r.toFixed(2)}`),
      };
    }
    case 'wait-time': {
      const useMax = (config.aggregate ?? 'max') === 'max';
      return {
        ...base,
        timeDependent: true,
        ...measured((m, c) => {
          let longest = 0;
          let total = 0;
          let count = 0;
          for (const team of m.teams) {
            for (const ticket of team) {
              const wait = Math.max(0, c.nowMs - ticket.enqueuedAtMs);
              longest = Math.max(longest, wait);
              total += wait;
              count++;
            }
          }
          const raw = useMax ? longest : total / Math.max(1, count);
          return [raw, shapeBenefit(raw, shaping)];
        }),
        describe: (r) => `${useMax ? 'longest' : 'mean'} wait ${(r / 1000).toFixed(1)} s`,
      };
    }
    case 'premades': {
      const smallPlayers = config.smallDifferencePlayers ?? 1;
      const smallScore = config.smallDifferenceScore ?? 0.6;
      return {
        ...base,
        ...measured((m) => {
          const moved = premadeDifferenceRaw(m);
          return [moved, shapeCost(premadeCost(moved, smallPlayers, smallScore), shaping)];
        }),
        describe: (r) =>
          r === 0 ? 'same party structure' : `${r} player(s) away from the same party structure`,
      };
    }
    case 'enemy-ping':
      return {
        ...base,
        ...measured((m) => {
          const { raw, score } = enemyPing(m, shaping);
          return [raw, score];
        }),
        describe: (r) => `mean enemy ping ${r.toFixed(0)} ms`,
      };
    case 'opponent-variation': {
      const swapped = config.swappedRolePenalty ?? 0.5;
      return {
        ...base,
        ...costly((m) => repeatEncounterRaw(m, swapped)),
        describe: (r) => (r === 0 ? 'no repeat encounters' : `repeat-encounter penalty ${r.toFixed(1)}`),
      };
    }
    case 'hosts': {
      const wanted = config.wantedHosts ?? 2;
      return {
        ...base,
        ...measured((m) => {
          const hosts = possibleHostsRaw(m);
          return [hosts, shapeCost(missingHostsCost(hosts, wanted), shaping)];
        }),
        describe: (r) => `${r} player(s) can host (want ${wanted})`,
      };
    }
    case 'offense-defense':
      return {
        ...base,
        ...costly((m) => offenseDefenseRaw(m)),
        describe: (r) => `offense/defense differ by ${(100 * r).toFixed(1)}%`,
      };
    case 'variance-rating':
      return {
        ...base,
        ...costly((m) => varianceRatingRaw(m)),
        describe: (r) => `variance ratings differ by ${r.toFixed(3)}`,
      };
    case 'engagement':
      return {
        ...base,
        ...costly((_, c) => c.expectedChurn ?? 0),
        describe: (r) => `expected churn ${(100 * r).toFixed(2)}% per player`,
      };
    default:
      return config satisfies never;
  }
}

/**
 * Compiles the criteria of a queue (already validated) into a scorer.
 * Throws INVALID_OPTION when an engagement criterion has no churn estimator.
 */
export function createMatchScorer<TRating>(
  criteria: readonly CriterionConfig[],
  env: ScorerEnvironment<TRating>,
): MatchScorer<TRating> {
  const compiled = criteria.map((config) => compile(config, env));
  const needsPrediction =
    env.alwaysPredict === true ||
    env.alwaysChurn === true ||
    compiled.some((c) => c.kind === 'team-balance' || c.kind === 'engagement');
  const needsChurn = env.alwaysChurn === true || compiled.some((c) => c.kind === 'engagement');
  if (needsChurn && env.expectedChurn === undefined) {
    throw new MatchdError(
      ErrorCodes.INVALID_OPTION,
      'the engagement criterion or objective needs an expectedChurn estimator',
      {
        path: 'expectedChurn',
      },
    );
  }
  let totalWeight = 0;
  let timeDependentWeight = 0;
  for (const c of compiled) {
    totalWeight += c.weight;
    if (c.timeDependent) timeDependentWeight += c.weight;
  }
  const weightOrOne = totalWeight > 0 ? totalWeight : 1;
  const anyTimeDependent = compiled.some((c) => c.timeDependent);
  const model = env.ratingModel;
  // Ratings checked on arrival need no checking per prediction.
  const validated: UpdateContext | undefined =
    env.ratingsValidated === true ? { ratingsValidated: true } : undefined;
  const predict = (teams: readonly (readonly TRating[])[]): Prediction => model.predict({ teams }, validated);
  const churnOf = (match: CandidateMatch<TRating>, prediction: Prediction): number | undefined =>
    needsChurn ? (env.expectedChurn as ExpectedChurn<TRating>)(match, prediction) : undefined;
  const predictFor = (match: CandidateMatch<TRating>, nowMs: number): MeasureContext => {
    if (!needsPrediction) return { nowMs, winProbabilities: [], expectedChurn: undefined };
    // A single team (co-op, PvE, a lobby) has no opponent to predict against: it is perfectly balanced.
    if (match.teams.length < 2) return { nowMs, winProbabilities: [1], expectedChurn: undefined };
    const prediction = predict(ratingTeamsOf(match));
    // The evaluation keeps its win probabilities: a fresh copy unless the prediction's own array
    // (made for this call) already sums to 1, which its normalisation would give back unchanged.
    return {
      nowMs,
      winProbabilities: sumsToOne(prediction.win) ? prediction.win : normalisedWinProbabilities(prediction),
      expectedChurn: churnOf(match, prediction),
    };
  };

  // The quick paths score thousands of splits a tick and keep nothing of a call but its result: one
  // context serves every call, and with validated ratings (whose predictions keep nothing of their
  // match) one row of ratings per team.
  const quickContext: {
    nowMs: number;
    winProbabilities: readonly number[];
    expectedChurn: number | undefined;
  } = { nowMs: 0, winProbabilities: NO_PREDICTION, expectedChurn: undefined };
  const ratingRows: TRating[][] = [];
  /** The ratings of a match's players by team, in the shared rows when ratings are validated. */
  const ratingTeamsOf = (match: CandidateMatch<TRating>): TRating[][] => {
    const teams = validated === undefined ? [] : ratingRows;
    for (let t = 0; t < match.teams.length; t++) {
      const ratings = teams[t] ?? [];
      // Written in place, cut to length after (emptying a row would free its storage).
      let count = 0;
      const team = match.teams[t] as readonly ScoredTicket<TRating>[];
      for (let k = 0; k < team.length; k++) {
        const players = (team[k] as ScoredTicket<TRating>).players;
        for (let p = 0; p < players.length; p++)
          ratings[count++] = (players[p] as ScoredPlayer<TRating>).profile.rating;
      }
      if (ratings.length !== count) ratings.length = count;
      teams[t] = ratings;
    }
    if (teams.length !== match.teams.length) teams.length = match.teams.length;
    return teams;
  };
  const predictQuick = (match: CandidateMatch<TRating>, nowMs: number): MeasureContext => {
    const context = quickContext;
    context.nowMs = nowMs;
    context.expectedChurn = undefined;
    if (!needsPrediction) context.winProbabilities = NO_PREDICTION;
    else if (match.teams.length < 2) context.winProbabilities = ONE_TEAM;
    else {
      const prediction = predict(ratingTeamsOf(match));
      // Win probabilities that already sum to 1 are their own normalisation.
      context.winProbabilities = sumsToOne(prediction.win)
        ? prediction.win
        : normalisedWinProbabilities(prediction);
      context.expectedChurn = churnOf(match, prediction);
    }
    return context;
  };

  const splitDependent = compiled.filter((c) => c.splitDependent);
  const measuredForBound = compiled.map((c) => BOUNDED_CHEAPLY.has(c.kind) && !c.timeDependent);
  // The bounded criteria read no prediction: one context serves every call.
  const boundContext: MeasureContext = { nowMs: 0, winProbabilities: [], expectedChurn: undefined };
  const quickOver = (
    criteria: readonly CompiledCriterion<TRating>[],
    match: CandidateMatch<TRating>,
    nowMs: number,
  ): QuickEvaluation => {
    const context = predictQuick(match, nowMs);
    let weighted = 0;
    for (let i = 0; i < criteria.length; i++) {
      const criterion = criteria[i] as CompiledCriterion<TRating>;
      weighted += criterion.weight * criterion.score(match, context);
    }
    const score = weighted / weightOrOne;
    const { winProbabilities, expectedChurn } = context;
    return expectedChurn === undefined
      ? { score, winProbabilities }
      : { score, winProbabilities, expectedChurn };
  };

  return {
    kinds: compiled.map((c) => c.kind),
    timeDependent: timeDependentWeight > 0,
    quick: (match, nowMs) => quickOver(compiled, match, nowMs),
    quickSplit: (match, nowMs) => quickOver(splitDependent, match, nowMs),
    evaluate(match, nowMs) {
      const context = predictFor(match, nowMs);
      const { winProbabilities, expectedChurn } = context;
      const raws: number[] = [];
      const scores: number[] = [];
      let timeless = 0;
      let weighted = 0;
      for (let i = 0; i < compiled.length; i++) {
        const criterion = compiled[i] as CompiledCriterion<TRating>;
        // `measure`'s pair made only for criteria that compute both at once.
        let raw: number;
        let score: number;
        if (criterion.rawOf !== undefined) {
          raw = criterion.rawOf(match, context);
          score = shapeCost(raw, criterion.shaping);
        } else [raw, score] = criterion.measure(match, context);
        raws.push(raw);
        scores.push(score);
        weighted += criterion.weight * score;
        if (!criterion.timeDependent) timeless += criterion.weight * score;
      }
      const score = weighted / weightOrOne;
      // Two literals rather than a spread (no intermediate object per evaluation).
      const evaluation: MatchEvaluation =
        expectedChurn === undefined
          ? { score, raws, scores, timelessWeightedSum: timeless, winProbabilities }
          : { score, raws, scores, timelessWeightedSum: timeless, winProbabilities, expectedChurn };
      return evaluation;
    },
    scoreAt(evaluation, match, nowMs) {
      let weighted = evaluation.timelessWeightedSum;
      const context: MeasureContext = {
        nowMs,
        winProbabilities: evaluation.winProbabilities,
        expectedChurn: evaluation.expectedChurn,
      };
      for (let i = 0; i < compiled.length; i++) {
        const criterion = compiled[i] as CompiledCriterion<TRating>;
        if (criterion.timeDependent) weighted += criterion.weight * criterion.measure(match, context)[1];
      }
      return weighted / weightOrOne;
    },
    evaluationAt(evaluation, match, nowMs) {
      if (!anyTimeDependent) return evaluation;
      const context: MeasureContext = {
        nowMs,
        winProbabilities: evaluation.winProbabilities,
        expectedChurn: evaluation.expectedChurn,
      };
      const raws = [...evaluation.raws];
      const scores = [...evaluation.scores];
      let weighted = evaluation.timelessWeightedSum;
      for (let i = 0; i < compiled.length; i++) {
        const criterion = compiled[i] as CompiledCriterion<TRating>;
        if (!criterion.timeDependent) continue;
        const [raw, score] = criterion.measure(match, context);
        raws[i] = raw;
        scores[i] = score;
        weighted += criterion.weight * score;
      }
      return { ...evaluation, score: weighted / weightOrOne, raws, scores };
    },
    ceilingScore(evaluation) {
      return (evaluation.timelessWeightedSum + timeDependentWeight) / weightOrOne;
    },
    ceilingBound(match) {
      // Summed in `evaluate`'s order, each term at least its term there: rounding keeps it a bound.
      let weighted = 0;
      for (let i = 0; i < compiled.length; i++) {
        const criterion = compiled[i] as CompiledCriterion<TRating>;
        weighted += measuredForBound[i]
          ? criterion.weight * criterion.score(match, boundContext)
          : criterion.weight;
      }
      return weighted / weightOrOne;
    },
    ceilingBoundAtSkillGap(skillGap) {
      // `ceilingBound`'s sum in its order, each term at least its term there.
      const gap = Math.max(0, skillGap);
      let weighted = 0;
      for (let i = 0; i < compiled.length; i++) {
        const criterion = compiled[i] as CompiledCriterion<TRating>;
        weighted +=
          measuredForBound[i] && criterion.kind === 'skill-spread'
            ? criterion.weight * shapeCost(gap, criterion.shaping)
            : criterion.weight;
      }
      return weighted / weightOrOne;
    },
    explain(evaluation) {
      return compiled.map((criterion, i) => {
        const raw = evaluation.raws[i] as number;
        return {
          criterion: criterion.kind,
          raw,
          score: evaluation.scores[i] as number,
          weight: criterion.weight,
          detail: criterion.describe(raw, evaluation),
        };
      });
    },
  };
}

/**
 * A round's quality from its matches' scores: the plain mean, or the mean of square roots, a concave
 * mean that values lifting a bad match more than improving a good one (Awesomenauts' suggestion).
 */
export function aggregateRoundQuality(scores: readonly number[], aggregate: RoundAggregate): number {
  if (scores.length === 0) return 0;
  let total = 0;
  for (const score of scores) total += aggregate === 'sqrt-mean' ? Math.sqrt(Math.max(0, score)) : score;
  return total / scores.length;
}
