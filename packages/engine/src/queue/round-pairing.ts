/**
 * A round of a pairwise queue (1v1, pre-formed whole teams of two-team queues) as one exact
 * minimum-cost pairing: cost 1 - objective for a pair that passes the handshake, forbidden otherwise,
 * and leaving a ticket out costs more once it is overdue. A small pool is paired over every pair;
 * a large one over a sparse candidate graph: each ticket with its `CANDIDATES_PER_SIDE` nearest in
 * skill on either side among the tickets that can play in each region it reaches (both within their
 * ping caps). The exact pairing then runs on the complete graph with every other pair forbidden: its
 * pricing reads a pair's cost from a bit matrix and a small map, so a 10,000-ticket round neither
 * scores 50 million pairs nor keeps them (issue #11: 3,000 tickets took 4.2 GB before).
 */

import { exactPairing } from '../matching/exact-pairing.ts';
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
      let list = lists.get(region);
      if (list === undefined) lists.set(region, (list = []));
      list.push(index);
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
  let costs: Float64Array | ((i: number, j: number) => number);
  if (n <= COMPLETE_GRAPH_LIMIT) {
    const matrix = new Float64Array(n * n);
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const cost = costOf(pairOf(i, j));
        matrix[i * n + j] = cost;
        matrix[j * n + i] = cost;
      }
    }
    costs = matrix;
  } else {
    const candidates = candidatePairs(context, tickets, nowMs);
    // A bit per pair answers "not a candidate" (almost every pair) without a map lookup.
    const bits = new Uint32Array(Math.ceil((n * n) / 32));
    const byPair = new Map<number, number>();
    for (const key of candidates) {
      const cost = costOf(pairOf(Math.floor(key / n), key % n));
      if (cost === Number.POSITIVE_INFINITY) continue;
      byPair.set(key, cost);
      const word = Math.floor(key / 32);
      bits[word] = (bits[word] as number) | (1 << (key % 32));
    }
    costs = (i: number, j: number) => {
      const key = i * n + j;
      if (((bits[Math.floor(key / 32)] as number) & (1 << (key % 32))) === 0) return Number.POSITIVE_INFINITY;
      return byPair.get(key) as number;
    };
  }
  const pairing = exactPairing(
    {
      size: n,
      costs,
      // Leaving a ticket out costs as much as its worst possible match, more once it is overdue.
      leaveOutCosts: tickets.map((ticket) => (context.handshake.isOverdue(ticket, nowMs) ? 4 : 1)),
    },
    { sortKeys: tickets.map((ticket) => ticket.skill) },
  );
  return pairing.pairs.map(([i, j]) => pairOf(i, j));
}
