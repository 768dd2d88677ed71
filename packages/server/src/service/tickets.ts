/**
 * Tickets, on any node: creation (ratings looked up on the ticket's track, validated by the engine's
 * own validator, then created in the fleet state in one step with its `searching` event), reads
 * (state from the fleet state; ETA and explanation from the queue's matchmaker when it runs on this
 * node), cancel, accept and decline. The queue's matchmaker, wherever it runs, learns of each
 * through the queue's log. Every refusal happens before anything changes.
 */
import { randomUUID } from 'node:crypto';
import {
  ErrorCodes,
  MatchdError,
  type NatType,
  type PlayerAttributes,
  type PlayerProfile,
  type QueueConfig,
  type TicketInput,
  type TicketStatus,
  trackKey,
  validateTicket,
} from '@matchd/engine';
import type { Principal } from '../auth/principals.ts';
import type { TicketEvent } from '../runtime/ticket-events.ts';
import type { TicketRecord } from '../store/fleet-state.ts';
import type { Json, PooledTicket } from '../store/records.ts';
import type { ServiceContext } from './context.ts';
import { gatedGamesOf, historyFields, partyAdjusted } from './ticket-context.ts';

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
   * are read from the player's stored match history. (Whom the player met last match, for opponent
   * variation, always comes from the stored history.)
   */
  readonly recentOutcomes?: readonly ('W' | 'L' | 'D')[];
  /** Values of the attributes the queue declares, read by its rules (docs/rules.md). */
  readonly attributes?: PlayerAttributes;
  /** NAT class for peer-to-peer hosting (the hosts criterion): open, moderate or strict. */
  readonly nat?: NatType;
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
  /** Id of the ticket's latest event: a WebSocket stream resumes after it (`?after=`). */
  readonly lastEventId?: string;
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
export async function ticketFor(
  context: ServiceContext,
  ticketId: string,
  principal: Principal,
): Promise<TicketRecord> {
  const record = await context.state.getTicket(ticketId, context.queues.keys());
  if (record === undefined)
    throw new MatchdError(ErrorCodes.TICKET_NOT_FOUND, `no ticket ${ticketId}`, { ticketId });
  if (principal.kind === 'player' && !record.ticket.playerIds.includes(principal.playerId)) {
    throw new MatchdError(ErrorCodes.FORBIDDEN, 'a player token may only use its own tickets', { ticketId });
  }
  return record;
}

/**
 * Creates a ticket. Refuses before any change: unknown queue, a bad ticket, a duplicate id, a player
 * already waiting on another ticket (on any node), a full queue.
 */
export async function createTicket(context: ServiceContext, request: TicketRequest): Promise<TicketView> {
  const config = queueOf(context, request.queueId);
  const ticketId = request.ticketId ?? `t_${randomUUID()}`;
  const playerIds = request.players.map((player) => player.playerId);
  const seen = new Set<string>();
  playerIds.forEach((playerId, index) => {
    if (seen.has(playerId)) {
      throw new MatchdError(ErrorCodes.INVALID_TICKET, `player ${playerId} is twice on the ticket`, {
        path: `players[${index}].playerId`,
      });
    }
    seen.add(playerId);
  });
  const track = trackOf(config, request.players.length);
  const system = context.systemOfQueue(config);
  const stored = await context.ratings.getRatings(playerIds.map((playerId) => ({ playerId, track })));
  const byPlayer = new Map(stored.map((record) => [record.playerId, record]));
  const fromHistory = await historyFields(context, config, request.players);
  const gamesByTrack = await gatedGamesOf(context, config, playerIds);
  const ratings = partyAdjusted(
    context,
    config,
    request.players.map((player) => system.trackRecordOf(byPlayer.get(player.playerId)).rating),
  );
  const players = request.players.map((player, index): PlayerProfile<unknown> => {
    const record = system.trackRecordOf(byPlayer.get(player.playerId));
    const pings = player.pingMsByRegion ?? request.pingMsByRegion;
    const history = fromHistory.get(player.playerId) ?? {};
    const recentOutcomes = player.recentOutcomes ?? history.recentOutcomes;
    const languages = player.languages ?? request.languages;
    const games = gamesByTrack.get(player.playerId);
    return {
      playerId: player.playerId,
      rating: ratings[index],
      gamesPlayed: record.gamesPlayed,
      ...(games === undefined ? {} : { gamesByTrack: games }),
      ...(pings === undefined ? {} : { pingMsByRegion: pings }),
      ...(languages === undefined ? {} : { languages }),
      ...(player.roles === undefined ? {} : { roles: player.roles }),
      ...(player.nat === undefined ? {} : { nat: player.nat }),
      ...(player.lowPriority === undefined ? {} : { lowPriority: player.lowPriority }),
      ...(player.offenseRating === undefined ? {} : { offenseRating: player.offenseRating }),
      ...(player.defenseRating === undefined ? {} : { defenseRating: player.defenseRating }),
      ...(recentOutcomes === undefined ? {} : { recentOutcomes }),
      ...(history.recentMatches === undefined ? {} : { recentMatches: history.recentMatches }),
      ...(history.lastMatch === undefined ? {} : { lastMatch: history.lastMatch }),
      ...(player.attributes === undefined ? {} : { attributes: player.attributes }),
    };
  });
  const input: TicketInput<unknown> = {
    ticketId,
    players,
    ...(request.minQuality === undefined ? {} : { minQuality: request.minQuality }),
  };
  // The engine's own validation, here on the API node, so a refused ticket never reaches the queue.
  // Whether a player already waits is the fleet state's to say (across every node).
  validateTicket(input, config, system.model, () => false);
  const nowMs = context.now();
  const ticket: PooledTicket = {
    ticketId,
    queueId: config.id,
    playerIds,
    createdAtMs: nowMs,
    ticket: input as unknown as Json,
  };
  const event: TicketEvent = { type: 'searching', ticketId, atMs: nowMs };
  const lastEvent = await context.state.createTicket(ticket, { capacity: context.queueCapacity, event });
  context.metrics.ticketsCreated.inc({ queue: config.id });
  return viewOf(context, { ticket, state: 'searching', lastEvent }, nowMs);
}

/** The ticket's state and wait; ETA and explanation when its queue's matchmaker runs on this node. */
export async function readTicket(
  context: ServiceContext,
  ticketId: string,
  principal: Principal,
): Promise<TicketView> {
  return viewWithStatus(context, await ticketFor(context, ticketId, principal));
}

/** The API's view of a record just read, with ETA and explanation when this node runs its queue. */
export async function viewWithStatus(context: ServiceContext, record: TicketRecord): Promise<TicketView> {
  const nowMs = context.now();
  if (
    (record.state !== 'searching' && record.state !== 'proposed') ||
    !context.ownsQueue(record.ticket.queueId)
  )
    return viewOf(context, record, nowMs);
  const { queueId, ticketId } = record.ticket;
  const status = await context.host.status(queueId, ticketId, nowMs).catch(() => undefined);
  // The matchmaker may not have read the ticket from the log yet: the fleet state's view stands.
  return viewOf(context, record, nowMs, status?.state === record.state ? status : undefined);
}

/** Cancels a searching or proposed ticket, on any node. */
export async function cancelTicket(
  context: ServiceContext,
  ticketId: string,
  principal: Principal,
): Promise<TicketView> {
  const record = await ticketFor(context, ticketId, principal);
  const nowMs = context.now();
  const cancelled = await context.state.cancelTicket(record, {
    event: { type: 'cancelled', ticketId, atMs: nowMs, reason: 'cancelled' },
  });
  return viewOf(context, cancelled, nowMs);
}

/** A player of a proposed ticket accepts or declines the match. */
export async function answerProposal(
  context: ServiceContext,
  input: { ticketId: string; playerId: string; accept: boolean; principal: Principal },
): Promise<TicketView> {
  const record = await ticketFor(context, input.ticketId, input.principal);
  if (input.principal.kind === 'player' && input.principal.playerId !== input.playerId) {
    throw new MatchdError(ErrorCodes.FORBIDDEN, 'a player may only answer for themselves', {
      path: 'playerId',
    });
  }
  if (!record.ticket.playerIds.includes(input.playerId)) {
    throw new MatchdError(
      ErrorCodes.PLAYER_NOT_FOUND,
      `player ${input.playerId} is not on ticket ${input.ticketId}`,
      {
        path: 'playerId',
      },
    );
  }
  const nowMs = context.now();
  if (input.accept) {
    await context.state.acceptTicket(record, input.playerId);
    return viewOf(context, record, nowMs);
  }
  const declined = await context.state.cancelTicket(record, {
    event: { type: 'cancelled', ticketId: input.ticketId, atMs: nowMs, reason: 'declined' },
    declinedBy: input.playerId,
  });
  return viewOf(context, declined, nowMs);
}

/** The API's view of a ticket record. */
export function viewOf(
  context: ServiceContext,
  record: TicketRecord,
  nowMs: number,
  status?: TicketStatus,
): TicketView {
  const { ticket } = record;
  const config = context.queues.get(ticket.queueId);
  return {
    ticketId: ticket.ticketId,
    queueId: ticket.queueId,
    playerIds: ticket.playerIds,
    // A backfill request has no players of its own: it shows the queue's track.
    track:
      config === undefined
        ? ''
        : ticket.playerIds.length === 0
          ? config.rating.track
          : trackOf(config, ticket.playerIds.length),
    state: record.state,
    createdAtMs: ticket.createdAtMs,
    waitMs: Math.max(0, (record.finishedAtMs ?? nowMs) - ticket.createdAtMs),
    ...(record.matchId === undefined ? {} : { matchId: record.matchId }),
    ...(record.lastEvent === undefined ? {} : { lastEventId: record.lastEvent.eventId }),
    ...(status?.eta === undefined ? {} : { eta: status.eta }),
    ...(status?.explanation === undefined ? {} : { explanation: status.explanation }),
  };
}
