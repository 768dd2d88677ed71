/**
 * The fleet state in process memory: the embedded default, for one process. It is the reference
 * adapter of the contract: every method runs to completion without awaiting, so each change is
 * atomic by construction. Nothing survives a restart.
 */
import { ErrorCodes, MatchdError } from '@matchd/engine';
import type { MatchHandoff } from '../../runtime/match-events.ts';
import {
  type CommitResult,
  type FleetState,
  type FleetTicketState,
  finishedTicketRetentionMs,
  type HandoffChange,
  type LogEntry,
  type LoggedEvent,
  liveStates,
  type MatchmakerChange,
  type QueueCounts,
  recentStatsKept,
  type TicketRecord,
  ticketRefusal,
} from '../fleet-state.ts';
import type { MatchRecord } from '../records.ts';

interface QueueState {
  readonly log: LogEntry[];
  readonly tickets: Map<string, TicketRecord>;
  lease?: { fence: number; nodeId: string; expiresAtMs: number };
  fence: number;
  readonly outbox: Map<string, MatchRecord>;
  matchesFormed: number;
  searching: number;
  proposed: number;
  playersWaiting: number;
  readonly waits: number[];
  readonly qualities: number[];
  readonly listeners: Set<(entries: readonly LogEntry[]) => void>;
  readonly handoffs: Map<string, MatchHandoff>;
  webhookCursor?: string;
}

/** Log entries kept per queue (the oldest are trimmed, as the Redis adapter's stream). */
const logKept = 50_000;
/** Finished tickets kept readable in memory at most (besides the retention time). */
const finishedKept = 100_000;

/** Keeps a queue's live counters in step with one ticket's change of state. */
function count(state: QueueState, record: TicketRecord, sign: 1 | -1): void {
  if (record.state === 'searching') state.searching += sign;
  else if (record.state === 'proposed') state.proposed += sign;
  else return;
  state.playersWaiting += sign * record.ticket.playerIds.length;
}

/** Stores a ticket's new record and counts the change. */
function store(state: QueueState, next: TicketRecord): void {
  const previous = state.tickets.get(next.ticket.ticketId);
  if (previous !== undefined) count(state, previous, -1);
  state.tickets.set(next.ticket.ticketId, next);
  count(state, next, 1);
}

/** A FleetState in memory; `clock` (epoch ms) drives leases and retention. */
export function createMemoryFleetState(clock: () => number = Date.now): FleetState {
  const queues = new Map<string, QueueState>();
  const ticketQueue = new Map<string, string>();
  const playerTicket = new Map<string, string>();
  /** Live nodes and until when. */
  const alive = new Map<string, number>();
  let sequence = 0;
  /** Finished tickets in finishing order, forgotten after the retention time. */
  const finished: { ticketId: string; atMs: number }[] = [];

  const queue = (queueId: string): QueueState => {
    let state = queues.get(queueId);
    if (state === undefined) {
      state = {
        log: [],
        tickets: new Map(),
        fence: 0,
        outbox: new Map(),
        matchesFormed: 0,
        searching: 0,
        proposed: 0,
        playersWaiting: 0,
        waits: [],
        qualities: [],
        listeners: new Set(),
        handoffs: new Map(),
      };
      queues.set(queueId, state);
    }
    return state;
  };
  const forgetOld = (): void => {
    const horizon = clock() - finishedTicketRetentionMs;
    while (finished.length > 0 && ((finished[0]?.atMs ?? 0) < horizon || finished.length > finishedKept)) {
      const { ticketId } = finished.shift() as { ticketId: string };
      const queueId = ticketQueue.get(ticketId);
      const record = queueId === undefined ? undefined : queues.get(queueId)?.tickets.get(ticketId);
      if (record !== undefined && !liveStates.has(record.state)) {
        queues.get(record.ticket.queueId)?.tickets.delete(ticketId);
        ticketQueue.delete(ticketId);
      }
    }
  };
  const append = (queueId: string, entry: Omit<LogEntry, 'eventId'>): LogEntry => {
    sequence += 1;
    const logged: LogEntry = { eventId: `${sequence}-0`, ...entry };
    const state = queue(queueId);
    state.log.push(logged);
    if (state.log.length > logKept * 1.1) state.log.splice(0, state.log.length - logKept);
    // Listeners hear of it after the change that logged it is complete.
    queueMicrotask(() => {
      for (const listener of state.listeners) listener([logged]);
    });
    return logged;
  };
  const loggedEvent = (entry: LogEntry): LoggedEvent | undefined =>
    entry.event === undefined ? undefined : { eventId: entry.eventId, event: entry.event };
  const finish = (record: TicketRecord, state: FleetTicketState): void => {
    if (liveStates.has(state)) return;
    for (const playerId of record.ticket.playerIds)
      if (playerTicket.get(playerId) === record.ticket.ticketId) playerTicket.delete(playerId);
    // Kept for the retention time from now, as Redis expires the key (the event time is the caller's).
    finished.push({ ticketId: record.ticket.ticketId, atMs: clock() });
  };
  const live = (ticketId: string | undefined): TicketRecord | undefined => {
    if (ticketId === undefined) return undefined;
    const queueId = ticketQueue.get(ticketId);
    const record = queueId === undefined ? undefined : queues.get(queueId)?.tickets.get(ticketId);
    return record !== undefined && liveStates.has(record.state) ? record : undefined;
  };
  const current = (record: TicketRecord): TicketRecord => {
    const stored = queues.get(record.ticket.queueId)?.tickets.get(record.ticket.ticketId);
    if (stored === undefined) throw ticketRefusal(record.ticket.ticketId);
    return stored;
  };

  /** Writes a hand-off record with its match event and ticket events (the version was checked). */
  const writeHandoff = (queueId: string, change: HandoffChange): string => {
    const state = queue(queueId);
    const horizon = clock() - finishedTicketRetentionMs;
    for (const [matchId, record] of state.handoffs)
      if (record.updatedAtMs < horizon) state.handoffs.delete(matchId);
    state.handoffs.set(change.next.matchId, change.next);
    const entry = append(queueId, {
      ticketId: change.next.matchId,
      source: 'matchmaker',
      matchEvent: change.event,
    });
    for (const event of change.ticketEvents ?? []) {
      const logged = append(queueId, { ticketId: event.ticketId, source: 'matchmaker', event });
      const record = state.tickets.get(event.ticketId);
      if (record !== undefined)
        state.tickets.set(event.ticketId, { ...record, lastEvent: loggedEvent(logged) as LoggedEvent });
    }
    return entry.eventId;
  };
  const versionOf = (queueId: string, matchId: string): number =>
    queues.get(queueId)?.handoffs.get(matchId)?.version ?? 0;

  return {
    backend: 'memory',
    async createTicket(ticket, { capacity, event }) {
      forgetOld();
      if (ticketQueue.has(ticket.ticketId)) {
        throw new MatchdError(ErrorCodes.DUPLICATE_TICKET, `ticket ${ticket.ticketId} already exists`, {
          ticketId: ticket.ticketId,
        });
      }
      ticket.playerIds.forEach((playerId, index) => {
        const waiting = live(playerTicket.get(playerId));
        if (waiting !== undefined) {
          throw new MatchdError(
            ErrorCodes.PLAYER_ALREADY_QUEUED,
            `player ${playerId} already waits on ticket ${waiting.ticket.ticketId}`,
            { path: `players[${index}].playerId`, ticketId: waiting.ticket.ticketId },
          );
        }
      });
      const state = queue(ticket.queueId);
      if (state.searching + state.proposed >= capacity) {
        throw new MatchdError(
          ErrorCodes.QUEUE_FULL,
          `queue ${ticket.queueId} holds its capacity of ${capacity} waiting tickets`,
          { queueId: ticket.queueId, capacity },
        );
      }
      const entry = append(ticket.queueId, { ticketId: ticket.ticketId, source: 'api', event, ticket });
      const lastEvent = loggedEvent(entry) as LoggedEvent;
      store(state, { ticket, state: 'searching', lastEvent });
      ticketQueue.set(ticket.ticketId, ticket.queueId);
      for (const playerId of ticket.playerIds) playerTicket.set(playerId, ticket.ticketId);
      return lastEvent;
    },
    async getTicket(ticketId) {
      const queueId = ticketQueue.get(ticketId);
      return queueId === undefined ? undefined : queues.get(queueId)?.tickets.get(ticketId);
    },
    async ticketOfPlayer(playerId) {
      return live(playerTicket.get(playerId))?.ticket.ticketId;
    },
    async cancelTicket(record, { event, declinedBy }) {
      const stored = current(record);
      const allowed = declinedBy === undefined ? liveStates.has(stored.state) : stored.state === 'proposed';
      if (!allowed) throw ticketRefusal(stored.ticket.ticketId, stored.state);
      const entry = append(stored.ticket.queueId, {
        ticketId: stored.ticket.ticketId,
        source: 'api',
        event,
        ...(declinedBy === undefined ? {} : { playerId: declinedBy }),
      });
      const next: TicketRecord = {
        ...stored,
        state: 'cancelled',
        finishedAtMs: event.atMs,
        lastEvent: loggedEvent(entry) as LoggedEvent,
      };
      store(queue(stored.ticket.queueId), next);
      finish(next, 'cancelled');
      return next;
    },
    async acceptTicket(record, playerId) {
      const stored = current(record);
      if (stored.state !== 'proposed') throw ticketRefusal(stored.ticket.ticketId, stored.state);
      append(stored.ticket.queueId, { ticketId: stored.ticket.ticketId, source: 'api', playerId });
    },
    async readLog(queueId, afterId, limit) {
      const log = queues.get(queueId)?.log ?? [];
      const after = Number(afterId.split('-')[0]);
      // Ids grow by one across all queues, so a binary search finds the start.
      let low = 0;
      let high = log.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (Number((log[middle] as LogEntry).eventId.split('-')[0]) <= after) low = middle + 1;
        else high = middle;
      }
      return log.slice(low, low + limit);
    },
    followLog(queueId, listener) {
      const state = queue(queueId);
      state.listeners.add(listener);
      return {
        ready: Promise.resolve(state.log.at(-1)?.eventId ?? '0-0'),
        stop: () => state.listeners.delete(listener),
      };
    },
    async acquireLease(queueId, nodeId, ttlMs) {
      const state = queue(queueId);
      const nowMs = clock();
      if (state.lease !== undefined && state.lease.expiresAtMs > nowMs) return undefined;
      state.fence += 1;
      state.lease = { fence: state.fence, nodeId, expiresAtMs: nowMs + ttlMs };
      return state.fence;
    },
    async renewLease(queueId, nodeId, fence, ttlMs) {
      const lease = queue(queueId).lease;
      const nowMs = clock();
      if (
        lease === undefined ||
        lease.fence !== fence ||
        lease.nodeId !== nodeId ||
        lease.expiresAtMs <= nowMs
      )
        return false;
      lease.expiresAtMs = nowMs + ttlMs;
      return true;
    },
    async releaseLease(queueId, nodeId, fence) {
      const state = queue(queueId);
      if (state.lease?.fence === fence && state.lease.nodeId === nodeId) delete state.lease;
    },
    async heartbeat(nodeId, ttlMs) {
      const nowMs = clock();
      alive.set(nodeId, nowMs + ttlMs);
      for (const [node, untilMs] of alive) if (untilMs <= nowMs) alive.delete(node);
      return alive.size;
    },
    async leaseHolder(queueId) {
      const lease = queues.get(queueId)?.lease;
      return lease !== undefined && lease.expiresAtMs > clock() ? lease.nodeId : undefined;
    },
    async liveTickets(queueId) {
      forgetOld();
      const state = queue(queueId);
      const logId = state.log.at(-1)?.eventId ?? '0-0';
      const tickets = [...state.tickets.values()]
        .filter((record) => liveStates.has(record.state))
        .sort((a, b) => a.ticket.createdAtMs - b.ticket.createdAtMs);
      return { logId, tickets };
    },
    async commit(queueId, fence, change: MatchmakerChange): Promise<CommitResult> {
      const state = queue(queueId);
      if (state.lease === undefined || state.lease.fence !== fence || state.lease.expiresAtMs <= clock())
        return 'fenced';
      const fits = (record: TicketRecord | undefined): record is TicketRecord =>
        record !== undefined &&
        change.from.includes(record.state) &&
        (record.state !== 'proposed' || change.matchId === undefined || record.matchId === change.matchId);
      const records = change.tickets.map((part) => state.tickets.get(part.ticketId));
      if (change.mode === 'all' && !records.every(fits)) return 'conflict';
      if (
        change.handoff !== undefined &&
        versionOf(queueId, change.handoff.next.matchId) !== change.handoff.expectedVersion
      )
        return 'conflict';
      let changed = 0;
      change.tickets.forEach((part, index) => {
        const record = records[index];
        if (!fits(record)) return;
        const entry = append(queueId, { ticketId: part.ticketId, source: 'matchmaker', event: part.event });
        const { matchId: _old, finishedAtMs: _finished, ...rest } = record;
        const matchId = change.to === 'searching' ? undefined : (change.matchId ?? record.matchId);
        const next: TicketRecord = {
          ...rest,
          state: change.to,
          ...(matchId === undefined ? {} : { matchId }),
          ...(liveStates.has(change.to) ? {} : { finishedAtMs: change.nowMs }),
          lastEvent: loggedEvent(entry) as LoggedEvent,
        };
        store(state, next);
        finish(next, change.to);
        if (part.waitMs !== undefined) pushRecent(state.waits, part.waitMs);
        changed += 1;
      });
      if (change.handoff !== undefined && changed > 0) writeHandoff(queueId, change.handoff);
      if (change.match !== undefined && changed > 0) {
        state.outbox.set(change.match.matchId, change.match);
        state.matchesFormed += 1;
        if (change.match.quality !== undefined) pushRecent(state.qualities, change.match.quality);
      }
      return 'applied';
    },
    async unsavedMatches(queueId) {
      return [...(queues.get(queueId)?.outbox.values() ?? [])];
    },
    async findUnsavedMatch(matchId, queueIds) {
      for (const queueId of queueIds) {
        const match = queues.get(queueId)?.outbox.get(matchId);
        if (match !== undefined) return match;
      }
      return undefined;
    },
    async matchSaved(queueId, matchId) {
      queues.get(queueId)?.outbox.delete(matchId);
    },
    async queueCounts(queueId): Promise<QueueCounts> {
      const state = queues.get(queueId);
      return {
        searching: state?.searching ?? 0,
        proposed: state?.proposed ?? 0,
        playersWaiting: state?.playersWaiting ?? 0,
        matchesFormed: state?.matchesFormed ?? 0,
        recentWaitsMs: [...(state?.waits ?? [])].reverse(),
        recentQualities: [...(state?.qualities ?? [])].reverse(),
      };
    },
    async readHandoff(queueId, matchId) {
      return queues.get(queueId)?.handoffs.get(matchId);
    },
    async changeHandoff(queueId, change) {
      if (versionOf(queueId, change.next.matchId) !== change.expectedVersion) return 'conflict';
      return { eventId: writeHandoff(queueId, change) };
    },
    async dueAllocations(queueId, nowMs) {
      const due: string[] = [];
      for (const record of queues.get(queueId)?.handoffs.values() ?? [])
        if (record.phase === 'allocating' && (record.allocateDeadlineMs ?? Infinity) <= nowMs)
          due.push(record.matchId);
      return due;
    },
    async webhookCursor(queueId) {
      return queues.get(queueId)?.webhookCursor;
    },
    async setWebhookCursor(queueId, eventId) {
      queue(queueId).webhookCursor = eventId;
    },
    async ping() {},
    async close() {
      for (const state of queues.values()) state.listeners.clear();
    },
  };
}

function pushRecent(ring: number[], value: number): void {
  ring.push(value);
  if (ring.length > recentStatsKept) ring.shift();
}
