/**
 * Exact pairing benchmark: matchd's exactPairing against the edmonds-blossom npm package (same
 * process) and networkx's max_weight_matching(maxcardinality=True) (python3 child process, only the
 * solve is timed inside python), on the seeded instances of bench/matching-instances.ts. Every
 * result of ours is certified (verifyPairingCertificate, not timed) and every peer's total cost is
 * compared with ours. Times are wall clock and this process's CPU time (the machine may be shared).
 *
 * Usage:
 *   node --import tsx bench/matching-exact.ts [--kinds uniform,eomm] [--sizes 100,200,500,1000,2000]
 *     [--sparse-sizes 10000] [--edmonds-max 1000] [--networkx-max 500] [--seed 1] [--out file.md]
 * Peers are skipped above their max size (they are O(n^3) and would take many minutes); the table says so.
 */

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { verifyPairingCertificate } from '../packages/engine/src/matching/certificate.ts';
import { exactPairing } from '../packages/engine/src/matching/exact-pairing.ts';
import type { ExactPairing, PairingProblem } from '../packages/engine/src/matching/types.ts';
import { generateCostFunction, generateInstance, type InstanceKind } from './matching-instances.ts';

const require = createRequire(import.meta.url);
const edmondsBlossom = require('edmonds-blossom') as (
  edges: number[][],
  maxCardinality?: boolean,
) => number[];

interface Options {
  kinds: InstanceKind[];
  sizes: number[];
  sparseSizes: number[];
  edmondsMax: number;
  networkxMax: number;
  seed: number;
  out: string | undefined;
}

function parseOptions(argv: string[]): Options {
  const options: Options = {
    kinds: ['uniform', 'eomm'],
    sizes: [100, 200, 500, 1000, 2000],
    sparseSizes: [10_000],
    edmondsMax: 1000,
    networkxMax: 500,
    seed: 1,
    out: undefined,
  };
  for (let a = 0; a < argv.length; a += 2) {
    const value = argv[a + 1] ?? '';
    const list = () => (value === '' || value === 'none' ? [] : value.split(',').map(Number));
    switch (argv[a]) {
      case '--kinds':
        options.kinds = value.split(',') as InstanceKind[];
        break;
      case '--sizes':
        options.sizes = list();
        break;
      case '--sparse-sizes':
        options.sparseSizes = list();
        break;
      case '--edmonds-max':
        options.edmondsMax = Number(value);
        break;
      case '--networkx-max':
        options.networkxMax = Number(value);
        break;
      case '--seed':
        options.seed = Number(value);
        break;
      case '--out':
        options.out = value;
        break;
      default:
        throw new Error(`unknown option ${argv[a]}`);
    }
  }
  return options;
}

interface Timed<T> {
  readonly value: T;
  readonly wallS: number;
  readonly cpuS: number;
}

function timed<T>(run: () => T): Timed<T> {
  const cpu = process.cpuUsage();
  const wall = performance.now();
  const value = run();
  const used = process.cpuUsage(cpu);
  return { value, wallS: (performance.now() - wall) / 1000, cpuS: (used.user + used.system) / 1e6 };
}

function mateCost(
  mate: ArrayLike<number>,
  size: number,
  costs: Float64Array,
): { pairs: number; cost: number } {
  let pairs = 0;
  let cost = 0;
  for (let i = 0; i < size; i++) {
    const j = mate[i] ?? -1;
    if (j > i) {
      pairs++;
      cost += costs[i * size + j]!;
    }
  }
  return { pairs, cost };
}

function negatedEdges(size: number, costs: Float64Array): number[][] {
  const edges: number[][] = [];
  for (let i = 0; i < size; i++) for (let j = i + 1; j < size; j++) edges.push([i, j, -costs[i * size + j]!]);
  return edges;
}

const NETWORKX_SCRIPT = `
import json, sys, time
import networkx as nx
inst = json.load(open(sys.argv[1]))
g = nx.Graph()
g.add_nodes_from(range(inst["n"]))
g.add_weighted_edges_from(inst["edges"])
t = time.perf_counter()
m = nx.max_weight_matching(g, maxcardinality=True)
seconds = time.perf_counter() - t
mate = [-1] * inst["n"]
for i, j in m:
    mate[i] = j
    mate[j] = i
json.dump({"seconds": seconds, "mate": mate, "version": nx.__version__}, sys.stdout)
`;

function runNetworkx(
  size: number,
  costs: Float64Array,
): { seconds: number; mate: number[]; version: string } {
  const dir = mkdtempSync(join(tmpdir(), 'matchd-nx-'));
  try {
    const file = join(dir, 'instance.json');
    writeFileSync(file, JSON.stringify({ n: size, edges: negatedEdges(size, costs) }));
    const run = spawnSync('python3', ['-c', NETWORKX_SCRIPT, file], { encoding: 'utf8', maxBuffer: 1 << 28 });
    if (run.status !== 0) throw new Error(`networkx failed: ${run.error?.message ?? run.stderr}`);
    return JSON.parse(run.stdout) as { seconds: number; mate: number[]; version: string };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function describeOurs(result: Timed<ExactPairing>, certified: boolean): string {
  const { stats } = result.value;
  return `${result.wallS.toFixed(3)} | ${result.cpuS.toFixed(3)} | ${stats.solves} | ${stats.edgesSolved} | ${certified ? 'yes' : '**NO**'}`;
}

function main(): void {
  const options = parseOptions(process.argv.slice(2));
  const lines: string[] = [];
  const emit = (line: string) => {
    lines.push(line);
    console.log(line);
  };
  const command = `node --import tsx bench/matching-exact.ts ${process.argv.slice(2).join(' ')}`.trim();
  emit(`### Exact pairing, ${new Date().toISOString()}, node ${process.version}`);
  emit('');
  emit(
    `Command: \`${command}\` (seed ${options.seed}); load average at start ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}.`,
  );
  emit('');
  emit(
    '| kind | N | ours wall s | ours CPU s | solves | pairs solved | certified | edmonds-blossom s | networkx s (solve only) | equal cost |',
  );
  emit('| --- | ---: | ---: | ---: | ---: | ---: | :---: | ---: | ---: | :---: |');
  // Warm the JIT so that the first measured size is not charged for compilation.
  for (const kind of options.kinds)
    exactPairing({ size: 300, costs: generateInstance(kind, 300, 999).costs });
  for (const kind of options.kinds) {
    for (const size of options.sizes) {
      const { costs } = generateInstance(kind, size, options.seed);
      const problem: PairingProblem = { size, costs };
      const ours = timed(() => exactPairing(problem));
      const certified = verifyPairingCertificate(problem, ours.value).ok;
      const ourCost = ours.value.pairCost;
      const equal: boolean[] = [];
      let edmondsCell = `skipped (> ${options.edmondsMax})`;
      if (size <= options.edmondsMax) {
        const edges = negatedEdges(size, costs);
        const theirs = timed(() => edmondsBlossom(edges, true));
        equal.push(Math.abs(mateCost(theirs.value, size, costs).cost - ourCost) <= 1e-9 * size);
        edmondsCell = theirs.wallS.toFixed(3);
      }
      let networkxCell = `skipped (> ${options.networkxMax})`;
      if (size <= options.networkxMax) {
        const theirs = runNetworkx(size, costs);
        equal.push(Math.abs(mateCost(theirs.mate, size, costs).cost - ourCost) <= 1e-9 * size);
        networkxCell = `${theirs.seconds.toFixed(3)} (nx ${theirs.version})`;
      }
      const equalCell = equal.length === 0 ? 'n/a' : equal.every(Boolean) ? 'yes' : '**NO**';
      emit(
        `| ${kind} | ${size} | ${describeOurs(ours, certified)} | ${edmondsCell} | ${networkxCell} | ${equalCell} |`,
      );
    }
    for (const size of options.sparseSizes) {
      const { cost } = generateCostFunction(kind, size, options.seed);
      const problem: PairingProblem = { size, costs: cost };
      const ours = timed(() => exactPairing(problem, { method: 'sparse' }));
      const certified = verifyPairingCertificate(problem, ours.value).ok;
      emit(
        `| ${kind} (cost function) | ${size} | ${describeOurs(ours, certified)} | skipped | skipped | n/a |`,
      );
    }
  }
  if (options.out !== undefined) writeFileSync(options.out, `${lines.join('\n')}\n`);
}

main();
