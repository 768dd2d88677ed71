/**
 * Tickets: creation (ratings looked up on the ticket's track, the ticket made durable in the pool,
 * then enqueued), reads with the engine's status (wait, ETA, explanation), cancel, accept and
 * decline. Every refusal happens before anything changes, or is rolled back.
 */
import { randomUUID } from 'node:crypto';
import {
  ErrorCodes,
  MatchdError,
  type PlayerProfile,
  type QueueConfig,
  queueUsesEngagement,
  type TicketInput,
  type TicketStatus,
  trackKey,
  validateTicket,
} from '@matchd/engine';
import type { Principal } from '../auth/principals.ts';
import type { Json, PooledTicket } from '../store/records.ts';
import type { ServiceContext, TicketEntry } from './context.ts';
import { applyEffects, publish } from './effects.ts';
import { recentOutcomesFromHistory } from './recent-outcomes.ts';

/** One player of a ticket request. Ratings are never taken from clients: the service looks them up. */
export interface TicketPlayerRequest {
  readonly playerId: string;
  readonly pingMsByRegion?: Readonly<Record<string, number>>;
  readonly languages?: readonly string[];
  readonly roles?: readonly string[];
  readonly lowPriority?: boolean;
  readonly offenseRating?: number;
  readonly defenseRating?: number;
  /**
   * The player's recent results, newest last, for engagement-aware queues; when absent there, they
   * are read from the player's stored match history.
   */
  readonly recentOutcomes?: readonly ('W' | 'L' | 'D')[];
  /** Whom the player met last match, for opponent variation. */
  readonly lastMatch?: { readonly teammateIds: readonly string[]; readonly opponentIds: readonly string[] };
}

/** A ticket request: one player, or a party that stays together. */
export interface TicketRequest {
  readonly queueId: string;
  readonly ticketId?: string;
  readonly players: readonly TicketPlayerRequest[];
  /** Defaults for every player that gives none of its own. */
  readonly pingMsByRegion?: Readonly<Record<string, number>>;
  readonly languages?: readonly string[];
  readonly minQuality?: number;
}

/** A ticket as the API shows it. */
export interface TicketView {
  readonly ticketId: string;
  readonly queueId: string;
  readonly playerIds: readonly string[];
  readonly track: string;
  readonly state: TicketStatus['state'];
  readonly createdAtMs: number;
  readonly waitMs: number;
  readonly matchId?: string;
  readonly eta?: NonNullable<TicketStatus['eta']>;
  readonly explanation?: NonNullable<TicketStatus['explanation']>;
}

/** The queue, or MM_ERR_QUEUE_NOT_FOUND. */
export function queueOf(context: ServiceContext, queueId: string): QueueConfig {
  const config = context.queues.get(queueId);
  if (config === undefined)
    throw new MatchdError(ErrorCodes.QUEUE_NOT_FOUND, `no queue ${queueId}`, { queueId });
  return config;
}

/** The track a ticket's players are rated on: the queue's track, solo or party (Dota's MMRs). */
export function trackOf(config: QueueConfig, partySize: number): string {
  return config.rating.track.includes('/')
    ? config.rating.track
    : trackKey({ queue: config.rating.track, partySize });
}

/** The ticket, or MM_ERR_TICKET_NOT_FOUND. A player may only see tickets they are on (MM_ERR_FORBIDDEN). */
export function ticketFor(context: ServiceContext, ticketId: string, principal: Principal): TicketEntry {
  const entry = context.tickets.get(ticketId);
  if (entry === undefined)
    throw new MatchdError(ErrorCodes.TICKET_NOT_FOUND, `no ticket ${ticketId}`, { ticketId });
  if (principal.kind === 'player' && !entry.playerIds.includes(principal.playerId)) {
    throw new MatchdError(ErrorCodes.FORBIDDEN, 'a player token may only use its own tickets', { ticketId });
  }
  return entry;
}

/** Creates a ticket. Refuses before any change: unknown queue, duplicate id, a player already queued. */
export async function createTicket(context: ServiceContext, request: TicketRequest): Promise<TicketView> {
  const config = queueOf(context, request.queueId);
  const ticketId = request.ticketId ?? `t_${randomUUID()}`;
  if (context.tickets.get(ticketId) !== undefined) {
    throw new MatchdError(ErrorCodes.DUPLICATE_TICKET, `ticket ${ticketId} already exists`, { ticketId });
  }
  const playerIds = request.players.map((player) => player.playerId);
  const seen = new Set<string>();
  playerIds.forEach((playerId, index) => {
    if (seen.has(playerId)) {
      throw new MatchdError(ErrorCodes.INVALID_TICKET, `player ${playerId} is twice on the ticket`, {
        path: `players[${index}].playerId`,
      });
    }
    seen.add(playerId);
    const waiting = context.tickets.ticketOfPlayer(playerId);
    if (waiting !== undefined) {
      throw new MatchdError(
        ErrorCodes.PLAYER_ALREADY_QUEUED,
        `player ${playerId} already waits on ticket ${waiting}`,
        {
          path: `players[${index}].playerId`,
          ticketId: waiting,
        },
      );
    }
  });
  const track = trackOf(config, request.players.length);
  const nowMs = context.now();
  const entry: TicketEntry = {
    ticketId,
    queueId: config.id,
    playerIds,
    track,
    createdAtMs: nowMs,
    state: 'searching',
  };
  // Reserve the id and the players now: a concurrent request for the same players sees them taken.
  context.tickets.add(entry);
  try {
    const stored = await context.ratings.getRatings(playerIds.map((playerId) => ({ playerId, track })));
    const byPlayer = new Map(stored.map((record) => [record.playerId, record]));
    // Engagement queues need each player's recent outcomes: the client's, else the stored history's.
    const historyOutcomes = new Map<string, readonly ('W' | 'L' | 'D')[]>();
    if (queueUsesEngagement(config)) {
      const missing = request.players.filter((player) => player.recentOutcomes === undefined);
      const found = await Promise.all(
        missing.map((player) => recentOutcomesFromHistory(context.ratings, player.playerId)),
      );
      missing.forEach((player, index) => {
        historyOutcomes.set(player.playerId, found[index] ?? []);
      });
    }
    const players = request.players.map((player): PlayerProfile<unknown> => {
      const record = context.system.trackRecordOf(byPlayer.get(player.playerId));
      const pings = player.pingMsByRegion ?? request.pingMsByRegion;
      const recentOutcomes = player.recentOutcomes ?? historyOutcomes.get(player.playerId);
      const languages = player.languages ?? request.languages;
      return {
        playerId: player.playerId,
        rating: record.rating,
        gamesPlayed: record.gamesPlayed,
        ...(pings === undefined ? {} : { pingMsByRegion: pings }),
        ...(languages === undefined ? {} : { languages }),
        ...(player.roles === undefined ? {} : { roles: player.roles }),
        ...(player.lowPriority === undefined ? {} : { lowPriority: player.lowPriority }),
        ...(player.offenseRating === undefined ? {} : { offenseRating: player.offenseRating }),
        ...(player.defenseRating === undefined ? {} : { defenseRating: player.defenseRating }),
        ...(recentOutcomes === undefined ? {} : { recentOutcomes }),
        ...(player.lastMatch === undefined ? {} : { lastMatch: player.lastMatch }),
      };
    });
    const input: TicketInput<unknown> = {
      ticketId,
      players,
      ...(request.minQuality === undefined ? {} : { minQuality: request.minQuality }),
    };
    // The engine's own validation, here in the API thread, so a refused ticket never touches the
    // pool (the worker validates again at enqueue, against its own state).
    validateTicket(input, config, context.system.model, (playerId) => {
      const waiting = context.tickets.ticketOfPlayer(playerId);
      return waiting !== undefined && waiting !== ticketId;
    });
    const ticket: PooledTicket = {
      ticketId,
      queueId: config.id,
      playerIds,
      createdAtMs: nowMs,
      ticket: input as unknown as Json,
    };
    await context.pool.add(ticket);
    context.metrics.ticketsCreated.inc({ queue: config.id });
    publish(context, entry, { type: 'searching', ticketId, atMs: nowMs });
    // Validated by the engine's own validator and durable in the pool: answer now, and let the
    // matchmaker take it behind whatever round it is optimising (calls reach it in order, so a
    // read or cancel that follows finds the ticket). The clock is read right at the call: a tick
    // may have run during the awaits above, and the engine refuses time that goes backwards.
    context.host
      .enqueue(config.id, input, context.now())
      .then(
        (effects) => applyEffects(context, config.id, effects),
        (error: unknown) => refusedLate(context, entry, error),
      )
      .catch((error: unknown) =>
        context.log.error({ err: error, ticketId }, 'carrying out enqueue effects failed'),
      );
  } catch (error) {
    // Refused (a gate, a party too large, a bad ping, a duplicate...): undo the reservation.
    context.tickets.discard(ticketId);
    throw error;
  }
  return viewOf(entry, nowMs);
}

/**
 * The matchmaker refused a ticket the API thread had accepted (its queue config changed in
 * between, say): the ticket leaves the pool and its subscribers hear `cancelled`.
 */
async function refusedLate(context: ServiceContext, entry: TicketEntry, error: unknown): Promise<void> {
  context.log.error({ err: error, ticketId: entry.ticketId }, 'the matchmaker refused an accepted ticket');
  await context.pool.remove(entry.ticketId).catch(() => {});
  entry.state = 'cancelled';
  entry.finishedAtMs = context.now();
  context.tickets.finish(entry);
  const code = error instanceof Error && 'code' in error ? String(error.code) : 'internal';
  publish(context, entry, {
    type: 'cancelled',
    ticketId: entry.ticketId,
    atMs: entry.finishedAtMs,
    reason: `refused: ${code}`,
  });
}

/** Re-enqueues tickets the pool kept across a restart, oldest first, keeping their waits. */
export async function restoreTickets(context: ServiceContext): Promise<number> {
  let restored = 0;
  for (const pooled of await context.pool.waiting()) {
    const config = context.queues.get(pooled.queueId);
    if (config === undefined || context.tickets.get(pooled.ticketId) !== undefined) continue;
    const input = pooled.ticket as unknown as TicketInput<unknown>;
    const entry: TicketEntry = {
      ticketId: pooled.ticketId,
      queueId: pooled.queueId,
      playerIds: pooled.playerIds,
      track: trackOf(config, pooled.playerIds.length),
      createdAtMs: pooled.createdAtMs,
      state: 'searching',
    };
    try {
      // Enqueued at its creation time so its wait (and every relaxation) continues where it was.
      await context.host.enqueue(pooled.queueId, input, Math.min(pooled.createdAtMs, context.now()));
      context.tickets.add(entry);
      restored += 1;
    } catch (error) {
      context.log.warn(
        { err: error, ticketId: pooled.ticketId },
        'a stored ticket no longer fits its queue; dropped',
      );
      await context.pool.remove(pooled.ticketId);
    }
  }
  return restored;
}

/** The ticket's state, wait, ETA and explanation. */
export async function readTicket(
  context: ServiceContext,
  ticketId: string,
  principal: Principal,
): Promise<TicketView> {
  const entry = ticketFor(context, ticketId, principal);
  const nowMs = context.now();
  if (entry.state !== 'searching' && entry.state !== 'proposed') return viewOf(entry, nowMs);
  const status = await context.host.status(entry.queueId, ticketId, nowMs);
  return viewOf(entry, nowMs, status);
}

/** Cancels a searching or proposed ticket. */
export async function cancelTicket(
  context: ServiceContext,
  ticketId: string,
  principal: Principal,
): Promise<TicketView> {
  const entry = ticketFor(context, ticketId, principal);
  if (entry.state !== 'searching' && entry.state !== 'proposed') {
    throw new MatchdError(ErrorCodes.INVALID_TICKET_STATE, `ticket ${ticketId} is ${entry.state}`, {
      ticketId,
      state: entry.state,
    });
  }
  const nowMs = context.now();
  await applyEffects(context, entry.queueId, await context.host.cancel(entry.queueId, ticketId, nowMs));
  return viewOf(entry, nowMs);
}

/** A player of a proposed ticket accepts or declines the match. */
export async function answerProposal(
  context: ServiceContext,
  input: { ticketId: string; playerId: string; accept: boolean; principal: Principal },
): Promise<TicketView> {
  const entry = ticketFor(context, input.ticketId, input.principal);
  if (input.principal.kind === 'player' && input.principal.playerId !== input.playerId) {
    throw new MatchdError(ErrorCodes.FORBIDDEN, 'a player may only answer for themselves', {
      path: 'playerId',
    });
  }
  if (!entry.playerIds.includes(input.playerId)) {
    throw new MatchdError(
      ErrorCodes.PLAYER_NOT_FOUND,
      `player ${input.playerId} is not on ticket ${input.ticketId}`,
      {
        path: 'playerId',
      },
    );
  }
  const nowMs = context.now();
  const effects = input.accept
    ? await context.host.accept(entry.queueId, input.ticketId, input.playerId, nowMs)
    : await context.host.decline(entry.queueId, input.ticketId, input.playerId, nowMs);
  await applyEffects(context, entry.queueId, effects);
  return viewOf(entry, nowMs);
}

function viewOf(entry: TicketEntry, nowMs: number, status?: TicketStatus): TicketView {
  return {
    ticketId: entry.ticketId,
    queueId: entry.queueId,
    playerIds: entry.playerIds,
    track: entry.track,
    state: entry.state,
    createdAtMs: entry.createdAtMs,
    waitMs: status?.waitMs ?? Math.max(0, (entry.finishedAtMs ?? nowMs) - entry.createdAtMs),
    ...(entry.matchId === undefined ? {} : { matchId: entry.matchId }),
    ...(status?.eta === undefined ? {} : { eta: status.eta }),
    ...(status?.explanation === undefined ? {} : { explanation: status.explanation }),
  };
}
