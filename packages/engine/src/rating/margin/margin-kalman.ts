/**
 * The margin model: team strengths in points, filtered from score margins by a Kalman filter.
 *
 * Model: a game's margin (home score minus away score) is
 *   margin = strength(home) - strength(away) + homeAdvantage (0 at a neutral site) + noise,
 * noise ~ N(0, observationVariance); each strength is Gaussian with a mean and a variance, a new
 * team's drawn from N(0, priorVariance). Observing a margin is the Kalman update of a linear
 * observation: with S = var(home) + var(away) + observationVariance and residual r = margin -
 * predicted, home gains var(home) / S * r, away loses var(away) / S * r, and each variance shrinks
 * by var^2 / S. A team of several players counts as the mean of its players.
 *
 * Why: Elo with a margin multiplier (FiveThirtyEight) has to correct by hand for favourites
 * winning big (the autocorrelation term); here the residual has mean zero given the ratings by
 * construction, the step size falls as a team's rating firms up and rises with a new season
 * (season regression and time away raise the variance: see policy/), and every parameter is in
 * points, so `MarginMoments` (margin-moments.ts) can estimate them from past games of any sport.
 *
 * Prediction: P(home wins) = Phi((predicted - t) / sqrt S), P(away wins) = Phi((-predicted - t) /
 * sqrt S), P(draw) the rest, where the draw half-width t makes P(draw) = `drawRate` between equals
 * (0 for games without draws). Results without scores update as a win by `fallbackMargin` (or a
 * draw by 0), so the model still runs on a result that names only ranks.
 */
import { ErrorCodes, MatchdError, requireFiniteOption } from '../../errors.ts';
import { normalCdf, normalPpf } from '../../stats/normal.ts';
import { rejectUnknownOptions, validatePairwiseMatch, validateResult } from '../elo/pairwise.ts';
import type { MatchResult, Prediction, RatedMatch, RatingModel, SkillEstimate } from '../types.ts';
import type { SideContext } from './home-advantage.ts';

/** One team's (or player's) strength in points. */
export interface MarginRating {
  readonly mean: number;
  /** Variance of the strength, points^2. */
  readonly variance: number;
  readonly games: number;
}

/** Options of the margin model (all in points or points^2). */
export interface MarginModelOptions {
  /** Variance of a game's margin around the true gap (the game's own noise). */
  readonly observationVariance: number;
  /** Variance of strengths across teams: a new team's variance. */
  readonly priorVariance: number;
  /** Points the home team gains (not at a neutral site); default 0. */
  readonly homeAdvantage?: number;
  /** Share of drawn games between equals, in [0, 1); default 0. */
  readonly drawRate?: number;
  /** The margin assumed for a result that has ranks but no scores; default sqrt(observationVariance) / 2. */
  readonly fallbackMargin?: number;
}

const OPTION_KEYS = [
  'observationVariance',
  'priorVariance',
  'homeAdvantage',
  'drawRate',
  'fallbackMargin',
] as const;

/** The margin model with its parameters exposed (read by the policy and the evaluator). */
export interface MarginModel extends RatingModel<MarginRating> {
  readonly options: Required<MarginModelOptions>;
  /** The predicted margin of team 0 over team 1 and its variance (S in the file comment). */
  predictMargin(match: RatedMatch<MarginRating>, context?: SideContext): { mean: number; variance: number };
}

function validateRating(rating: MarginRating): void {
  const ok =
    typeof rating === 'object' &&
    rating !== null &&
    Number.isFinite(rating.mean) &&
    Number.isFinite(rating.variance) &&
    rating.variance >= 0 &&
    Number.isInteger(rating.games) &&
    rating.games >= 0;
  if (!ok) {
    throw new MatchdError(
      ErrorCodes.INVALID_RATING,
      'a margin rating needs a finite mean, a variance >= 0 and games >= 0',
      { value: JSON.stringify(rating) ?? String(rating) },
    );
  }
}

function requireTwoTeams(teamCount: number): void {
  if (teamCount !== 2) {
    throw new MatchdError(ErrorCodes.INVALID_TEAMS, 'the margin model rates two-team matches', { teamCount });
  }
}

/**
 * Creates the margin model.
 * @example
 * const model = createMarginModel({ observationVariance: 169, priorVariance: 36, homeAdvantage: 2.5 });
 * const even = model.initial();
 * model.predict({ teams: [[even], [even]] }, { homeTeam: 0 }).win[0] // Phi(2.5 / sqrt(241)) = 0.564
 */
export function createMarginModel(options: MarginModelOptions): MarginModel {
  rejectUnknownOptions(options, OPTION_KEYS, 'marginModel');
  const observationVariance = requireFiniteOption(
    'marginModel.observationVariance',
    options.observationVariance,
    Number.MIN_VALUE,
  );
  const priorVariance = requireFiniteOption('marginModel.priorVariance', options.priorVariance, 0);
  const homeAdvantage = requireFiniteOption('marginModel.homeAdvantage', options.homeAdvantage ?? 0);
  const drawRate = requireFiniteOption('marginModel.drawRate', options.drawRate ?? 0, 0, 1 - 1e-9);
  const fallbackMargin = requireFiniteOption(
    'marginModel.fallbackMargin',
    options.fallbackMargin ?? Math.sqrt(observationVariance) / 2,
    0,
  );
  // Half-width of the draw band in standard deviations: P(|Z| < z) = drawRate.
  const drawHalfWidth = drawRate > 0 ? normalPpf(0.5 + drawRate / 2) : 0;

  const teamStrength = (team: readonly MarginRating[]) => {
    let mean = 0;
    let variance = 0;
    for (const player of team) {
      mean += player.mean;
      variance += player.variance;
    }
    return { mean: mean / team.length, variance: variance / (team.length * team.length) };
  };

  function predictMargin(match: RatedMatch<MarginRating>, context?: SideContext) {
    validatePairwiseMatch(match, validateRating);
    requireTwoTeams(match.teams.length);
    const a = teamStrength(match.teams[0] as readonly MarginRating[]);
    const b = teamStrength(match.teams[1] as readonly MarginRating[]);
    const homeTeam = context?.neutral === true ? undefined : context?.homeTeam;
    const home = homeTeam === 0 ? homeAdvantage : homeTeam === 1 ? -homeAdvantage : 0;
    return { mean: a.mean - b.mean + home, variance: a.variance + b.variance + observationVariance };
  }

  function predict(match: RatedMatch<MarginRating>, context?: SideContext): Prediction {
    const { mean, variance } = predictMargin(match, context);
    const sd = Math.sqrt(variance);
    const win = normalCdf(mean / sd - drawHalfWidth);
    const loss = normalCdf(-mean / sd - drawHalfWidth);
    return { win: [win, loss], draw: Math.max(0, 1 - win - loss) };
  }

  function observedMargin(result: MatchResult): number {
    const [rankA, rankB] = result.ranks as [number, number];
    if (result.scores !== undefined) return (result.scores[0] as number) - (result.scores[1] as number);
    return rankA < rankB ? fallbackMargin : rankA > rankB ? -fallbackMargin : 0;
  }

  function update(
    match: RatedMatch<MarginRating>,
    result: MatchResult,
    context?: SideContext,
  ): MarginRating[][] {
    validateResult(result, match.teams.length);
    const side: SideContext = {
      ...((result.homeTeam ?? context?.homeTeam) !== undefined
        ? { homeTeam: (result.homeTeam ?? context?.homeTeam) as number }
        : {}),
      ...(result.neutral === true || (result.neutral === undefined && context?.neutral === true)
        ? { neutral: true }
        : {}),
    };
    const predicted = predictMargin(match, side);
    const residual = observedMargin(result) - predicted.mean;
    return match.teams.map((team, t) => {
      const direction = t === 0 ? 1 : -1;
      return team.map((player, p) => {
        const weight = match.weights?.[t]?.[p] ?? 1;
        // d(team mean)/d(player) = 1 / n: the player's share of the gain and of the variance drop.
        const share = (player.variance / team.length) * weight;
        return {
          mean: player.mean + (direction * share * residual) / predicted.variance,
          variance: Math.max(0, player.variance - (share * share) / predicted.variance),
          games: player.games + 1,
        };
      });
    });
  }

  return {
    name: 'margin-kalman',
    options: { observationVariance, priorVariance, homeAdvantage, drawRate, fallbackMargin },
    initial: () => ({ mean: 0, variance: priorVariance, games: 0 }),
    predict,
    predictMargin,
    update,
    estimate: (rating: MarginRating): SkillEstimate => ({
      mean: rating.mean,
      deviation: Math.sqrt(rating.variance),
    }),
    validate: validateRating,
  };
}
