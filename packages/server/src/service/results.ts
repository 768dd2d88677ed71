/**
 * Match reads and result reports. A report applies every player's rating update in one store
 * transaction, once: the same report again returns the first outcome, a different one is refused.
 */
import { ErrorCodes, MatchdError } from '@matchd/engine';
import { computeRatingUpdate, validateReport } from '../rating/apply-result.ts';
import type { MatchOutcome, MatchRecord, ReportedResult } from '../store/records.ts';
import type { ServiceContext } from './context.ts';
import { storeMatch } from './effects.ts';

/**
 * The match, or MM_ERR_MATCH_NOT_FOUND. A match formed but not yet in SQL (its matchmaker's node
 * died between the two steps) is stored from the queue's outbox first: announced means readable.
 */
export async function readMatch(context: ServiceContext, matchId: string): Promise<MatchRecord> {
  const match = await context.ratings.getMatch(matchId);
  if (match !== undefined) return match;
  const unsaved = await context.state.findUnsavedMatch(matchId, context.queues.keys());
  if (unsaved === undefined)
    throw new MatchdError(ErrorCodes.MATCH_NOT_FOUND, `no match ${matchId}`, { matchId });
  await storeMatch(context, unsaved);
  return (await context.ratings.getMatch(matchId)) ?? unsaved;
}

/** Applies a result (see the file comment); `applied` is false for a repeated report. */
export async function reportResult(
  context: ServiceContext,
  matchId: string,
  result: ReportedResult,
): Promise<{ outcome: MatchOutcome; applied: boolean }> {
  // Validate against the match before the transaction, so bad reports never take locks.
  const match = await readMatch(context, matchId);
  // Every seat of a match is on one queue's tracks, so one policy rates it.
  const system = context.systemOfTrack(match.teams[0]?.[0]?.track ?? '');
  validateReport(match, result, system);
  const nowMs = context.now();
  try {
    const reported = await context.ratings.reportResult({
      matchId,
      result,
      nowMs,
      compute: (match, current) => computeRatingUpdate({ system, match, current, result, nowMs }),
    });
    context.metrics.resultsReported.inc({ outcome: reported.applied ? 'applied' : 'repeated' });
    if (reported.applied) {
      for (const change of reported.outcome.changes)
        context.metrics.ratingUpdates.inc({ track: change.track });
    }
    return reported;
  } catch (error) {
    context.metrics.resultsReported.inc({ outcome: 'refused' });
    throw error;
  }
}
