/**
 * Checks every formed match against the queue's rules, independently of the engine's own code paths
 * (thresholds recomputed from the config and the reported waits): team sizes, whole parties, no
 * ticket twice, gates, the handshake (or a forced match with an overdue ticket), the fairness floor.
 * Returns the list of violations (empty when all hold).
 */

import { relaxedValue } from '../relaxation.ts';
import type { MatchmakerEffect, QueueConfig, TicketInput } from '../types.ts';

/** Tracks matches across effects and reports violations. */
export class MatchAudit<TRating> {
  readonly violations: string[] = [];
  readonly matchedTickets = new Set<string>();
  readonly proposedTickets = new Set<string>();
  matches = 0;
  private readonly config: QueueConfig;
  private readonly tickets: ReadonlyMap<string, TicketInput<TRating>>;

  constructor(config: QueueConfig, tickets: ReadonlyMap<string, TicketInput<TRating>>) {
    this.config = config;
    this.tickets = tickets;
  }

  /** Audits a batch of effects. */
  observe(effects: readonly MatchmakerEffect[]): void {
    for (const effect of effects) {
      if (effect.kind === 'matched') this.auditMatch(effect);
      if (effect.kind === 'proposed') {
        for (const team of effect.match.teams) for (const id of team.ticketIds) this.proposedTickets.add(id);
      }
    }
  }

  private fail(message: string): void {
    this.violations.push(message);
  }

  private auditMatch(effect: Extract<MatchmakerEffect, { kind: 'matched' }>): void {
    const { match, waitMsByTicket } = effect;
    const config = this.config;
    this.matches++;
    if (match.teams.length !== config.teams.count) this.fail(`${match.matchId}: ${match.teams.length} teams`);
    let anyOverdue = false;
    let everyoneAccepts = true;
    for (const team of match.teams) {
      if (team.playerIds.length !== config.teams.size)
        this.fail(`${match.matchId}: team of ${team.playerIds.length}`);
      const onTeam = new Set(team.playerIds);
      for (const ticketId of team.ticketIds) {
        if (this.matchedTickets.has(ticketId)) this.fail(`${ticketId} matched twice`);
        this.matchedTickets.add(ticketId);
        const ticket = this.tickets.get(ticketId);
        if (ticket === undefined) {
          this.fail(`${ticketId} unknown`);
          continue;
        }
        for (const player of ticket.players) {
          if (!onTeam.has(player.playerId)) this.fail(`${ticketId}: party split (${player.playerId})`);
          const gates = config.gates ?? {};
          if (gates.minGamesPlayed !== undefined && (player.gamesPlayed ?? 0) < gates.minGamesPlayed) {
            this.fail(`${ticketId}: gate minGamesPlayed`);
          }
          if (player.roles?.some((role) => gates.disallowedRoles?.includes(role)))
            this.fail(`${ticketId}: role gate`);
        }
        const lowPriority = ticket.players.some((player) => player.lowPriority === true);
        const firstTicket = this.tickets.get(match.teams[0]?.ticketIds[0] ?? '');
        const firstLow = firstTicket?.players.some((player) => player.lowPriority === true) ?? false;
        if (lowPriority !== firstLow) this.fail(`${match.matchId}: low-priority mixed with normal`);
        const waitMs = waitMsByTicket[ticketId] ?? -1;
        if (waitMs >= config.mode.maxWaitMs) anyOverdue = true;
        const threshold = Math.max(relaxedValue(config.threshold, waitMs, 'down'), ticket.minQuality ?? 0);
        let accepts = match.quality >= threshold - 1e-12;
        if (config.regions !== undefined) {
          const region = match.region;
          if (region === undefined) accepts = false;
          else {
            const limit = relaxedValue(config.regions.maxPingMs, waitMs, 'up');
            for (const player of ticket.players) {
              if ((player.pingMsByRegion?.[region] ?? Infinity) > limit) accepts = false;
            }
          }
        }
        if (!accepts && waitMs < config.mode.maxWaitMs) everyoneAccepts = false;
      }
    }
    if (!everyoneAccepts && !anyOverdue)
      this.fail(`${match.matchId}: fails the handshake without an overdue ticket`);
    const bound = config.objective?.maxFavouriteWinProbability;
    if (bound !== undefined && Math.max(...match.winProbabilities) > bound + 1e-9) {
      this.fail(`${match.matchId}: favourite above the fairness floor`);
    }
  }
}
