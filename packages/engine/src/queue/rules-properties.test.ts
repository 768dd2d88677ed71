import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import type { RuleKind } from '../rules/types.ts';
import { replayChecked, ruledQueueArb, streamArb } from './test-support/generative.ts';

/**
 * The queue's rules over random valid configs (every shape and mode of `properties.test.ts`) with one
 * to three random rules of every kind (hard and soft, expanding, optional, judged by the newest or
 * the oldest ticket, compounds) over random attributes, and random ticket streams: no hard rule is
 * ever broken in any match (forced ones included), no ticket is in two matches, parties stay whole,
 * every other queue rule holds, every ticket ends by its expiry, and the same seed gives the same
 * matches.
 */
test('random rule sets and ticket streams: no hard rule broken in any match, every ticket ends', () => {
  let runs = 0;
  let matches = 0;
  let tickets = 0;
  const kinds = new Map<RuleKind, number>();
  fc.assert(
    fc.property(ruledQueueArb, fc.integer(), streamArb(30), (queue, seed, events) => {
      const first = replayChecked(queue, seed, events);
      runs++;
      matches += first.matches;
      tickets += first.tickets;
      for (const rule of queue.config.rules ?? []) kinds.set(rule.kind, (kinds.get(rule.kind) ?? 0) + 1);
    }),
    { numRuns: 200, seed: 20261124 },
  );
  // Every kind drawn, and matches formed under them, or the property says little.
  assert.equal(runs, 200);
  assert.equal(kinds.size, 9, JSON.stringify([...kinds]));
  assert.ok(matches > 100, `only ${matches} matches over ${tickets} tickets`);
  console.log(
    `${runs} rule sets, ${tickets} tickets, ${matches} matches; kinds ${JSON.stringify([...kinds])}`,
  );
});
