/**
 * The matchmaker's candidate as the rules see it: tickets per team with their players and each
 * ticket's wait at `nowMs`. Players are read through `profile` (a `PlayerProfile` carries the
 * player id, the pings and, with rules, the attributes).
 */

import type { RuleCandidate, RulePlayer } from './types.ts';

/** What the rules need of a matchmaker's ticket. */
export interface RuleSourceTicket {
  readonly ticketId: string;
  readonly enqueuedAtMs: number;
  readonly players: readonly { readonly profile: RulePlayer }[];
}

/**
 * A matchmaker candidate (teams of scored tickets, a region) as a rule candidate at `nowMs`; with
 * `teamNames` (a queue of named teams, one name per team of the candidate) its teams are named.
 */
export function ruleCandidateOf(
  candidate: { readonly teams: readonly (readonly RuleSourceTicket[])[]; readonly region?: string },
  nowMs: number,
  teamNames?: readonly string[],
): RuleCandidate {
  const named = teamNames !== undefined && teamNames.length === candidate.teams.length;
  return {
    ...(named ? { teamNames } : {}),
    teams: candidate.teams.map((tickets) =>
      tickets.map((ticket) => ({
        ticketId: ticket.ticketId,
        players: ticket.players.map((player) => player.profile),
        waitMs: Math.max(0, nowMs - ticket.enqueuedAtMs),
      })),
    ),
    ...(candidate.region !== undefined ? { region: candidate.region } : {}),
  };
}
