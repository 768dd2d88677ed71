/**
 * The EOMM matching cost (Chen et al., "EOMM: An Engagement Optimized Matchmaking Framework",
 * KDD 2017, Eqn. 7): the expected number of players who churn after a match,
 *   sum over outcomes o of P(o) * (sum over players of churn(player | their outcome under o)).
 * For a 1v1 pair that is P(i wins)(c_i(W) + c_j(L)) + P(draw)(c_i(D) + c_j(D)) + P(j wins)(c_i(L) + c_j(W));
 * for two teams every player of a team shares the team's outcome. A minimum-cost perfect matching
 * of these costs is EOMM; the maximum is the paper's WorstMM.
 *
 * The fairness floor is a guardrail the paper does not have: optimising engagement alone will
 * happily feed a player who needs a win to a much weaker opponent. A bound on the favourite's
 * decisive win probability forbids (Infinity) or penalises such matches.
 */
import { ErrorCodes, MatchdError } from '../errors.ts';
import type { Prediction } from '../rating/types.ts';
import type { OutcomeChurn } from './outcomes.ts';

/** How a match beyond the fairness bound is treated. */
export interface FairnessFloor {
  /**
   * The largest allowed decisive win probability of the favourite, win / (win + loss) in (0.5, 1];
   * 1 disables the guardrail.
   */
  readonly maxFavouriteWinProbability: number;
  /** 'forbid': cost Infinity. 'penalty': add penaltyPerUnit x (excess probability). */
  readonly mode: 'forbid' | 'penalty';
  /** Expected churners added per unit of excess win probability (mode 'penalty'); default 10. */
  readonly penaltyPerUnit?: number;
}

/** Input of `eommMatchCost`: a two-team prediction and each player's churn per outcome. */
export interface EommMatchCostInput {
  /** From the rating model; `win[0]`, `draw`, `win[1]` for two teams. */
  readonly prediction: Prediction;
  /** Per team, per player: churn after a win, draw, loss of their team. */
  readonly churn: readonly [readonly OutcomeChurn[], readonly OutcomeChurn[]];
  readonly fairness?: FairnessFloor;
}

function sumChurn(players: readonly OutcomeChurn[]): OutcomeChurn {
  let win = 0;
  let draw = 0;
  let loss = 0;
  for (const player of players) {
    win += player.win;
    draw += player.draw;
    loss += player.loss;
  }
  return { win, draw, loss };
}

function validateProbability(value: number, path: string): void {
  if (!(value >= 0 && value <= 1)) {
    throw new MatchdError(ErrorCodes.INVALID_DATA, `${path} must be a probability in [0, 1]`, { path });
  }
}

/** Throws MM_ERR_INVALID_OPTION unless the fairness floor is well formed. */
export function validateFairnessFloor(fairness: FairnessFloor): void {
  const bound = fairness.maxFavouriteWinProbability;
  if (!(bound > 0.5 && bound <= 1)) {
    throw new MatchdError(ErrorCodes.INVALID_OPTION, 'maxFavouriteWinProbability must lie in (0.5, 1]', {
      path: 'fairness.maxFavouriteWinProbability',
    });
  }
  if (fairness.mode !== 'forbid' && fairness.mode !== 'penalty') {
    throw new MatchdError(ErrorCodes.INVALID_OPTION, "fairness.mode must be 'forbid' or 'penalty'", {
      path: 'fairness.mode',
    });
  }
  const penalty = fairness.penaltyPerUnit ?? 10;
  if (!(Number.isFinite(penalty) && penalty >= 0)) {
    throw new MatchdError(ErrorCodes.INVALID_OPTION, 'fairness.penaltyPerUnit must be finite and >= 0', {
      path: 'fairness.penaltyPerUnit',
    });
  }
}

/**
 * The cost a fairness floor adds to a match with decisive win probability `p` for team 0:
 * 0 within the bound, Infinity ('forbid') or a linear penalty beyond it.
 */
export function fairnessFloorCost(fairness: FairnessFloor, p: number): number {
  const favourite = Math.max(p, 1 - p);
  const excess = favourite - fairness.maxFavouriteWinProbability;
  if (excess <= 1e-12) return 0;
  return fairness.mode === 'forbid' ? Number.POSITIVE_INFINITY : (fairness.penaltyPerUnit ?? 10) * excess;
}

/**
 * Expected number of churners of a two-team match (plus the fairness penalty, if any).
 *
 * @example
 * eommMatchCost({
 *   prediction: { win: [0.4, 0.4], draw: 0.2 },
 *   churn: [[{ win: 0.4, draw: 0.45, loss: 0.5 }], [{ win: 0.42, draw: 0.5, loss: 0.6 }]],
 * }); // 0.4 * (0.4 + 0.6) + 0.2 * (0.45 + 0.5) + 0.4 * (0.5 + 0.42) = 0.958
 */
export function eommMatchCost(input: EommMatchCostInput): number {
  const { prediction, churn, fairness } = input;
  if (prediction.win.length !== 2 || churn.length !== 2) {
    throw new MatchdError(ErrorCodes.INVALID_TEAMS, 'the EOMM cost is defined for two teams');
  }
  const winA = prediction.win[0] as number;
  const winB = prediction.win[1] as number;
  validateProbability(winA, 'prediction.win[0]');
  validateProbability(winB, 'prediction.win[1]');
  validateProbability(prediction.draw, 'prediction.draw');
  if (Math.abs(winA + winB + prediction.draw - 1) > 1e-9) {
    throw new MatchdError(ErrorCodes.INVALID_DATA, 'prediction probabilities must sum to 1');
  }
  churn.forEach((team, t) => {
    if (team.length === 0) throw new MatchdError(ErrorCodes.INVALID_TEAMS, `team ${t} is empty`);
    team.forEach((player, p) => {
      validateProbability(player.win, `churn[${t}][${p}].win`);
      validateProbability(player.draw, `churn[${t}][${p}].draw`);
      validateProbability(player.loss, `churn[${t}][${p}].loss`);
    });
  });
  if (fairness !== undefined) validateFairnessFloor(fairness);
  const a = sumChurn(churn[0]);
  const b = sumChurn(churn[1]);
  const expected = winA * (a.win + b.loss) + prediction.draw * (a.draw + b.draw) + winB * (a.loss + b.win);
  if (fairness === undefined) return expected;
  const decisive = winA + winB;
  const p = decisive > 0 ? winA / decisive : 0.5;
  return expected + fairnessFloorCost(fairness, p);
}

/** Input of `eommPairCost`: the 1v1 case with P(i beats j) split by a fixed draw probability. */
export interface EommPairCostInput {
  /** P(i beats j | not a draw), e.g. Glicko's expectation. */
  readonly winProbability: number;
  /** P(draw), independent of the ratings (EOMM section 5.2 used 20%). */
  readonly drawProbability: number;
  readonly churnI: OutcomeChurn;
  readonly churnJ: OutcomeChurn;
  readonly fairness?: FairnessFloor;
}

/**
 * The 1v1 EOMM cost with win = (1 - d) P, draw = d, loss = (1 - d)(1 - P), as in the paper's
 * simulation. Validates like `eommMatchCost`.
 */
export function eommPairCost(input: EommPairCostInput): number {
  const { winProbability: p, drawProbability: d } = input;
  validateProbability(p, 'winProbability');
  validateProbability(d, 'drawProbability');
  return eommMatchCost({
    prediction: { win: [(1 - d) * p, (1 - d) * (1 - p)], draw: d },
    churn: [[input.churnI], [input.churnJ]],
    ...(input.fairness === undefined ? {} : { fairness: input.fairness }),
  });
}
