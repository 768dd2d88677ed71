import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { replayChecked, streamArb } from './test-support/generative.ts';
import { namedQueueArb } from './test-support/named-generative.ts';

/**
 * Named teams of their own sizes (two to four, 1 to 9 players each, floors relaxing with the wait),
 * in both modes, with rules on one team and one team against another, and random ticket streams:
 * every team within its own range and at or above its floor, in the declared order and named so;
 * parties whole; no ticket twice; every hard rule (those naming a team included) kept in every
 * match; every ticket ends by its expiry; the same seed gives the same matches.
 */
test('random named teams and ticket streams: each team within its own range, rules on named teams kept', () => {
  let runs = 0;
  let matches = 0;
  let rounds = 0;
  let tickets = 0;
  let ruled = 0;
  fc.assert(
    fc.property(namedQueueArb, fc.integer(), streamArb(30), (queue, seed, events) => {
      const first = replayChecked(queue, seed, events);
      runs++;
      matches += first.matches;
      tickets += first.tickets;
      // Matches formed under a hard rule that names a team.
      if ((queue.config.rules ?? []).some((rule) => rule.hard !== false && rule.team !== undefined))
        ruled += first.matches;
      if (queue.config.mode.kind === 'rounds') rounds++;
    }),
    { numRuns: 150, seed: 20261124 },
  );
  // Both modes drawn, and matches formed, or the property says little.
  assert.equal(runs, 150);
  assert.ok(rounds > 20 && rounds < 130, `${rounds} of ${runs} queues in rounds mode`);
  assert.ok(matches > 60, `only ${matches} matches over ${tickets} tickets`);
  assert.ok(ruled > 30, `only ${ruled} matches under a hard rule on a named team`);
  console.log(
    `${runs} named-team queues (${rounds} in rounds), ${tickets} tickets, ${matches} matches (${ruled} under hard rules on a named team)`,
  );
});
