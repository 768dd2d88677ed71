/**
 * Checks every formed match against the queue's rules, independently of the engine's own code paths
 * (limits recomputed from the config and the reported waits): team count and sizes within the
 * shape, whole parties, no ticket twice, gates, every hard limit of every ticket (ping cap to the
 * match's region, the fewest players it accepts, the fairness floor), the soft threshold of every
 * ticket not past its maximum wait (unless a `force` queue's overdue ticket forced the match), the
 * `forced` flag, and finite numbers everywhere; every hard rule of the queue at the tickets' waits
 * (read by the rule evaluator, which `rules/checkers.test.ts` holds to the vendors' documentation).
 * Returns the list of violations (empty when all hold).
 */

import { evaluateRules } from '../../rules/evaluate.ts';
import { relaxedValue } from '../relaxation.ts';
import type {
  CountRange,
  MatchmakerEffect,
  MatchSummary,
  NamedTeamConfig,
  QueueConfig,
  Relaxation,
  TeamsConfig,
  TicketInput,
} from '../types.ts';

const range = (value: CountRange) => (typeof value === 'number' ? { min: value, max: value } : value);

/** The queue's named teams, or undefined for interchangeable ones. */
const namedOf = (config: QueueConfig): readonly NamedTeamConfig[] | undefined =>
  Array.isArray(config.teams) ? (config.teams as readonly NamedTeamConfig[]) : undefined;

const symmetricOf = (config: QueueConfig): TeamsConfig => config.teams as TeamsConfig;

/** A named team's floor at `waitMs`: its number, or its relaxation read then (whole players). */
export function namedFloorAt(minPlayers: number | Relaxation, waitMs: number): number {
  const value = typeof minPlayers === 'number' ? minPlayers : relaxedValue(minPlayers, waitMs, 'down');
  return Math.ceil(value - 1e-9);
}

/** The smallest match the shape allows: some team count holds it with sizes as even as possible. */
export function smallestMatch(config: QueueConfig): number {
  const named = namedOf(config);
  if (named !== undefined) return 0;
  const teamsConfig = symmetricOf(config);
  const count = range(teamsConfig.count);
  const size = range(teamsConfig.size);
  const difference = teamsConfig.maxSizeDifference ?? 0;
  for (let players = 1; players <= count.max * size.max; players++) {
    for (let teams = count.min; teams <= count.max; teams++) {
      const low = Math.floor(players / teams);
      const high = Math.ceil(players / teams);
      if (low >= size.min && high <= size.max && high - low <= difference) return players;
    }
  }
  return count.max * size.max;
}

/** The fewest players a ticket accepts at `waitMs` (the config's relaxation or its documented default). */
export function minMatchPlayersAt(config: QueueConfig, waitMs: number): number {
  // Named teams: their own floors say it (audited per team).
  if (namedOf(config) !== undefined) return 0;
  const teams = symmetricOf(config);
  const count = range(teams.count);
  const size = range(teams.size);
  const largest = count.max * size.max;
  const smallest = smallestMatch(config);
  const relaxation = teams.minMatchPlayers ?? {
    start: largest,
    linear: { perSecond: (largest - smallest) / (config.mode.maxWaitMs / 1000), limit: smallest },
  };
  return Math.max(smallest, relaxedValue(relaxation, waitMs, 'down'));
}

/** True when every number in a JSON-like value is finite. */
export function allFinite(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(allFinite);
  if (typeof value === 'object' && value !== null) return Object.values(value).every(allFinite);
  return true;
}

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
        this.auditNumbers(effect.match);
        for (const team of effect.match.teams) for (const id of team.ticketIds) this.proposedTickets.add(id);
      }
      if (effect.kind === 'expired' && !Number.isFinite(effect.waitMs))
        this.fail(`${effect.ticketId}: expired with wait ${effect.waitMs}`);
    }
  }

  private fail(message: string): void {
    this.violations.push(message);
  }

  private auditNumbers(match: MatchSummary): void {
    if (!allFinite({ quality: match.quality, criteria: match.criteria, win: match.winProbabilities }))
      this.fail(`${match.matchId}: a quality, criterion or win probability is not finite`);
  }

  /**
   * Named teams: all of them, in the declared order and named so, each within its range and at or
   * above its floor at the wait of every ticket of the match.
   */
  private auditNamedShape(
    match: MatchSummary,
    named: readonly NamedTeamConfig[],
    waitMsByTicket: Readonly<Record<string, number>>,
  ): void {
    if (match.teams.length !== named.length) this.fail(`${match.matchId}: ${match.teams.length} teams`);
    const waits = match.teams.flatMap((team) => team.ticketIds.map((id) => waitMsByTicket[id] ?? 0));
    const newest = Math.min(...waits);
    named.forEach((team, t) => {
      const formed = match.teams[t];
      if (formed?.name !== team.name)
        this.fail(`${match.matchId}: team ${t} is named ${formed?.name}, not ${team.name}`);
      const players = formed?.playerIds.length ?? 0;
      if (players > team.maxPlayers) this.fail(`${match.matchId}: ${team.name} has ${players} players`);
      const floor = namedFloorAt(team.minPlayers, newest);
      if (players < Math.max(1, floor))
        this.fail(`${match.matchId}: ${team.name} has ${players} players, under its floor ${floor}`);
    });
  }

  private auditShape(match: MatchSummary): void {
    const teamsConfig = symmetricOf(this.config);
    const count = range(teamsConfig.count);
    const size = range(teamsConfig.size);
    const teams = match.teams.length;
    if (teams < count.min || teams > count.max) this.fail(`${match.matchId}: ${teams} teams`);
    const sizes = match.teams.map((team) => team.playerIds.length);
    for (const players of sizes) {
      if (players < size.min || players > size.max) this.fail(`${match.matchId}: a team of ${players}`);
    }
    if (Math.max(...sizes) - Math.min(...sizes) > (teamsConfig.maxSizeDifference ?? 0))
      this.fail(`${match.matchId}: team sizes ${sizes.join('/')} differ too much`);
  }

  /** Every hard rule of the queue holds for the match at its tickets' waits (forced or not). */
  private auditRules(match: MatchSummary, waitMsByTicket: Readonly<Record<string, number>>): void {
    const rules = this.config.rules;
    if (rules === undefined || rules.length === 0) return;
    const candidate = {
      teams: match.teams.map((team) =>
        team.ticketIds.map((ticketId) => ({
          ticketId,
          players: this.tickets.get(ticketId)?.players ?? [],
          waitMs: waitMsByTicket[ticketId] ?? 0,
        })),
      ),
      ...(match.region === undefined ? {} : { region: match.region }),
      ...(namedOf(this.config) === undefined
        ? {}
        : { teamNames: match.teams.map((team) => team.name ?? '') }),
    };
    for (const outcome of evaluateRules(rules, this.config.attributes, candidate).failed)
      this.fail(`${match.matchId}: hard rule broken: ${outcome.explanation}`);
  }

  private auditMatch(effect: Extract<MatchmakerEffect, { kind: 'matched' }>): void {
    const { match, waitMsByTicket } = effect;
    const config = this.config;
    this.matches++;
    this.auditNumbers(match);
    const named = namedOf(config);
    if (named === undefined) this.auditShape(match);
    else this.auditNamedShape(match, named, waitMsByTicket);
    const players = match.teams.reduce((sum, team) => sum + team.playerIds.length, 0);
    const overdue = (ticketId: string) => (waitMsByTicket[ticketId] ?? -1) >= config.mode.maxWaitMs;
    const anyOverdue = match.teams.some((team) => team.ticketIds.some(overdue));
    const forcing = (config.mode.overdue ?? 'accept') === 'force' && anyOverdue;
    let belowSomeThreshold = false;
    for (const team of match.teams) {
      const onTeam = new Set(team.playerIds);
      for (const ticketId of team.ticketIds) {
        if (this.matchedTickets.has(ticketId)) this.fail(`${ticketId} matched twice`);
        this.matchedTickets.add(ticketId);
        const ticket = this.tickets.get(ticketId);
        if (ticket === undefined) {
          this.fail(`${ticketId} unknown`);
          continue;
        }
        const gates = config.gates ?? {};
        for (const player of ticket.players) {
          if (!onTeam.has(player.playerId)) this.fail(`${ticketId}: party split (${player.playerId})`);
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
        if (waitMs < 0) this.fail(`${match.matchId}: no wait reported for ${ticketId}`);
        // Hard limits: for every ticket, overdue or not.
        if (config.regions !== undefined) {
          const region = match.region;
          if (region === undefined) this.fail(`${match.matchId}: no region`);
          else {
            const cap = relaxedValue(config.regions.maxPingMs, waitMs, 'up');
            for (const player of ticket.players) {
              const ping = player.pingMsByRegion?.[region] ?? Number.POSITIVE_INFINITY;
              if (ping > cap)
                this.fail(`${match.matchId}: ${ticketId} has ${ping} ms to ${region}, cap ${cap}`);
            }
          }
        }
        if (players < minMatchPlayersAt(config, waitMs) - 1e-9)
          this.fail(`${match.matchId}: ${players} players, below what ${ticketId} accepts at ${waitMs} ms`);
        // Soft threshold: kept unless the ticket is overdue or an overdue ticket forced the match.
        const threshold = Math.max(relaxedValue(config.threshold, waitMs, 'down'), ticket.minQuality ?? 0);
        if (match.quality < threshold - 1e-12) {
          belowSomeThreshold = true;
          if (!overdue(ticketId) && !forcing)
            this.fail(
              `${match.matchId}: quality ${match.quality} below ${ticketId}'s threshold ${threshold}`,
            );
        }
      }
    }
    // (With acceptance a match is judged when proposed; by the last accept thresholds have relaxed.)
    if (belowSomeThreshold && !match.forced)
      this.fail(`${match.matchId}: below a ticket's threshold but not marked forced`);
    this.auditRules(match, waitMsByTicket);
    const bound = config.objective?.maxFavouriteWinProbability;
    if (bound !== undefined && match.teams.length > 1 && Math.max(...match.winProbabilities) > bound + 1e-9) {
      this.fail(`${match.matchId}: favourite above the fairness floor`);
    }
  }
}
