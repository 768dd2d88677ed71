/**
 * The fleet chaos run: three node processes on one PostgreSQL and one Redis (or Redis Cluster); a
 * stream of solo and party tickets round-robin across the nodes, some cancelled through another
 * node, results reported (and reported again through another node, as a retrying game server
 * would); every few seconds a node is killed with SIGKILL and started again. Then, through the public
 * API only, the end checks: every acknowledged ticket is known; it is matched, searching, cancelled
 * or expired; a ticket cancelled with 200 never matched; each ticket is in at most one match, each
 * match stored with exactly the players of its tickets; each player's history holds exactly the
 * matches of their matched tickets; no result applied twice; every searching ticket kept its
 * creation time and wait, and cancels.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { QueueConfig } from '@matchd/engine';
import { freshPostgresDatabase, freshRedisPrefix } from './backends.ts';
import { duelQueue, holdQueue, keys, squadQueue } from './harness.ts';
import { freePort, NodeProcess } from './node-process.ts';

/** What a chaos run did, for the test's messages. */
export interface ChaosReport {
  readonly acknowledged: number;
  readonly kills: number;
  readonly matches: number;
  readonly reported: number;
  readonly states: Record<string, number>;
  readonly failedRequests: number;
}

/** Settings of a run. */
export interface ChaosOptions {
  readonly redisUrl: string;
  /** How long tickets stream in while nodes are killed. */
  readonly loadMs: number;
  /** Mean time between two kills. */
  readonly killEveryMs: number;
  /** Also check the ones that were not part of the run (an optional note in messages). */
  readonly label: string;
}

type Acked = {
  readonly ticketId: string;
  readonly queueId: string;
  readonly playerIds: readonly string[];
  readonly createdAtMs: number;
  readonly ackAtMs: number;
};
type TicketBody = { ticketId: string; state: string; matchId?: string; createdAtMs: number; waitMs: number };
type MatchBody = {
  matchId: string;
  queueId: string;
  teams: { playerId: string; ticketId: string; track: string }[][];
  outcome?: unknown;
};

/** Waits in vain, then expires after 3 s. */
const briefQueue: QueueConfig = {
  ...holdQueue,
  id: 'brief',
  rating: { track: 'brief' },
  expireAfterMs: 3000,
};

const random = (() => {
  // A fixed-seed generator: a failing run can be replayed (the kills' timing still varies).
  let state = Number(process.env['MATCHD_CHAOS_SEED'] ?? 20261124) >>> 0;
  return () => {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return state / 2 ** 32;
  };
})();
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

/** Runs the chaos flow (see the file comment); throws an assertion error naming what broke. */
export async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  const database = await freshPostgresDatabase('chaos');
  const { prefix, drop } = freshRedisPrefix('chaos');
  const work = mkdtempSync(join(tmpdir(), 'matchd-chaos-'));
  const queuesDir = join(work, 'queues');
  mkdirSync(queuesDir);
  for (const queue of [duelQueue, squadQueue, holdQueue, briefQueue])
    writeFileSync(join(queuesDir, `${queue.id}.json`), JSON.stringify(queue));
  const nodes: NodeProcess[] = [];
  for (let index = 0; index < 3; index += 1) {
    const dataDir = join(work, `node${index}`);
    nodes.push(
      new NodeProcess(
        await freePort(),
        {
          DATABASE_URL: database.url,
          REDIS_URL: options.redisUrl,
          MATCHD_REDIS_PREFIX: prefix,
          MATCHD_DATA_DIR: dataDir,
          MATCHD_QUEUES_DIR: queuesDir,
          MATCHD_API_KEYS: `admin:chaos-admin:${keys.admin},server:chaos-server:${keys.server}`,
          MATCHD_TOKEN_SECRET: 'chaos-token-secret-0123456789abcdef012345',
          MATCHD_TICK_INTERVAL_MS: '50',
          MATCHD_LEASE_MS: '1500',
          MATCHD_RATE_LIMIT_PER_MINUTE: '10000000',
          MATCHD_LOG_LEVEL: 'warn',
        },
        join(work, `node${index}.log`),
      ),
    );
  }
  const logs = () =>
    nodes
      .map((_, index) => readFileSync(join(work, `node${index}.log`), 'utf8').slice(-3000))
      .join('\n---\n');
  try {
    await Promise.all(nodes.map((node) => node.start()));
    return await drive(nodes, options);
  } catch (error) {
    if (error instanceof Error) error.message += `\nnode logs (tails):\n${logs()}`;
    throw error;
  } finally {
    await Promise.all(nodes.map((node) => node.stop()));
    await drop();
    await database.drop();
    rmSync(work, { recursive: true, force: true });
  }
}

async function call<T>(
  node: NodeProcess,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T } | undefined> {
  try {
    const response = await fetch(`${node.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${keys.admin}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    return { status: response.status, body: (text.length === 0 ? {} : JSON.parse(text)) as T };
  } catch {
    // Refused or cut: the node is down (or was killed mid-request). The outcome is unknown.
    return undefined;
  }
}

async function drive(nodes: NodeProcess[], options: ChaosOptions): Promise<ChaosReport> {
  const acked = new Map<string, Acked>();
  const cancelledOk = new Set<string>();
  const waitingPlayers = new Set<string>();
  const players = Array.from({ length: 300 }, (_, index) => `cp${index}`);
  const serverErrors: string[] = [];
  const reportedMatches = new Set<string>();
  const appliedTwice: string[] = [];
  let failedRequests = 0;
  let kills = 0;
  let turn = 0;
  const live = () => nodes.filter((node) => node.running);
  const nextNode = () => {
    const up = live();
    turn += 1;
    return (up[turn % Math.max(1, up.length)] ?? nodes[0]) as NodeProcess;
  };
  const note = (reply: { status: number; body: unknown } | undefined, what: string) => {
    if (reply === undefined) failedRequests += 1;
    else if (reply.status >= 500 && reply.status !== 503)
      serverErrors.push(`${what}: ${reply.status} ${JSON.stringify(reply.body)}`);
  };

  const createOne = async () => {
    const roll = random();
    const queueId = roll < 0.4 ? 'duel' : roll < 0.7 ? 'squad' : roll < 0.85 ? 'hold' : 'brief';
    const size = queueId === 'squad' && random() < 0.5 ? 2 : 1;
    const chosen: string[] = [];
    for (let attempt = 0; attempt < 20 && chosen.length < size; attempt += 1) {
      const playerId = pick(players);
      if (!waitingPlayers.has(playerId) && !chosen.includes(playerId)) chosen.push(playerId);
    }
    if (chosen.length < size) return;
    for (const playerId of chosen) waitingPlayers.add(playerId);
    const reply = await call<TicketBody>(nextNode(), 'POST', '/v1/tickets', {
      queueId,
      players: chosen.map((playerId) => ({ playerId })),
    });
    note(reply, 'create');
    if (reply?.status === 201) {
      acked.set(reply.body.ticketId, {
        ticketId: reply.body.ticketId,
        queueId,
        playerIds: chosen,
        createdAtMs: reply.body.createdAtMs,
        ackAtMs: Date.now(),
      });
    } else if (reply?.status !== 409) {
      // Unknown outcome (node killed mid-request) or refused: these players are not counted on.
      for (const playerId of chosen) waitingPlayers.delete(playerId);
    }
  };
  const cancelOne = async () => {
    const tickets = [...acked.values()];
    if (tickets.length === 0) return;
    const ticket = pick(tickets);
    const reply = await call<TicketBody>(nextNode(), 'DELETE', `/v1/tickets/${ticket.ticketId}`);
    note(reply, 'cancel');
    if (reply?.status === 200) cancelledOk.add(ticket.ticketId);
  };
  /** Reads some tickets: frees finished players, reports new matches twice through two nodes. */
  const observe = async () => {
    const sample = [...acked.values()].filter((ticket) =>
      ticket.playerIds.some((id) => waitingPlayers.has(id)),
    );
    for (const ticket of sample.slice(0, 40)) {
      const reply = await call<TicketBody>(nextNode(), 'GET', `/v1/tickets/${ticket.ticketId}`);
      note(reply, 'read');
      if (reply?.status !== 200 || reply.body.state === 'searching' || reply.body.state === 'proposed')
        continue;
      for (const playerId of ticket.playerIds) waitingPlayers.delete(playerId);
      const matchId = reply.body.matchId;
      if (reply.body.state !== 'matched' || matchId === undefined || reportedMatches.has(matchId)) continue;
      const first = await call<{ applied?: boolean }>(nextNode(), 'POST', `/v1/matches/${matchId}/result`, {
        ranks: [1, 2],
      });
      note(first, 'report');
      if (first?.status !== 201 && first?.status !== 200) continue;
      reportedMatches.add(matchId);
      const again = await call<{ applied?: boolean }>(nextNode(), 'POST', `/v1/matches/${matchId}/result`, {
        ranks: [1, 2],
      });
      note(again, 'report again');
      if (again?.status === 201 || again?.body.applied === true) appliedTwice.push(matchId);
    }
  };

  const endAt = Date.now() + options.loadMs;
  const restarts: Promise<void>[] = [];
  const killer = (async () => {
    while (Date.now() < endAt - 1000) {
      await new Promise((resolve) => setTimeout(resolve, options.killEveryMs * (0.6 + 0.8 * random())));
      if (Date.now() >= endAt - 1000) break;
      const victim = pick(live());
      if (victim === undefined) continue;
      await victim.kill();
      kills += 1;
      // Started again in the background: the next kill may hit a node still starting.
      restarts.push(
        new Promise((resolve) => setTimeout(resolve, 300)).then(() =>
          victim.start().catch(() => {
            // Killed while starting; the end phase starts whatever is down.
          }),
        ),
      );
    }
  })();
  const workers = Array.from({ length: 6 }, async () => {
    while (Date.now() < endAt) {
      const roll = random();
      if (roll < 0.8) await createOne();
      else if (roll < 0.9) await cancelOne();
      else await observe();
    }
  });
  await Promise.all([...workers, killer]);
  await Promise.all(restarts);

  // The end: every node up and ready, the matchmakers settled.
  for (const node of nodes) if (!node.running) await node.start();
  const readyBy = Date.now() + 60_000;
  for (const node of nodes) {
    for (;;) {
      const ready = await call(node, 'GET', '/readyz');
      if (ready?.status === 200) break;
      assert.ok(Date.now() < readyBy, `node ${node.port} not ready: ${JSON.stringify(ready?.body)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 3000));
  await observe();

  const states: Record<string, number> = {};
  const finalOf = new Map<string, TicketBody>();
  for (const ticket of acked.values()) {
    const reply = await call<TicketBody>(pick(nodes), 'GET', `/v1/tickets/${ticket.ticketId}`);
    assert.equal(
      reply?.status,
      200,
      `${options.label}: acknowledged ticket ${ticket.ticketId} is known: ${JSON.stringify(reply?.body)}`,
    );
    const body = (reply as { body: TicketBody }).body;
    assert.ok(
      ['matched', 'searching', 'cancelled', 'expired'].includes(body.state),
      `${ticket.ticketId} is ${body.state}`,
    );
    assert.equal(body.createdAtMs, ticket.createdAtMs, `${ticket.ticketId} kept its creation time`);
    if (cancelledOk.has(ticket.ticketId))
      assert.equal(
        body.state,
        'cancelled',
        `${ticket.ticketId} was cancelled with 200, then became ${body.state}`,
      );
    states[body.state] = (states[body.state] ?? 0) + 1;
    finalOf.set(ticket.ticketId, body);
  }

  // Matches: each stored, each ticket in exactly the match it names, players exactly its tickets'.
  const matches = new Map<string, MatchBody>();
  for (const body of finalOf.values()) {
    if (body.state !== 'matched' || body.matchId === undefined || matches.has(body.matchId)) continue;
    const reply = await call<MatchBody>(pick(nodes), 'GET', `/v1/matches/${body.matchId}`);
    assert.equal(reply?.status, 200, `match ${body.matchId} is stored`);
    matches.set(body.matchId, (reply as { body: MatchBody }).body);
  }
  const ticketInMatch = new Map<string, string>();
  for (const match of matches.values()) {
    const seats = match.teams.flat();
    assert.equal(
      new Set(seats.map((seat) => seat.playerId)).size,
      seats.length,
      `${match.matchId}: a player twice`,
    );
    for (const seat of seats) {
      const other = ticketInMatch.get(seat.ticketId);
      assert.ok(
        other === undefined || other === match.matchId,
        `${seat.ticketId} in ${other} and ${match.matchId}`,
      );
      ticketInMatch.set(seat.ticketId, match.matchId);
      const ticket = acked.get(seat.ticketId);
      if (ticket === undefined) continue; // a ticket whose 201 was lost with a killed node
      assert.ok(ticket.playerIds.includes(seat.playerId), `${seat.playerId} is not on ${seat.ticketId}`);
      assert.equal(finalOf.get(seat.ticketId)?.matchId, match.matchId, `${seat.ticketId} names its match`);
    }
  }
  // Histories: each player's matches are exactly those of their matched tickets; results once.
  const playersSeen = new Set([...acked.values()].flatMap((ticket) => ticket.playerIds));
  for (const playerId of playersSeen) {
    const history = await call<MatchBody[]>(pick(nodes), 'GET', `/v1/players/${playerId}/matches?limit=100`);
    assert.equal(history?.status, 200);
    const historyIds = (history as { body: MatchBody[] }).body.map((match) => match.matchId);
    assert.equal(new Set(historyIds).size, historyIds.length, `${playerId}: a match twice in the history`);
    const expected = [...acked.values()]
      .filter(
        (ticket) => ticket.playerIds.includes(playerId) && finalOf.get(ticket.ticketId)?.state === 'matched',
      )
      .map((ticket) => finalOf.get(ticket.ticketId)?.matchId as string);
    for (const matchId of expected)
      assert.ok(historyIds.includes(matchId), `${playerId}: ${matchId} missing from history`);
    for (const matchId of historyIds) {
      const match = matches.get(matchId);
      if (match === undefined) {
        // Only a ticket whose acknowledgement was lost may have put the player in a match we did not see.
        const fetched = await call<MatchBody>(pick(nodes), 'GET', `/v1/matches/${matchId}`);
        const seat = fetched?.body.teams.flat().find((entry) => entry.playerId === playerId);
        assert.ok(
          seat !== undefined && !acked.has(seat.ticketId),
          `${playerId} is in ${matchId} through no ticket of theirs`,
        );
      }
    }
    const profile = await call<{ tracks: { track: string; games: number }[] }>(
      pick(nodes),
      'GET',
      `/v1/players/${playerId}`,
    );
    const games = (profile?.body.tracks ?? []).reduce((sum, track) => sum + track.games, 0);
    const withOutcome = (history as { body: MatchBody[] }).body.filter(
      (match) => match.outcome !== undefined,
    ).length;
    assert.equal(games, withOutcome, `${playerId}: ${games} games rated for ${withOutcome} reported matches`);
  }
  assert.deepEqual(appliedTwice, [], 'a repeated report applied again');
  assert.deepEqual(serverErrors, [], 'no 5xx but 503 during the run');

  // Every searching ticket kept its wait, and cancels.
  for (const [ticketId, body] of finalOf) {
    if (body.state !== 'searching') continue;
    const ticket = acked.get(ticketId) as Acked;
    const before = Date.now();
    const now = await call<TicketBody>(pick(nodes), 'GET', `/v1/tickets/${ticketId}`);
    assert.ok(
      (now?.body.waitMs ?? 0) >= before - ticket.ackAtMs - 50,
      `${ticketId} waited ${now?.body.waitMs} ms since ${before - ticket.ackAtMs}`,
    );
    const cancelled = await call<TicketBody>(pick(nodes), 'DELETE', `/v1/tickets/${ticketId}`);
    assert.equal(cancelled?.status, 200, `${ticketId} cancels: ${JSON.stringify(cancelled?.body)}`);
    assert.equal(cancelled?.body.state, 'cancelled');
  }
  return {
    acknowledged: acked.size,
    kills,
    matches: matches.size,
    reported: reportedMatches.size,
    states,
    failedRequests,
  };
}
