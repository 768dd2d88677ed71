/**
 * The queue's generative properties (packages/engine/src/queue/properties.test.ts) as a long run:
 * more configs, longer ticket streams, any seed, with a progress line. Exits 1 on the first failing
 * config and prints it (fast-check's shrunk counterexample and its seed, to replay).
 *
 * Usage: node --import tsx scripts/queue-properties.ts [--runs 20000] [--events 100] [--seed 1]
 */

import { parseArgs } from 'node:util';
import fc from 'fast-check';
import { queueArb, replay, streamArb } from '../packages/engine/src/queue/test-support/generative.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '20000' },
    events: { type: 'string', default: '100' },
    seed: { type: 'string', default: String(Date.now() % 2 ** 31) },
  },
});
const runs = Number(values.runs);
const events = Number(values.events);
const seed = Number(values.seed);
if (
  !Number.isInteger(runs) ||
  runs < 1 ||
  !Number.isInteger(events) ||
  events < 10 ||
  !Number.isInteger(seed)
) {
  console.error('--runs and --seed must be integers, --runs >= 1, --events >= 10');
  process.exit(2);
}

let done = 0;
const totals = { tickets: 0, matches: 0, proposed: 0, expired: 0 };
const started = Date.now();
const report = () =>
  `${done}/${runs} configs, ${totals.tickets} tickets, ${totals.matches} matches, ${totals.proposed} proposed, ${totals.expired} expired, ${((Date.now() - started) / 1000).toFixed(0)} s`;
console.log(`seed ${seed}, ${runs} configs, streams of up to ${events} events`);
const result = fc.check(
  fc.property(queueArb, fc.integer(), streamArb(events), (queue, runSeed, stream) => {
    const first = replay(queue, runSeed, stream);
    if (first.violations.length > 0) throw new Error(first.violations.slice(0, 5).join('\n'));
    if (replay(queue, runSeed, stream).log !== first.log) throw new Error('same seed, different effects');
    done++;
    totals.tickets += first.tickets;
    totals.matches += first.matches;
    totals.proposed += first.proposed;
    totals.expired += first.expired;
    if (done % 500 === 0) process.stdout.write(`${report()}\n`);
  }),
  { numRuns: runs, seed },
);
if (result.failed) {
  console.error(fc.defaultReportMessage(result));
  process.exit(1);
}
console.log(`ok: ${report()}`);
