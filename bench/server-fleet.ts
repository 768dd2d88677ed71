/**
 * A fleet of 1, 2 or 3 node processes on one PostgreSQL and one Redis (the machine's): ticket
 * creations per second (autocannon against every node at once, tickets waiting in an hour-long
 * rounds queue), matches per second end to end (solo tickets into a 5v5 queue through every node;
 * the clock stops when the queue reports every match formed and stored), and the failover time
 * (the node running a queue is killed with SIGKILL; the time until another node runs it, and until
 * a ticket waiting across the kill is matched).
 * usage: node --import tsx bench/server-fleet.ts [--nodes 3] [--duration 10] [--tickets 10000]
 *        [--failovers 5] [--lease-ms 3000]
 * Each node is its own process; autocannon runs in this one. CPU seconds per node are read from
 * /proc (user + system), as wall time on a shared 2-core machine says little alone.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';
import {
  adminKey,
  type BenchServer,
  createTicketRequest,
  getJson,
  holdQueue,
  loadAverage,
  open5v5,
  run,
  startBenchServer,
} from './server-support.ts';

const { values } = parseArgs({
  options: {
    nodes: { type: 'string', default: '3' },
    duration: { type: 'string', default: '10' },
    tickets: { type: 'string', default: '10000' },
    failovers: { type: 'string', default: '5' },
    'lease-ms': { type: 'string', default: '3000' },
    connections: { type: 'string', default: '48' },
  },
});
const nodeCount = Number(values.nodes);
const postgresAdmin =
  process.env['MATCHD_TEST_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env['MATCHD_TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

const duel = {
  id: 'duel',
  teams: { count: 2, size: 1 },
  rating: { track: 'duel' },
  criteria: [{ kind: 'team-balance', weight: 1 }],
  threshold: { start: 0 },
  mode: { kind: 'continuous', maxWaitMs: 60_000 },
};

/** user + system CPU seconds of a process so far. */
function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

const name = `matchd_bench_fleet_${process.pid}_${randomBytes(3).toString('hex')}`;
const prefix = `${name}:`;
const admin = new pg.Client({ connectionString: postgresAdmin });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const databaseUrl = Object.assign(new URL(postgresAdmin), { pathname: `/${name}` }).toString();

const startNode = () =>
  startBenchServer({
    queues: [holdQueue, open5v5, duel],
    env: {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      MATCHD_REDIS_PREFIX: prefix,
      MATCHD_TICK_INTERVAL_MS: '50',
      MATCHD_LEASE_MS: values['lease-ms'],
    },
  });

async function owner(nodes: readonly BenchServer[], queueId: string): Promise<BenchServer | undefined> {
  for (const node of nodes) {
    try {
      // Ready or not (a long step makes a node unready), /readyz names the queues the node runs.
      const ready = await getJson<{
        ownedQueues?: string[];
        error?: { details?: { ownedQueues?: string[] } };
      }>(`${node.url}/readyz`);
      if ((ready.ownedQueues ?? ready.error?.details?.ownedQueues ?? []).includes(queueId)) return node;
    } catch {
      // A node that is down owns nothing.
    }
  }
  return undefined;
}

async function post(url: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${url}/v1/tickets`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Record<string, unknown>;
}

const nodes: BenchServer[] = [];
try {
  for (let index = 0; index < nodeCount; index += 1) nodes.push(await startNode());
  const load = await loadAverage();
  const connections = Number(values.connections);
  const per = Math.max(1, Math.floor(connections / nodeCount));

  // Creations per second: every node at once, tickets waiting.
  const cpuBefore = nodes.map((node) => cpuSeconds(node.process.pid));
  const duration = Number(values.duration);
  const creations = await Promise.all(
    nodes.map((node, index) =>
      run({
        url: node.url,
        duration,
        connections: per,
        requests: [createTicketRequest('hold', `c${index}`)],
      }),
    ),
  );
  const created = creations.reduce((sum, result) => sum + result['2xx'], 0);
  const createCpu = nodes.map((node, index) => cpuSeconds(node.process.pid) - (cpuBefore[index] ?? 0));

  // Matches per second: solo tickets through every node into one 5v5 queue.
  const tickets = Number(values.tickets);
  const started = performance.now();
  const fed = await Promise.all(
    nodes.map((node, index) =>
      run({
        url: node.url,
        amount: Math.floor(tickets / nodeCount),
        connections: per,
        requests: [createTicketRequest('open-5v5', `m${index}`)],
      }),
    ),
  );
  const fedMs = performance.now() - started;
  const expected = Math.floor((Math.floor(tickets / nodeCount) * nodeCount) / 10);
  let formed = 0;
  for (;;) {
    formed = (await getJson<{ matchesFormed: number }>(`${nodes[0]?.url}/v1/queues/open-5v5`)).matchesFormed;
    if (formed >= expected || performance.now() - started > 300_000) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const matchMs = performance.now() - started;

  // Failover: kill the duel queue's node; time until another runs it and a waiting ticket matches.
  const failovers: { takeoverMs: number; matchedMs: number }[] = [];
  if (nodeCount >= 2) {
    for (let round = 0; round < Number(values.failovers); round += 1) {
      const holder = await owner(nodes, 'duel');
      if (holder === undefined) throw new Error('no node runs the duel queue');
      const others = nodes.filter((node) => node !== holder);
      const survivor = others[0] as BenchServer;
      const waiting = await post(survivor.url, { queueId: 'duel', players: [{ playerId: `fo-a-${round}` }] });
      const killedAt = performance.now();
      holder.process.kill('SIGKILL');
      await new Promise((resolve) => holder.process.once('exit', resolve));
      await post(survivor.url, { queueId: 'duel', players: [{ playerId: `fo-b-${round}` }] });
      let takeoverMs: number | undefined;
      for (;;) {
        if (takeoverMs === undefined && (await owner(others, 'duel')) !== undefined)
          takeoverMs = performance.now() - killedAt;
        const seen = await getJson<{ state: string }>(
          `${survivor.url}/v1/tickets/${String(waiting['ticketId'])}`,
        );
        if (seen.state === 'matched') break;
        if (performance.now() - killedAt > 60_000) throw new Error('no failover within 60 s');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      failovers.push({
        takeoverMs: Math.round(takeoverMs ?? 0),
        matchedMs: Math.round(performance.now() - killedAt),
      });
      // Start a replacement, so each round kills one of nodeCount live nodes.
      nodes.splice(nodes.indexOf(holder), 1);
      await holder.stop();
      nodes.push(await startNode());
    }
  }
  const sorted = failovers.map((entry) => entry.matchedMs).sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      bench: 'server fleet',
      nodes: nodeCount,
      leaseMs: Number(values['lease-ms']),
      creations: {
        durationS: duration,
        connections: per * nodeCount,
        created,
        non2xx: creations.reduce((sum, result) => sum + result.non2xx, 0),
        perSecond: Math.round(created / duration),
        p99Ms: Math.max(...creations.map((result) => result.latency.p99)),
        cpuSecondsPerNode: createCpu.map((value) => Number(value.toFixed(1))),
      },
      matches: {
        tickets,
        non2xx: fed.reduce((sum, result) => sum + result.non2xx, 0),
        ticketsPerSecond: Math.round((Math.floor(tickets / nodeCount) * nodeCount) / (fedMs / 1000)),
        formed,
        totalS: Number((matchMs / 1000).toFixed(2)),
        matchesPerSecond: Math.round(formed / (matchMs / 1000)),
      },
      failovers,
      failoverMedianMs: sorted[Math.floor(sorted.length / 2)],
      loadAverage: load,
    }),
  );
} finally {
  await Promise.all(nodes.map((node) => node.stop().catch(() => {})));
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  const redis = new Redis(redisUrl);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', '1000');
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  await redis.quit();
}
