/** Small builders of candidate matches for rule tests. */

import type { PlayerAttributes, RuleCandidate, RulePlayer, RuleTicket } from '../types.ts';

/** A player with attributes and, optionally, pings by region. */
export function player(
  playerId: string,
  attributes: PlayerAttributes = {},
  pingMsByRegion?: Readonly<Record<string, number>>,
): RulePlayer {
  return { playerId, attributes, ...(pingMsByRegion !== undefined ? { pingMsByRegion } : {}) };
}

/** A ticket of the given players (a party when several) that has waited `waitMs`. */
export function ticket(ticketId: string, players: readonly RulePlayer[], waitMs = 0): RuleTicket {
  return { ticketId, players, waitMs };
}

/** A ticket of one player. */
export function solo(
  playerId: string,
  attributes: PlayerAttributes = {},
  waitMs = 0,
  pingMsByRegion?: Readonly<Record<string, number>>,
): RuleTicket {
  return ticket(`t-${playerId}`, [player(playerId, attributes, pingMsByRegion)], waitMs);
}

/** A candidate of the given teams, in `region` if given. */
export function match(teams: readonly (readonly RuleTicket[])[], region?: string): RuleCandidate {
  return { teams, ...(region !== undefined ? { region } : {}) };
}

/** The same candidate with every ticket's wait set to `waitMs`. */
export function atWait(candidate: RuleCandidate, waitMs: number): RuleCandidate {
  return { ...candidate, teams: candidate.teams.map((team) => team.map((t) => ({ ...t, waitMs }))) };
}
