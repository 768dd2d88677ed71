/**
 * Carrying out a queue matchmaker's effects as fenced changes of the fleet state: each proposal,
 * match, return, expiry or cancel is one atomic step that checks the lease's fencing token, moves
 * its tickets and logs their events; a match is formed only if every one of its tickets is still
 * there for it. A formed match goes to the queue's outbox in that same step and is then stored in
 * SQL (idempotently, so a retry after a crash stores it once). Nothing is announced that did not
 * commit: the events are written by the commit itself.
 */
import { randomUUID } from 'node:crypto';
import type { MatchmakerEffect, MatchSummary, QueueConfig } from '@matchd/engine';
import type { MatchHandoff } from '../runtime/match-events.ts';
import type { MatchView, TicketEvent } from '../runtime/ticket-events.ts';
import type { CommitResult, MatchmakerChange, TicketChange } from '../store/fleet-state.ts';
import type { MatchRecord, MatchSeat, PooledTicket } from '../store/records.ts';
import { backfillOf } from './backfill.ts';
import type { ServiceContext } from './context.ts';
import { changeMatch, without } from './handoff.ts';
import { trackOf } from './tickets.ts';

/** What a queue's runner holds while it owns the queue. */
export interface Ownership {
  readonly queueId: string;
  readonly fence: number;
  /** The tickets the matchmaker holds, as the fleet state has them. */
  readonly known: Map<string, PooledTicket>;
  /** Engine match id -> the service's match id, from proposal until the match forms. */
  readonly matchIds: Map<string, string>;
  /** When a change last committed (a long step is busy, not stuck). */
  progressAtMs: number | undefined;
}

function matchView(queueId: string, matchId: string, summary: MatchSummary): MatchView {
  return {
    matchId,
    queueId,
    teams: summary.teams.map((team) => ({
      ...(team.name === undefined ? {} : { name: team.name }),
      playerIds: team.playerIds,
      ticketIds: team.ticketIds,
    })),
    ...(summary.region === undefined ? {} : { region: summary.region }),
    quality: summary.quality,
  };
}

/** Runs `work` and logs (never throws) when it fails: bookkeeping must not undo a committed change. */
function safely(context: ServiceContext, queueId: string, stage: string, work: () => void): void {
  try {
    work();
  } catch (error) {
    context.metrics.queueErrors.inc({ queue: queueId, stage });
    context.log.error({ err: error, queueId, stage }, 'bookkeeping after a committed change failed');
  }
}

/** Stores a formed match in SQL and empties its outbox entry; a failure leaves it for the next drain. */
export async function storeMatch(context: ServiceContext, record: MatchRecord): Promise<void> {
  await context.ratings.saveMatch(record);
  await context.state.matchSaved(record.queueId, record.matchId);
}

/** Matches stored in SQL at once, at most (the pool's connections serve them side by side). */
const storesInFlight = 8;

/**
 * Carries out effects in order. Stops at the first that cannot commit: `conflict` (a ticket of a
 * match was cancelled meanwhile: the matchmaker must be rebuilt from the fleet state) or `fenced`
 * (another node holds the queue now). The committed matches are then stored in SQL, several at a
 * time; one that fails stays in the outbox for the next drain.
 */
export async function applyEffects(
  context: ServiceContext,
  owner: Ownership,
  config: QueueConfig,
  effects: readonly MatchmakerEffect[],
): Promise<CommitResult> {
  const formed: MatchRecord[] = [];
  let result: CommitResult = 'applied';
  for (const effect of effects) {
    result = await applyEffect(context, owner, config, effect, formed);
    if (result !== 'applied') break;
    owner.progressAtMs = context.now();
  }
  for (let start = 0; start < formed.length; start += storesInFlight) {
    await Promise.all(
      formed.slice(start, start + storesInFlight).map((record) =>
        storeMatch(context, record).catch((error: unknown) => {
          context.metrics.queueErrors.inc({ queue: owner.queueId, stage: 'store-match' });
          context.log.warn(
            { err: error, queueId: owner.queueId, matchId: record.matchId },
            'match kept in the outbox; SQL is retried',
          );
        }),
      ),
    );
  }
  return result;
}

function part(owner: Ownership, ticketId: string, event: TicketEvent, waitMs?: number): TicketChange {
  return {
    ticketId,
    playerIds: owner.known.get(ticketId)?.playerIds ?? [],
    event,
    ...(waitMs === undefined ? {} : { waitMs }),
  };
}

async function applyEffect(
  context: ServiceContext,
  owner: Ownership,
  config: QueueConfig,
  effect: MatchmakerEffect,
  formed: MatchRecord[],
): Promise<CommitResult> {
  const { queueId } = owner;
  const nowMs = context.now();
  const commit = (change: MatchmakerChange) => context.state.commit(queueId, owner.fence, change);
  switch (effect.kind) {
    case 'proposed': {
      const matchId = owner.matchIds.get(effect.match.matchId) ?? `m_${randomUUID()}`;
      owner.matchIds.set(effect.match.matchId, matchId);
      const view = matchView(queueId, matchId, effect.match);
      const ticketIds = effect.match.teams.flatMap((team) => team.ticketIds);
      return commit({
        mode: 'all',
        from: ['searching'],
        to: 'proposed',
        matchId,
        nowMs,
        tickets: ticketIds.map((ticketId) =>
          part(owner, ticketId, {
            type: 'proposed',
            ticketId,
            atMs: nowMs,
            match: view,
            deadlineMs: effect.deadlineMs,
          }),
        ),
      });
    }
    case 'matched': {
      const matchId = owner.matchIds.get(effect.match.matchId) ?? `m_${randomUUID()}`;
      owner.matchIds.delete(effect.match.matchId);
      const view = matchView(queueId, matchId, effect.match);
      const teams: MatchSeat[][] = effect.match.teams.map((team) =>
        team.ticketIds.flatMap((ticketId) => {
          const ticket = owner.known.get(ticketId);
          if (ticket === undefined) return [];
          const track = trackOf(config, ticket.playerIds.length);
          return ticket.playerIds.map((playerId) => ({ playerId, ticketId, track }));
        }),
      );
      const names = effect.match.teams.map((team) => team.name);
      const teamNames = names.every((name) => name !== undefined) ? (names as string[]) : undefined;
      const record: MatchRecord = {
        matchId,
        queueId,
        createdAtMs: effect.atMs,
        teams,
        ...(teamNames === undefined ? {} : { teamNames }),
        quality: effect.match.quality,
      };
      const ticketIds = effect.match.teams.flatMap((team) => team.ticketIds);
      const allocation = config.handoff?.allocation;
      const handoff: MatchHandoff = {
        matchId,
        queueId,
        phase: allocation === undefined ? 'ready' : 'allocating',
        version: 1,
        ...(effect.match.region === undefined ? {} : { region: effect.match.region }),
        teams: teams.map((team, index) => ({
          ...(teamNames === undefined ? {} : { name: teamNames[index] as string }),
          playerIds: team.map((seat) => seat.playerId),
          ticketIds: effect.match.teams[index]?.ticketIds ?? [],
          seats: team.length,
        })),
        ...(allocation === undefined ? {} : { allocateDeadlineMs: effect.atMs + allocation.timeoutMs }),
        createdAtMs: effect.atMs,
        updatedAtMs: effect.atMs,
      };
      // A ticket's wait runs from its creation (on whichever node), not from when this matchmaker saw it.
      const waits = ticketIds.map((ticketId) => {
        const createdAtMs = owner.known.get(ticketId)?.createdAtMs ?? effect.atMs;
        return Math.max(effect.waitMsByTicket[ticketId] ?? 0, effect.atMs - createdAtMs);
      });
      const result = await commit({
        mode: 'all',
        from: ['searching', 'proposed'],
        to: 'matched',
        matchId,
        match: record,
        handoff: {
          expectedVersion: 0,
          next: handoff,
          event: { type: 'formed', matchId, atMs: effect.atMs, match: handoff },
        },
        nowMs: effect.atMs,
        tickets: ticketIds.map((ticketId, index) =>
          part(
            owner,
            ticketId,
            {
              type: 'matched',
              ticketId,
              atMs: effect.atMs,
              match: view,
              waitMs: waits[index] as number,
              ...(allocation === undefined ? {} : { allocating: true }),
            },
            waits[index],
          ),
        ),
      });
      if (result !== 'applied') return result;
      for (const ticketId of ticketIds) owner.known.delete(ticketId);
      safely(context, queueId, 'metrics', () => {
        context.metrics.matchesFormed.inc({ queue: queueId });
        context.metrics.matchQuality.observe({ queue: queueId }, effect.match.quality);
        for (const waitMs of waits) context.metrics.waitSeconds.observe({ queue: queueId }, waitMs / 1000);
      });
      formed.push(record);
      return 'applied';
    }
    case 'returned': {
      const matchId = owner.matchIds.get(effect.matchId);
      return commit({
        mode: 'each',
        from: ['proposed'],
        to: 'searching',
        ...(matchId === undefined ? {} : { matchId }),
        nowMs,
        tickets: [
          part(owner, effect.ticketId, {
            type: 'returned',
            ticketId: effect.ticketId,
            atMs: nowMs,
            matchId: matchId ?? effect.matchId,
            reason: effect.reason,
          }),
        ],
      });
    }
    case 'backfilled':
      return applyBackfill(context, owner, effect);
    case 'expired': {
      const request = backfillOf(owner.known.get(effect.ticketId));
      const result = await commit({
        mode: 'each',
        from: ['searching'],
        to: 'expired',
        nowMs,
        tickets: [
          part(owner, effect.ticketId, {
            type: 'expired',
            ticketId: effect.ticketId,
            atMs: nowMs,
            waitMs: effect.waitMs,
          }),
        ],
      });
      owner.known.delete(effect.ticketId);
      if (result === 'applied' && request !== undefined)
        await endBackfill(context, queueId, request.matchId, effect.ticketId, 'expired');
      return result;
    }
    case 'cancelled': {
      // A cancel or decline through the API is already in the fleet state; this is a no-op then.
      const result = await commit({
        mode: 'each',
        from: ['searching', 'proposed'],
        to: 'cancelled',
        nowMs,
        tickets: [
          part(owner, effect.ticketId, {
            type: 'cancelled',
            ticketId: effect.ticketId,
            atMs: nowMs,
            reason: effect.reason,
          }),
        ],
      });
      owner.known.delete(effect.ticketId);
      return result;
    }
    default:
      return effect satisfies never;
  }
}

/** A backfill request ended without a fill: the match's record lets it go and says why. */
export async function endBackfill(
  context: ServiceContext,
  queueId: string,
  matchId: string,
  requestId: string,
  reason: 'cancelled' | 'expired',
): Promise<void> {
  const atMs = context.now();
  await changeMatch(context, queueId, matchId, (current) =>
    current.backfillRequestId !== requestId
      ? undefined
      : {
          next: without(current, 'backfillRequestId'),
          event: (match) => ({ type: 'backfill-ended', matchId, atMs, match, requestId, reason }),
        },
  ).catch((error: unknown) => {
    context.log.warn(
      { err: error, queueId, matchId, requestId },
      'a backfill ended but its match was not updated',
    );
  });
}

/**
 * Commits a fill: the request and the new tickets are matched, and the match's record gains the
 * new players, in one step. When the match moved on meanwhile (another change of its record, or it
 * ended), nothing commits: `conflict` rebuilds the matchmaker from the fleet state, where the new
 * tickets still wait; a request whose match is gone is cancelled.
 */
async function applyBackfill(
  context: ServiceContext,
  owner: Ownership,
  effect: Extract<MatchmakerEffect, { kind: 'backfilled' }>,
): Promise<CommitResult> {
  const { queueId } = owner;
  const { matchId, requestId, atMs } = effect;
  const current = await context.state.readHandoff(queueId, matchId);
  if (
    current === undefined ||
    current.phase === 'allocation-failed' ||
    current.backfillRequestId !== requestId
  ) {
    const result = await context.state.commit(queueId, owner.fence, {
      mode: 'each',
      from: ['searching'],
      to: 'cancelled',
      nowMs: atMs,
      tickets: [
        part(owner, requestId, { type: 'cancelled', ticketId: requestId, atMs, reason: 'the match ended' }),
      ],
    });
    owner.known.delete(requestId);
    return result === 'fenced' ? result : 'conflict';
  }
  const next: MatchHandoff = {
    ...without(current, 'backfillRequestId'),
    teams: current.teams.map((team, index) => ({
      ...team,
      playerIds: [...team.playerIds, ...(effect.added[index]?.playerIds ?? [])],
      ticketIds: [...team.ticketIds, ...(effect.added[index]?.ticketIds ?? [])],
    })),
    version: current.version + 1,
    updatedAtMs: atMs,
  };
  const view: MatchView = {
    matchId,
    queueId,
    teams: next.teams.map((team) => ({ playerIds: team.playerIds, ticketIds: team.ticketIds })),
    ...(next.region === undefined ? {} : { region: next.region }),
    quality: effect.quality,
  };
  const added = effect.added.flatMap((team) => team.ticketIds);
  const result = await context.state.commit(queueId, owner.fence, {
    mode: 'all',
    from: ['searching'],
    to: 'matched',
    matchId,
    nowMs: atMs,
    handoff: {
      expectedVersion: current.version,
      next,
      event: {
        type: 'backfilled',
        matchId,
        atMs,
        match: next,
        requestId,
        added: effect.added,
        quality: effect.quality,
      },
    },
    tickets: [
      part(owner, requestId, { type: 'matched', ticketId: requestId, atMs, match: view, waitMs: 0 }),
      ...added.map((ticketId) => {
        const waitMs = effect.waitMsByTicket[ticketId] ?? 0;
        return part(
          owner,
          ticketId,
          {
            type: 'matched',
            ticketId,
            atMs,
            match: view,
            waitMs,
            backfill: true,
            ...(next.phase === 'allocating' ? { allocating: true } : {}),
            ...(next.connection === undefined ? {} : { connection: next.connection }),
          },
          waitMs,
        );
      }),
    ],
  });
  if (result !== 'applied') return result;
  owner.known.delete(requestId);
  for (const ticketId of added) owner.known.delete(ticketId);
  safely(context, queueId, 'metrics', () => {
    context.metrics.backfillsFilled.inc({ queue: queueId });
    for (const ticketId of added)
      context.metrics.waitSeconds.observe({ queue: queueId }, (effect.waitMsByTicket[ticketId] ?? 0) / 1000);
  });
  return 'applied';
}
