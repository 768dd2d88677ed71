/**
 * Fits the service's models from its own reported matches:
 * - the party bonus (Dota's party-adjusted MMR): two-team matches, each player's rating the mean
 *   stored before the match, parties the players of one ticket; `fitPartyBonus` (logistic
 *   regression on team differences) gives the bonus in rating points;
 * - the churn model (EOMM section 5.2): one history entry per player per match (time, outcome,
 *   score difference), churn labelled by the churn window, `trainChurnModel` with cross-validated L2.
 */
import {
  type ChurnModel,
  fitPartyBonus,
  type HistoryEntry,
  type PartyBonusFit,
  type PartyMatchRecord,
  type PartyPlayer,
  Random,
  trainChurnModel,
} from '@matchd/engine';
import type { MatchRecord } from '../store/records.ts';
import { onTrack, scoreDifference, teamOutcome } from './stored-history.ts';

/** The party regression's rows: reported two-team matches whose every seat has a rating before it. */
export function partyHistory(matches: readonly MatchRecord[], track?: string): PartyMatchRecord[] {
  const rows: PartyMatchRecord[] = [];
  for (const match of matches) {
    const outcome = match.outcome;
    if (outcome === undefined || match.teams.length !== 2) continue;
    if (
      track !== undefined &&
      !match.teams.every((seats) => seats.every((seat) => onTrack(seat.track, track)))
    )
      continue;
    const before = new Map(outcome.changes.map((change) => [change.playerId, change.before.mean]));
    const teams = match.teams.map((seats) =>
      seats.map((seat): PartyPlayer | undefined => {
        const rating = before.get(seat.playerId);
        if (rating === undefined) return undefined;
        // Players of one ticket on one team queued together: a party (a solo ticket has one player).
        const partySize = seats.filter((other) => other.ticketId === seat.ticketId).length;
        return partySize > 1 ? { rating, partyId: seat.ticketId } : { rating };
      }),
    );
    if (teams.some((team) => team.length === 0 || team.some((player) => player === undefined))) continue;
    const first = teamOutcome(match, 0);
    const score = first === 'W' ? 1 : first === 'D' ? 0.5 : 0;
    rows.push({
      teams: [teams[0] as PartyPlayer[], teams[1] as PartyPlayer[]],
      score,
    });
  }
  return rows;
}

/** Fits the party bonus (MM_ERR_INVALID_DATA when the history is empty or ratings predict nothing). */
export function fitPartyModel(
  matches: readonly MatchRecord[],
  options: { track?: string; l2?: number } = {},
): { fit: PartyBonusFit; matches: number } {
  const rows = partyHistory(matches, options.track);
  return { fit: fitPartyBonus(rows, { l2: options.l2 ?? 0.01 }), matches: rows.length };
}

/** One history entry per player per reported match (the churn model's log). */
export function churnLog(matches: readonly MatchRecord[], queueId?: string): HistoryEntry[] {
  const log: HistoryEntry[] = [];
  for (const match of matches) {
    if (match.outcome === undefined || (queueId !== undefined && match.queueId !== queueId)) continue;
    match.teams.forEach((seats, team) => {
      const outcome = teamOutcome(match, team);
      if (outcome === undefined) return;
      const difference = scoreDifference(match, team);
      for (const seat of seats)
        log.push({
          playerId: seat.playerId,
          timeMs: match.createdAtMs,
          outcome,
          scoreDifference: difference,
        });
    });
  }
  return log;
}

/** Options of `fitChurnModel`. */
export interface ChurnFitOptions {
  /** No match within this long after a match = churn (EOMM: 8 hours). */
  readonly churnWindowMs: number;
  /** The end of the observed period (now): later matches' windows are censored. */
  readonly logEndMs: number;
  readonly queueId?: string;
  /** Deals the cross-validation folds. */
  readonly seed: number;
}

/** Fits the churn model (MM_ERR_INVALID_DATA when the history has too few labelled matches). */
export function fitChurnModel(matches: readonly MatchRecord[], options: ChurnFitOptions): ChurnModel {
  return trainChurnModel(churnLog(matches, options.queueId), {
    churnWindowMs: options.churnWindowMs,
    logEndMs: options.logEndMs,
    random: Random.fromSeed(options.seed),
  });
}
