/**
 * Continuous-mode ticks over large waiting pools, 1v1 and 5v5 with parties; and the shapes of issue
 * #11: `2x20` (parties of up to 5), `ffa` (3 to 100 players, each their own team) and `lobby200` (a
 * single team of 175 to 200, parties of up to 4).
 *
 * - cold: N fresh tickets, one tick: every ticket is evaluated (windows of neighbours in skill order
 *   per home region), matches form where the handshake allows.
 * - warm: a pool of N tickets that has been evaluated and is waiting for thresholds to relax; each
 *   tick brings `arrivals` new tickets (and the matches they make). This is the steady state of a
 *   live queue: only what changed is re-evaluated.
 *
 * Usage: node --import tsx bench/queue-continuous.ts [--sizes 10000,100000] [--shapes 1v1,5v5]
 *        [--arrivals 200] [--ticks 20]
 */

import { performance } from 'node:perf_hooks';
import { createElo, createMatchmaker, type QueueConfig, Random } from '@matchd/engine';
import { syntheticTickets } from '../packages/engine/src/queue/test-support/synthetic.ts';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2)
  args.set(process.argv[i] as string, process.argv[i + 1] as string);
const sizes = (args.get('--sizes') ?? '10000,100000').split(',').map(Number);
const shapes = (args.get('--shapes') ?? '1v1,5v5').split(',');
const arrivals = Number(args.get('--arrivals') ?? 200);
const ticks = Number(args.get('--ticks') ?? 20);
// With a limit, the cold start is spread over ticks: report the ticks it takes and the slowest one.
const maxEvaluations = args.has('--max-evaluations') ? Number(args.get('--max-evaluations')) : undefined;

const elo = createElo();
const regions = ['eu', 'na', 'sa', 'asia'];

/** Teams and party-size weights of each shape. */
const SHAPES: Record<string, { teams: QueueConfig['teams']; parties: number[] }> = {
  '1v1': { teams: { count: 2, size: 1 }, parties: [1] },
  '5v5': { teams: { count: 2, size: 5 }, parties: [10, 3, 2, 1, 1] },
  '2x20': { teams: { count: 2, size: 20 }, parties: [10, 3, 2, 1, 1] },
  ffa: { teams: { count: { min: 3, max: 100 }, size: 1 }, parties: [1] },
  lobby200: { teams: { count: 1, size: { min: 175, max: 200 } }, parties: [10, 3, 2, 1] },
};

function shapeOf(shape: string) {
  const found = SHAPES[shape];
  if (found === undefined)
    throw new Error(`unknown shape ${shape} (one of ${Object.keys(SHAPES).join(', ')})`);
  return found;
}

function config(shape: string): QueueConfig {
  const teams = shapeOf(shape).teams;
  const size = typeof teams.size === 'number' ? teams.size : teams.size.max;
  return {
    id: `bench-${shape}`,
    teams,
    rating: { track: 'bench' },
    criteria: [
      { kind: 'team-balance', weight: 3 },
      { kind: 'skill-spread', weight: 2 },
      ...(size > 1
        ? [
            { kind: 'party-balance' as const, weight: 1 },
            { kind: 'top-player-parity' as const, weight: 1 },
          ]
        : []),
    ],
    // Demanding at first, relaxing after a minute: a fresh pool mostly waits (a live queue's steady state).
    threshold: { start: 0.97, steps: [{ afterMs: 60_000, value: 0.8 }] },
    mode: {
      kind: 'continuous',
      maxWaitMs: 300_000,
      candidateWindow: 8,
      ...(maxEvaluations === undefined ? {} : { maxEvaluationsPerTick: maxEvaluations }),
    },
    regions: { names: regions, maxPingMs: { start: 80, steps: [{ afterMs: 120_000, value: 150 }] } },
  };
}

function tickets(shape: string, count: number, prefix: string, seed: number) {
  return syntheticTickets({
    random: Random.fromSeed(seed),
    count,
    prefix,
    rating: (skill, games) => ({ rating: skill, games, streak: 0 }),
    partySizeWeights: shapeOf(shape).parties,
    regions,
  });
}

interface Row {
  shape: string;
  size: number;
  coldMs: number;
  coldCpuMs: number;
  coldTicks: number;
  coldCpuMedianMs: number;
  warmCpuMedianMs: number;
  coldMatches: number;
  coldQuality: number;
  warmMedianMs: number;
  warmP90Ms: number;
  warmMatchesPerTick: number;
  warmQuality: number;
  pool: number;
}

function run(shape: string, size: number): Row {
  const mm = createMatchmaker({ config: config(shape), ratingModel: elo, seed: 1 });
  for (const ticket of tickets(shape, size, 'p', 7)) mm.enqueue(ticket, 0);
  let start = performance.now();
  const coldCpuStart = process.cpuUsage();
  const cold = mm.tick(1_000).filter((effect) => effect.kind === 'matched');
  let coldMs = performance.now() - start;
  const coldCpu = process.cpuUsage(coldCpuStart);
  let coldCpuMs = (coldCpu.user + coldCpu.system) / 1000;
  let coldTicks = 1;
  const coldCpuTicks = [coldCpuMs];
  if (maxEvaluations !== undefined) {
    // Drain the cold start: tick (1 ms apart, no arrivals) until a tick evaluates nothing new.
    for (let t = 1; t < 1_000; t++) {
      const tickStart = performance.now();
      const cpuStart = process.cpuUsage();
      const formed = mm.tick(1_000 + t).filter((effect) => effect.kind === 'matched');
      const elapsed = performance.now() - tickStart;
      const cpu = process.cpuUsage(cpuStart);
      cold.push(...formed);
      coldMs = Math.max(coldMs, elapsed);
      coldCpuMs = Math.max(coldCpuMs, (cpu.user + cpu.system) / 1000);
      coldCpuTicks.push((cpu.user + cpu.system) / 1000);
      coldTicks++;
      if (elapsed < 1 && formed.length === 0) break;
    }
  }
  const coldQuality = cold.reduce((sum, effect) => sum + effect.match.quality, 0) / Math.max(1, cold.length);
  const newcomers = tickets(shape, arrivals * ticks, 'n', 11);
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let warmMatches = 0;
  let warmQualitySum = 0;
  let now = 1_000;
  for (let t = 0; t < ticks; t++) {
    now += 1_000;
    for (const ticket of newcomers.slice(t * arrivals, (t + 1) * arrivals)) mm.enqueue(ticket, now);
    start = performance.now();
    const cpuStart = process.cpuUsage();
    const formed = mm.tick(now).filter((effect) => effect.kind === 'matched');
    times.push(performance.now() - start);
    const cpu = process.cpuUsage(cpuStart);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
    warmMatches += formed.length;
    for (const effect of formed) warmQualitySum += effect.match.quality;
  }
  times.sort((a, b) => a - b);
  cpuTimes.sort((a, b) => a - b);
  return {
    shape,
    size,
    coldMs,
    coldCpuMs,
    coldTicks,
    coldCpuMedianMs: [...coldCpuTicks].sort((a, b) => a - b)[Math.floor(coldCpuTicks.length / 2)] as number,
    warmCpuMedianMs: cpuTimes[Math.floor(cpuTimes.length / 2)] as number,
    coldMatches: cold.length,
    coldQuality,
    warmMedianMs: times[Math.floor(times.length / 2)] as number,
    warmP90Ms: times[Math.floor(times.length * 0.9)] as number,
    warmMatchesPerTick: warmMatches / ticks,
    warmQuality: warmQualitySum / Math.max(1, warmMatches),
    pool: mm.size().tickets,
  };
}

console.log(
  `node ${process.version}, ${new Date().toISOString()}, arrivals ${arrivals}/tick, ${ticks} warm ticks`,
);
console.log(
  '| shape | waiting tickets | cold tick ms (wall / cpu) | cold matches | cold mean quality | warm tick ms (median / p90 wall, median cpu) | warm matches/tick | warm mean quality | pool after |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const shape of shapes) {
  for (const size of sizes) {
    const row = run(shape, size);
    console.log(
      `| ${row.shape} | ${row.size} | ${row.coldMs.toFixed(0)} / ${row.coldCpuMs.toFixed(0)}${row.coldTicks > 1 ? ` (slowest of ${row.coldTicks} ticks; median cpu ${row.coldCpuMedianMs.toFixed(0)})` : ''} | ${row.coldMatches} | ${row.coldQuality.toFixed(4)} | ${row.warmMedianMs.toFixed(1)} / ${row.warmP90Ms.toFixed(1)}, ${row.warmCpuMedianMs.toFixed(1)} | ${row.warmMatchesPerTick.toFixed(1)} | ${row.warmQuality.toFixed(4)} | ${row.pool} |`,
    );
  }
}
