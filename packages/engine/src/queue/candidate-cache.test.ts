import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import type { ScoredTicket } from '../quality/types.ts';
import { type CachedCandidate, CandidateCache } from './candidates.ts';

/** A waiting arrival of `ticketId` (the cache reads only ids and which arrival a ticket is). */
const arrival = (ticketId: string): ScoredTicket<number> => ({
  ticketId,
  players: [],
  skill: 0,
  skillBand: 0,
  experience: 0,
  enqueuedAtMs: 0,
});

/** A candidate told apart from every other by its evaluation's score. */
let made = 0;
const candidate = (): CachedCandidate<number> => ({
  match: { teams: [] },
  evaluation: { score: made++, criteria: [], winProbabilities: [] } as never,
});

test('the cache answers as one that never forgets would, for any arrivals, departures and returning ids', () => {
  fc.assert(
    fc.property(
      fc.array(
        fc.oneof(
          fc.record({
            kind: fc.constant('ask' as const),
            picks: fc.uniqueArray(fc.nat(3), { minLength: 1, maxLength: 3 }),
          }),
          fc.record({ kind: fc.constant('leave' as const), id: fc.nat(3) }),
        ),
        // Few ids, long runs: the same sets are asked for again, before and after their tickets return.
        { minLength: 20, maxLength: 200 },
      ),
      (steps) => {
        const waiting = new Map<number, ScoredTicket<number>>();
        const cache = new CandidateCache<number>(
          1_000_000,
          (ticket) => waiting.get(Number(ticket.ticketId)) === ticket,
        );
        // The reference keeps every candidate, by the very arrivals it was made of.
        const reference: { tickets: ScoredTicket<number>[]; made: CachedCandidate<number> }[] = [];
        for (const step of steps) {
          if (step.kind === 'leave') {
            waiting.delete(step.id);
            continue;
          }
          const tickets = step.picks.map((id) => {
            let ticket = waiting.get(id);
            if (ticket === undefined) {
              ticket = arrival(String(id));
              waiting.set(id, ticket);
            }
            return ticket;
          });
          const remembered = reference.find(
            (entry) =>
              entry.tickets.length === tickets.length &&
              tickets.every((ticket) => entry.tickets.includes(ticket)),
          );
          let built: CachedCandidate<number> | undefined;
          const answer = cache.get(tickets, () => {
            built = candidate();
            return built;
          });
          if (remembered === undefined) {
            assert.ok(built !== undefined, 'a new set of arrivals is built');
            reference.push({ tickets, made: built });
          } else assert.equal(answer, remembered.made, 'a set asked before is answered from memory');
        }
      },
    ),
  );
});

test('candidates of departed tickets are swept as new ones come: a steady queue keeps about its own', () => {
  const waiting = new Set<ScoredTicket<number>>();
  const cache = new CandidateCache<number>(1_000_000, (ticket) => waiting.has(ticket));
  const live: ScoredTicket<number>[] = [];
  let largest = 0;
  for (let n = 0; n < 50_000; n++) {
    // 100 tickets wait at any time; each arrival is asked for with the one before it.
    const ticket = arrival(`t${n}`);
    waiting.add(ticket);
    live.push(ticket);
    if (live.length > 100) waiting.delete(live.shift() as ScoredTicket<number>);
    if (live.length > 1) cache.get(live.slice(-2), candidate);
    largest = Math.max(largest, cache.size);
  }
  assert.ok(largest < 400, `kept at most ${largest} candidates for about 100 waiting`);
});
