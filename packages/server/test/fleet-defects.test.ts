/**
 * One test per defect the fleet had: a match that lost a ticket was still stored and announced; a
 * failing step left matched tickets "searching" and stuck; a queue's error cost the other queues;
 * a dead matchmaker worker was never restarted; a Redis outage gave 500s after seconds and half-done
 * cancels; two servers ran on one PGlite data dir; a queue took tickets without bound; a match read
 * while its node stored it was not found.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import type { MatchmakerEffect, QueueConfig } from '@matchd/engine';
import { configFrom } from '../src/config.ts';
import type { MatchmakerHost } from '../src/runtime/matchmaker-host.ts';
import { startWorkerHost, type WorkerHost } from '../src/runtime/worker-host.ts';
import { startServer } from '../src/start.ts';
import type { FleetState } from '../src/store/fleet-state.ts';
import { createMemoryFleetState } from '../src/store/memory/memory-fleet-state.ts';
import { openRedisFleetState } from '../src/store/redis/redis-fleet-state.ts';
import { type ApiClient, duelQueue, eventually, keys, squadQueue } from './support/harness.ts';
import { localHost, memoryServer, testPolicies, tokenSecret } from './support/memory-server.ts';
import { freePort } from './support/node-process.ts';

type Ticket = { ticketId: string; state: string; matchId?: string; createdAtMs: number; waitMs: number };
type ErrorBody = { error: { code: string; message: string; details: Record<string, unknown> } };

/** A server on memory stores (or the given state) around `host`. */
const serverWith = (
  host: MatchmakerHost,
  queues: readonly QueueConfig[],
  options: { state?: FleetState } = {},
) => memoryServer({ host, queues, ...(options.state === undefined ? {} : { state: options.state }) });

async function create(client: ApiClient, queueId: string, playerId: string) {
  return client.request<Ticket & ErrorBody>('POST', '/v1/tickets', {
    credential: keys.server,
    body: { queueId, players: [{ playerId }] },
  });
}

async function stateOf(client: ApiClient, ticketId: string): Promise<Ticket> {
  return (await client.request<Ticket>('GET', `/v1/tickets/${ticketId}`, { credential: keys.server })).body;
}

describe('fleet defects', () => {
  test('a match that lost a ticket is neither stored nor announced; its other ticket searches on, keeping its wait', async () => {
    const inner = localHost();
    let cancelFirstMatch: (() => Promise<void>) | undefined;
    const seenMatches: string[] = [];
    // Between the engine forming the match and its commit, one of its players cancels (on "another node").
    const host: MatchmakerHost = {
      ...inner,
      async tickQueue(queueId, nowMs) {
        const tick = await inner.tickQueue(queueId, nowMs);
        if (tick.effects.some((effect) => effect.kind === 'matched') && cancelFirstMatch !== undefined) {
          const cancel = cancelFirstMatch;
          cancelFirstMatch = undefined;
          await cancel();
          for (const effect of tick.effects as MatchmakerEffect[])
            if (effect.kind === 'matched') seenMatches.push(effect.match.matchId);
        }
        return tick;
      },
    };
    const server = await serverWith(host, [duelQueue]);
    try {
      const stayer = await create(server.client, 'duel', 'stayer');
      await new Promise((resolve) => setTimeout(resolve, 150));
      // The tick may run before the creation's reply arrives: the cancel waits for the leaver's id.
      let knowLeaver!: (ticketId: string) => void;
      const leaverKnown = new Promise<string>((resolve) => {
        knowLeaver = resolve;
      });
      cancelFirstMatch = async () => {
        const reply = await server.client.request('DELETE', `/v1/tickets/${await leaverKnown}`, {
          credential: keys.server,
        });
        assert.equal(reply.status, 200);
      };
      const leaver = await create(server.client, 'duel', 'leaver');
      const leaverId = leaver.body.ticketId;
      knowLeaver(leaverId);
      await eventually(
        async () => (seenMatches.length > 0 ? true : undefined),
        10_000,
        'the engine formed the match',
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      const kept = await stateOf(server.client, stayer.body.ticketId);
      assert.equal(kept.state, 'searching', 'the match did not commit');
      assert.equal(kept.matchId, undefined);
      assert.equal((await stateOf(server.client, leaverId)).state, 'cancelled');
      for (const playerId of ['stayer', 'leaver']) {
        const history = await server.client.request<unknown[]>('GET', `/v1/players/${playerId}/matches`, {
          credential: keys.server,
        });
        assert.deepEqual(history.body, [], `${playerId} has no phantom match`);
      }
      const partner = await create(server.client, 'duel', 'partner');
      const matched = await eventually(async () => {
        const seen = await stateOf(server.client, stayer.body.ticketId);
        return seen.state === 'matched' ? seen : undefined;
      });
      assert.equal(matched.createdAtMs, stayer.body.createdAtMs);
      assert.ok(matched.waitMs >= 350, `wait kept from creation: ${matched.waitMs}`);
      assert.equal((await stateOf(server.client, partner.body.ticketId)).matchId, matched.matchId);
      const metrics = String((await server.client.request('GET', '/metrics')).body);
      assert.match(metrics, /matchd_queue_errors_total\{queue="duel",stage="conflict"\} 1/);
    } finally {
      await server.close();
    }
  });

  test('a match read while its node stores it is found: never a 404 between SQL and the outbox', async () => {
    // The fleet state as it is, with the formed match's commit held back (so SQL does not have the
    // match yet when it is read) until the read looks in the outbox; the outbox is read only after
    // the node stored the match and emptied it: the order a slow read meets a fast node in.
    const state = createMemoryFleetState();
    let holdCommits = true;
    let releaseCommit!: () => void;
    const commitReleased = new Promise<void>((resolve) => {
      releaseCommit = resolve;
    });
    const saved = new Set<string>();
    const wrapped: FleetState = {
      ...state,
      async commit(queueId, fence, change) {
        const result = await state.commit(queueId, fence, change);
        if (holdCommits) await commitReleased;
        return result;
      },
      async matchSaved(queueId, matchId) {
        await state.matchSaved(queueId, matchId);
        saved.add(matchId);
      },
      async findUnsavedMatch(matchId, queueIds) {
        holdCommits = false;
        releaseCommit();
        await eventually(async () => (saved.has(matchId) ? true : undefined), 5000, 'the match stored');
        return state.findUnsavedMatch(matchId, queueIds);
      },
    };
    const server = await serverWith(localHost(), [duelQueue], { state: wrapped });
    try {
      const first = await create(server.client, 'duel', 'read-early-a');
      await create(server.client, 'duel', 'read-early-b');
      const matchId = await eventually(
        async () => (await stateOf(server.client, first.body.ticketId)).matchId,
      );
      const read = await server.client.request<{ matchId: string }>('GET', `/v1/matches/${matchId}`, {
        credential: keys.server,
      });
      assert.equal(read.status, 200, JSON.stringify(read.body));
      assert.equal(read.body.matchId, matchId);
    } finally {
      releaseCommit();
      await server.close();
    }
  });

  test('a step failing after a match committed (a metric throwing on NaN) leaves no ticket half-applied', async () => {
    const server = await serverWith(localHost(), [duelQueue]);
    try {
      server.service.metrics.matchQuality.observe = () => {
        throw new Error('Value is not a valid number: NaN');
      };
      const tickets = [
        await create(server.client, 'duel', 'nan-a'),
        await create(server.client, 'duel', 'nan-b'),
      ];
      const matched = await eventually(async () => {
        const seen = await stateOf(server.client, tickets[0]?.body.ticketId as string);
        return seen.state === 'matched' ? seen : undefined;
      });
      assert.equal((await stateOf(server.client, tickets[1]?.body.ticketId as string)).state, 'matched');
      const match = await server.client.request('GET', `/v1/matches/${matched.matchId}`, {
        credential: keys.server,
      });
      assert.equal(match.status, 200, 'the match is stored');
      const metrics = String((await server.client.request('GET', '/metrics')).body);
      assert.match(metrics, /matchd_queue_errors_total\{queue="duel",stage="metrics"\} 1/);
      // Both may queue again at once; nothing is stuck.
      for (const playerId of ['nan-a', 'nan-b'])
        assert.equal((await create(server.client, 'duel', playerId)).status, 201);
    } finally {
      await server.close();
    }
  });

  test('a queue whose matchmaker throws is logged and counted; other queues match; its tickets stay whole and cancellable', async () => {
    const inner = localHost();
    const host: MatchmakerHost = {
      ...inner,
      async tickQueue(queueId, nowMs) {
        if (queueId === 'squad') throw new Error('bestSplit exploded');
        return inner.tickQueue(queueId, nowMs);
      },
    };
    const server = await serverWith(host, [duelQueue, squadQueue]);
    const logged: Record<string, unknown>[] = [];
    const original = server.service.context.log.error.bind(server.service.context.log);
    server.service.context.log.error = ((object: Record<string, unknown>, ...rest: unknown[]) => {
      logged.push(object);
      return (original as (...args: unknown[]) => void)(object, ...rest);
    }) as typeof original;
    try {
      const squad = await Promise.all(
        ['s1', 's2', 's3', 's4'].map((playerId) => create(server.client, 'squad', playerId)),
      );
      const duel = [await create(server.client, 'duel', 'd1'), await create(server.client, 'duel', 'd2')];
      await eventually(async () => {
        const seen = await stateOf(server.client, duel[0]?.body.ticketId as string);
        return seen.state === 'matched' ? true : undefined;
      });
      await eventually(async () => (logged.some((entry) => entry['queueId'] === 'squad') ? true : undefined));
      for (const ticket of squad)
        assert.equal((await stateOf(server.client, ticket.body.ticketId)).state, 'searching');
      const cancelled = await server.client.request<Ticket>(
        'DELETE',
        `/v1/tickets/${squad[0]?.body.ticketId}`,
        {
          credential: keys.server,
        },
      );
      assert.equal(cancelled.body.state, 'cancelled');
      const metrics = String((await server.client.request('GET', '/metrics')).body);
      assert.match(metrics, /matchd_queue_errors_total\{queue="squad",stage="tick"\} [1-9]/);
      assert.doesNotMatch(metrics, /matchd_queue_errors_total\{queue="duel"/);
      const ready = await server.client.request<ErrorBody>('GET', '/readyz');
      assert.equal(ready.status, 503, 'a queue that cannot tick makes the node unready');
      assert.match(
        String(ready.body.error.details['checks'] && JSON.stringify(ready.body.error.details['checks'])),
        /squad/,
      );
    } finally {
      await server.close();
    }
  });

  test('a dead matchmaker worker is restarted; its queues are rebuilt; tickets before and after match; health tells', async () => {
    const host: WorkerHost = await startWorkerHost({ policies: testPolicies(), seed: 3 });
    const server = await serverWith(host, [duelQueue]);
    try {
      const before = await create(server.client, 'duel', 'w-before');
      await eventually(async () =>
        (await server.client.request('GET', '/readyz')).status === 200 ? true : undefined,
      );
      await host.worker.terminate();
      const during = await create(server.client, 'duel', 'w-after');
      assert.equal(during.status, 201);
      const healthz = await server.client.request('GET', '/healthz');
      assert.equal(healthz.status, 200, 'the process is alive');
      const matched = await eventually(
        async () => {
          const seen = await stateOf(server.client, before.body.ticketId);
          return seen.state === 'matched' ? seen : undefined;
        },
        15_000,
        'the waiting ticket matched after the restart',
      );
      assert.equal((await stateOf(server.client, during.body.ticketId)).matchId, matched.matchId);
      assert.equal(host.restarts, 1);
      await eventually(async () =>
        (await server.client.request('GET', '/readyz')).status === 200 ? true : undefined,
      );
      const metrics = String((await server.client.request('GET', '/metrics')).body);
      assert.match(metrics, /matchd_queue_rebuilds_total\{queue="duel"\} [2-9]/);
    } finally {
      await server.close();
      await host.close();
    }
  });

  test('a queue at its capacity refuses new tickets with 503 MM_ERR_QUEUE_FULL', async () => {
    const hold = {
      ...duelQueue,
      id: 'tiny',
      mode: { kind: 'rounds' as const, periodMs: 3_600_000, maxWaitMs: 3_600_000 },
    };
    const { client, close } = await memoryServer({ queues: [hold], limits: { queueCapacity: 2 } });
    try {
      for (const playerId of ['c1', 'c2']) assert.equal((await create(client, 'tiny', playerId)).status, 201);
      const full = await create(client, 'tiny', 'c3');
      assert.equal(full.status, 503);
      assert.equal(full.body.error.code, 'MM_ERR_QUEUE_FULL');
      assert.equal(full.body.error.details['capacity'], 2);
    } finally {
      await close();
    }
  });

  test('two servers on one PGlite data dir: the second start fails naming the dir; after a stop it starts', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'matchd-lock-'));
    const config = configFrom({
      port: 0,
      dataDir,
      ratingsBackend: 'pglite',
      apiKeys: `admin:a:${keys.admin}`,
      tokenSecret,
      queuesDir: mkdtempSync(join(tmpdir(), 'matchd-noqueues-')),
      matchWorker: false,
      logLevel: 'silent',
    });
    const first = await startServer(config);
    try {
      await assert.rejects(startServer(config), (error: Error) => {
        assert.match(error.message, new RegExp(`data dir ${dataDir.replaceAll('/', '\\/')} is in use`));
        return true;
      });
    } finally {
      await first.stop();
    }
    const again = await startServer(config);
    await again.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(config.queuesDir as string, { recursive: true, force: true });
  });
});

/** A private redis-server of the machine on a free port, without persistence. */
async function privateRedis(): Promise<{ url: string; process: ChildProcess; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const url = `redis://127.0.0.1:${port}`;
  await eventually(async () => {
    try {
      const state = await openRedisFleetState(url, 'probe:');
      await state.close();
      return true;
    } catch {
      return undefined;
    }
  });
  return {
    url,
    process: child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGCONT');
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

describe('fleet defects: Redis out of reach', () => {
  test('while Redis hangs: 503 MM_ERR_UNAVAILABLE within a second, nothing half-done; afterwards all works', async () => {
    const redis = await privateRedis();
    const state = await openRedisFleetState(redis.url, 'outage:');
    const server = await serverWith(localHost(), [duelQueue], { state });
    try {
      const waiting = await create(server.client, 'duel', 'calm');
      assert.equal(waiting.status, 201);
      redis.process.kill('SIGSTOP');
      for (const attempt of [
        () => create(server.client, 'duel', 'during'),
        () =>
          server.client.request<ErrorBody>('DELETE', `/v1/tickets/${waiting.body.ticketId}`, {
            credential: keys.server,
          }),
        () =>
          server.client.request<ErrorBody>('GET', `/v1/tickets/${waiting.body.ticketId}`, {
            credential: keys.server,
          }),
      ]) {
        const started = Date.now();
        const reply = await attempt();
        const tookMs = Date.now() - started;
        assert.equal(reply.status, 503, JSON.stringify(reply.body));
        assert.equal(reply.body.error.code, 'MM_ERR_UNAVAILABLE');
        assert.ok(tookMs < 1000, `answered in ${tookMs} ms`);
      }
      assert.equal((await server.client.request('GET', '/readyz')).status, 503);
      redis.process.kill('SIGCONT');
      await eventually(async () =>
        (await server.client.request('GET', '/readyz')).status === 200 ? true : undefined,
      );
      // The cancel that failed changed nothing: the ticket still searches, and cancels now.
      assert.equal((await stateOf(server.client, waiting.body.ticketId)).state, 'searching');
      const cancelled = await server.client.request<Ticket>(
        'DELETE',
        `/v1/tickets/${waiting.body.ticketId}`,
        {
          credential: keys.server,
        },
      );
      assert.equal(cancelled.body.state, 'cancelled');
      // The creation that failed reserved nobody for longer than the reservation's short life.
      const again = await eventually(async () => {
        const reply = await create(server.client, 'duel', 'during');
        return reply.status === 201 ? reply : undefined;
      }, 10_000);
      assert.equal(again.body.state, 'searching');
      redis.process.kill('SIGKILL');
      const started = Date.now();
      const down = await create(server.client, 'duel', 'down');
      assert.equal(down.status, 503);
      assert.ok(Date.now() - started < 1000);
    } finally {
      await server.close();
      await state.close();
      await redis.stop();
    }
  });
});

describe('data dir', () => {
  test('the data dir is owner-only; a readable admin key file is refused naming it', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'matchd-perm-'));
    const dataDir = join(parent, 'data');
    const config = configFrom({
      port: 0,
      dataDir,
      ratingsBackend: 'memory',
      queuesDir: parent,
      matchWorker: false,
      logLevel: 'silent',
    });
    const server = await startServer(config);
    await server.stop();
    assert.equal(statSync(dataDir).mode & 0o777, 0o700);
    const keyFile = server.localAdminKeyFile as string;
    assert.equal(statSync(keyFile).mode & 0o777, 0o600);
    const { chmodSync } = await import('node:fs');
    chmodSync(keyFile, 0o644);
    await assert.rejects(
      startServer(config),
      new RegExp(`${keyFile.replaceAll('/', '\\/')} may be read by others`),
    );
    chmodSync(dataDir, 0o755);
    chmodSync(keyFile, 0o600);
    const again = await startServer(config);
    await again.stop();
    assert.equal(statSync(dataDir).mode & 0o777, 0o700, 'a loose existing dir is tightened');
    rmSync(parent, { recursive: true, force: true });
  });
});
