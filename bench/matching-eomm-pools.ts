/**
 * The EOMM Table 2 workload of the exact pairing: for pool sizes 100..500, the mean time of one
 * EOMM solve (exactPairing, min) plus one WorstMM solve (worstPairing, max) over seeded EOMM-like
 * pools, and what 10,000 rounds of all five sizes would take on one core at that rate.
 *
 * Usage: node --import tsx bench/matching-eomm-pools.ts [--pools 20] [--sizes 100,200,300,400,500]
 */

import { exactPairing, worstPairing } from '../packages/engine/src/matching/exact-pairing.ts';
import { generateInstance } from './matching-instances.ts';

function argument(name: string, fallback: string): string {
  const at = process.argv.indexOf(name);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

const pools = Number(argument('--pools', '20'));
const sizes = argument('--sizes', '100,200,300,400,500').split(',').map(Number);
console.log(
  `Command: node --import tsx bench/matching-eomm-pools.ts ${process.argv.slice(2).join(' ')}`.trim(),
);
console.log(`node ${process.version}, ${new Date().toISOString()}`);
console.log('');
console.log('| pool size | pools | mean CPU ms (min + max) | mean wall ms (min + max) | mean solves (min) |');
console.log('| ---: | ---: | ---: | ---: | ---: |');
// Warm the JIT on a pool that is not measured.
exactPairing({ size: 300, costs: generateInstance('eomm', 300, 9999).costs });
let roundCpuMs = 0;
for (const size of sizes) {
  const instances = Array.from({ length: pools }, (_, seed) => generateInstance('eomm', size, seed + 1));
  let solves = 0;
  const cpu = process.cpuUsage();
  const wall = performance.now();
  for (const { costs } of instances) {
    solves += exactPairing({ size, costs }).stats.solves;
    worstPairing({ size, costs });
  }
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000 / pools;
  roundCpuMs += cpuMs;
  const wallMs = (performance.now() - wall) / pools;
  console.log(
    `| ${size} | ${pools} | ${cpuMs.toFixed(1)} | ${wallMs.toFixed(1)} | ${(solves / pools).toFixed(1)} |`,
  );
}
console.log('');
console.log(
  `One round of every size (min + max): ${roundCpuMs.toFixed(0)} ms CPU; 10,000 rounds: ${((roundCpuMs * 10_000) / 60_000).toFixed(1)} min on one core.`,
);
