/**
 * The dense relaxation's row kernels (packages/engine/src/matching/row-scan.wat) against their
 * plain TypeScript twins, side by side in one process: nanoseconds per matrix element for each scan
 * over every row of an n x n matrix of Table 2-like reduced costs, and a check that both give the
 * same results.
 *
 * Usage: node --import tsx bench/row-scan-kernels.ts [--n 500] [--passes 200]
 */

import { parseArgs } from 'node:util';
import {
  type RowScanKernel,
  type RowScanWorkspace,
  rowScanWorkspace,
} from '../packages/engine/src/matching/row-scan.ts';
import { Random } from '../packages/engine/src/random.ts';

const { values: flags } = parseArgs({
  options: { n: { type: 'string', default: '500' }, passes: { type: 'string', default: '200' } },
});
const n = Number(flags.n);
const passes = Number(flags.passes);

/** Costs like Table 2's reduced ones: 0 within a class, small signed values across, +Inf diagonal. */
function fill(scan: RowScanWorkspace): void {
  const random = Random.fromSeed(5);
  const churnClass = Array.from({ length: n }, () => random.int(9));
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      scan.matrix[i * n + j] =
        i === j
          ? Number.POSITIVE_INFINITY
          : churnClass[i] === churnClass[j]
            ? 0
            : random.uniform(-0.02, 0.02);
    }
  }
  for (let j = 0; j < n; j++) {
    scan.price[j] = random.uniform(0, 0.01);
    scan.shift[j] = scan.price[j]!;
    scan.bias[j] = random.bernoulli(0.8) ? Number.POSITIVE_INFINITY : 0;
  }
}

type Scan = (scan: RowScanWorkspace, i: number) => number;
const scans: Record<string, Scan> = {
  'bestTwo (auction bid)': (scan, i) => scan.bestTwo(i) + scan.second + scan.bestColumn,
  'least (row minimum)': (scan, i) => scan.least(i),
  // Distances start at +Infinity each pass (measure() resets them), as each search's do.
  'relax (shortest-path step)': (scan, i) => scan.relax(i, 0) + scan.leastColumn + scan.freeColumn,
  // A limit that about 1 column in 40 passes, as in candidate selection and pricing.
  'below (candidate filter)': (scan, i) => scan.below(i, 0, -0.018),
};

/** Nanoseconds per element over `passes` passes of every row, and a checksum of the results. */
function measure(kernel: RowScanKernel, run: Scan): { ns: number; checksum: number } {
  const scan = rowScanWorkspace(n, kernel);
  fill(scan);
  let checksum = 0;
  scan.dist.fill(Number.POSITIVE_INFINITY);
  for (let i = 0; i < n; i++) checksum += run(scan, i); // warm-up
  const start = process.hrtime.bigint();
  for (let pass = 0; pass < passes; pass++) {
    scan.dist.fill(Number.POSITIVE_INFINITY);
    for (let i = 0; i < n; i++) run(scan, i);
  }
  const ns = Number(process.hrtime.bigint() - start) / (passes * n * n);
  return { ns, checksum };
}

console.log(`Command: node --import tsx bench/row-scan-kernels.ts ${process.argv.slice(2).join(' ')}`.trim());
console.log(
  `node ${process.version}, ${new Date().toISOString()}, n = ${n}, ${passes} passes over every row`,
);
console.log('');
console.log('| scan | plain TypeScript: ns per element | WebAssembly SIMD: ns per element | speed-up |');
console.log('| --- | ---: | ---: | ---: |');
for (const [name, run] of Object.entries(scans)) {
  // Interleaved twice; the better of each is reported.
  const plain = [measure('js', run), measure('js', run)];
  const wasm = [measure('wasm', run), measure('wasm', run)];
  if (plain[0]!.checksum !== wasm[0]!.checksum) throw new Error(`${name}: the kernel and the loop disagree`);
  const plainNs = Math.min(...plain.map((m) => m.ns));
  const wasmNs = Math.min(...wasm.map((m) => m.ns));
  console.log(
    `| ${name} | ${plainNs.toFixed(2)} | ${wasmNs.toFixed(2)} | ${(plainNs / wasmNs).toFixed(1)}x |`,
  );
}
