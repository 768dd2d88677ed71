/**
 * A running match's hand-off record: read it, and change it by compare-and-set (any node may change
 * it: an allocator's assignment, a leave report, a backfill request; the queue's matchmaker fills a
 * backfill). Every change logs its match event in the same step.
 */
import { ErrorCodes, MatchdError } from '@matchd/engine';
import type { MatchEvent, MatchHandoff } from '../runtime/match-events.ts';
import type { TicketEvent } from '../runtime/ticket-events.ts';
import type { ServiceContext } from './context.ts';

/** What a change makes of the current record: the record's new fields, its event and ticket events. */
export interface HandoffEdit {
  readonly next: Omit<MatchHandoff, 'version' | 'updatedAtMs'>;
  readonly event: (match: MatchHandoff) => MatchEvent;
  readonly ticketEvents?: readonly TicketEvent[];
}

/** Tries a change this many times when another node changed the record meanwhile. */
const attempts = 5;

/** The match's hand-off record, or MM_ERR_MATCH_NOT_FOUND. */
export async function handoffOf(
  context: ServiceContext,
  queueId: string,
  matchId: string,
): Promise<MatchHandoff> {
  const record = await context.state.readHandoff(queueId, matchId);
  if (record === undefined)
    throw new MatchdError(ErrorCodes.MATCH_NOT_FOUND, `no running match ${matchId}`, { matchId });
  return record;
}

/**
 * Applies `edit` to the current record (read again after a concurrent change). `edit` throws to
 * refuse, or returns undefined when there is nothing to do. Returns the record as written.
 */
export async function changeMatch(
  context: ServiceContext,
  queueId: string,
  matchId: string,
  edit: (current: MatchHandoff) => HandoffEdit | undefined,
): Promise<MatchHandoff | undefined> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const current = await handoffOf(context, queueId, matchId);
    const change = edit(current);
    if (change === undefined) return undefined;
    const next: MatchHandoff = { ...change.next, version: current.version + 1, updatedAtMs: context.now() };
    const result = await context.state.changeHandoff(queueId, {
      expectedVersion: current.version,
      next,
      event: change.event(next),
      ...(change.ticketEvents === undefined ? {} : { ticketEvents: change.ticketEvents }),
    });
    if (result !== 'conflict') return next;
  }
  throw new MatchdError(ErrorCodes.UNAVAILABLE, `match ${matchId} kept changing; try again`, { matchId });
}

/** A record without a field (exactOptionalPropertyTypes: absent, not undefined). */
export function without<T extends object, K extends keyof T>(record: T, key: K): Omit<T, K> {
  const { [key]: _dropped, ...rest } = record;
  return rest;
}
