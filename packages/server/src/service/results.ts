/**
 * Match reads and result reports. A report applies every player's rating update in one store
 * transaction, once: the same report again returns the first outcome, a different one is refused.
 * A report rates the match's roster at its end (the hand-off record's players: those still in it
 * and those backfilled into it); players who left are kept in the match, marked, and rated as the
 * queue's `backfill.leavers` says (docs/handoff.md).
 */
import { ErrorCodes, MatchdError } from '@matchd/engine';
import { computeRatingUpdate, validateReport } from '../rating/apply-result.ts';
import type { MatchOutcome, MatchRecord, MatchSeat, ReportedResult } from '../store/records.ts';
import type { ServiceContext } from './context.ts';
import { storeMatch } from './effects.ts';
import { trackOf } from './tickets.ts';

/**
 * The match, or MM_ERR_MATCH_NOT_FOUND. A match formed but not yet in SQL (its matchmaker's node
 * died between the two steps) is stored from the queue's outbox first: announced means readable.
 */
export async function readMatch(context: ServiceContext, matchId: string): Promise<MatchRecord> {
  const match = await context.ratings.getMatch(matchId);
  if (match !== undefined) return match;
  const unsaved = await context.state.findUnsavedMatch(matchId, context.queues.keys());
  if (unsaved === undefined) {
    // The matchmaker's node may have stored it and emptied the outbox between the two reads: the
    // outbox is emptied only once SQL holds the match, so SQL read again has it then.
    const saved = await context.ratings.getMatch(matchId);
    if (saved !== undefined) return saved;
    throw new MatchdError(ErrorCodes.MATCH_NOT_FOUND, `no match ${matchId}`, { matchId });
  }
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
  const formed = await readMatch(context, matchId);
  // Every seat of a match is on one queue's tracks, so one policy rates it.
  const system = context.systemOfTrack(formed.teams[0]?.[0]?.track ?? '');
  const roster = formed.outcome === undefined ? await finalRoster(context, formed) : undefined;
  const match = roster === undefined ? formed : { ...formed, teams: roster };
  validateReport(match, result, system);
  const leavers = context.queues.get(formed.queueId)?.backfill?.leavers ?? 'unrated';
  const nowMs = context.now();
  try {
    const reported = await context.ratings.reportResult({
      matchId,
      result,
      nowMs,
      ...(roster === undefined ? {} : { roster }),
      compute: (match, current) => computeRatingUpdate({ system, match, current, result, nowMs, leavers }),
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

/**
 * The match's roster at its end, from its hand-off record, when it differs from the teams it formed
 * with: per team, its players at the end in the record's order (formed seats as they were,
 * backfilled players marked `backfilled` on the track of the ticket that brought them in), then the
 * formed seats no longer in it, marked `left`. Undefined when nothing changed or the record is gone
 * (kept 24 hours) or its queue removed: then the formed teams are rated.
 */
async function finalRoster(context: ServiceContext, match: MatchRecord): Promise<MatchSeat[][] | undefined> {
  const config = context.queues.get(match.queueId);
  const handoff = config && (await context.state.readHandoff(match.queueId, match.matchId));
  if (config === undefined || handoff === undefined) return undefined;
  const formedSeats = new Map(match.teams.flat().map((seat) => [seat.playerId, seat]));
  let changed = false;
  const roster: MatchSeat[][] = [];
  for (const [t, team] of match.teams.entries()) {
    const present = handoff.teams[t]?.playerIds ?? [];
    const backfilled = new Map<string, MatchSeat>();
    if (present.some((playerId) => !formedSeats.has(playerId))) {
      const formedTickets = new Set(team.map((seat) => seat.ticketId));
      for (const ticketId of handoff.teams[t]?.ticketIds ?? []) {
        if (formedTickets.has(ticketId)) continue;
        const players = (await context.state.getTicket(ticketId, [match.queueId]))?.ticket.playerIds ?? [];
        const track = trackOf(config, players.length);
        for (const playerId of players)
          backfilled.set(playerId, { playerId, ticketId, track, backfilled: true });
      }
    }
    const seats: MatchSeat[] = present.map((playerId) => {
      const seat = formedSeats.get(playerId) ?? backfilled.get(playerId);
      if (seat === undefined) {
        throw new MatchdError(ErrorCodes.UNAVAILABLE, `the ticket of ${playerId} is no longer kept`, {
          matchId: match.matchId,
          playerId,
        });
      }
      return seat;
    });
    const gone = team.filter((seat) => !present.includes(seat.playerId));
    if (gone.length > 0 || seats.some((seat) => seat.backfilled === true)) changed = true;
    roster.push([...seats, ...gone.map((seat) => ({ ...seat, left: true }))]);
  }
  return changed ? roster : undefined;
}
