/**
 * Bytes allocated per `enqueue` into a continuous 1v1 pool already holding N tickets (the arrivals
 * of bench/queue-continuous.ts, no tick between them): V8's sampling heap profiler, collected
 * objects included, over `--measure` arrivals after the pool is filled. Prints the bytes per
 * arrival and the functions that allocate most of them (self). The sampling is statistical: a
 * smaller `--interval` (bytes) is closer.
 *
 * Usage: node --import tsx bench/queue-enqueue-alloc.ts [--size 100000] [--measure 20000] [--interval 256]
 */

import { Session } from 'node:inspector';
import { createElo, createMatchmaker, type QueueConfig, Random } from '@matchd/engine';
import { syntheticTickets } from '../packages/engine/src/queue/test-support/synthetic.ts';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2)
  args.set(process.argv[i] as string, process.argv[i + 1] as string);
const size = Number(args.get('--size') ?? 100_000);
const measure = Number(args.get('--measure') ?? 20_000);
const interval = Number(args.get('--interval') ?? 256);
const regions = ['eu', 'na', 'sa', 'asia'];

// The queue of bench/queue-continuous.ts, 1v1 `percent` mix.
const config: QueueConfig = {
  id: 'bench-1v1',
  teams: { count: 2, size: 1 },
  rating: { track: 'bench' },
  criteria: [
    { kind: 'team-balance', weight: 3 },
    { kind: 'skill-spread', weight: 2 },
  ],
  threshold: { start: 1, steps: [{ afterMs: 100_000, value: 0.5 }] },
  mode: { kind: 'continuous', maxWaitMs: 300_000, candidateWindow: 8 },
  regions: { names: regions, maxPingMs: { start: 80, steps: [{ afterMs: 120_000, value: 150 }] } },
};

const elo = createElo();
const make = (count: number, prefix: string, seed: number) =>
  syntheticTickets({
    random: Random.fromSeed(seed),
    count,
    prefix,
    rating: (skill, games) => ({ rating: skill, games, streak: 0 }),
    regions,
  });

const mm = createMatchmaker({ config, ratingModel: elo, seed: 1 });
const pool = make(size, 'p', 7);
for (const [index, ticket] of pool.entries()) mm.enqueue(ticket, Math.floor((index * 100_000) / size));
const arrivals = make(measure, 'n', 11);

interface Node {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: Node[];
}

const session = new Session();
session.connect();
const post = (method: string, params?: object) =>
  new Promise<unknown>((resolve, reject) =>
    session.post(method as 'HeapProfiler.enable', params ?? {}, (error, result) =>
      error === null ? resolve(result) : reject(error),
    ),
  );

await post('HeapProfiler.enable');
await post('HeapProfiler.startSampling', {
  samplingInterval: interval,
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: true,
});
for (const ticket of arrivals) mm.enqueue(ticket, 100_000);
const { profile } = (await post('HeapProfiler.stopSampling')) as { profile: { head: Node } };
session.disconnect();

const bySelf = new Map<string, number>();
let total = 0;
// Built-ins (no url) are named with their caller.
const walk = (node: Node, caller: string) => {
  total += node.selfSize;
  const { functionName, url } = node.callFrame;
  const name = `${functionName || '(anonymous)'}${url === '' ? '' : ` ${url.split('/').slice(-2).join('/')}`}`;
  const key = url === '' ? `${name} in ${caller}` : name;
  bySelf.set(key, (bySelf.get(key) ?? 0) + node.selfSize);
  for (const child of node.children) walk(child, url === '' ? caller : name);
};
walk(profile.head, '(root)');
console.log(`pool ${size}, ${measure} arrivals: ${(total / measure).toFixed(0)} bytes per enqueue`);
for (const [key, bytes] of [...bySelf].sort((a, b) => b[1] - a[1]).slice(0, 15))
  console.log(`${(bytes / measure).toFixed(0).padStart(6)} B  ${key}`);
