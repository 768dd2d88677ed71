/**
 * Glicko-2 as a `RatingModel`: rating periods and continuous time, teams, partial play.
 *
 * Source: M. E. Glickman, "Example of the Glicko-2 system" (2022 revision); the arithmetic is in
 * core.ts. Ratings are stored on the Glicko scale (rating 1500, RD 350, volatility 0.06) like the
 * glicko2 npm package, and converted with 173.7178 (steps 2 and 8).
 *
 * Time. Without `periodLengthMs` every `update` is one rating period (step 6 grows phi by one
 * period's sigma^2, as in the paper and the npm package). With `periodLengthMs`, time is
 * continuous: a rating carries `lastPlayedMs`, and a match at `context.nowMs` is a rating period of
 * length t = (nowMs - lastPlayedMs) / periodLengthMs, so step 6 is phi* = sqrt(phi^2 + t sigma'^2)
 * (t = 0 for a player's first game), capped at `maxRd`. Opponents enter with their RD grown to
 * `nowMs` the same way (with their current sigma), which is also what `predict` and `ratingAt` use.
 *
 * Teams (documented choice, `teamReduction`):
 * - 'composite' (default): each player plays one game per opposing team, against a virtual opponent
 *   placed so that the rating gap equals the gap between the team means (mu_v = mu_i - (muTeam -
 *   muOpp)) and whose phi is the opposing team's combined phi, sqrt(mean of its players' phi^2).
 *   The player's expected score is then the team's expected score, and teammates are accounted
 *   for: a player carried by strong teammates gains less from a win. In 1v1 it is exactly Glicko-2.
 * - 'pairwise': each player plays one game against every player of every opposing team (the
 *   usual way to feed team games to the npm package; n^2 games for n-v-n).
 * More than two teams: one pair of teams at a time, all in the same rating period; ties score 0.5.
 * Partial play: a player with weight w moves w of the way from the old to the new rating, RD and
 * volatility (w = 0 leaves the rating, including lastPlayedMs, untouched).
 */

import { ErrorCodes, MatchdError, requireFiniteOption } from '../../errors.ts';
import {
  pairScore,
  pairwisePrediction,
  playerWeight,
  rejectUnknownOptions,
  validatePairwiseMatch,
  validateResult,
} from '../elo/pairwise.ts';
import { requireMatchTime } from '../match-time.ts';
import type { MatchResult, Prediction, RatedMatch, SkillEstimate, UpdateContext } from '../types.ts';
import { GLICKO2_SCALE, glicko2G, glicko2Step } from './core.ts';
import type { Glicko2Game, Glicko2Model, Glicko2Options, Glicko2Rating } from './glicko2-types.ts';
import { ensureScratch, scratch, step, stepInput } from './scratch.ts';

const GLICKO2_KEYS = [
  'tau',
  'epsilon',
  'initialRating',
  'initialRd',
  'initialVolatility',
  'periodLengthMs',
  'maxRd',
  'teamReduction',
] as const;

/**
 * Creates a Glicko-2 model.
 * @example
 * const glicko = createGlicko2({ tau: 0.5 });
 * const next = glicko.ratePeriod({ rating: 1500, rd: 200, volatility: 0.06 }, [
 *   { opponent: { rating: 1400, rd: 30, volatility: 0.06 }, score: 1 },
 *   { opponent: { rating: 1550, rd: 100, volatility: 0.06 }, score: 0 },
 *   { opponent: { rating: 1700, rd: 300, volatility: 0.06 }, score: 0 },
 * ]); // { rating: 1464.06, rd: 151.52, volatility: 0.05999 }
 */
export function createGlicko2(options: Glicko2Options = {}): Glicko2Model {
  rejectUnknownOptions(options, GLICKO2_KEYS, 'glicko2');
  const tau = requireFiniteOption('glicko2.tau', options.tau ?? 0.5, Number.MIN_VALUE);
  const expMinusTau = Math.exp(-tau);
  const epsilon = requireFiniteOption('glicko2.epsilon', options.epsilon ?? 1e-6, Number.MIN_VALUE, 1);
  const initialRating = requireFiniteOption('glicko2.initialRating', options.initialRating ?? 1500);
  const initialRd = requireFiniteOption('glicko2.initialRd', options.initialRd ?? 350, 0);
  const initialVolatility = requireFiniteOption(
    'glicko2.initialVolatility',
    options.initialVolatility ?? 0.06,
    Number.MIN_VALUE,
  );
  const periodLengthMs =
    options.periodLengthMs === undefined
      ? undefined
      : requireFiniteOption('glicko2.periodLengthMs', options.periodLengthMs, Number.MIN_VALUE);
  const maxRd = requireFiniteOption('glicko2.maxRd', options.maxRd ?? 350, Number.MIN_VALUE);
  const maxPhi = periodLengthMs === undefined ? Number.POSITIVE_INFINITY : maxRd / GLICKO2_SCALE;
  // Steps 2 and 8 centre on 1500 in the paper; the offset cancels in every difference, so the
  // results do not depend on it. It stays 1500 so that intermediate mu equal the paper's.
  const initialRatingOffset = 1500;
  const teamReduction = options.teamReduction ?? 'composite';
  if (teamReduction !== 'composite' && teamReduction !== 'pairwise') {
    throw new MatchdError(
      ErrorCodes.INVALID_OPTION,
      "glicko2.teamReduction must be 'composite' or 'pairwise'",
      {
        path: 'glicko2.teamReduction',
        value: String(teamReduction),
      },
    );
  }

  function validate(rating: Glicko2Rating): void {
    const ok =
      typeof rating === 'object' &&
      rating !== null &&
      Number.isFinite(rating.rating) &&
      Number.isFinite(rating.rd) &&
      rating.rd >= 0 &&
      Number.isFinite(rating.volatility) &&
      rating.volatility > 0 &&
      (rating.lastPlayedMs === undefined || Number.isFinite(rating.lastPlayedMs));
    if (!ok) {
      throw new MatchdError(
        ErrorCodes.INVALID_RATING,
        'a Glicko-2 rating needs a finite rating, RD >= 0, volatility > 0, and a finite lastPlayedMs if any',
        { value: JSON.stringify(rating) ?? String(rating) },
      );
    }
  }

  /** Rating periods elapsed since the player last played (0 in period mode or before the first game). */
  function elapsedPeriods(rating: Glicko2Rating, nowMs: number | undefined): number {
    if (periodLengthMs === undefined || rating.lastPlayedMs === undefined || nowMs === undefined) return 0;
    return (nowMs - rating.lastPlayedMs) / periodLengthMs;
  }

  /** Throws unless the context fits the mode and no rating lies in the future of nowMs. */
  function validateTime(
    teams: readonly (readonly Glicko2Rating[])[],
    context: UpdateContext | undefined,
    required: boolean,
  ): void {
    if (periodLengthMs === undefined) return;
    const nowMs = context?.nowMs;
    if (nowMs === undefined) {
      if (!required) return;
      throw new MatchdError(
        ErrorCodes.INVALID_OPTION,
        'context.nowMs is required when glicko2.periodLengthMs is set',
        {
          path: 'context.nowMs',
        },
      );
    }
    requireMatchTime(teams, nowMs);
  }

  function phiAt(rating: Glicko2Rating, periods: number): number {
    const phi = rating.rd / GLICKO2_SCALE;
    if (periods <= 0) return phi;
    return Math.min(Math.sqrt(phi * phi + periods * rating.volatility * rating.volatility), maxPhi);
  }

  function ratingAt(rating: Glicko2Rating, nowMs: number): Glicko2Rating {
    validate(rating);
    validateTime([[rating]], { nowMs }, true);
    const periods = elapsedPeriods(rating, nowMs);
    if (periods <= 0) return rating;
    return { ...rating, rd: phiAt(rating, periods) * GLICKO2_SCALE };
  }

  function probability(muA: number, phiA: number, muB: number, phiB: number): number {
    return 1 / (1 + Math.exp(-glicko2G(Math.sqrt(phiA * phiA + phiB * phiB)) * (muA - muB)));
  }

  function winProbability(a: Glicko2Rating, b: Glicko2Rating): number {
    validate(a);
    validate(b);
    return probability(
      a.rating / GLICKO2_SCALE,
      a.rd / GLICKO2_SCALE,
      b.rating / GLICKO2_SCALE,
      b.rd / GLICKO2_SCALE,
    );
  }

  function predict(match: RatedMatch<Glicko2Rating>, context?: UpdateContext): Prediction {
    validatePairwiseMatch(match, validate);
    validateTime(match.teams, context, false);
    const nowMs = context?.nowMs;
    const teamMu = match.teams.map(
      (team) => team.reduce((s, r) => s + r.rating, 0) / team.length / GLICKO2_SCALE,
    );
    const teamPhi = match.teams.map((team) =>
      Math.sqrt(team.reduce((s, r) => s + phiAt(r, elapsedPeriods(r, nowMs)) ** 2, 0) / team.length),
    );
    return pairwisePrediction(match.teams.length, (t, u) =>
      probability(teamMu[t] as number, teamPhi[t] as number, teamMu[u] as number, teamPhi[u] as number),
    );
  }

  function ratePeriod(player: Glicko2Rating, games: readonly Glicko2Game[]): Glicko2Rating {
    validate(player);
    if (!Array.isArray(games)) {
      throw new MatchdError(ErrorCodes.INVALID_RESULT, 'games must be an array', {});
    }
    for (const game of games) {
      validate(game?.opponent);
      if (game.score !== 0 && game.score !== 0.5 && game.score !== 1) {
        throw new MatchdError(ErrorCodes.INVALID_RESULT, 'a game score must be 0, 0.5 or 1', {
          value: String(game.score),
        });
      }
    }
    ensureScratch(1, 1, games.length);
    const { opponentMu, opponentG, score } = scratch;
    for (let j = 0; j < games.length; j++) {
      const game = games[j] as Glicko2Game;
      opponentMu[j] = (game.opponent.rating - initialRatingOffset) / GLICKO2_SCALE;
      opponentG[j] = glicko2G(game.opponent.rd / GLICKO2_SCALE);
      score[j] = game.score;
    }
    glicko2Step(
      {
        mu: (player.rating - initialRatingOffset) / GLICKO2_SCALE,
        phi: player.rd / GLICKO2_SCALE,
        sigma: player.volatility,
        count: games.length,
        opponentMu,
        opponentG,
        score,
        tau,
        epsilon,
        periods: 1,
        maxPhi: Number.POSITIVE_INFINITY,
      },
      step,
    );
    return {
      ...player,
      rating: step.mu * GLICKO2_SCALE + initialRatingOffset,
      rd: step.phi * GLICKO2_SCALE,
      volatility: step.sigma,
    };
  }

  /** One player's period against one opponent, written into `step` (the 1v1 fast path). */
  function rateAgainst(player: Glicko2Rating, opponent: Glicko2Rating, score: number): Glicko2Rating {
    const opponentMu = scratch.opponentMu;
    opponentMu[0] = (opponent.rating - initialRatingOffset) / GLICKO2_SCALE;
    scratch.opponentG[0] = glicko2G(opponent.rd / GLICKO2_SCALE);
    scratch.score[0] = score;
    stepInput.mu = (player.rating - initialRatingOffset) / GLICKO2_SCALE;
    stepInput.phi = player.rd / GLICKO2_SCALE;
    stepInput.sigma = player.volatility;
    stepInput.count = 1;
    stepInput.periods = 1;
    glicko2Step(stepInput, step);
    const rating = step.mu * GLICKO2_SCALE + initialRatingOffset;
    const rd = step.phi * GLICKO2_SCALE;
    return player.lastPlayedMs === undefined
      ? { rating, rd, volatility: step.sigma }
      : { rating, rd, volatility: step.sigma, lastPlayedMs: player.lastPlayedMs };
  }

  /**
   * 1v1 in period mode without weights, the commonest match: the same arithmetic as the general
   * path (composite and pairwise coincide for singletons), without its per-team bookkeeping.
   */
  function oneVsOne(a: Glicko2Rating, b: Glicko2Rating, scoreA: number): Glicko2Rating[][] {
    stepInput.opponentMu = scratch.opponentMu;
    stepInput.opponentG = scratch.opponentG;
    stepInput.score = scratch.score;
    stepInput.tau = tau;
    stepInput.expMinusTau = expMinusTau;
    stepInput.epsilon = epsilon;
    stepInput.maxPhi = maxPhi;
    const nextA = rateAgainst(a, b, scoreA);
    const nextB = rateAgainst(b, a, 1 - scoreA);
    return [[nextA], [nextB]];
  }

  function update(
    match: RatedMatch<Glicko2Rating>,
    result: MatchResult,
    context?: UpdateContext,
  ): Glicko2Rating[][] {
    validatePairwiseMatch(match, validate);
    validateResult(result, match.teams.length);
    validateTime(match.teams, context, true);
    if (periodLengthMs === undefined && match.weights === undefined) {
      const teams = match.teams;
      if (teams.length === 2 && teams[0]?.length === 1 && teams[1]?.length === 1) {
        return oneVsOne(
          teams[0][0] as Glicko2Rating,
          teams[1][0] as Glicko2Rating,
          pairScore(result.ranks, 0, 1),
        );
      }
    }
    const nowMs = context?.nowMs;
    const teams = match.teams;
    const teamCount = teams.length;
    const ranks = result.ranks;
    let playerCount = 0;
    for (let t = 0; t < teamCount; t++) playerCount += (teams[t] as readonly Glicko2Rating[]).length;
    ensureScratch(playerCount, teamCount, teamReduction === 'pairwise' ? playerCount : teamCount);
    const {
      playerMu,
      playerPhi,
      playerSigma,
      playerG,
      playerPeriods,
      teamMu,
      teamG,
      opponentMu,
      opponentG,
      score,
    } = scratch;
    // Steps 1 and 2 for everyone, once: mu, phi, and the g of each player's and team's RD at match time.
    let index = 0;
    for (let t = 0; t < teamCount; t++) {
      const team = teams[t] as readonly Glicko2Rating[];
      let muSum = 0;
      let phi2Sum = 0;
      for (let p = 0; p < team.length; p++, index++) {
        const r = team[p] as Glicko2Rating;
        const mu = (r.rating - initialRatingOffset) / GLICKO2_SCALE;
        const phi = r.rd / GLICKO2_SCALE;
        let phiNow = phi;
        let periods = 1;
        if (periodLengthMs !== undefined) {
          periods = elapsedPeriods(r, nowMs);
          phiNow = phiAt(r, periods);
        }
        playerMu[index] = mu;
        playerPhi[index] = phi;
        playerSigma[index] = r.volatility;
        playerG[index] = glicko2G(phiNow);
        playerPeriods[index] = periods;
        muSum += mu;
        phi2Sum += phiNow * phiNow;
      }
      teamMu[t] = muSum / team.length;
      teamG[t] = glicko2G(Math.sqrt(phi2Sum / team.length));
    }
    stepInput.opponentMu = opponentMu;
    stepInput.opponentG = opponentG;
    stepInput.score = score;
    stepInput.tau = tau;
    stepInput.expMinusTau = expMinusTau;
    stepInput.epsilon = epsilon;
    stepInput.maxPhi = maxPhi;
    const stamp = periodLengthMs !== undefined && nowMs !== undefined;
    const out: Glicko2Rating[][] = new Array(teamCount);
    index = 0;
    for (let t = 0; t < teamCount; t++) {
      const team = teams[t] as readonly Glicko2Rating[];
      const row: Glicko2Rating[] = new Array(team.length);
      for (let p = 0; p < team.length; p++, index++) {
        const player = team[p] as Glicko2Rating;
        const weight = match.weights === undefined ? 1 : playerWeight(match, t, p);
        if (weight === 0) {
          row[p] = player;
          continue;
        }
        const mu = playerMu[index] as number;
        let count = 0;
        if (teamReduction === 'composite') {
          const ownMean = teamMu[t] as number;
          for (let u = 0; u < teamCount; u++) {
            if (u === t) continue;
            opponentMu[count] = mu - (ownMean - (teamMu[u] as number));
            opponentG[count] = teamG[u] as number;
            score[count] = pairScore(ranks, t, u);
            count++;
          }
        } else {
          let j = 0;
          for (let u = 0; u < teamCount; u++) {
            const size = (teams[u] as readonly Glicko2Rating[]).length;
            if (u === t) {
              j += size;
              continue;
            }
            const s = pairScore(ranks, t, u);
            for (let q = 0; q < size; q++, j++) {
              opponentMu[count] = playerMu[j] as number;
              opponentG[count] = playerG[j] as number;
              score[count] = s;
              count++;
            }
          }
        }
        stepInput.mu = mu;
        stepInput.phi = playerPhi[index] as number;
        stepInput.sigma = playerSigma[index] as number;
        stepInput.count = count;
        stepInput.periods = playerPeriods[index] as number;
        glicko2Step(stepInput, step);
        let rating = step.mu * GLICKO2_SCALE + initialRatingOffset;
        let rd = step.phi * GLICKO2_SCALE;
        let volatility = step.sigma;
        if (weight !== 1) {
          rating = player.rating + weight * (rating - player.rating);
          rd = player.rd + weight * (rd - player.rd);
          volatility = player.volatility + weight * (volatility - player.volatility);
        }
        const lastPlayedMs = stamp ? nowMs : player.lastPlayedMs;
        row[p] =
          lastPlayedMs === undefined ? { rating, rd, volatility } : { rating, rd, volatility, lastPlayedMs };
      }
      out[t] = row;
    }
    return out;
  }

  return {
    name: 'glicko2',
    initial: () => ({ rating: initialRating, rd: initialRd, volatility: initialVolatility }),
    predict,
    update,
    estimate: (rating: Glicko2Rating): SkillEstimate => ({ mean: rating.rating, deviation: rating.rd }),
    validate,
    ratePeriod,
    ratingAt,
    winProbability,
  };
}
