/**
 * A round of a pairwise queue (1v1, pre-formed whole teams of two-team queues) as one exact
 * minimum-cost pairing: cost 1 - objective for a pair that passes the handshake, forbidden otherwise,
 * and leaving a ticket out costs more once it is overdue. A small pool is paired over every pair;
 * a large one over a sparse candidate graph: each ticket with its `CANDIDATES_PER_SIDE` nearest in
 * skill on either side among the tickets that can play in each region it reaches (both within their
 * ping caps), solved exactly over that graph by `graphPairing` (every other pair is never scored nor
 * kept: 3,000 tickets took 4.2 GB when every pair's proposal was kept; pricing the complete graph with
 * the other pairs forbidden took 22.7 s for 10,000, against 4 s here).
 */

import { exactPairing } from '../matching/exact-pairing.ts';
import { graphPairing } from '../matching/graph-pairing.ts';
import type { ScoredTicket } from '../quality/types.ts';
import { type CandidateContext, isFormable, type Proposal, propose } from './candidates.ts';

/** Pools up to this many tickets are priced over every pair. */
const COMPLETE_GRAPH_LIMIT = 400;
/** Nearest tickets in skill on each side, per reachable region, that a ticket is offered. */
const CANDIDATES_PER_SIDE = 6;

/** The candidate pairs of a large pool: i < j, by region-wise skill neighbourhoods. */
function candidatePairs<TRating>(
  context: CandidateContext<TRating>,
  tickets: readonly ScoredTicket<TRating>[],
  nowMs: number,
): Set<number> {
  const n = tickets.length;
  const lists = new Map<string, number[]>();
  const limits = context.handshake.limits;
  // Without regions every ticket shares one list.
  const reach = (index: number): string[] =>
    limits.usesRegions ? limits.reachableRegions(tickets[index] as ScoredTicket<TRating>, nowMs) : [''];
  for (let index = 0; index < n; index++) {
    for (const region of reach(index)) {
      const list = lists.get(region);
      if (list === undefined) lists.set(region, [index]);
      else list.push(index);
    }
  }
  const pairs = new Set<number>();
  for (const list of lists.values()) {
    list.sort(
      (a, b) =>
        (tickets[a] as ScoredTicket<TRating>).skill - (tickets[b] as ScoredTicket<TRating>).skill || a - b,
    );
    for (let p = 0; p < list.length; p++) {
      for (let d = 1; d <= CANDIDATES_PER_SIDE && p + d < list.length; d++) {
        const a = list[p] as number;
        const b = list[p + d] as number;
        pairs.add(a < b ? a * n + b : b * n + a);
      }
    }
  }
  return pairs;
}

/**
 * The proposals of a pairwise round: the optimal pairing's pairs (formable or not is decided by
 * their costs: only formable pairs are ever paired).
 */
export function pairRound<TRating>(
  context: CandidateContext<TRating>,
  tickets: readonly ScoredTicket<TRating>[],
  nowMs: number,
): Proposal<TRating>[] {
  const n = tickets.length;
  const pairOf = (i: number, j: number) =>
    propose(context, [[tickets[i] as ScoredTicket<TRating>], [tickets[j] as ScoredTicket<TRating>]], nowMs);
  const costOf = (proposal: Proposal<TRating>) =>
    isFormable(proposal) ? 1 - proposal.objectiveValue : Number.POSITIVE_INFINITY;
  if (n <= COMPLETE_GRAPH_LIMIT) {
    // Small pools: every pair, exactly as the exact pairing prices them.
    const matrix = new Float64Array(n * n);
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const cost = costOf(pairOf(i, j));
        matrix[i * n + j] = cost;
        matrix[j * n + i] = cost;
      }
    }
    const pairing = exactPairing(
      {
        size: n,
        costs: matrix,
        // Leaving a ticket out costs as much as its worst possible match, more once it is overdue.
        leaveOutCosts: tickets.map((ticket) => (context.handshake.isOverdue(ticket, nowMs) ? 4 : 1)),
      },
      { sortKeys: tickets.map((ticket) => ticket.skill) },
    );
    return pairing.pairs.map(([i, j]) => pairOf(i, j));
  }
  const from: number[] = [];
  const to: number[] = [];
  const cost: number[] = [];
  for (const key of candidatePairs(context, tickets, nowMs)) {
    const i = Math.floor(key / n);
    const j = key % n;
    const pairCost = costOf(pairOf(i, j));
    if (pairCost === Number.POSITIVE_INFINITY) continue;
    from.push(i);
    to.push(j);
    cost.push(pairCost);
  }
  // Pair as many as the graph allows first (a leave-out cost above any pairing's cost difference),
  // then the longest waiters and the best total.
  const pairing = graphPairing({
    size: n,
    pairFrom: from,
    pairTo: to,
    pairCost: cost,
    leaveOutCosts: tickets.map((ticket) => n + 1 + (context.handshake.isOverdue(ticket, nowMs) ? 4 : 1)),
  });
  return pairing.pairs.map(([i, j]) => pairOf(i, j));
}
