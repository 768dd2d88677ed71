/**
 * Rounds mode through the queue (Awesomenauts): a pool of N players (parties of 1-3 for 3v3, 1-5 for
 * 5v5, pings to four regions, NAT types) reaches the round's player count and one tick matches it.
 * Reported: the tick's wall time (team formation runs under the queue's search budget, measured by
 * the injected clock), the matches formed and the round's mean match quality; and, for reference, the
 * same pool through a queue given a long budget (`--reference-ms`), with the gap between the two.
 *
 * `1v1` rounds (solo players, regions with a ping cap) are one exact pairing over a sparse candidate
 * graph past 400 tickets: the table adds the process's peak resident memory (getrusage maxRSS) and
 * the heap after the round, so run one size per process to read each size's own peak.
 *
 * Usage: node --import tsx bench/queue-rounds.ts [--players 100,300,1000] [--shapes 3v3,5v5,1v1]
 *        [--budget-ms 800] [--reference-ms 60000] [--reference-only 300:3v3]
 */

import { performance } from 'node:perf_hooks';
import { createElo, createMatchmaker, type QueueConfig, Random, type TicketInput } from '@matchd/engine';
import { syntheticTickets } from '../packages/engine/src/queue/test-support/synthetic.ts';
import type { EloRating } from '../packages/engine/src/rating/elo/k-policy.ts';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2)
  args.set(process.argv[i] as string, process.argv[i + 1] as string);
const playerCounts = (args.get('--players') ?? '100,300,1000').split(',').map(Number);
const shapes = (args.get('--shapes') ?? '3v3,5v5').split(',');
const budgetMs = Number(args.get('--budget-ms') ?? 800);
const referenceMs = Number(args.get('--reference-ms') ?? 0);
const referenceOnly = args.get('--reference-only');
const method = (args.get('--method') ?? 'restarts') as 'restarts' | 'annealing';
// On a shared, loaded machine wall time overstates the work; `--clock cpu` budgets process CPU time
// instead (what a quiet machine would show as wall time). Both are reported.
const clockKind = args.get('--clock') ?? 'wall';
const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
const clock = clockKind === 'cpu' ? cpuMs : () => performance.now();
// The long reference run may use another clock (a 10-minute CPU budget takes far longer on a loaded machine).
const referenceClock =
  (args.get('--reference-clock') ?? clockKind) === 'cpu' ? cpuMs : () => performance.now();

const elo = createElo();
const regions = ['eu', 'na', 'sa', 'au'];

function duelConfig(players: number): QueueConfig {
  return {
    id: 'rounds-1v1',
    teams: { count: 2, size: 1 },
    rating: { track: 'bench' },
    criteria: [
      { kind: 'team-balance', weight: 3 },
      { kind: 'enemy-ping', weight: 1 },
      { kind: 'wait-time', weight: 1 },
    ],
    threshold: { start: 0.6 },
    mode: { kind: 'rounds', periodMs: 120_000, minPlayers: players, maxWaitMs: 300_000 },
    regions: { names: regions, maxPingMs: { start: 90, linear: { perSecond: 1, limit: 200 } } },
  };
}

function config(shape: string, players: number, searchBudgetMs: number): QueueConfig {
  if (shape === '1v1') return duelConfig(players);
  const size = shape === '5v5' ? 5 : 3;
  return {
    id: `rounds-${shape}`,
    teams: { count: 2, size },
    rating: { track: 'bench' },
    criteria: [
      { kind: 'team-skill-gap', weight: 3 },
      { kind: 'player-skill-gap', weight: 2 },
      { kind: 'premades', weight: 1 },
      { kind: 'enemy-ping', weight: 3 },
      { kind: 'hosts', weight: 1 },
    ],
    threshold: { start: 0 },
    mode: {
      kind: 'rounds',
      periodMs: 120_000,
      minPlayers: players,
      maxWaitMs: 300_000,
      searchBudgetMs,
      searchMethod: method,
    },
  };
}

/** Tickets holding exactly `players` players (the last party trimmed to fit). */
function pool(shape: string, players: number): TicketInput<EloRating>[] {
  const all = syntheticTickets({
    random: Random.fromSeed(players * 31 + shape.length),
    count: players,
    rating: (skill, games) => ({ rating: skill, games, streak: 0 }),
    partySizeWeights: shape === '1v1' ? [1] : shape === '5v5' ? [10, 3, 2, 1, 1] : [6, 2, 1],
    regions,
    withNat: true,
  });
  const result: TicketInput<EloRating>[] = [];
  let total = 0;
  for (const ticket of all) {
    if (total === players) break;
    const room = players - total;
    const kept =
      ticket.players.length <= room ? ticket : { ...ticket, players: ticket.players.slice(0, room) };
    result.push(kept);
    total += kept.players.length;
  }
  return result;
}

function round(shape: string, players: number, searchBudgetMs: number, roundClock = clock) {
  const mm = createMatchmaker({
    config: config(shape, players, searchBudgetMs),
    ratingModel: elo,
    seed: 3,
    clock: roundClock,
  });
  for (const ticket of pool(shape, players)) mm.enqueue(ticket, 0);
  const start = performance.now();
  const cpuStart = cpuMs();
  const matches = mm.tick(0).filter((effect) => effect.kind === 'matched');
  const elapsedMs = performance.now() - start;
  const elapsedCpuMs = cpuMs() - cpuStart;
  const quality =
    matches.reduce((sum, effect) => sum + effect.match.quality, 0) / Math.max(1, matches.length);
  const worst = Math.min(...matches.map((effect) => effect.match.quality));
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  const heapMb = process.memoryUsage().heapUsed / 2 ** 20;
  return { elapsedMs, elapsedCpuMs, matches: matches.length, quality, worst, peakRssMb, heapMb };
}

console.log(
  `node ${process.version}, ${new Date().toISOString()}, ${method}, budget ${budgetMs} ms (${clockKind} clock), reference ${referenceMs} ms`,
);
console.log(
  '| shape | players | round ms (wall / cpu) | matches | mean quality | worst match | peak RSS MB (process) / heap MB | reference mean quality (budget) | gap |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const shape of shapes) {
  for (const players of playerCounts) {
    const key = `${players}:${shape}`;
    const result = round(shape, players, budgetMs);
    let reference = '';
    let gap = '';
    if (referenceMs > 0 && (referenceOnly === undefined || referenceOnly === key)) {
      const long = round(shape, players, referenceMs, referenceClock);
      const best = Math.max(long.quality, result.quality);
      reference = `${long.quality.toFixed(5)} (${(long.elapsedMs / 1000).toFixed(0)} s wall, ${(long.elapsedCpuMs / 1000).toFixed(0)} s cpu)`;
      gap = `${((100 * (best - result.quality)) / best).toFixed(3)}%`;
    }
    console.log(
      `| ${shape} | ${players} | ${result.elapsedMs.toFixed(0)} / ${result.elapsedCpuMs.toFixed(0)} | ${result.matches} | ${result.quality.toFixed(5)} | ${result.worst.toFixed(3)} | ${result.peakRssMb.toFixed(0)} / ${result.heapMb.toFixed(0)} | ${reference} | ${gap} |`,
    );
  }
}
