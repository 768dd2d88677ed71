/**
 * API latency while rounds of ~300 players are optimised: a rounds-mode 5v5 queue (Awesomenauts'
 * shape: every second, a 300 ms search budget) is fed 300 players per second, and at the same
 * time reads (queue stats, a player profile) are measured. Run with the matchmaker in the worker
 * thread (default) and in the API thread to see what the worker buys.
 * usage: node --import tsx bench/server-api-p99-round.ts [--worker true|false] [--duration 15]
 */
import { parseArgs } from 'node:util';
import {
  adminKey,
  createTicketRequest,
  getJson,
  loadAverage,
  run,
  startBenchServer,
} from './server-support.ts';

const { values } = parseArgs({
  options: { worker: { type: 'string', default: 'true' }, duration: { type: 'string', default: '15' } },
});
const duration = Number(values.duration);

const rounds5v5 = {
  id: 'rounds-5v5',
  teams: { count: 2, size: 5 },
  rating: { track: 'rounds' },
  criteria: [
    { kind: 'team-skill-gap', weight: 3 },
    { kind: 'player-skill-gap', weight: 2 },
    { kind: 'enemy-ping', weight: 1 },
  ],
  threshold: { start: 0 },
  mode: { kind: 'rounds', periodMs: 1000, minPlayers: 300, maxWaitMs: 2000, searchBudgetMs: 300 },
};

const server = await startBenchServer({
  queues: [rounds5v5],
  env: {
    MATCHD_RATINGS_BACKEND: 'memory',
    MATCHD_MATCH_WORKER: values.worker,
    MATCHD_TICK_INTERVAL_MS: '100',
  },
});
try {
  const load = await loadAverage();
  const feeding = run({
    url: server.url,
    duration,
    connections: 8,
    overallRate: 300,
    requests: [createTicketRequest('rounds-5v5', 'round')],
  });
  const reads = run({
    url: server.url,
    duration,
    connections: 8,
    requests: [
      { method: 'GET', path: '/v1/queues/rounds-5v5', headers: { authorization: `Bearer ${adminKey}` } },
      { method: 'GET', path: '/v1/players/round-1', headers: { authorization: `Bearer ${adminKey}` } },
    ],
  });
  const [fed, read] = await Promise.all([feeding, reads]);
  const metrics = await (await fetch(`${server.url}/metrics`)).text();
  const tickSum = Number(/matchd_tick_seconds_sum\{queue="rounds-5v5"\} ([\d.e-]+)/.exec(metrics)?.[1] ?? 0);
  const tickMax = metrics
    .split('\n')
    .filter(
      (line) =>
        line.startsWith('matchd_tick_seconds_bucket{le="0.1",queue="rounds-5v5"}') ||
        line.includes('le="0.25",queue="rounds-5v5"'),
    );
  const queue = await getJson<{ matchesFormed: number; waitP50Ms?: number }>(
    `${server.url}/v1/queues/rounds-5v5`,
  );
  console.log(
    JSON.stringify({
      bench: 'server API latency during rounds',
      worker: values.worker,
      durationS: duration,
      ticketsCreated: fed['2xx'],
      createLatencyMs: { p50: fed.latency.p50, p99: fed.latency.p99, max: fed.latency.max },
      matchesFormed: queue.matchesFormed,
      matchmakerSecondsInTicks: Number(tickSum.toFixed(2)),
      tickBuckets: tickMax,
      reads: read['2xx'],
      readNon2xx: read.non2xx,
      readLatencyMs: {
        p50: read.latency.p50,
        p90: read.latency.p90,
        p99: read.latency.p99,
        max: read.latency.max,
      },
      loadAverage: load,
    }),
  );
} finally {
  await server.stop();
}
