/**
 * The exact pairing's two relaxations side by side, and the default ('auto', which picks one by the
 * shape of the costs), on the matching benches' instance families:
 * - `uniform` and `eomm`: bench/matching-instances.ts's matrices (the families of matching-exact.ts);
 * - `table2-min` and `table2-max`: the EOMM Table 2 pools of matching-eomm-pools.ts (reduced EOMM
 *   costs, one EOMM and one WorstMM solve);
 * - `rating-gap`: a 1v1 round as the queue's rounds mode solves it, cost min(1, |rating gap| / 400)
 *   with ratings ~ N(1500, 300), and the ratings as sort keys.
 * Per family and size: median CPU ms per solve over the seeds (each seed solved `reps` times in a row,
 * the three ways interleaved), what 'auto' chose, and the default's time against the better of the two.
 * Every seed's three optima are checked equal (else the run throws).
 *
 *   flock /tmp/bench.lock node --import tsx bench/matching-relaxations.ts [--seeds 7]
 *     [--families uniform,eomm,table2-min,table2-max] [--sizes 100,200,500,1000,2000]
 */

import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { exactPairing } from '../packages/engine/src/matching/exact-pairing.ts';
import type { ExactPairing, PairingProblem } from '../packages/engine/src/matching/types.ts';
import { Random } from '../packages/engine/src/random.ts';
import { parseEommTable2Params } from '../packages/sim/src/experiments/eomm-table2/params.ts';
import {
  drawTable2Pool,
  eommReducedProblem,
  flattenChurn,
  winProbabilityMatrix,
} from '../packages/sim/src/experiments/eomm-table2/pool.ts';
import { generateInstance } from './matching-instances.ts';

const { values } = parseArgs({
  options: {
    seeds: { type: 'string', default: '7' },
    families: { type: 'string', default: 'uniform,eomm,table2-min,table2-max,rating-gap' },
    sizes: { type: 'string', default: '100,200,500,1000,2000' },
  },
});
const seeds = Number(values.seeds);
const families = values.families.split(',');
const sizes = values.sizes.split(',').map(Number);
/** Table 2 pools are drawn at 100..500 players only (the experiment's sizes). */
const TABLE2_MAX = 500;

const paramsPath = fileURLToPath(new URL('../examples/eomm-table2.json', import.meta.url));
const params = parseEommTable2Params(JSON.parse(readFileSync(paramsPath, 'utf8')));
const churn = flattenChurn(params);

interface Instance {
  readonly problem: PairingProblem;
  readonly sortKeys?: Float64Array;
}

function instanceOf(family: string, size: number, seed: number): Instance {
  if (family === 'uniform' || family === 'eomm')
    return { problem: { size, costs: generateInstance(family, size, seed).costs } };
  if (family === 'rating-gap') {
    const random = Random.fromSeed(seed * 7919 + size);
    const ratings = Float64Array.from({ length: size }, () => random.normal(1500, 300));
    const costs = new Float64Array(size * size);
    for (let i = 0; i < size; i++) {
      for (let j = 0; j < size; j++)
        costs[i * size + j] = Math.min(1, Math.abs(ratings[i]! - ratings[j]!) / 400);
    }
    return { problem: { size, costs }, sortKeys: ratings };
  }
  const pool = drawTable2Pool(params, size, Random.fromSeed(seed));
  return {
    problem: { size, ...eommReducedProblem(pool, winProbabilityMatrix(pool), churn, params.drawProbability) },
  };
}

const objectiveOf = (family: string) => (family === 'table2-max' ? 'max' : 'min');
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const median = (list: number[]) => {
  const sorted = list.slice().sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

type Way = 'priced' | 'dense' | 'auto';
const WAYS: Way[] = ['priced', 'dense', 'auto'];

function solve(instance: Instance, family: string, way: Way): ExactPairing {
  return exactPairing(instance.problem, {
    method: 'sparse',
    relaxation: way,
    objective: objectiveOf(family),
    ...(instance.sortKeys === undefined ? {} : { sortKeys: instance.sortKeys }),
  });
}

console.log(
  `Command: node --import tsx bench/matching-relaxations.ts ${process.argv.slice(2).join(' ')}`.trim(),
);
console.log(
  `node ${process.version}, ${new Date().toISOString()}, load average at start ${loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}`,
);
console.log('');
console.log(
  '| family | N | seeds | priced CPU ms (median) | dense CPU ms (median) | auto CPU ms (median) | auto chose | auto / better of the two | same optimum |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | :---: |');
// Warm the JIT on pools that are not measured.
for (const family of families) for (const way of WAYS) solve(instanceOf(family, 300, 9999), family, way);
let worstRatio = 0;
for (const family of families) {
  for (const size of sizes) {
    if (family.startsWith('table2') && size > TABLE2_MAX) continue;
    const reps = Math.max(1, Math.round(2_000_000 / (size * size)));
    const times: Record<Way, number[]> = { priced: [], dense: [], auto: [] };
    const chosen = new Map<string, number>();
    for (let seed = 1; seed <= seeds; seed++) {
      const instance = instanceOf(family, size, seed);
      const costs: number[] = [];
      // Interleaved, so that the machine's drift falls on all three alike.
      for (let rep = 0; rep < reps; rep++) {
        for (const way of WAYS) {
          const start = cpuMs();
          const result = solve(instance, family, way);
          const used = cpuMs() - start;
          if (rep === 0) {
            times[way].push(0);
            costs.push(result.pairCost + (objectiveOf(family) === 'max' ? -1 : 1) * result.leaveOutCost);
            if (way === 'auto') {
              const name = result.stats.relaxation ?? 'none';
              chosen.set(name, (chosen.get(name) ?? 0) + 1);
            }
          }
          const list = times[way];
          list[list.length - 1]! += used / reps;
        }
      }
      const [priced, dense, auto] = costs as [number, number, number];
      const tolerance = 1e-9 * size * Math.max(1, Math.abs(priced));
      if (Math.abs(priced - dense) > tolerance || Math.abs(priced - auto) > tolerance) {
        throw new Error(`${family} ${size} seed ${seed}: the optima differ (${priced}, ${dense}, ${auto})`);
      }
    }
    const priced = median(times.priced);
    const dense = median(times.dense);
    const auto = median(times.auto);
    const ratio = auto / Math.min(priced, dense);
    worstRatio = Math.max(worstRatio, ratio);
    const choice = [...chosen].map(([name, count]) => `${name} ${count}/${seeds}`).join(', ');
    console.log(
      `| ${family} | ${size} | ${seeds} | ${priced.toFixed(2)} | ${dense.toFixed(2)} | ${auto.toFixed(2)} | ${choice} | ${ratio.toFixed(2)} | yes |`,
    );
  }
}
console.log('');
console.log(
  `Worst auto / better-of-two: ${worstRatio.toFixed(2)}; load average at end ${loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}.`,
);
