/**
 * Selection for pairwise queues (STYLE 4.2 "propose, then select"): the acceptable pairs that a
 * tick's due tickets proposed (they may overlap) become one disjoint set by exact minimum-cost
 * matching (matching/exactPairing): cost 1 - objective per pair, and leaving a ticket out costs more
 * the longer it has waited (most once overdue), so that the most pairs form, long waiters first,
 * then the best total objective.
 */

import { exactPairing } from '../matching/exact-pairing.ts';
import type { ScoredTicket } from '../quality/types.ts';
import type { Proposal } from './candidates.ts';

/** A ticket with its wait, as the selection sees it. */
export interface PairingTicket {
  readonly ticketId: string;
  readonly skill: number;
  /** Wait as a share of the queue's maximum wait (>= 1: overdue). */
  readonly waitShare: number;
}

function idsOf<TRating>(proposal: Proposal<TRating>): string[] {
  return proposal.match.teams.map((team) => (team[0] as ScoredTicket<TRating>).ticketId);
}

/** A disjoint subset of `proposals` (each a two-ticket match) by exact matching. */
export function selectPairs<TRating>(
  proposals: readonly Proposal<TRating>[],
  ticketOf: (ticketId: string) => PairingTicket,
): Proposal<TRating>[] {
  const involved = new Map<string, number>();
  for (const proposal of proposals) {
    for (const id of idsOf(proposal)) if (!involved.has(id)) involved.set(id, involved.size);
  }
  const size = involved.size;
  const tickets = [...involved.keys()].map(ticketOf);
  // Costs by numeric pair key: the solver prices every pair of the pool, most of them absent.
  const byPair = new Map<number, Proposal<TRating>>();
  for (const proposal of proposals) {
    const [i, j] = idsOf(proposal)
      .map((id) => involved.get(id) as number)
      .sort((x, y) => x - y);
    byPair.set((i as number) * size + (j as number), proposal);
  }
  const pairing = exactPairing(
    {
      size,
      costs: (i, j) => {
        const proposal = byPair.get(i * size + j);
        return proposal === undefined ? Number.POSITIVE_INFINITY : 1 - proposal.objectiveValue;
      },
      leaveOutCosts: tickets.map((ticket) => (ticket.waitShare >= 1 ? 4 : 1 + ticket.waitShare)),
    },
    { sortKeys: tickets.map((ticket) => ticket.skill) },
  );
  return pairing.pairs.map(([i, j]) => byPair.get(i * size + j) as Proposal<TRating>);
}
