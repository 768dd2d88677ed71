/**
 * A bot game client on `@matchd/client`: it holds a player token, queues (through its lobby,
 * which holds the server key), watches its ticket over WebSocket, answers proposals (accepting,
 * now and then declining, as people do), and when matched tells the game server which match it
 * joined. Then it queues again.
 */
import type { MatchdClient, OpenSocket, TicketEvent } from '@matchd/client';
import type { GameServer } from './game-server.ts';

/** What one bot saw. */
export interface BotLog {
  matches: number;
  declined: number;
  returned: number;
  waitsMs: number[];
}

export interface BotOptions {
  readonly playerId: string;
  readonly queueId: string;
  /** A client with the server key: it creates tickets for players (a lobby service does this). */
  readonly lobby: MatchdClient;
  /** A client with this player's own token: watches, accepts, declines. */
  readonly self: MatchdClient;
  readonly gameServer: GameServer;
  readonly openSocket: OpenSocket;
  readonly random: () => number;
  /** Share of proposals the bot declines. */
  readonly declineRate: number;
  readonly region: string;
  /** Told the ticket the bot now waits on (so a stopping run can cancel it). */
  readonly onTicket?: (ticketId: string) => void;
}

/** Plays one round: queue, watch, answer, play. Resolves when the match was reported (or the ticket ended). */
export async function playOnce(options: BotOptions, log: BotLog): Promise<void> {
  const ticket = await options.lobby.createTicket({
    queueId: options.queueId,
    players: [
      { playerId: options.playerId, pingMsByRegion: { [options.region]: 20 + options.random() * 60 } },
    ],
  });
  options.onTicket?.(ticket.ticketId);
  // Answer each proposal once: announced by an event, or found in the state a (re)connection
  // starts with (a proposal made before the socket was subscribed).
  const answered = new Set<string>();
  const answer = (matchId: string | undefined): void => {
    const key = matchId ?? 'proposal';
    if (answered.has(key)) return;
    answered.add(key);
    const reply =
      options.random() < options.declineRate
        ? options.self.declineMatch(ticket.ticketId, options.playerId).then(() => {
            log.declined += 1;
          })
        : options.self.acceptMatch(ticket.ticketId, options.playerId);
    // A proposal may already have fallen through when the answer arrives (409): nothing to do.
    reply.catch(() => {});
  };
  const stream = options.self.watchTicket(ticket.ticketId, {
    openSocket: options.openSocket,
    onState: (state) => {
      if (state.state === 'proposed') answer(state.matchId);
    },
    onEvent: (event: TicketEvent) => {
      if (event.type === 'returned') log.returned += 1;
      if (event.type === 'proposed') answer(event.match.matchId);
    },
  });
  const final = await stream.done;
  if (final.type !== 'matched') return;
  log.matches += 1;
  log.waitsMs.push(final.waitMs);
  await options.gameServer.join(final.match.matchId);
}
