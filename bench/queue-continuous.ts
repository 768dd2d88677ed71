/**
 * Continuous-mode ticks over large waiting pools, 1v1 and 5v5 with parties; and the shapes of issue
 * #11: `2x20` (parties of up to 5), `ffa` (3 to 100 players, each their own team) and `lobby200` (a
 * single team of 175 to 200, parties of up to 4).
 *
 * - cold: N fresh tickets, one tick: every ticket is evaluated (windows of neighbours in skill order
 *   per home region), matches form where the handshake allows.
 * - warm: N tickets really waiting, held at N: ticks 1 s apart, and the pool is refilled before
 *   each tick with as many arrivals as left it, so that every warm tick sees N waiting. Two mixes:
 *   - `none`: nothing is matchable (threshold 1, which no candidate reaches); each tick `arrivals`
 *     tickets arrive and the `arrivals` longest waiting cancel. A tick's work is the arrivals and the
 *     neighbours they wake.
 *   - `percent`: about 1% of the pool becomes matchable per tick. The pool's arrival times are
 *     spread evenly over the last 100 s, and the threshold stays at 1 until a ticket has waited
 *     100 s, then drops to 0.5: each second the 1% that reach 100 s may match (with each other as
 *     their neighbours relax too), and what matched is replaced by as many arrivals.
 *     Pairs (1v1) find relaxed partners among their 16 nearest wherever the 1% lie. Fills (team
 *     shapes) take the nearest tickets whatever their thresholds, so there the 1% must be neighbours
 *     in skill: the pool arrives in skill order (each second's arrivals are one band of skill), and
 *     each matched ticket is replaced by a copy of itself (same players' ratings and pings, new ids)
 *     arriving now, so that the band relaxes together again 100 s later.
 *   This is the steady state of a live queue: only what changed is re-evaluated.
 *
 * Usage: node --import tsx bench/queue-continuous.ts [--sizes 10000,100000] [--shapes 1v1,5v5]
 *        [--mixes none,percent] [--arrivals 200] [--ticks 20] [--profile-warm prefix]
 * `--profile-warm` writes a CPU profile of each run's warm ticks only (prefix-shape-mix-size.cpuprofile).
 * The garbage-collection column is the main thread's collection pauses that fall inside a warm tick
 * (the cpu column also counts the runtime's concurrent marking on the other core).
 */

import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { type PerformanceEntry, PerformanceObserver, performance } from 'node:perf_hooks';
import {
  createElo,
  createMatchmaker,
  type MatchmakerEffect,
  type QueueConfig,
  Random,
  type TeamsConfig,
  type TicketInput,
} from '@matchd/engine';
import { syntheticTickets } from '../packages/engine/src/queue/test-support/synthetic.ts';
import type { EloRating } from '../packages/engine/src/rating/elo/k-policy.ts';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2)
  args.set(process.argv[i] as string, process.argv[i + 1] as string);
const sizes = (args.get('--sizes') ?? '10000,100000').split(',').map(Number);
const shapes = (args.get('--shapes') ?? '1v1,5v5').split(',');
const arrivals = Number(args.get('--arrivals') ?? 200);
const ticks = Number(args.get('--ticks') ?? 20);
const mixes = (args.get('--mixes') ?? 'none,percent').split(',') as Mix[];
type Mix = 'none' | 'percent';
/** The pool's arrival times are spread over this span: 1% of it reaches the relaxation each second. */
const SPREAD_MS = 100_000;
const TICK_MS = 1_000;
const profilePrefix = args.get('--profile-warm');

/** A CPU profile of what runs between `start` and `stop` (the warm ticks), or nothing without the flag. */
function warmProfiler(name: string) {
  if (profilePrefix === undefined) return { start() {}, stop() {} };
  const session = new Session();
  session.connect();
  const post = (method: string) => session.post(method as 'Profiler.enable');
  return {
    start() {
      post('Profiler.enable');
      post('Profiler.start');
    },
    stop() {
      session.post('Profiler.stop', (error, result) => {
        if (error === null)
          writeFileSync(`${profilePrefix}-${name}.cpuprofile`, JSON.stringify(result.profile));
        session.disconnect();
      });
    },
  };
}
// With a limit, the cold start is spread over ticks: report the ticks it takes and the slowest one.
const maxEvaluations = args.has('--max-evaluations') ? Number(args.get('--max-evaluations')) : undefined;

/** Garbage collections as the runtime reports them (start and duration on `performance.now()`'s clock). */
const collections: PerformanceEntry[] = [];
const gcObserver = new PerformanceObserver((list) => collections.push(...list.getEntries()));
gcObserver.observe({ entryTypes: ['gc'] });
/** Lets the observer deliver what it has queued (it reports between turns of the event loop). */
const collectionsDelivered = () => new Promise((resolve) => setTimeout(resolve, 50));

/** Milliseconds of garbage collection on the main thread inside each [start, end) span. */
function collectionMsWithin(spans: readonly (readonly [number, number])[]): number[] {
  return spans.map(([spanStart, spanEnd]) => {
    let ms = 0;
    for (const gc of collections) {
      const overlap = Math.min(spanEnd, gc.startTime + gc.duration) - Math.max(spanStart, gc.startTime);
      if (overlap > 0) ms += overlap;
    }
    return ms;
  });
}

const elo = createElo();
const regions = ['eu', 'na', 'sa', 'asia'];

/** Teams and party-size weights of each shape. */
const SHAPES: Record<string, { teams: TeamsConfig; parties: number[] }> = {
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

function config(shape: string, mix: Mix): QueueConfig {
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
    // `none`: no candidate reaches 1. `percent`: unmatchable until a ticket has waited SPREAD_MS.
    threshold: { start: 1, ...(mix === 'percent' ? { steps: [{ afterMs: SPREAD_MS, value: 0.5 }] } : {}) },
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
  mix: Mix;
  size: number;
  coldMs: number;
  coldCpuMs: number;
  coldTicks: number;
  coldCpuMedianMs: number;
  coldMatches: number;
  warmMedianMs: number;
  warmP90Ms: number;
  warmCpuMedianMs: number;
  /** The warm ticks' spans, for the collections inside them (read once the observer has delivered). */
  warmSpans: [number, number][];
  warmMatchesPerTick: number;
  warmMatchedTicketsPerTick: number;
  warmQuality: number;
  poolMin: number;
  poolMax: number;
}

const median = (sorted: readonly number[]) => sorted[Math.floor(sorted.length / 2)] as number;

/** Mean rating of a ticket's players (the synthetic ratings are Elo numbers). */
function meanRating(ticket: TicketInput<EloRating>): number {
  let sum = 0;
  for (const player of ticket.players) sum += player.rating.rating;
  return sum / ticket.players.length;
}

function run(shape: string, mix: Mix, size: number): Row {
  const mm = createMatchmaker({ config: config(shape, mix), ratingModel: elo, seed: 1 });
  // Fills' `percent` mix: arrivals in skill bands, matched tickets replaced by copies (see above).
  const bands = mix === 'percent' && shapeOf(shape).teams.size !== 1;
  // Waiting tickets in arrival order (the longest waiting first), for the `none` mix's departures.
  const waiting: string[] = [];
  let waitingHead = 0;
  const gone = new Set<string>();
  const initial = tickets(shape, size, 'p', 7);
  if (bands) initial.sort((a, b) => meanRating(a) - meanRating(b));
  const inputs = new Map<string, TicketInput<EloRating>>();
  for (const [index, ticket] of initial.entries()) {
    mm.enqueue(ticket, Math.floor((index * SPREAD_MS) / size));
    waiting.push(ticket.ticketId);
    if (bands) inputs.set(ticket.ticketId, ticket);
  }
  let now = SPREAD_MS;
  // Matched since the last refill, replaced by copies in the bands' mix.
  let matchedSinceRefill: string[] = [];
  const matchedTickets = (effects: readonly MatchmakerEffect[]) => {
    const matched = effects.filter((effect) => effect.kind === 'matched');
    for (const effect of matched)
      for (const team of effect.match.teams)
        for (const id of team.ticketIds) {
          gone.add(id);
          matchedSinceRefill.push(id);
        }
    return matched;
  };
  let copies = 0;
  const arriveAsCopies = () => {
    for (const id of matchedSinceRefill) {
      const original = inputs.get(id) as TicketInput<EloRating>;
      inputs.delete(id);
      const copyId = `c${copies++}`;
      const copy = {
        ...original,
        ticketId: copyId,
        players: original.players.map((player, p) => ({ ...player, playerId: `${copyId}p${p}` })),
      };
      mm.enqueue(copy, now);
      inputs.set(copyId, copy);
    }
    matchedSinceRefill = [];
  };
  let start = performance.now();
  const coldCpuStart = process.cpuUsage();
  const cold = matchedTickets(mm.tick(now));
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
      now += 1;
      const formed = matchedTickets(mm.tick(now));
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
  // Arrivals come from a separate generator; each refill takes the next ones (enough for any tick).
  const newcomers = tickets(shape, Math.max(arrivals, Math.ceil(size * 0.05)) * (ticks + 1), 'n', 11);
  let nextNewcomer = 0;
  const arrive = (count: number) => {
    for (let i = 0; i < count; i++) {
      const ticket = newcomers[nextNewcomer++];
      if (ticket === undefined) throw new Error('bench: ran out of arrivals');
      mm.enqueue(ticket, now);
      waiting.push(ticket.ticketId);
    }
  };
  const times: number[] = [];
  const spans: [number, number][] = [];
  const cpuTimes: number[] = [];
  let warmMatches = 0;
  let warmMatchedTickets = 0;
  let warmQualitySum = 0;
  let poolMin = Number.POSITIVE_INFINITY;
  let poolMax = 0;
  const profiler = warmProfiler(`${shape}-${mix}-${size}`);
  profiler.start();
  for (let t = 0; t < ticks; t++) {
    now += TICK_MS;
    // Hold the pool at its size: replace what left it (matched, or cancelled below).
    if (bands) arriveAsCopies();
    else arrive(size - mm.size().tickets);
    if (mix === 'none') {
      arrive(arrivals);
      for (let left = 0; left < arrivals; waitingHead++) {
        const id = waiting[waitingHead] as string;
        if (gone.has(id)) continue;
        mm.cancel(id, now);
        gone.add(id);
        left++;
      }
    }
    const pool = mm.size().tickets;
    poolMin = Math.min(poolMin, pool);
    poolMax = Math.max(poolMax, pool);
    start = performance.now();
    const cpuStart = process.cpuUsage();
    const effects = mm.tick(now);
    const end = performance.now();
    times.push(end - start);
    spans.push([start, end]);
    const cpu = process.cpuUsage(cpuStart);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
    const formed = matchedTickets(effects);
    warmMatches += formed.length;
    for (const effect of formed) {
      warmQualitySum += effect.match.quality;
      for (const team of effect.match.teams) warmMatchedTickets += team.ticketIds.length;
    }
  }
  profiler.stop();
  times.sort((a, b) => a - b);
  cpuTimes.sort((a, b) => a - b);
  return {
    shape,
    mix,
    size,
    coldMs,
    coldCpuMs,
    coldTicks,
    coldCpuMedianMs: median([...coldCpuTicks].sort((a, b) => a - b)),
    coldMatches: cold.length,
    warmMedianMs: median(times),
    warmP90Ms: times[Math.floor(times.length * 0.9)] as number,
    warmCpuMedianMs: median(cpuTimes),
    warmSpans: spans,
    warmMatchesPerTick: warmMatches / ticks,
    warmMatchedTicketsPerTick: warmMatchedTickets / ticks,
    warmQuality: warmQualitySum / Math.max(1, warmMatches),
    poolMin,
    poolMax,
  };
}

console.log(
  `node ${process.version}, ${new Date().toISOString()}, none mix: ${arrivals} arrivals and departures/tick; ${ticks} warm ticks ${TICK_MS} ms apart`,
);
console.log(
  '| shape | mix | waiting tickets (held, min-max before a warm tick) | cold tick ms (wall / cpu) | cold matches | warm tick ms (median / p90 wall, median cpu) | garbage collection in a warm tick ms (median / max) | warm matches/tick (tickets matched) | warm mean quality |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const shape of shapes) {
  for (const mix of mixes) {
    for (const size of sizes) {
      collections.length = 0;
      const row = run(shape, mix, size);
      await collectionsDelivered();
      const collected = collectionMsWithin(row.warmSpans).sort((a, b) => a - b);
      const collectedColumn = `${median(collected).toFixed(1)} / ${(collected.at(-1) ?? 0).toFixed(1)}`;
      console.log(
        `| ${row.shape} | ${row.mix} | ${row.size} (${row.poolMin}-${row.poolMax}) | ${row.coldMs.toFixed(0)} / ${row.coldCpuMs.toFixed(0)}${row.coldTicks > 1 ? ` (slowest of ${row.coldTicks} ticks; median cpu ${row.coldCpuMedianMs.toFixed(0)})` : ''} | ${row.coldMatches} | ${row.warmMedianMs.toFixed(1)} / ${row.warmP90Ms.toFixed(1)}, ${row.warmCpuMedianMs.toFixed(1)} | ${collectedColumn} | ${row.warmMatchesPerTick.toFixed(1)} (${row.warmMatchedTicketsPerTick.toFixed(0)}) | ${row.warmQuality.toFixed(4)} |`,
      );
    }
  }
}
