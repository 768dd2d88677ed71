/**
 * The three outcomes of a match from one player's point of view, as EOMM names them:
 * (W)in, (D)raw, (L)oss. Churn tables and features key on these letters.
 */

/** One outcome from a player's point of view. */
export type MatchOutcome = 'W' | 'D' | 'L';

/** All outcomes, in the order churn features and tables list them. */
export const MATCH_OUTCOMES: readonly MatchOutcome[] = ['W', 'D', 'L'];

/** The same match seen from the opponent: a win is their loss, a draw stays a draw. */
export function oppositeOutcome(outcome: MatchOutcome): MatchOutcome {
  return outcome === 'W' ? 'L' : outcome === 'L' ? 'W' : 'D';
}

/** True when `value` is one of 'W', 'D', 'L'. */
export function isMatchOutcome(value: unknown): value is MatchOutcome {
  return value === 'W' || value === 'D' || value === 'L';
}

/** A player's churn probability after each possible outcome of the upcoming match. */
export interface OutcomeChurn {
  readonly win: number;
  readonly draw: number;
  readonly loss: number;
}

/** The churn probability after `outcome`. */
export function churnAfter(churn: OutcomeChurn, outcome: MatchOutcome): number {
  return outcome === 'W' ? churn.win : outcome === 'D' ? churn.draw : churn.loss;
}
