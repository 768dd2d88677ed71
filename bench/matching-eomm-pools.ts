/**
 * The EOMM Table 2 workload of the exact pairing, as the experiment runs it: for pool sizes
 * 100..500, seeded Table 2 pools (examples/eomm-table2.json), the reduced EOMM costs
 * (eommReducedProblem: per-player constants moved out, same optimum), one EOMM solve (min) plus
 * one WorstMM solve (max), with the relaxation solved priced and dense side by side; and what
 * 10,000 rounds of all five sizes take on two cores at that rate.
 *
 * Usage: node --import tsx bench/matching-eomm-pools.ts [--pools 20] [--sizes 100,200,300,400,500]
 */

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { exactPairing } from '../packages/engine/src/matching/exact-pairing.ts';
import type { PairingProblem } from '../packages/engine/src/matching/types.ts';
import { Random } from '../packages/engine/src/random.ts';
import { parseEommTable2Params } from '../packages/sim/src/experiments/eomm-table2/params.ts';
import {
  drawTable2Pool,
  eommReducedProblem,
  flattenChurn,
  winProbabilityMatrix,
} from '../packages/sim/src/experiments/eomm-table2/pool.ts';

function argument(name: string, fallback: string): string {
  const at = process.argv.indexOf(name);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

const pools = Number(argument('--pools', '20'));
const sizes = argument('--sizes', '100,200,300,400,500').split(',').map(Number);
const paramsPath = fileURLToPath(new URL('../examples/eomm-table2.json', import.meta.url));
const params = parseEommTable2Params(JSON.parse(readFileSync(paramsPath, 'utf8')));
const churn = flattenChurn(params);

function table2Problem(size: number, seed: number): PairingProblem {
  const pool = drawTable2Pool(params, size, Random.fromSeed(seed));
  const reduced = eommReducedProblem(pool, winProbabilityMatrix(pool), churn, params.drawProbability);
  return { size, ...reduced };
}

/** CPU ms of one min solve plus one max solve, averaged over the pools. */
function measure(problems: readonly PairingProblem[], relaxation: 'priced' | 'dense'): number {
  const cpu = process.cpuUsage();
  for (const problem of problems) {
    for (const objective of ['min', 'max'] as const) {
      exactPairing(problem, { method: 'sparse', relaxation, objective });
    }
  }
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / 1000 / problems.length;
}

console.log(
  `Command: node --import tsx bench/matching-eomm-pools.ts ${process.argv.slice(2).join(' ')}`.trim(),
);
console.log(`node ${process.version}, ${new Date().toISOString()}`);
console.log('');
console.log('| pool size | pools | priced: CPU ms (min + max) | dense: CPU ms (min + max) | speed-up |');
console.log('| ---: | ---: | ---: | ---: | ---: |');
// Warm the JIT on pools that are not measured.
const warm = [table2Problem(300, 9999)];
measure(warm, 'priced');
measure(warm, 'dense');
let pricedRound = 0;
let denseRound = 0;
for (const size of sizes) {
  const problems = Array.from({ length: pools }, (_, seed) => table2Problem(size, seed + 1));
  for (const problem of problems) {
    const priced = exactPairing(problem, { method: 'sparse', relaxation: 'priced' });
    const dense = exactPairing(problem, { method: 'sparse', relaxation: 'dense' });
    if (Math.abs(priced.pairCost - dense.pairCost) > 1e-9) throw new Error('the relaxations disagree');
  }
  const pricedMs = measure(problems, 'priced');
  const denseMs = measure(problems, 'dense');
  pricedRound += pricedMs;
  denseRound += denseMs;
  console.log(
    `| ${size} | ${pools} | ${pricedMs.toFixed(1)} | ${denseMs.toFixed(1)} | ${(pricedMs / denseMs).toFixed(2)}x |`,
  );
}
const minutes = (roundMs: number): string => ((roundMs * 10_000) / 2 / 60_000).toFixed(1);
console.log('');
console.log(
  `One round of every size (min + max): priced ${pricedRound.toFixed(0)} ms CPU, dense ${denseRound.toFixed(0)} ms CPU; ` +
    `10,000 rounds on two cores, solves only: priced ${minutes(pricedRound)} min, dense ${minutes(denseRound)} min.`,
);
