/**
 * `matchd ratings fit-party` and `matchd engagement fit` over a stored history (PGlite, as the
 * embedded server keeps it), and queues that name what they wrote: a party enters with the fitted
 * bonus on its ratings, an engagement queue runs on the fitted churn model. The history is synthetic
 * with known effects: partied teams win more than their ratings say, losers stop playing more often.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { partyAdjustedRatings, type QueueConfig, Random } from '@matchd/engine';
import { main } from '../src/cli/models.ts';
import { ModelFiles } from '../src/models/model-files.ts';
import type { RatingsStore } from '../src/store/ratings-store.ts';
import type { MatchSeat, RatingRecord } from '../src/store/records.ts';
import { openPglite } from '../src/store/sql/pglite-client.ts';
import { createSqlRatingsStore } from '../src/store/sql/sql-ratings-store.ts';
import { eventually, keys, startTestServer } from './support/harness.ts';

const HOUR = 3_600_000;

/** Stores a reported match whose players had `before` means. */
async function store(
  ratings: RatingsStore,
  match: { id: string; queueId: string; atMs: number; teams: MatchSeat[][]; ranks: number[] },
  before: ReadonlyMap<string, number>,
): Promise<void> {
  await ratings.saveMatch({
    matchId: match.id,
    queueId: match.queueId,
    createdAtMs: match.atMs,
    teams: match.teams,
  });
  await ratings.reportResult({
    matchId: match.id,
    result: { ranks: match.ranks },
    nowMs: match.atMs + 1,
    compute: (record) => {
      const seats = record.teams.flat();
      const next: RatingRecord[] = seats.map((seat) => ({
        playerId: seat.playerId,
        track: seat.track,
        state: {},
        mean: before.get(seat.playerId) ?? 25,
        deviation: 1,
        games: 1,
        wins: 0,
        losses: 0,
        draws: 0,
        lastPlayedAtMs: match.atMs,
        updatedAtMs: match.atMs,
      }));
      const snapshot = (playerId: string) => ({ mean: before.get(playerId) ?? 25, deviation: 1 });
      return {
        next,
        outcome: {
          reportedAtMs: match.atMs + 1,
          result: { ranks: match.ranks },
          changes: seats.map((seat) => ({
            playerId: seat.playerId,
            track: seat.track,
            before: snapshot(seat.playerId),
            after: snapshot(seat.playerId),
          })),
        },
      };
    },
  });
}

/** 2v2 matches: true skill = stored mean, and a party of two plays 3 points above its mean. */
async function seedPartyHistory(ratings: RatingsStore, random: Random): Promise<void> {
  const skills = new Map<string, number>(
    Array.from({ length: 40 }, (_, i) => [`p${i}`, 20 + 10 * random.next()] as const),
  );
  const ids = [...skills.keys()];
  for (let m = 0; m < 600; m++) {
    const pool = [...ids];
    const four: string[] = [];
    while (four.length < 4) four.push(pool.splice(random.int(pool.length), 1)[0] as string);
    const partied = [random.next() < 0.5, random.next() < 0.5];
    const teams = [0, 1].map((t) =>
      four.slice(2 * t, 2 * t + 2).map((playerId, i) => ({
        playerId,
        ticketId: partied[t] ? `m${m}-t${t}` : `m${m}-t${t}-${i}`,
        track: 'squad/solo',
      })),
    );
    const strength = teams.map(
      (team, t) =>
        team.reduce((sum, seat) => sum + (skills.get(seat.playerId) as number), 0) / 2 + (partied[t] ? 3 : 0),
    );
    const p0 = 1 / (1 + Math.exp(-((strength[0] as number) - (strength[1] as number)) / 2));
    const ranks = random.next() < p0 ? [1, 2] : [2, 1];
    await store(ratings, { id: `party-${m}`, queueId: 'squad', atMs: m * 60_000, teams, ranks }, skills);
  }
}

/** 1v1 sessions: after a loss a player stops for a day more often than after a win. */
async function seedChurnHistory(ratings: RatingsStore, random: Random, endMs: number): Promise<void> {
  const players = Array.from({ length: 30 }, (_, i) => `c${i}`);
  const nextAt = new Map(players.map((playerId, i) => [playerId, endMs - 20 * 24 * HOUR + i * 60_000]));
  let id = 0;
  for (;;) {
    const due = players
      .filter((p) => (nextAt.get(p) as number) < endMs - 2 * HOUR)
      .sort((a, b) => (nextAt.get(a) as number) - (nextAt.get(b) as number));
    if (due.length < 2) break;
    const [a, b] = due as [string, string];
    const atMs = Math.max(nextAt.get(a) as number, nextAt.get(b) as number);
    const aWins = random.next() < 0.5;
    const teams = [
      [{ playerId: a, ticketId: `ca${id}`, track: 'eomm-history/solo' }],
      [{ playerId: b, ticketId: `cb${id}`, track: 'eomm-history/solo' }],
    ];
    await store(
      ratings,
      { id: `churn-${id++}`, queueId: 'eomm-fit', atMs, teams, ranks: aWins ? [1, 2] : [2, 1] },
      new Map(),
    );
    for (const [player, won] of [
      [a, aWins],
      [b, !aWins],
    ] as const) {
      const stops = random.next() < (won ? 0.15 : 0.6);
      nextAt.set(player, atMs + Math.round(stops ? 30 * HOUR : HOUR / 2 + random.next() * HOUR));
    }
  }
}

test('fit-party and engagement fit write models from the stored history, and queues that name them use them', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'matchd-fit-'));
  const env = { MATCHD_DATA_DIR: dataDir, MATCHD_RATINGS_BACKEND: 'pglite' };
  const out: string[] = [];
  const io = { stdout: (text: string) => out.push(text), stderr: (text: string) => out.push(text) };
  try {
    // Too little history: exit 1, nothing written; bad usage: exit 2.
    assert.equal(await main('fit-party', [], io, env), 1, out.join(''));
    assert.equal(await main('engagement', ['fit', '--window-ms', 'soon'], io, env), 2);
    assert.equal(existsSync(join(dataDir, 'models', 'party-bonus.json')), false);

    const ratings = createSqlRatingsStore(await openPglite(join(dataDir, 'pglite')));
    await ratings.migrate();
    const random = Random.fromSeed(15);
    await seedPartyHistory(ratings, random);
    await seedChurnHistory(ratings, random, Date.now());
    await ratings.close();

    assert.equal(await main('fit-party', ['--track', 'squad'], io, env), 0, out.join(''));
    assert.equal(
      await main('engagement', ['fit', '--queue', 'eomm-fit', '--name', 'eomm-churn'], io, env),
      0,
      out.join(''),
    );
    const models = new ModelFiles(join(dataDir, 'models'));
    const party = models.get('party-bonus');
    assert.equal(party?.kind, 'party-bonus');
    if (party?.kind !== 'party-bonus') return;
    assert.equal(party.matches, 600);
    // The synthetic parties play 3 points (one extra member) above their mean.
    assert.ok(
      party.coefficients.perExtraMember > 1 && party.coefficients.perExtraMember < 6,
      JSON.stringify(party),
    );
    const churn = models.get('eomm-churn');
    assert.equal(churn?.kind, 'churn-model');
    if (churn?.kind !== 'churn-model') return;
    const upcomingLoss = churn.model.featureNames.indexOf('upcoming.loss');
    const upcomingWin = churn.model.featureNames.indexOf('upcoming.win');
    assert.ok(
      (churn.model.regression.coefficients[upcomingLoss] as number) >
        (churn.model.regression.coefficients[upcomingWin] as number),
      'a loss predicts more churn than a win',
    );

    // Export the stored model to a file and import it under another name: the store holds both.
    const exported = join(dataDir, 'exported.json');
    assert.equal(
      await main('models', ['export', 'party-bonus', '--out', exported], io, env),
      0,
      out.join(''),
    );
    assert.equal(await main('models', ['import', 'party-copy', exported], io, env), 0, out.join(''));
    assert.equal(await main('models', ['export', 'nothing-here'], io, env), 1);
    assert.equal(await main('models', ['import', 'bad', join(dataDir, 'missing.json')], io, env), 1);
    const check = createSqlRatingsStore(await openPglite(join(dataDir, 'pglite')));
    try {
      assert.deepEqual(
        (await check.getModel('party-copy'))?.model,
        (await check.getModel('party-bonus'))?.model,
      );
      assert.deepEqual((await check.getModel('party-bonus'))?.model, party);
    } finally {
      await check.close();
    }

    const squad: QueueConfig = {
      id: 'squad-adjusted',
      teams: { count: 2, size: 2 },
      rating: { track: 'squad', partyAdjustment: 'party-bonus' },
      criteria: [{ kind: 'team-balance', weight: 1 }],
      threshold: { start: 1 },
      mode: { kind: 'rounds', periodMs: 3_600_000, maxWaitMs: 3_600_000 },
    };
    const eomm: QueueConfig = {
      id: 'eomm-fitted',
      teams: { count: 2, size: 1 },
      rating: { track: 'eomm' },
      criteria: [{ kind: 'engagement', weight: 1 }],
      threshold: { start: 0 },
      mode: { kind: 'continuous', maxWaitMs: 1000 },
      objective: { kind: 'engagement' },
      engagement: { churnModel: 'eomm-churn' },
    };
    const server = await startTestServer({ ratings: 'pglite', pool: 'memory' }, [squad, eomm], {
      dataDir,
      calibrationGames: 10,
    });
    try {
      const reply = await server.client.request('POST', '/v1/tickets', {
        credential: keys.server,
        body: { queueId: 'squad-adjusted', players: [{ playerId: 'fresh-1' }, { playerId: 'fresh-2' }] },
      });
      assert.equal(reply.status, 201, JSON.stringify(reply.body));
      const { context } = server.server.service;
      const pooled = await context.state.getTicket(String(reply.body['ticketId']), context.queues.keys());
      assert.ok(pooled, 'the party is waiting');
      const players = (pooled.ticket.ticket as { players: { rating: { mu: number } }[] }).players;
      const system = context.policies.fallback;
      const initial = system.access.estimate(system.model.initial()).mean;
      const expected = partyAdjustedRatings(
        [
          { rating: initial, partyId: 'x' },
          { rating: initial, partyId: 'x' },
        ],
        party.coefficients,
      );
      assert.deepEqual(
        players.map((player) => Number(player.rating.mu.toFixed(9))),
        expected.map((value) => Number(value.toFixed(9))),
      );
      assert.ok((players[0]?.rating.mu as number) > initial, 'the party enters above its stored rating');

      // The engagement queue runs on the fitted model: returning players with history are matched.
      const tickets: string[] = [];
      for (const playerId of ['c1', 'c2']) {
        const created = await server.client.request('POST', '/v1/tickets', {
          credential: keys.server,
          body: { queueId: 'eomm-fitted', players: [{ playerId }] },
        });
        assert.equal(created.status, 201, JSON.stringify(created.body));
        tickets.push(String(created.body['ticketId']));
      }
      const pooledEomm = await context.state.getTicket(tickets[0] as string, context.queues.keys());
      assert.ok(pooledEomm, 'the EOMM ticket is waiting');
      const recent = (pooledEomm.ticket.ticket as { players: { recentMatches?: unknown[] }[] }).players[0]
        ?.recentMatches;
      assert.ok((recent?.length ?? 0) > 0, 'recent matches from the stored history');
      await eventually(async () => {
        const ticket = await server.client.request('GET', `/v1/tickets/${tickets[0]}`, {
          credential: keys.server,
        });
        return ticket.body['state'] === 'matched' ? true : undefined;
      });
    } finally {
      await server.dispose();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('the scheduled refit fits the churn model a queue names and hands it to the queue', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'matchd-refit-'));
  try {
    const ratings = createSqlRatingsStore(await openPglite(join(dataDir, 'pglite')));
    await ratings.migrate();
    await seedChurnHistory(ratings, Random.fromSeed(4), Date.now());
    await ratings.close();
    const table: Record<string, number> = {};
    for (const a of 'WDL') for (const b of 'WDL') table[a + b] = 0.3;
    const queue: QueueConfig = {
      id: 'eomm-fit',
      teams: { count: 2, size: 1 },
      rating: { track: 'eomm' },
      criteria: [{ kind: 'engagement', weight: 1 }],
      threshold: { start: 0 },
      mode: { kind: 'continuous', maxWaitMs: 1000 },
      engagement: { churnModel: 'scheduled', churnTable: table },
    };
    const server = await startTestServer({ ratings: 'pglite', pool: 'memory' }, [queue], {
      dataDir,
      churnRefitIntervalMs: 200,
    });
    try {
      // The refit stores the model in the shared store; the node takes it at once.
      const models = server.server.service.context.models;
      const fitted = await eventually(async () => models.get('scheduled'), 20_000, 'the scheduled fit');
      assert.equal(
        (await server.server.service.context.ratings.getModel('scheduled'))?.version,
        models.versionOf('scheduled'),
      );
      assert.equal(fitted.kind, 'churn-model');
      if (fitted.kind === 'churn-model') assert.equal(fitted.queueId, 'eomm-fit');
    } finally {
      await server.dispose();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
