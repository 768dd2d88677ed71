import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { queueArb, replay, streamArb } from './test-support/generative.ts';

/**
 * The queue's properties over random valid configs (shapes from 1v1 to 100-player free-for-all and
 * 200-player matches, 1 to 16 teams, size ranges, parties up to the team size, regions and ping caps,
 * gates, acceptance, both modes, both overdue policies) and random ticket streams; each run is
 * replayed twice with the same seed. `node --import tsx scripts/queue-properties.ts` runs the same
 * properties longer (more configs, longer streams, any seed).
 */
test('random configs and ticket streams keep every queue rule, and the same seed gives the same matches', () => {
  let matches = 0;
  let tickets = 0;
  let expired = 0;
  let proposed = 0;
  let runs = 0;
  fc.assert(
    fc.property(queueArb, fc.integer(), streamArb(40), (queue, seed, events) => {
      const first = replay(queue, seed, events);
      assert.deepEqual(first.violations, [], JSON.stringify(queue.config));
      const second = replay(queue, seed, events);
      assert.equal(second.log, first.log, 'same seed, same effects');
      runs++;
      matches += first.matches;
      tickets += first.tickets;
      expired += first.expired;
      proposed += first.proposed;
    }),
    { numRuns: 2000, seed: 20261123 },
  );
  // The streams must actually form, propose and expire, or the properties say little.
  assert.equal(runs, 2000);
  assert.ok(matches > 2000, `only ${matches} matches over ${tickets} tickets`);
  assert.ok(proposed > 2000, `only ${proposed} tickets proposed`);
  assert.ok(expired > 10_000, `only ${expired} tickets expired`);
  console.log(
    `${runs} configs, ${tickets} tickets, ${matches} matches, ${proposed} proposed, ${expired} expired`,
  );
});
