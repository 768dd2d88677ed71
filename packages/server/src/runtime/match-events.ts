/**
 * What game servers hear of their matches: the hand-off record of a running match (its phase, its
 * roster by team, its server address once allocated, its live backfill request) and the events of
 * its life. Match events are logged in the queue's log beside the ticket events, in the same atomic
 * steps, so they share its ids: a match stream resumes after an event id on any node, and webhooks
 * are delivered from the same log (docs/handoff.md).
 */

/** Where players connect: set by the studio's allocator, or by the game server that runs the match. */
export interface Connection {
  readonly host: string;
  readonly port: number;
  /** Anything else the game client needs (a session token, a protocol), passed on unchanged. */
  readonly properties?: Readonly<Record<string, string>>;
}

/**
 * A match's phase: `ready` (no allocation step: the game server learns of it and runs it),
 * `allocating` (waiting for the allocator's address), `assigned` (address set), `allocation-failed`
 * (no address in time: its players were told, and may queue again).
 */
export type MatchPhase = 'ready' | 'allocating' | 'assigned' | 'allocation-failed';

/** One team of a running match: who plays in it now, from which tickets, and its seats in all. */
export interface RosterTeam {
  /** The team's name, when the queue declares named teams (`monster`). */
  readonly name?: string;
  readonly playerIds: readonly string[];
  readonly ticketIds: readonly string[];
  readonly seats: number;
}

/** A running match as the hand-off keeps it. `version` grows with every change (compare-and-set). */
export interface MatchHandoff {
  readonly matchId: string;
  readonly queueId: string;
  readonly phase: MatchPhase;
  readonly version: number;
  readonly region?: string;
  readonly teams: readonly RosterTeam[];
  readonly connection?: Connection;
  /** While allocating: when the allocation fails without an address. */
  readonly allocateDeadlineMs?: number;
  /** The live backfill request, if any. */
  readonly backfillRequestId?: string;
  readonly createdAtMs: number;
  readonly updatedAtMs: number;
}

/** What happened to a match. Each event carries the match as it is after it. */
export type MatchEvent =
  | { readonly type: 'formed'; readonly matchId: string; readonly atMs: number; readonly match: MatchHandoff }
  | {
      readonly type: 'assigned';
      readonly matchId: string;
      readonly atMs: number;
      readonly match: MatchHandoff;
      readonly connection: Connection;
    }
  | {
      readonly type: 'allocation-failed';
      readonly matchId: string;
      readonly atMs: number;
      readonly match: MatchHandoff;
      readonly reason: 'timeout';
    }
  | {
      readonly type: 'players-left';
      readonly matchId: string;
      readonly atMs: number;
      readonly match: MatchHandoff;
      readonly playerIds: readonly string[];
    }
  | {
      readonly type: 'backfill-requested';
      readonly matchId: string;
      readonly atMs: number;
      readonly match: MatchHandoff;
      readonly requestId: string;
      /** Open seats per team. */
      readonly openSeats: readonly number[];
    }
  | {
      readonly type: 'backfilled';
      readonly matchId: string;
      readonly atMs: number;
      readonly match: MatchHandoff;
      readonly requestId: string;
      /** The new players and tickets per team (in the match's team order). */
      readonly added: readonly {
        readonly playerIds: readonly string[];
        readonly ticketIds: readonly string[];
      }[];
      readonly quality: number;
    }
  | {
      readonly type: 'backfill-ended';
      readonly matchId: string;
      readonly atMs: number;
      readonly match: MatchHandoff;
      readonly requestId: string;
      readonly reason: 'cancelled' | 'expired';
    };

/** A match event with its id in the queue's log. */
export interface DeliveredMatchEvent {
  readonly eventId: string;
  readonly queueId: string;
  readonly event: MatchEvent;
}

/** The players of a match now. */
export function rosterPlayers(match: MatchHandoff): string[] {
  return match.teams.flatMap((team) => team.playerIds);
}

/** The tickets of a match now (formed with it, or backfilled into it). */
export function rosterTickets(match: MatchHandoff): string[] {
  return match.teams.flatMap((team) => team.ticketIds);
}
