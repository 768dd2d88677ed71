/**
 * Every documentation example the importer translates (FlexMatch's rule set examples, PlayFab's
 * queue examples) imported, run through the matchmaker with a seeded synthetic population carrying
 * its attributes, and every formed match checked against the ORIGINAL rule set by the checker
 * written from the vendor's documentation. `scripts/rules-examples.ts` records the matches formed
 * and the median wait per example in `bench/results/rules-examples.md`.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type RunOptions, runExample, translatableExamples } from './test-support/example-runs.ts';

/**
 * FlexMatch's batch distance example plays 2x100 and batches every player by league, skill, map and
 * mode: the test runs two matches' worth of players at one tick a second (the script runs 600).
 */
const SMALLER: Readonly<Record<string, RunOptions>> = {
  '09-batch-distance.json': { maxPlayers: 400, tickMs: 1_000 },
};

describe('documentation examples through the matchmaker', () => {
  const examples = translatableExamples();

  test('26 of the 28 examples translate (the other two are refused naming their path)', () => {
    assert.equal(examples.length, 26);
  });

  for (const { vendor, file } of examples) {
    test(`${vendor}/${file}: every formed match keeps the original rules; no ticket twice, parties whole, every ticket ends`, () => {
      const smaller = SMALLER[file];
      const run = runExample(vendor, file, smaller);
      assert.deepEqual(run.violations, []);
      assert.deepEqual(run.integrity, []);
      assert.equal(run.matchedTickets + run.expiredTickets, run.tickets);
      assert.ok(run.matches > 0, `${file}: no match formed`);
    });
  }
});
