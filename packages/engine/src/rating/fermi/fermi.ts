/**
 * Kreimeier's Fermi rating: a zero-sum, Elo-like rating with a temperature.
 *
 * Source: B. Kreimeier, "Rising from the Ranks: Rating for Multiplayer Games" (Gamasutra, 2000).
 * - "Decisions and Uncertainty": the expectation is the Fermi function,
 *   Fermi(delta, T) = 1 / (1 + exp(-delta / T)), delta = my rating - opponent's (his code writes
 *   `Fermi(opponent - me)` but defines the result as "the probability of a given player beating
 *   a given opponent", which requires the sign used here).
 * - "Estimation 101": change = max_gain (result - expectancy); `my_rating += change;
 *   opponent_rating -= change`: zero-sum, what one side gains the other loses.
 * - "Closed System": new players start at the mean, so the population mean never drifts; decay
 *   toward the mean over inactivity is `pq -= decay * (pq - mean)` per period (here continuous in
 *   time, see `fermiDecay`); and confidence is "a second number", never mixed into the rating:
 *   `games` is that number here.
 *
 * Teams (our extension; the article rates one-on-one "frags"): a team's rating is the mean (or
 * sum) of its players'; the pairwise change C = max_gain (S - E) is credited to the whole team and
 * shared among its players in proportion to their weights, scaled by the match's mean team size,
 * so that in n-v-n every full-time player moves by exactly C and the sum of all changes is zero
 * for any sizes and weights. More than two teams: pairwise, each pair's C divided by (teams - 1).
 * Validation: fermi.test.ts (Kreimeier's numbers, zero-sum property, decay properties).
 */

import { ErrorCodes, MatchdError, requireFiniteOption } from '../../errors.ts';
import { sigmoid } from '../../stats/logistic-regression.ts';
import {
  pairScore,
  pairwisePrediction,
  playerWeight,
  rejectUnknownOptions,
  validatePairwiseMatch,
  validateResult,
} from '../elo/pairwise.ts';
import { requireMatchTime } from '../match-time.ts';
import type {
  MatchResult,
  Prediction,
  RatedMatch,
  RatingModel,
  SkillEstimate,
  UpdateContext,
} from '../types.ts';

/** A Fermi-model rating: Kreimeier's "PQ" and, separately, the confidence (games played). */
export interface FermiRating {
  /** The skill estimate ("PQ"); the population is zero-mean by default. */
  readonly rating: number;
  /** Games played: the confidence, kept apart from the rating. */
  readonly games: number;
  /** When the player last played (only with decay). */
  readonly lastPlayedMs?: number;
}

/** Inactivity decay toward the mean: a fraction `perPeriod` of the gap per `periodLengthMs`. */
export interface FermiDecayOptions {
  /** Share of the distance to the mean removed per period, in [0, 1] (Kreimeier's example: 0.1). */
  readonly perPeriod: number;
  readonly periodLengthMs: number;
}

/** Options of the Fermi model. */
export interface FermiOptions {
  /** Temperature T > 0: the rating gap that means e:1 odds; default 1. */
  readonly temperature?: number;
  /** max_gain: the largest change one game can make; default 1. */
  readonly maxGain?: number;
  /** The population mean, also every new player's rating; default 0. */
  readonly mean?: number;
  readonly teamStrength?: 'mean' | 'sum';
  /** Decay toward the mean while inactive, applied at `context.nowMs`; default none. */
  readonly decay?: FermiDecayOptions;
}

const FERMI_KEYS = ['temperature', 'maxGain', 'mean', 'teamStrength', 'decay'] as const;

/** Fermi(delta, T) = 1 / (1 + exp(-delta / T)): the chance that a side `delta` points stronger wins. */
export function fermi(delta: number, temperature: number): number {
  return sigmoid(delta / temperature);
}

function validateDecay(decay: FermiDecayOptions): FermiDecayOptions {
  rejectUnknownOptions(decay, ['perPeriod', 'periodLengthMs'], 'fermi.decay');
  requireFiniteOption('fermi.decay.perPeriod', decay.perPeriod, 0, 1);
  requireFiniteOption('fermi.decay.periodLengthMs', decay.periodLengthMs, Number.MIN_VALUE);
  return decay;
}

/**
 * The rating after `elapsedMs` of inactivity: mean + (rating - mean) (1 - perPeriod)^(elapsed / period).
 * It approaches the mean from either side and never crosses it; `games` (the confidence) is untouched.
 */
export function fermiDecay(
  rating: FermiRating,
  options: FermiDecayOptions & { readonly elapsedMs: number; readonly mean?: number },
): FermiRating {
  const { perPeriod, periodLengthMs } = validateDecay({
    perPeriod: options.perPeriod,
    periodLengthMs: options.periodLengthMs,
  });
  const elapsedMs = requireFiniteOption('elapsedMs', options.elapsedMs, 0);
  const mean = requireFiniteOption('mean', options.mean ?? 0);
  if (elapsedMs === 0 || perPeriod === 0) return rating;
  const keep = (1 - perPeriod) ** (elapsedMs / periodLengthMs);
  return { ...rating, rating: mean + (rating.rating - mean) * keep };
}

/** The Fermi model, with `expectation` for two raw ratings. */
export interface FermiModel extends RatingModel<FermiRating> {
  /** Fermi(rating - opponentRating, T). */
  expectation(rating: number, opponentRating: number): number;
  /** The rating decayed to `nowMs` (unchanged without the decay option or lastPlayedMs). */
  ratingAt(rating: FermiRating, nowMs: number): FermiRating;
}

/**
 * Creates Kreimeier's Fermi model.
 * @example
 * const model = createFermi({ temperature: 1, maxGain: 1 });
 * model.update({ teams: [[model.initial()], [model.initial()]] }, { ranks: [1, 2] });
 * // [[{ rating: 0.5, games: 1 }], [{ rating: -0.5, games: 1 }]]: "beating your equal, you will get 50%"
 */
export function createFermi(options: FermiOptions = {}): FermiModel {
  rejectUnknownOptions(options, FERMI_KEYS, 'fermi');
  const temperature = requireFiniteOption('fermi.temperature', options.temperature ?? 1, Number.MIN_VALUE);
  const maxGain = requireFiniteOption('fermi.maxGain', options.maxGain ?? 1, 0);
  const mean = requireFiniteOption('fermi.mean', options.mean ?? 0);
  const teamStrength = options.teamStrength ?? 'mean';
  if (teamStrength !== 'mean' && teamStrength !== 'sum') {
    throw new MatchdError(ErrorCodes.INVALID_OPTION, "fermi.teamStrength must be 'mean' or 'sum'", {
      path: 'fermi.teamStrength',
      value: String(teamStrength),
    });
  }
  const decay = options.decay === undefined ? undefined : validateDecay(options.decay);

  function validate(rating: FermiRating): void {
    const ok =
      typeof rating === 'object' &&
      rating !== null &&
      Number.isFinite(rating.rating) &&
      Number.isInteger(rating.games) &&
      rating.games >= 0 &&
      (rating.lastPlayedMs === undefined || Number.isFinite(rating.lastPlayedMs));
    if (!ok) {
      throw new MatchdError(
        ErrorCodes.INVALID_RATING,
        'a Fermi rating needs a finite rating and games >= 0',
        {
          value: JSON.stringify(rating) ?? String(rating),
        },
      );
    }
  }

  function checkNow(teams: readonly (readonly FermiRating[])[], nowMs: number | undefined): void {
    if (nowMs === undefined || decay === undefined) return;
    requireMatchTime(teams, nowMs);
  }

  function ratingAt(rating: FermiRating, nowMs: number): FermiRating {
    validate(rating);
    checkNow([[rating]], nowMs);
    if (decay === undefined || rating.lastPlayedMs === undefined) return rating;
    return fermiDecay(rating, { ...decay, elapsedMs: nowMs - rating.lastPlayedMs, mean });
  }

  /** The ratings as of the match: decayed to nowMs when decay is on and nowMs is known. */
  function current(
    match: RatedMatch<FermiRating>,
    nowMs: number | undefined,
  ): readonly (readonly FermiRating[])[] {
    if (decay === undefined || nowMs === undefined) return match.teams;
    return match.teams.map((team) => team.map((r) => ratingAt(r, nowMs)));
  }

  function teamRating(team: readonly FermiRating[]): number {
    let sum = 0;
    for (const r of team) sum += r.rating;
    return teamStrength === 'mean' ? sum / team.length : sum;
  }

  const expectation = (rating: number, opponentRating: number) => fermi(rating - opponentRating, temperature);

  function predict(match: RatedMatch<FermiRating>, context?: UpdateContext): Prediction {
    validatePairwiseMatch(match, validate);
    checkNow(match.teams, context?.nowMs);
    const strengths = current(match, context?.nowMs).map(teamRating);
    return pairwisePrediction(strengths.length, (t, u) =>
      expectation(strengths[t] as number, strengths[u] as number),
    );
  }

  function update(
    match: RatedMatch<FermiRating>,
    result: MatchResult,
    context?: UpdateContext,
  ): FermiRating[][] {
    validatePairwiseMatch(match, validate);
    validateResult(result, match.teams.length);
    const nowMs = context?.nowMs;
    checkNow(match.teams, nowMs);
    const teams = current(match, nowMs);
    const teamCount = teams.length;
    const strengths = teams.map(teamRating);
    const weightSums = teams.map((team, t) => team.reduce((s, _, p) => s + playerWeight(match, t, p), 0));
    const meanSize = teams.reduce((s, team) => s + team.length, 0) / teamCount;
    // Net exchange per team; a team whose weights are all 0 did not play and exchanges nothing.
    const credit = new Array<number>(teamCount).fill(0);
    for (let t = 0; t < teamCount; t++) {
      for (let u = t + 1; u < teamCount; u++) {
        if (weightSums[t] === 0 || weightSums[u] === 0) continue;
        const change =
          (maxGain *
            (pairScore(result.ranks, t, u) - expectation(strengths[t] as number, strengths[u] as number))) /
          (teamCount - 1);
        credit[t] = (credit[t] as number) + change;
        credit[u] = (credit[u] as number) - change;
      }
    }
    const stamp = decay !== undefined && nowMs !== undefined;
    return teams.map((team, t) =>
      team.map((r, p) => {
        const w = playerWeight(match, t, p);
        // Weight 0: the player did not take part; their rating stays exactly as it came in.
        if (w === 0) return match.teams[t]?.[p] as FermiRating;
        const share = (w / (weightSums[t] as number)) * meanSize;
        const next: { rating: number; games: number; lastPlayedMs?: number } = {
          rating: r.rating + (credit[t] as number) * share,
          games: r.games + 1,
        };
        if (stamp) next.lastPlayedMs = nowMs;
        else if (r.lastPlayedMs !== undefined) next.lastPlayedMs = r.lastPlayedMs;
        return next;
      }),
    );
  }

  return {
    name: 'fermi',
    initial: () => ({ rating: mean, games: 0 }),
    predict,
    update,
    estimate: (rating: FermiRating): SkillEstimate => ({ mean: rating.rating, deviation: 0 }),
    validate,
    expectation,
    ratingAt,
  };
}
