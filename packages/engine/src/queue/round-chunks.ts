/**
 * A round of a shape that team formation's exchange search does not take (team count or size
 * ranges, free-for-all of many teams, a single team, teams too large to split exhaustively, up to
 * 200 players a match): who plays is chosen longest-waiting first, as many players as the round's
 * matches hold; they are cut in skill order into matches of the largest size the shape allows
 * (Awesomenauts' sorted start, with `fillAround`, the continuous mode's fill), and each match is
 * split by `splitMatch` (every split of its tickets while they are few, a budgeted search beyond).
 */

import type { ScoredTicket } from '../quality/types.ts';
import {
  type CandidateContext,
  fillAround,
  type Proposal,
  propose,
  regionSortKeys,
  splitIntoTeams,
} from './candidates.ts';

/** Tickets ahead in skill order a match may reach for while it fills (parties may skip some). */
const LOOKAHEAD_MATCHES = 3;

/** Players the round's matches hold: full matches, and one smaller match of the rest if it can form. */
function roundCapacity(players: number, minPlayers: number, maxPlayers: number): number {
  const full = Math.floor(players / maxPlayers);
  const rest = players - full * maxPlayers;
  return full * maxPlayers + (rest >= minPlayers ? rest : 0);
}

/** Proposals (formable or not) for one round of one pool. */
export function chunkRound<TRating>(
  context: CandidateContext<TRating>,
  tickets: readonly ScoredTicket<TRating>[],
  nowMs: number,
): Proposal<TRating>[] {
  const shape = context.shape;
  let players = 0;
  for (const ticket of tickets) players += ticket.players.length;
  const capacity = roundCapacity(players, shape.minPlayers, shape.maxPlayers);
  const byWait = [...tickets].sort(
    (a, b) => a.enqueuedAtMs - b.enqueuedAtMs || a.skill - b.skill || (a.ticketId < b.ticketId ? -1 : 1),
  );
  const kept: ScoredTicket<TRating>[] = [];
  let keptPlayers = 0;
  for (const ticket of byWait) {
    if (keptPlayers + ticket.players.length > capacity) continue;
    kept.push(ticket);
    keptPlayers += ticket.players.length;
  }
  // Home region first, then skill: fills then stay within the regions the ping caps allow.
  const keys = regionSortKeys(context, kept, nowMs);
  const keyOf = new Map(kept.map((ticket, index) => [ticket.ticketId, keys[index] as number]));
  let remaining = kept.sort(
    (a, b) =>
      (keyOf.get(a.ticketId) as number) - (keyOf.get(b.ticketId) as number) ||
      (a.ticketId < b.ticketId ? -1 : 1),
  );
  const lookahead = LOOKAHEAD_MATCHES * shape.maxPlayers;
  const proposals: Proposal<TRating>[] = [];
  while (remaining.length > 0) {
    const [anchor, ...rest] = remaining as [ScoredTicket<TRating>, ...ScoredTicket<TRating>[]];
    // Tickets that no match could hold with the anchor under the queue's rules are left for others.
    const rules = context.handshake.limits.rules;
    let near = rest.slice(0, lookahead);
    if (rules.hasPairRules) {
      near = [];
      for (const other of rest) {
        if (near.length >= lookahead) break;
        if (rules.pairAllowedFromMs(anchor, other, nowMs) <= nowMs) near.push(other);
      }
    }
    const admits = rules.hasGrowthRules ? rules.admitter(nowMs) : undefined;
    const [fill] = fillAround(anchor, near, shape, shape.minPlayers, admits);
    if (fill === undefined) {
      // Nothing fits around the lowest-skilled ticket left: it waits for the next round.
      remaining = rest;
      continue;
    }
    const taken = new Set(fill.tickets.map((ticket) => ticket.ticketId));
    remaining = remaining.filter((ticket) => !taken.has(ticket.ticketId));
    const teams = splitIntoTeams(context, fill.tickets, fill.teamCount, nowMs);
    if (teams !== undefined) proposals.push(propose(context, teams, nowMs));
  }
  return proposals;
}
