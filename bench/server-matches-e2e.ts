/**
 * Matches formed per second end to end: solo tickets into a 5v5 continuous queue as fast as the
 * HTTP API takes them; the clock stops when the last match is formed and stored (the queue's
 * `matchesFormed`), so the figure covers creation, matching in the worker, claims, match storage
 * and events.
 * usage: node --import tsx bench/server-matches-e2e.ts [--tickets 20000] [--backend pglite|memory]
 */
import { parseArgs } from 'node:util';
import {
  createTicketRequest,
  getJson,
  loadAverage,
  open5v5,
  run,
  startBenchServer,
} from './server-support.ts';

const { values } = parseArgs({
  options: { tickets: { type: 'string', default: '20000' }, backend: { type: 'string', default: 'pglite' } },
});
const tickets = Number(values.tickets);
const matchesExpected = Math.floor(tickets / 10);

const server = await startBenchServer({
  queues: [open5v5],
  env: { MATCHD_RATINGS_BACKEND: values.backend, MATCHD_TICK_INTERVAL_MS: '50' },
});
try {
  const load = await loadAverage();
  const started = performance.now();
  const created = await run({
    url: server.url,
    amount: tickets,
    connections: 32,
    requests: [createTicketRequest('open-5v5', 'e2e')],
  });
  const createdMs = performance.now() - started;
  let formed = 0;
  for (;;) {
    formed = (await getJson<{ matchesFormed: number }>(`${server.url}/v1/queues/open-5v5`)).matchesFormed;
    if (formed >= matchesExpected || performance.now() - started > 600_000) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const totalMs = performance.now() - started;
  console.log(
    JSON.stringify({
      bench: 'server matches end to end',
      backend: values.backend,
      tickets,
      non2xx: created.non2xx,
      ticketsPerSecond: Math.round(tickets / (createdMs / 1000)),
      matchesFormed: formed,
      totalS: Number((totalMs / 1000).toFixed(2)),
      matchesPerSecond: Math.round(formed / (totalMs / 1000)),
      loadAverage: load,
    }),
  );
} finally {
  await server.stop();
}
