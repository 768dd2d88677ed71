/**
 * Home (or side) advantage for any rating model: the home team plays as if every one of its players
 * were rated `advantage` points higher. Public forecasts (FiveThirtyEight's Elo for the NFL: 65
 * points at home; LoL's blue side winning 54.4%) add such a term to the rating difference.
 *
 * How: predict and update see the home team's ratings shifted by +advantage (through a `shift`
 * lens, since only the caller's model knows where its mean lives); after the update the shift is
 * taken back, so stored ratings never contain the advantage. For Elo this is exactly
 * r + K (S - E(r + h - r_away)). For teams rated by their mean the team gains `advantage`; by their
 * sum, `advantage` times the team size.
 *
 * The home team comes from `result.homeTeam` in update and from `context.homeTeam` in predict
 * (`SideContext`; the shared `UpdateContext` has no such field yet). A neutral site
 * (`result.neutral` or `context.neutral`) has no home advantage: nobody is shifted, whatever team
 * is listed as home (FiveThirtyEight's NFL Elo drops its 65 points for neutral-site games).
 */

import { ErrorCodes, MatchdError, requireFiniteOption } from '../../errors.ts';
import { rejectUnknownOptions, validatePairwiseMatch } from '../elo/pairwise.ts';
import type { RatedMatch, RatingModel, UpdateContext } from '../types.ts';

/** An update context that may name the home team (for predictions). */
export interface SideContext extends UpdateContext {
  readonly homeTeam?: number;
  /** Played at a neutral site: no advantage for `homeTeam`. */
  readonly neutral?: boolean;
}

/** Moves a rating's mean by `amount` on the model's scale, leaving everything else. */
export type RatingShift<TRating> = (rating: TRating, amount: number) => TRating;

/** The shift for ratings whose mean is a `rating` field (Elo, Glicko-2, Fermi). */
export function shiftRatingField<TRating extends { readonly rating: number }>(
  rating: TRating,
  amount: number,
): TRating {
  return { ...rating, rating: rating.rating + amount };
}

/** The shift for ratings whose mean is a `mu` field (Weng-Lin, TrueSkill). */
export function shiftMuField<TRating extends { readonly mu: number }>(
  rating: TRating,
  amount: number,
): TRating {
  return { ...rating, mu: rating.mu + amount };
}

/** Options of `withHomeAdvantage`. */
export interface HomeAdvantageOptions<TRating> {
  /** Rating points added to each home player; may be negative (a side that loses more often). */
  readonly advantage: number;
  readonly shift: RatingShift<TRating>;
}

function checkHomeTeam(homeTeam: number | undefined, teamCount: number): void {
  if (homeTeam !== undefined && (!Number.isInteger(homeTeam) || homeTeam < 0 || homeTeam >= teamCount)) {
    throw new MatchdError(ErrorCodes.INVALID_RESULT, 'homeTeam must be a team index', {
      value: String(homeTeam),
    });
  }
}

function shifted<TRating>(
  match: RatedMatch<TRating>,
  homeTeam: number,
  shiftBy: (rating: TRating) => TRating,
): RatedMatch<TRating> {
  const teams = match.teams.map((team, t) => (t === homeTeam ? team.map(shiftBy) : team));
  return match.weights === undefined ? { teams } : { teams, weights: match.weights };
}

/**
 * `model` with a home advantage.
 * @example
 * const elo = withHomeAdvantage(createElo(), { advantage: 30, shift: shiftRatingField });
 * elo.predict({ teams: [[a], [b]] }, { homeTeam: 0 } as SideContext)
 */
export function withHomeAdvantage<TRating>(
  model: RatingModel<TRating>,
  options: HomeAdvantageOptions<TRating>,
): RatingModel<TRating> {
  rejectUnknownOptions(options, ['advantage', 'shift'], 'homeAdvantage');
  const advantage = requireFiniteOption('homeAdvantage.advantage', options.advantage);
  const shift = options.shift;
  if (typeof shift !== 'function') {
    throw new MatchdError(ErrorCodes.INVALID_OPTION, 'homeAdvantage.shift must be a function', {
      path: 'homeAdvantage.shift',
    });
  }
  const up = (rating: TRating) => shift(rating, advantage);
  const down = (rating: TRating) => shift(rating, -advantage);
  return {
    name: `${model.name}+home`,
    initial: () => model.initial(),
    predict(match, context?: SideContext) {
      const homeTeam = context?.neutral === true ? undefined : context?.homeTeam;
      if (homeTeam === undefined) return model.predict(match, context);
      // Validate before shifting, so a bad rating is reported as it came in.
      validatePairwiseMatch(match, (rating) => model.validate(rating));
      checkHomeTeam(homeTeam, match.teams.length);
      return model.predict(shifted(match, homeTeam, up), context);
    },
    update(match, result, context?: SideContext) {
      const neutral =
        result?.neutral === true || (result?.neutral === undefined && context?.neutral === true);
      const homeTeam = neutral ? undefined : (result?.homeTeam ?? context?.homeTeam);
      if (homeTeam === undefined) return model.update(match, result, context);
      validatePairwiseMatch(match, (rating) => model.validate(rating));
      checkHomeTeam(homeTeam, match.teams.length);
      const out = model.update(shifted(match, homeTeam, up), result, context);
      return out.map((team, t) => (t === homeTeam ? team.map(down) : team));
    },
    estimate: (rating) => model.estimate(rating),
    validate: (rating) => model.validate(rating),
  };
}

/** One data point for fitting the advantage: the pre-match gap (home minus away) and the home score. */
export interface HomeSample {
  /** Home team rating minus away team rating, without any advantage. */
  readonly gap: number;
  /** 1 home win, 0.5 draw, 0 home loss. */
  readonly homeScore: number;
}

/**
 * The maximum-likelihood advantage h for a logistic model P(home wins) = 1 / (1 + exp(-slope (gap + h)))
 * (Elo: slope = ln 10 / 400). The log-likelihood is concave in h and its derivative,
 * sum(homeScore - P), falls strictly, so bisection finds the unique root. With every gap 0 this is
 * logit(home score rate) / slope: LoL's 54.4% blue-side win rate is 30.7 Elo points.
 */
export function fitHomeAdvantage(
  samples: readonly HomeSample[],
  options: { readonly slope: number },
): number {
  const slope = requireFiniteOption('slope', options.slope, Number.MIN_VALUE);
  if (!Array.isArray(samples) || samples.length === 0) {
    throw new MatchdError(ErrorCodes.INVALID_DATA, 'fitting a home advantage needs at least one sample', {});
  }
  let scoreSum = 0;
  samples.forEach((s, i) => {
    if (!Number.isFinite(s?.gap) || !(s.homeScore === 0 || s.homeScore === 0.5 || s.homeScore === 1)) {
      throw new MatchdError(
        ErrorCodes.INVALID_DATA,
        `sample ${i} needs a finite gap and a home score of 0, 0.5 or 1`,
        {
          index: i,
        },
      );
    }
    scoreSum += s.homeScore;
  });
  if (scoreSum === 0 || scoreSum === samples.length) {
    throw new MatchdError(
      ErrorCodes.INVALID_DATA,
      'the home side always won or always lost: no finite maximum',
      {},
    );
  }
  const derivative = (h: number) => {
    let sum = 0;
    for (const s of samples) sum += s.homeScore - 1 / (1 + Math.exp(-slope * (s.gap + h)));
    return sum;
  };
  // Bracket: widen until the derivative changes sign (it is positive far left, negative far right).
  let lo = -1 / slope;
  let hi = 1 / slope;
  while (derivative(lo) < 0) lo *= 2;
  while (derivative(hi) > 0) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-12 * Math.max(1, Math.abs(hi)); i++) {
    const mid = (lo + hi) / 2;
    if (derivative(mid) > 0) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}
