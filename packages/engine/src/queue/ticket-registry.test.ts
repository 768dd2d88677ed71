import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import type { Entry } from './entry.ts';
import { TicketRegistry } from './ticket-registry.ts';

/** The registry reads a ticket's id, players and own quality floor only. */
function entryOf(ticketId: string): Entry<unknown> {
  return { input: { ticketId, players: [{ playerId: `${ticketId}p` }] } } as unknown as Entry<unknown>;
}

const MEMORY = 100_000;

test('status remembers the 100,000 tickets that finished last, whatever came back and finished again', () => {
  fc.assert(
    fc.property(
      // Ids finished in turn, drawn from a small set so that many come back and finish again.
      fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 1, maxLength: 60 }),
      fc.integer({ min: 0, max: 30 }),
      (returning, extra) => {
        const registry = new TicketRegistry<unknown>();
        // The reference: when each id last finished.
        const lastFinish = new Map<string, number>();
        const finish = (ticketId: string, waitMs: number) => {
          const entry = entryOf(ticketId);
          registry.add(entry);
          registry.finish(entry, { state: 'matched', waitMs });
          lastFinish.set(ticketId, waitMs);
        };
        let wait = 0;
        for (const id of returning) finish(`r${id}`, wait++);
        for (let i = 0; i < MEMORY - 20 + extra; i++) finish(`f${i}`, wait++);
        for (const id of returning) finish(`r${id}`, wait++);
        // The last MEMORY distinct tickets to finish are remembered, with their last finish.
        const cutoff = [...lastFinish.values()].sort((a, b) => b - a)[MEMORY - 1] ?? Number.NEGATIVE_INFINITY;
        let count = 0;
        for (const [ticketId, waitMs] of lastFinish) {
          const known = registry.finishedOf(ticketId);
          if (known !== undefined) count++;
          assert.deepEqual(known, waitMs >= cutoff ? { state: 'matched', waitMs } : undefined, ticketId);
        }
        assert.equal(count, Math.min(MEMORY, lastFinish.size));
      },
    ),
    { numRuns: 6, seed: 20261125 },
  );
});

test('a finished ticket reports its last finish; one that came back waits again', () => {
  const registry = new TicketRegistry<unknown>();
  const entry = entryOf('t');
  registry.add(entry);
  registry.finish(entry, { state: 'cancelled', waitMs: 5 });
  assert.deepEqual(registry.finishedOf('t'), { state: 'cancelled', waitMs: 5 });
  registry.add(entry);
  assert.equal(registry.finishedOf('t'), undefined);
  assert.equal(registry.get('t'), entry);
  registry.finish(entry, { state: 'matched', waitMs: 9, matchId: 'm1' });
  assert.deepEqual(registry.finishedOf('t'), { state: 'matched', waitMs: 9, matchId: 'm1' });
  assert.equal(registry.has('t'), false);
});

test('waiting tickets, their order, their players and their finishes follow any run of arrivals and finishes', () => {
  fc.assert(
    fc.property(
      fc.array(fc.record({ id: fc.integer({ min: 0, max: 12 }), finish: fc.boolean() }), { maxLength: 80 }),
      (steps) => {
        const registry = new TicketRegistry<unknown>();
        // The reference: waiting entries in the order a map of them keeps, and the last finishes.
        const waiting = new Map<string, Entry<unknown>>();
        const finished = new Map<string, { state: 'matched'; waitMs: number }>();
        steps.forEach(({ id, finish }, step) => {
          const ticketId = `t${id}`;
          const entry = waiting.get(ticketId) ?? entryOf(ticketId);
          if (finish) {
            const record = { state: 'matched' as const, waitMs: step };
            registry.finish(entry, record);
            waiting.delete(ticketId);
            finished.set(ticketId, record);
          } else {
            registry.add(entry);
            waiting.set(ticketId, entry);
            finished.delete(ticketId);
          }
          assert.equal(registry.size, waiting.size);
          assert.deepEqual([...registry.values()], [...waiting.values()]);
          assert.equal(registry.playerCount, waiting.size);
          for (let other = 0; other <= 12; other++) {
            const otherId = `t${other}`;
            assert.equal(registry.has(otherId), waiting.has(otherId));
            assert.equal(registry.get(otherId), waiting.get(otherId));
            assert.equal(registry.isPlayerQueued(`${otherId}p`), waiting.has(otherId));
            assert.equal(registry.finishedOf(otherId), finished.get(otherId));
          }
        });
      },
    ),
    { numRuns: 200, seed: 20261125 },
  );
});
