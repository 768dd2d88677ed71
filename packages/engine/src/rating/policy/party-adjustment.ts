/**
 * Party-adjusted rating (Dota 2, 2013): "when players are in a party, they typically perform better
 * than players of equivalent skill who don't know each other ... we adjust the effective MMRs based
 * on the number of players in the party and the distribution of skill within the party", with the
 * coefficients found by logistic regression on match outcomes.
 *
 * effective rating = rating + bonus, bonus = perExtraMember * (partySize - 1)
 *                                           + perSpread * (partyTop - partyBottom)
 *                                           + perBelowTop * (partyTop - rating)
 * Solo players get no bonus. The three terms are the post's "number of players in the party",
 * "distribution of skill within the party" (spread) and place in the party ("your performance
 * improves more when partying with a higher skilled player").
 *
 * Fitting: with team strength the mean of effective ratings, the log-odds that team 0 wins are
 *   b0 + wR * (meanRating0 - meanRating1) / unit + sum_k wK * (meanFeature0_k - meanFeature1_k),
 * a logistic regression on those differences. Dividing each feature weight by the rating weight
 * turns it into rating points, so the scale of the ratings never has to be known in advance. The
 * intercept b0 is left free and reported: it absorbs a side advantage (team 0 = blue side).
 * Ratings are any model's means (Elo ratings, Weng-Lin mu), on one scale.
 */
import { ErrorCodes, MatchdError, requireFiniteOption } from '../../errors.ts';
import type { Random } from '../../random.ts';
import {
  crossValidateLogistic,
  fitLogisticRegression,
  type LogisticData,
  type LogisticModel,
} from '../../stats/logistic-regression.ts';

/** A player as the party adjustment sees them: a rating and, if in a party, its id (within the team). */
export interface PartyPlayer {
  readonly rating: number;
  /** Players of one team with the same partyId queued together; missing = solo. */
  readonly partyId?: string;
}

/** Bonus coefficients, in rating points (see the file comment). */
export interface PartyBonusCoefficients {
  /** Points per party member beyond the first. */
  readonly perExtraMember: number;
  /** Points per point of spread (party top - party bottom). */
  readonly perSpread: number;
  /** Points per point the player is below the party's top. */
  readonly perBelowTop: number;
}

/** The three raw features of one player: [partySize - 1, spread, partyTop - rating]. */
export type PartyFeatures = readonly [extraMembers: number, spread: number, belowTop: number];

function validateTeam(team: readonly PartyPlayer[]): void {
  if (team.length === 0) throw new MatchdError(ErrorCodes.INVALID_TEAMS, 'a team needs at least one player');
  for (const player of team) {
    if (!Number.isFinite(player.rating)) {
      throw new MatchdError(ErrorCodes.INVALID_RATING, 'ratings must be finite', {
        value: String(player.rating),
      });
    }
  }
}

/** Each player's party features (solo players: all zero). */
export function partyFeatures(team: readonly PartyPlayer[]): PartyFeatures[] {
  validateTeam(team);
  const parties = new Map<string, { size: number; top: number; bottom: number }>();
  for (const player of team) {
    if (player.partyId === undefined) continue;
    const party = parties.get(player.partyId);
    if (party === undefined)
      parties.set(player.partyId, { size: 1, top: player.rating, bottom: player.rating });
    else {
      party.size++;
      party.top = Math.max(party.top, player.rating);
      party.bottom = Math.min(party.bottom, player.rating);
    }
  }
  return team.map((player) => {
    const party = player.partyId === undefined ? undefined : parties.get(player.partyId);
    if (party === undefined || party.size < 2) return [0, 0, 0] as const;
    return [party.size - 1, party.top - party.bottom, party.top - player.rating] as const;
  });
}

/** The bonus of one player with the given features. */
export function partyBonus(features: PartyFeatures, coefficients: PartyBonusCoefficients): number {
  return (
    coefficients.perExtraMember * features[0] +
    coefficients.perSpread * features[1] +
    coefficients.perBelowTop * features[2]
  );
}

/** Effective (party-adjusted) ratings of a team, in the team's order. */
export function partyAdjustedRatings(
  team: readonly PartyPlayer[],
  coefficients: PartyBonusCoefficients,
): number[] {
  return partyFeatures(team).map(
    (features, i) => (team[i] as PartyPlayer).rating + partyBonus(features, coefficients),
  );
}

/** One past match between two teams: `score` is team 0's result (1 won, 0.5 drew, 0 lost). */
export interface PartyMatchRecord {
  readonly teams: readonly [readonly PartyPlayer[], readonly PartyPlayer[]];
  readonly score: number;
}

/** Options of `fitPartyBonus`. */
export interface PartyBonusFitOptions {
  /** Rating points per feature unit inside the regression (conditioning only); default 100. */
  readonly ratingUnit?: number;
  /** L2 strength; default 0 (ignored when `crossValidate` is given). */
  readonly l2?: number;
  /** Pick the L2 strength by k-fold cross-validation instead. */
  readonly crossValidate?: {
    readonly l2Grid: readonly number[];
    readonly folds: number;
    readonly random: Random;
  };
}

/** A fitted party bonus. */
export interface PartyBonusFit {
  readonly coefficients: PartyBonusCoefficients;
  /** Log-odds per rating point of team mean difference (the rating weight). */
  readonly logOddsPerRatingPoint: number;
  /** Log-odds in favour of team 0 at equal teams (a side advantage, if the data has one). */
  readonly team0LogOdds: number;
  readonly model: LogisticModel;
}

function meanColumn(rows: readonly PartyFeatures[], column: 0 | 1 | 2): number {
  let sum = 0;
  for (const row of rows) sum += row[column];
  return sum / rows.length;
}

function meanRating(team: readonly PartyPlayer[]): number {
  let sum = 0;
  for (const player of team) sum += player.rating;
  return sum / team.length;
}

/** The regression rows of a history (exported for inspection and reuse). */
export function partyRegressionData(history: readonly PartyMatchRecord[], ratingUnit = 100): LogisticData {
  requireFiniteOption('ratingUnit', ratingUnit, Number.MIN_VALUE);
  const features: number[][] = [];
  const labels: number[] = [];
  history.forEach((match, index) => {
    if (!(match.score >= 0 && match.score <= 1)) {
      throw new MatchdError(ErrorCodes.INVALID_RESULT, 'score must lie in [0, 1]', { match: index });
    }
    const [a, b] = match.teams;
    const fa = partyFeatures(a);
    const fb = partyFeatures(b);
    features.push([
      (meanRating(a) - meanRating(b)) / ratingUnit,
      meanColumn(fa, 0) - meanColumn(fb, 0),
      (meanColumn(fa, 1) - meanColumn(fb, 1)) / ratingUnit,
      (meanColumn(fa, 2) - meanColumn(fb, 2)) / ratingUnit,
    ]);
    labels.push(match.score);
  });
  return { features, labels };
}

/**
 * Fits the bonus coefficients from match history by logistic regression (see the file comment).
 * Throws MM_ERR_INVALID_DATA when the history is empty or the ratings do not predict outcomes (a
 * non-positive rating weight leaves no way to express a bonus in rating points).
 */
export function fitPartyBonus(
  history: readonly PartyMatchRecord[],
  options: PartyBonusFitOptions = {},
): PartyBonusFit {
  if (history.length === 0) throw new MatchdError(ErrorCodes.INVALID_DATA, 'the match history is empty');
  const unit = options.ratingUnit ?? 100;
  const data = partyRegressionData(history, unit);
  const model =
    options.crossValidate === undefined
      ? fitLogisticRegression(data, { l2: options.l2 ?? 0 })
      : crossValidateLogistic(data, options.crossValidate).model;
  const [ratingWeight = 0, memberWeight = 0, spreadWeight = 0, belowTopWeight = 0] = model.coefficients;
  if (!(ratingWeight > 0)) {
    throw new MatchdError(
      ErrorCodes.INVALID_DATA,
      'ratings do not predict the outcomes; no bonus can be expressed',
      {
        ratingWeight,
      },
    );
  }
  return {
    coefficients: {
      perExtraMember: (memberWeight * unit) / ratingWeight,
      perSpread: spreadWeight / ratingWeight,
      perBelowTop: belowTopWeight / ratingWeight,
    },
    logOddsPerRatingPoint: ratingWeight / unit,
    team0LogOdds: model.intercept,
    model,
  };
}
