/**
 * Carrying out the matchmaker's effects: claim the tickets of a proposed or formed match in the
 * pool (atomically: a ticket is never in two matches), store formed matches before anyone hears of
 * them (so a game server can report at once), free finished tickets, publish every ticket's event,
 * and count it all in the metrics. Engine match ids restart with the process, so the service gives
 * each match its own id, stable from proposal to formation.
 */
import { randomUUID } from 'node:crypto';
import type { MatchmakerEffect, MatchSummary } from '@matchd/engine';
import type { MatchView, TicketEvent } from '../runtime/ticket-events.ts';
import type { MatchRecord, MatchSeat } from '../store/records.ts';
import type { ServiceContext, TicketEntry } from './context.ts';

function serviceMatchId(context: ServiceContext, queueId: string, engineId: string, keep: boolean): string {
  const key = `${queueId}\u0000${engineId}`;
  const id = context.matchIds.get(key) ?? `m_${randomUUID()}`;
  if (keep) context.matchIds.set(key, id);
  else context.matchIds.delete(key);
  return id;
}

function matchView(queueId: string, matchId: string, summary: MatchSummary): MatchView {
  return {
    matchId,
    queueId,
    teams: summary.teams.map((team) => ({ playerIds: team.playerIds, ticketIds: team.ticketIds })),
    ...(summary.region === undefined ? {} : { region: summary.region }),
    quality: summary.quality,
  };
}

function entriesOf(context: ServiceContext, ticketIds: readonly string[]): TicketEntry[] {
  return ticketIds.flatMap((ticketId) => {
    const entry = context.tickets.get(ticketId);
    return entry === undefined ? [] : [entry];
  });
}

/** Records a ticket's event (replayed to late subscribers) and publishes it. */
export function publish(context: ServiceContext, entry: TicketEntry, event: TicketEvent): void {
  entry.lastEvent = event;
  context.bus.publish(event);
}

function finish(
  context: ServiceContext,
  entry: TicketEntry,
  state: TicketEntry['state'],
  atMs: number,
): void {
  entry.state = state;
  entry.finishedAtMs = atMs;
  context.tickets.finish(entry);
}

/** Carries out effects of one queue, in order. */
export async function applyEffects(
  context: ServiceContext,
  queueId: string,
  effects: readonly MatchmakerEffect[],
): Promise<void> {
  for (const effect of effects) await applyEffect(context, queueId, effect);
}

async function applyEffect(
  context: ServiceContext,
  queueId: string,
  effect: MatchmakerEffect,
): Promise<void> {
  const nowMs = context.now();
  switch (effect.kind) {
    case 'proposed': {
      const matchId = serviceMatchId(context, queueId, effect.match.matchId, true);
      const ticketIds = effect.match.teams.flatMap((team) => team.ticketIds);
      if (!(await context.pool.claim(ticketIds, matchId))) {
        context.log.error({ matchId, ticketIds }, 'proposed match lost a ticket to another process');
      }
      const view = matchView(queueId, matchId, effect.match);
      for (const entry of entriesOf(context, ticketIds)) {
        entry.state = 'proposed';
        entry.matchId = matchId;
        publish(context, entry, {
          type: 'proposed',
          ticketId: entry.ticketId,
          atMs: nowMs,
          match: view,
          deadlineMs: effect.deadlineMs,
        });
      }
      return;
    }
    case 'matched': {
      const matchId = serviceMatchId(context, queueId, effect.match.matchId, false);
      const ticketIds = effect.match.teams.flatMap((team) => team.ticketIds);
      if (!(await context.pool.claim(ticketIds, matchId))) {
        context.log.error({ matchId, ticketIds }, 'formed match lost a ticket to another process');
      }
      const teams: MatchSeat[][] = effect.match.teams.map((team) =>
        entriesOf(context, team.ticketIds).flatMap((entry) =>
          entry.playerIds.map((playerId) => ({ playerId, ticketId: entry.ticketId, track: entry.track })),
        ),
      );
      const record: MatchRecord = {
        matchId,
        queueId,
        createdAtMs: effect.atMs,
        teams,
        quality: effect.match.quality,
      };
      await context.ratings.saveMatch(record);
      await Promise.all(ticketIds.map((ticketId) => context.pool.remove(ticketId)));
      const view = matchView(queueId, matchId, effect.match);
      const waits: number[] = [];
      for (const entry of entriesOf(context, ticketIds)) {
        const waitMs = effect.waitMsByTicket[entry.ticketId] ?? effect.atMs - entry.createdAtMs;
        waits.push(waitMs);
        context.metrics.waitSeconds.observe({ queue: queueId }, waitMs / 1000);
        entry.matchId = matchId;
        finish(context, entry, 'matched', effect.atMs);
        publish(context, entry, {
          type: 'matched',
          ticketId: entry.ticketId,
          atMs: effect.atMs,
          match: view,
          waitMs,
        });
      }
      context.metrics.matchesFormed.inc({ queue: queueId });
      context.metrics.matchQuality.observe({ queue: queueId }, effect.match.quality);
      context.stats.get(queueId)?.recordMatch(effect.match.quality, waits);
      return;
    }
    case 'returned': {
      const matchId = serviceMatchId(context, queueId, effect.matchId, true);
      await context.pool.release([effect.ticketId], matchId);
      const entry = context.tickets.get(effect.ticketId);
      if (entry === undefined) return;
      entry.state = 'searching';
      delete entry.matchId;
      publish(context, entry, {
        type: 'returned',
        ticketId: entry.ticketId,
        atMs: nowMs,
        matchId,
        reason: effect.reason,
      });
      return;
    }
    case 'expired': {
      await context.pool.remove(effect.ticketId);
      const entry = context.tickets.get(effect.ticketId);
      if (entry === undefined) return;
      finish(context, entry, 'expired', nowMs);
      publish(context, entry, {
        type: 'expired',
        ticketId: entry.ticketId,
        atMs: nowMs,
        waitMs: effect.waitMs,
      });
      return;
    }
    case 'cancelled': {
      await context.pool.remove(effect.ticketId);
      const entry = context.tickets.get(effect.ticketId);
      if (entry === undefined) return;
      finish(context, entry, 'cancelled', nowMs);
      publish(context, entry, {
        type: 'cancelled',
        ticketId: entry.ticketId,
        atMs: nowMs,
        reason: effect.reason,
      });
      return;
    }
    default:
      effect satisfies never;
  }
}
