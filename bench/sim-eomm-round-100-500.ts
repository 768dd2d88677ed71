/**
 * Time per round of the EOMM Table 2 experiment, per pool size and method (one thread). The full
 * experiment (10,000 rounds of pools 100..500, 4 methods) costs rounds x the sum of these, split
 * over the worker threads.
 * Usage: flock /tmp/bench.lock node --import tsx bench/sim-eomm-round-100-500.ts [rounds=5]
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseEommTable2Params } from '../packages/sim/src/experiments/eomm-table2/params.ts';
import { runTable2Round, TABLE2_METHODS } from '../packages/sim/src/experiments/eomm-table2/round.ts';

const rounds = Number(process.argv[2] ?? 5);
const params = parseEommTable2Params(
  JSON.parse(readFileSync(new URL('../examples/eomm-table2.json', import.meta.url), 'utf8')),
);
const lines = ['| pool | method | ms per round (mean of ' + rounds + ') |', '| ---: | --- | ---: |'];
let total = 0;
for (const poolSize of [100, 200, 300, 400, 500]) {
  // Warm-up round (JIT), not timed.
  runTable2Round({ params, poolSize, seed: 99, round: 0 });
  for (const method of TABLE2_METHODS) {
    const started = performance.now();
    for (let round = 0; round < rounds; round++)
      runTable2Round({ params, poolSize, seed: 1, round, methods: [method] });
    const ms = (performance.now() - started) / rounds;
    total += ms;
    lines.push(`| ${poolSize} | ${method} | ${ms.toFixed(1)} |`);
  }
}
lines.push(
  '',
  `One round of all five pools and four methods: ${(total / 1000).toFixed(2)} s on one thread; 10,000 rounds on two threads: ${((total * 10000) / 2 / 60000).toFixed(0)} min.`,
);
console.log(lines.join('\n'));
