/**
 * Ticket creation throughput and latency on one server process, with 50k tickets already waiting.
 * usage: node --import tsx bench/server-ticket-create.ts [--backend pglite|memory] [--prefill 50000]
 *        [--duration 10] [--connections 64] [--worker true|false] [--pool memory|redis]
 * `--pool redis` keeps the fleet state (waiting tickets, events) in Redis (MATCHD_TEST_REDIS_URL or
 * 127.0.0.1:6379) under a fresh key prefix, deleted afterwards: one node of a fleet.
 * The server is its own process; autocannon runs in this one.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import {
  createTicketRequest,
  getJson,
  holdQueue,
  loadAverage,
  run,
  startBenchServer,
} from './server-support.ts';

const { values } = parseArgs({
  options: {
    backend: { type: 'string', default: 'pglite' },
    prefill: { type: 'string', default: '50000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '64' },
    worker: { type: 'string', default: 'true' },
    pool: { type: 'string', default: 'memory' },
  },
});
/** User + system CPU seconds of a process so far, from /proc (clock ticks of 1/100 s on Linux). */
function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const redisUrl = process.env['MATCHD_TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const redisPrefix = `matchd_bench_create_${process.pid}_${randomBytes(3).toString('hex')}:`;

const server = await startBenchServer({
  queues: [holdQueue],
  env: {
    MATCHD_RATINGS_BACKEND: values.backend,
    MATCHD_MATCH_WORKER: values.worker,
    MATCHD_TICK_INTERVAL_MS: '200',
    // Past the default capacity (100,000 per queue) creations are refused by design; this bench
    // measures creation, so the queue may hold all of them.
    MATCHD_QUEUE_CAPACITY: '10000000',
    ...(values.pool === 'redis'
      ? { MATCHD_POOL_BACKEND: 'redis', REDIS_URL: redisUrl, MATCHD_REDIS_PREFIX: redisPrefix }
      : {}),
  },
});
try {
  const prefill = Number(values.prefill);
  if (prefill > 0) {
    const filled = await run({
      url: server.url,
      amount: prefill,
      connections: 64,
      requests: [createTicketRequest('hold', 'pre')],
    });
    if (filled.non2xx > 0) throw new Error(`prefill: ${filled.non2xx} non-2xx replies`);
  }
  const waiting = (await getJson<{ ticketsWaiting: number }>(`${server.url}/v1/queues/hold`)).ticketsWaiting;
  const load = await loadAverage();
  const cpuBefore = cpuSecondsOf(server.process.pid as number);
  const result = await run({
    url: server.url,
    duration: Number(values.duration),
    connections: Number(values.connections),
    requests: [createTicketRequest('hold', 'bench')],
  });
  const created = result['2xx'];
  // The server's own CPU per creation: what a loaded machine's wall-clock figures hide.
  const serverCpuS = cpuSecondsOf(server.process.pid as number) - cpuBefore;
  console.log(
    JSON.stringify({
      bench: 'server ticket creation',
      backend: values.backend,
      pool: values.pool,
      worker: values.worker,
      waitingBefore: waiting,
      connections: Number(values.connections),
      durationS: Number(values.duration),
      created,
      non2xx: result.non2xx,
      errors: result.errors,
      perSecond: Math.round(created / Number(values.duration)),
      serverCpuUsPerTicket: Math.round((serverCpuS * 1e6) / Math.max(1, created)),
      latencyMs: {
        p50: result.latency.p50,
        p90: result.latency.p90,
        p99: result.latency.p99,
        max: result.latency.max,
      },
      loadAverage: load,
    }),
  );
} finally {
  await server.stop();
  if (values.pool === 'redis') {
    const redis = new Redis(redisUrl);
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${redisPrefix}*`, 'COUNT', '1000');
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
    await redis.quit();
  }
}
