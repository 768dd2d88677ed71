/**
 * What the dashboard shows of the queues' recent life, kept in memory and bounded: the matches
 * formed (with the engine's per-criterion explanation, which the stored match record does not
 * keep), matches per minute, tickets waiting over time, and which tickets are live (so "why do
 * tickets wait" can ask the matchmaker about a few of them). It is fed by `observeHost`, a
 * decorator of the matchmaker host that sees every effect, so no operation of the service has to
 * know about it. A node sees the matches of the queues it runs (in a fleet, the queues whose lease
 * it holds); a match whose commit lost a race is seen here although the fleet drops it (rare: a
 * ticket cancelled on another node during the tick).
 */
import type { MatchmakerEffect, MatchSummary } from '@matchd/engine';
import type { MatchmakerHost } from '../runtime/matchmaker-host.ts';

/** A match formed, as the engine summarised it. */
export interface FormedMatch {
  readonly queueId: string;
  readonly atMs: number;
  readonly summary: MatchSummary;
  /**
   * Each ticket's wait when the match formed: the instant its quality (and its wait-time criterion)
   * was judged, before any acceptance step, so a match shows one wait, the one its explanation gives.
   */
  readonly waitMsByTicket: Readonly<Record<string, number>>;
}

/** One sample of a queue's size. */
export interface WaitingSample {
  readonly atMs: number;
  readonly tickets: number;
  readonly players: number;
}

const minuteMs = 60_000;

/** Bounded per-queue activity. */
export class QueueActivity {
  readonly #matches: FormedMatch[] = [];
  readonly #matchesKept: number;
  /** Per queue: matches formed per minute, keyed by the minute's start (epoch ms). */
  readonly #perMinute = new Map<string, Map<number, number>>();
  readonly #minutesKept: number;
  readonly #waiting = new Map<string, WaitingSample[]>();
  readonly #samplesKept: number;
  readonly #live = new Map<string, Set<string>>();
  /** When each pending match (awaiting acceptance) was proposed, by the engine's match id. */
  readonly #proposedAtMs = new Map<string, number>();

  constructor(options: { matchesKept?: number; minutesKept?: number; samplesKept?: number } = {}) {
    this.#matchesKept = options.matchesKept ?? 500;
    this.#minutesKept = options.minutesKept ?? 60;
    this.#samplesKept = options.samplesKept ?? 360;
  }

  /** Takes in the effects of one queue's operation at `nowMs`. */
  record(queueId: string, effects: readonly MatchmakerEffect[], nowMs: number): void {
    for (const effect of effects) {
      if (effect.kind === 'proposed') {
        this.#proposedAtMs.set(effect.match.matchId, nowMs);
        // A pending match that every player left ends without a 'returned': keep the map bounded.
        if (this.#proposedAtMs.size > this.#matchesKept * 20) {
          this.#proposedAtMs.delete(this.#proposedAtMs.keys().next().value as string);
        }
      } else if (effect.kind === 'returned') {
        this.#proposedAtMs.delete(effect.matchId);
      }
      if (effect.kind === 'matched') {
        // A match that waited for its players' acceptance formed when it was proposed.
        const formedAtMs = this.#proposedAtMs.get(effect.match.matchId) ?? effect.atMs;
        this.#proposedAtMs.delete(effect.match.matchId);
        const waitMsByTicket: Record<string, number> = {};
        for (const [ticketId, waitMs] of Object.entries(effect.waitMsByTicket)) {
          waitMsByTicket[ticketId] = waitMs - (effect.atMs - formedAtMs);
        }
        this.#matches.push({ queueId, atMs: effect.atMs, summary: effect.match, waitMsByTicket });
        if (this.#matches.length > this.#matchesKept) this.#matches.shift();
        const minutes = this.#perMinute.get(queueId) ?? new Map<number, number>();
        const minute = Math.floor(effect.atMs / minuteMs) * minuteMs;
        minutes.set(minute, (minutes.get(minute) ?? 0) + 1);
        for (const key of minutes.keys())
          if (key < minute - this.#minutesKept * minuteMs) minutes.delete(key);
        this.#perMinute.set(queueId, minutes);
        for (const team of effect.match.teams)
          for (const ticketId of team.ticketIds) this.#ended(queueId, ticketId);
      } else if (effect.kind === 'backfilled') {
        // Players who took open seats of a running match wait no more.
        for (const team of effect.added)
          for (const ticketId of team.ticketIds) this.#ended(queueId, ticketId);
      } else if (effect.kind === 'expired' || effect.kind === 'cancelled') {
        this.#ended(queueId, effect.ticketId);
      }
    }
  }

  /** A ticket entered a queue's matchmaker. */
  entered(queueId: string, ticketId: string): void {
    const live = this.#live.get(queueId) ?? new Set<string>();
    live.add(ticketId);
    this.#live.set(queueId, live);
  }

  /** Records the queues' sizes at `atMs`. */
  sample(atMs: number, sizes: Readonly<Record<string, { tickets: number; players: number }>>): void {
    for (const [queueId, size] of Object.entries(sizes)) {
      const samples = this.#waiting.get(queueId) ?? [];
      samples.push({ atMs, tickets: size.tickets, players: size.players });
      if (samples.length > this.#samplesKept) samples.shift();
      this.#waiting.set(queueId, samples);
    }
  }

  /** The most recent matches, newest first, of one queue or all. */
  recentMatches(limit: number, queueId?: string): FormedMatch[] {
    const result: FormedMatch[] = [];
    for (let index = this.#matches.length - 1; index >= 0 && result.length < limit; index -= 1) {
      const match = this.#matches[index] as FormedMatch;
      if (queueId === undefined || match.queueId === queueId) result.push(match);
    }
    return result;
  }

  /**
   * Matches formed in each of the last `minutes` whole minutes before `nowMs`, oldest first. The
   * minute under way is left out: its count is partial, and read as a rate it would be too low.
   */
  matchesPerMinute(queueId: string, nowMs: number, minutes: number): { atMs: number; matches: number }[] {
    const counts = this.#perMinute.get(queueId);
    const current = Math.floor(nowMs / minuteMs) * minuteMs - minuteMs;
    return Array.from({ length: minutes }, (_, index) => {
      const atMs = current - (minutes - 1 - index) * minuteMs;
      return { atMs, matches: counts?.get(atMs) ?? 0 };
    });
  }

  /** The sampled sizes of a queue, oldest first. */
  waitingSeries(queueId: string): readonly WaitingSample[] {
    return this.#waiting.get(queueId) ?? [];
  }

  /** Up to `limit` live tickets of a queue, oldest first. */
  liveTickets(queueId: string, limit: number): string[] {
    const result: string[] = [];
    for (const ticketId of this.#live.get(queueId) ?? []) {
      if (result.length >= limit) break;
      result.push(ticketId);
    }
    return result;
  }

  #ended(queueId: string, ticketId: string): void {
    this.#live.get(queueId)?.delete(ticketId);
  }
}

/**
 * The host, with every effect also recorded in `activity`, and the queues' sizes sampled at most
 * every `sampleEveryMs` of tick time.
 */
export function observeHost(
  host: MatchmakerHost,
  activity: QueueActivity,
  sampleEveryMs = 5000,
): MatchmakerHost {
  let lastSampleMs = Number.NEGATIVE_INFINITY;
  const seen =
    (queueId: string, nowMs: number) =>
    (effects: readonly MatchmakerEffect[]): readonly MatchmakerEffect[] => {
      activity.record(queueId, effects, nowMs);
      return effects;
    };
  return {
    putQueue: (config, snapshot) => host.putQueue(config, snapshot),
    putModel: (name, version, model) => host.putModel(name, version, model),
    async enqueue(queueId, ticket, nowMs) {
      const effects = await host.enqueue(queueId, ticket, nowMs);
      activity.entered(queueId, ticket.ticketId);
      return seen(queueId, nowMs)(effects);
    },
    requestBackfill: (queueId, request, nowMs) =>
      host.requestBackfill(queueId, request, nowMs).then(seen(queueId, nowMs)),
    cancel: (queueId, ticketId, nowMs) => host.cancel(queueId, ticketId, nowMs).then(seen(queueId, nowMs)),
    accept: (queueId, ticketId, playerId, nowMs) =>
      host.accept(queueId, ticketId, playerId, nowMs).then(seen(queueId, nowMs)),
    decline: (queueId, ticketId, playerId, nowMs) =>
      host.decline(queueId, ticketId, playerId, nowMs).then(seen(queueId, nowMs)),
    async restoreQueue(config, tickets, backfills) {
      await host.restoreQueue(config, tickets, backfills);
      for (const ticket of tickets) activity.entered(config.id, ticket.ticketId);
    },
    dropQueue: (queueId) => host.dropQueue(queueId),
    async tickQueue(queueId, nowMs) {
      const tick = await host.tickQueue(queueId, nowMs);
      activity.record(queueId, tick.effects, nowMs);
      if (nowMs - lastSampleMs >= sampleEveryMs) {
        lastSampleMs = nowMs;
        activity.sample(nowMs, await host.sizes());
      }
      return tick;
    },
    status: (queueId, ticketId, nowMs) => host.status(queueId, ticketId, nowMs),
    sizes: () => host.sizes(),
    snapshot: (queueId) => host.snapshot(queueId),
    close: () => host.close(),
  };
}
