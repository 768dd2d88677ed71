/**
 * Backfill through the API (docs/handoff.md): a game server asks to fill the open seats of its
 * running match, naming the players still in it; a leave report frees seats (and, when the queue
 * says so, asks by itself). The request is a ticket of its queue in the fleet state (no players of
 * its own), so it is created, cancelled, expired and restored after a failover as any ticket is,
 * and the queue's matchmaker fills it (engine: queue/backfill.ts) under the queue's limits.
 */
import { randomUUID } from 'node:crypto';
import {
  type BackfillRequest,
  ErrorCodes,
  MatchdError,
  type PlayerProfile,
  type TicketInput,
  validateBackfillRequest,
} from '@matchd/engine';
import { type MatchHandoff, rosterPlayers } from '../runtime/match-events.ts';
import { liveStates } from '../store/fleet-state.ts';
import type { PooledTicket } from '../store/records.ts';
import type { ServiceContext } from './context.ts';
import { endBackfill } from './effects.ts';
import { changeMatch, handoffOf } from './handoff.ts';
import { readMatch } from './results.ts';
import { queueOf } from './tickets.ts';

/** A pooled ticket that is a backfill request: its request, else undefined. */
export function backfillOf(pooled: PooledTicket | undefined): BackfillRequest<unknown> | undefined {
  const ticket = pooled?.ticket as { kind?: unknown; request?: unknown } | undefined;
  return ticket?.kind === 'backfill' ? (ticket.request as BackfillRequest<unknown>) : undefined;
}

/** A backfill request as the API shows it. */
export interface BackfillView {
  readonly requestId: string;
  readonly matchId: string;
  readonly queueId: string;
  /** Open seats per team (in the match's team order). */
  readonly openSeats: readonly number[];
}

/** The running match of a match id: its queue and hand-off record. */
async function runningMatch(context: ServiceContext, matchId: string): Promise<MatchHandoff> {
  const record = await readMatch(context, matchId);
  return handoffOf(context, record.queueId, matchId);
}

function refuseEnded(match: MatchHandoff): void {
  if (match.phase === 'allocation-failed') {
    throw new MatchdError(ErrorCodes.INVALID_MATCH_STATE, `match ${match.matchId} is ${match.phase}`, {
      matchId: match.matchId,
      state: match.phase,
    });
  }
}

/** Each present player's profile, from the ticket that brought them into the match. */
async function profilesOf(
  context: ServiceContext,
  match: MatchHandoff,
  present: ReadonlySet<string>,
): Promise<Map<string, PlayerProfile<unknown>>> {
  const profiles = new Map<string, PlayerProfile<unknown>>();
  for (const ticketId of match.teams.flatMap((team) => team.ticketIds)) {
    const record = await context.state.getTicket(ticketId, [match.queueId]);
    const input = record?.ticket.ticket as unknown as TicketInput<unknown> | undefined;
    for (const profile of input?.players ?? [])
      if (present.has(profile.playerId)) profiles.set(profile.playerId, profile);
  }
  return profiles;
}

/**
 * Asks to fill the match's open seats: `players` are the players still in it (the others left).
 * Refuses, changing nothing: MM_ERR_MATCH_NOT_FOUND, MM_ERR_PLAYER_NOT_IN_MATCH, MM_ERR_MATCH_FULL,
 * MM_ERR_BACKFILL_EXISTS, MM_ERR_INVALID_MATCH_STATE (allocation failed).
 */
export async function requestBackfill(
  context: ServiceContext,
  matchId: string,
  players: readonly string[],
): Promise<BackfillView> {
  const match = await runningMatch(context, matchId);
  return createRequest(context, match, players);
}

/** A node that dies between marking a request and creating it leaves a mark this old at most. */
const creationGraceMs = 5000;

/**
 * The match's live request id: undefined when there is none, or when the mark is left over from a
 * creation that never completed (no live ticket behind it after the grace time).
 */
async function liveRequestOf(context: ServiceContext, match: MatchHandoff): Promise<string | undefined> {
  const requestId = match.backfillRequestId;
  if (requestId === undefined || context.now() - match.updatedAtMs < creationGraceMs) return requestId;
  const record = await context.state.getTicket(requestId, [match.queueId]);
  return record !== undefined && liveStates.has(record.state) ? requestId : undefined;
}

async function createRequest(
  context: ServiceContext,
  match: MatchHandoff,
  players: readonly string[],
): Promise<BackfillView> {
  const { matchId, queueId } = match;
  const config = queueOf(context, queueId);
  refuseEnded(match);
  const live = await liveRequestOf(context, match);
  if (live !== undefined) {
    throw new MatchdError(ErrorCodes.BACKFILL_EXISTS, `match ${matchId} already has a backfill request`, {
      matchId,
      requestId: live,
    });
  }
  const roster = new Set(rosterPlayers(match));
  const present = new Set<string>();
  players.forEach((playerId, index) => {
    if (!roster.has(playerId)) {
      throw new MatchdError(ErrorCodes.PLAYER_NOT_IN_MATCH, `player ${playerId} is not in match ${matchId}`, {
        path: `players[${index}]`,
        playerId,
        matchId,
      });
    }
    if (present.has(playerId))
      throw new MatchdError(ErrorCodes.INVALID_REQUEST, `players[${index}]: ${playerId} appears twice`, {
        path: `players[${index}]`,
      });
    present.add(playerId);
  });
  const openSeats = match.teams.map(
    (team) => team.seats - team.playerIds.filter((playerId) => present.has(playerId)).length,
  );
  if (openSeats.every((seats) => seats === 0))
    throw new MatchdError(ErrorCodes.MATCH_FULL, `match ${matchId} has no open seat`, { matchId });
  const profiles = await profilesOf(context, match, present);
  const missing = [...present].find((playerId) => !profiles.has(playerId));
  if (missing !== undefined) {
    throw new MatchdError(
      ErrorCodes.INVALID_MATCH_STATE,
      `the ticket of player ${missing} is no longer kept; match ${matchId} cannot be backfilled`,
      { matchId, playerId: missing },
    );
  }
  const requestId = `bf_${randomUUID()}`;
  const request: BackfillRequest<unknown> = {
    requestId,
    matchId,
    ...(match.region === undefined ? {} : { region: match.region }),
    teams: match.teams.map((team) => ({
      seats: team.seats,
      players: team.playerIds
        .filter((playerId) => present.has(playerId))
        .map((playerId) => profiles.get(playerId) as PlayerProfile<unknown>),
    })),
  };
  validateBackfillRequest(request, config, context.systemOfQueue(config).model);
  const nowMs = context.now();
  await changeMatch(context, queueId, matchId, (current) => {
    if (current.backfillRequestId !== undefined && current.backfillRequestId !== match.backfillRequestId) {
      throw new MatchdError(ErrorCodes.BACKFILL_EXISTS, `match ${matchId} already has a backfill request`, {
        matchId,
        requestId: current.backfillRequestId,
      });
    }
    refuseEnded(current);
    return {
      next: {
        ...current,
        backfillRequestId: requestId,
        teams: current.teams.map((team) => ({
          ...team,
          playerIds: team.playerIds.filter((playerId) => present.has(playerId)),
        })),
      },
      event: (next) => ({
        type: 'backfill-requested',
        matchId,
        atMs: nowMs,
        match: next,
        requestId,
        openSeats,
      }),
    };
  });
  try {
    await context.state.createTicket(
      {
        ticketId: requestId,
        queueId,
        playerIds: [],
        createdAtMs: nowMs,
        ticket: { kind: 'backfill', request } as unknown as PooledTicket['ticket'],
      },
      { capacity: context.queueCapacity, event: { type: 'searching', ticketId: requestId, atMs: nowMs } },
    );
  } catch (error) {
    await endBackfill(context, queueId, matchId, requestId, 'cancelled');
    throw error;
  }
  return { requestId, matchId, queueId, openSeats };
}

/** Cancels the match's live backfill request; MM_ERR_BACKFILL_NOT_FOUND when it has none. */
export async function cancelBackfill(context: ServiceContext, matchId: string): Promise<BackfillView> {
  const match = await runningMatch(context, matchId);
  const requestId = match.backfillRequestId;
  const record =
    requestId === undefined ? undefined : await context.state.getTicket(requestId, [match.queueId]);
  if (requestId === undefined || record === undefined || !['searching', 'proposed'].includes(record.state))
    throw new MatchdError(ErrorCodes.BACKFILL_NOT_FOUND, `match ${matchId} has no live backfill request`, {
      matchId,
    });
  await context.state.cancelTicket(record, {
    event: { type: 'cancelled', ticketId: requestId, atMs: context.now(), reason: 'cancelled' },
  });
  await endBackfill(context, match.queueId, matchId, requestId, 'cancelled');
  const request = backfillOf(record.ticket);
  return {
    requestId,
    matchId,
    queueId: match.queueId,
    openSeats: request?.teams.map((team) => team.seats - team.players.length) ?? [],
  };
}

/**
 * A game server reports players who left: they leave the roster (their seats open). When the
 * queue backfills by itself (`backfill.auto`) and no request is live, one is made for the rest.
 */
export async function reportLeave(
  context: ServiceContext,
  matchId: string,
  playerIds: readonly string[],
): Promise<{ match: MatchHandoff; backfill?: BackfillView }> {
  const match = await runningMatch(context, matchId);
  refuseEnded(match);
  const roster = new Set(rosterPlayers(match));
  playerIds.forEach((playerId, index) => {
    if (!roster.has(playerId)) {
      throw new MatchdError(ErrorCodes.PLAYER_NOT_IN_MATCH, `player ${playerId} is not in match ${matchId}`, {
        path: `playerIds[${index}]`,
        playerId,
        matchId,
      });
    }
  });
  const leaving = new Set(playerIds);
  const atMs = context.now();
  const next =
    (await changeMatch(context, match.queueId, matchId, (current) => ({
      next: {
        ...current,
        teams: current.teams.map((team) => ({
          ...team,
          playerIds: team.playerIds.filter((playerId) => !leaving.has(playerId)),
        })),
      },
      event: (changed) => ({ type: 'players-left', matchId, atMs, match: changed, playerIds }),
    }))) ?? match;
  const config = queueOf(context, match.queueId);
  if (config.backfill?.auto !== true || (await liveRequestOf(context, next)) !== undefined)
    return { match: next };
  const backfill = await createRequest(context, next, rosterPlayers(next));
  return { match: (await context.state.readHandoff(match.queueId, matchId)) ?? next, backfill };
}

/**
 * The allocator sets the server address of an allocating match: the game server hears `assigned`,
 * and every ticket of the match gets `assigned` with the connection. The same address again is a
 * no-op; any other state is MM_ERR_INVALID_MATCH_STATE.
 */
export async function setAssignment(
  context: ServiceContext,
  matchId: string,
  connection: MatchHandoff['connection'] & {},
): Promise<MatchHandoff> {
  const match = await runningMatch(context, matchId);
  const atMs = context.now();
  const same = (current: MatchHandoff) =>
    current.phase === 'assigned' && JSON.stringify(current.connection) === JSON.stringify(connection);
  const written = await changeMatch(context, match.queueId, matchId, (current) => {
    if (same(current)) return undefined;
    if (current.phase !== 'allocating') {
      throw new MatchdError(
        ErrorCodes.INVALID_MATCH_STATE,
        `match ${matchId} is ${current.phase}, not allocating`,
        {
          matchId,
          state: current.phase,
        },
      );
    }
    const { allocateDeadlineMs: _deadline, ...rest } = current;
    return {
      next: { ...rest, phase: 'assigned', connection },
      event: (next) => ({ type: 'assigned', matchId, atMs, match: next, connection }),
      ticketEvents: current.teams
        .flatMap((team) => team.ticketIds)
        .map((ticketId) => ({ type: 'assigned', ticketId, atMs, matchId, connection })),
    };
  });
  return written ?? (await handoffOf(context, match.queueId, matchId));
}

/** The running match's hand-off record (a game server's or allocator's read). */
export async function readHandoff(context: ServiceContext, matchId: string): Promise<MatchHandoff> {
  return runningMatch(context, matchId);
}
