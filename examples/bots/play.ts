/**
 * `npm run example:bots`: bots with hidden skills queue, accept (or now and then decline) their
 * proposed matches, play them on a game server that reports the results, and queue again, until a
 * few hundred matches are played; then it prints what happened: waits, quality, declines, and how
 * well the ratings found the hidden skills. Everything goes through `@matchd/client`.
 *
 * Without --url it starts a local server in this process (in-memory stores, ticks every 50 ms).
 *   npm run example:bots -- [--matches 300] [--bots 40] [--seed 7] [--url http://127.0.0.1:8080 --key ADMIN_KEY]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { MatchdClient, type OpenSocket, type WebSocketLike } from '@matchd/client';
import { Random } from '@matchd/engine';
import { configFrom, type RunningServer, startServer } from '@matchd/server';
import WebSocket from 'ws';
import { type BotLog, playOnce } from './bot.ts';
import { GameServer } from './game-server.ts';

const usage = `usage: npm run example:bots -- [options]
  --matches N   matches to play (default 300)
  --bots N      bots (default 40)
  --seed N      seed of the bots' skills and choices (default 7)
  --url URL     a running matchd (default: start one in this process)
  --key KEY     its admin key (with --url)
  --help        this text`;

const { values: flags } = parseArgs({
  options: {
    matches: { type: 'string', default: '300' },
    bots: { type: 'string', default: '40' },
    seed: { type: 'string', default: '7' },
    url: { type: 'string' },
    key: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (flags.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}
const count = (name: string, text: string, min: number, max: number): number => {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    process.stderr.write(`--${name} must be an integer in [${min}, ${max}], got ${text}\n${usage}\n`);
    process.exit(2);
  }
  return value;
};
const matchesWanted = count('matches', flags.matches, 1, 100_000);
const botCount = count('bots', flags.bots, 4, 10_000);
const random = Random.fromSeed(count('seed', flags.seed, 0, 2 ** 31 - 1));

/** The queue the bots play: 2v2, an acceptance step, a threshold that relaxes with the wait. */
const queue = {
  id: 'bots-2v2',
  name: 'Example bots: 2v2 with an acceptance step',
  teams: { count: 2, size: 2 },
  rating: { track: 'bots' },
  criteria: [
    { kind: 'team-balance' as const, weight: 3 },
    { kind: 'skill-spread' as const, weight: 1 },
    { kind: 'wait-time' as const, weight: 1, shaping: { cap: 5000 } },
  ],
  threshold: { start: 0.8, linear: { perSecond: 0.2, limit: 0.3 } },
  mode: { kind: 'continuous' as const, maxWaitMs: 4000 },
  regions: { names: ['eu', 'na'], maxPingMs: { start: 100, linear: { perSecond: 50, limit: 300 } } },
  acceptance: { timeoutMs: 3000 },
  // A safety net: a ticket left alone (its partners stopped playing) ends instead of waiting forever.
  expireAfterMs: 20_000,
};

const openSocket: OpenSocket = (url, headers) => new WebSocket(url, { headers }) as unknown as WebSocketLike;

async function localServer(): Promise<{ url: string; key: string; server: RunningServer; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'matchd-bots-'));
  const key = 'example-bots-admin-key-0123456789';
  const server = await startServer(
    configFrom({
      port: 0,
      dataDir,
      ratingsBackend: 'memory',
      poolBackend: 'memory',
      apiKeys: `admin:bots:${key}`,
      tickIntervalMs: 50,
      logLevel: 'warn',
    }),
  );
  return { url: server.address, key, server, dataDir };
}

/** Spearman's rank correlation of two equal-length lists. */
function spearman(xs: readonly number[], ys: readonly number[]): number {
  const ranks = (values: readonly number[]) => {
    const order = values.map((value, index) => [value, index] as const).sort((a, b) => a[0] - b[0]);
    const result = new Array<number>(values.length);
    order.forEach(([, index], rank) => {
      result[index] = rank;
    });
    return result;
  };
  const rx = ranks(xs);
  const ry = ranks(ys);
  const n = xs.length;
  const d2 = rx.reduce((sum, rank, index) => sum + (rank - (ry[index] ?? 0)) ** 2, 0);
  return 1 - (6 * d2) / (n * (n * n - 1));
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

async function main(): Promise<void> {
  const local = flags.url === undefined ? await localServer() : undefined;
  const url = flags.url ?? (local?.url as string);
  const key = flags.key ?? local?.key;
  if (key === undefined) throw new Error('--key (an admin key) is needed with --url');
  const startedMs = Date.now();
  try {
    const admin = new MatchdClient({ baseUrl: url, credential: key });
    await admin.putQueue(queue);
    const skills = new Map<string, number>();
    const bots = Array.from({ length: botCount }, (_, index) => {
      const playerId = `bot-${String(index).padStart(3, '0')}-${random.int(1_000_000)}`;
      skills.set(playerId, 1000 + 1000 * random.next());
      return playerId;
    });
    const gameServer = new GameServer(
      admin,
      (playerId) => skills.get(playerId) ?? 1500,
      () => random.next(),
    );
    const log: BotLog = { matches: 0, declined: 0, returned: 0, waitsMs: [] };
    let nextReport = 50;
    // When enough matches are played, the bots still waiting are cancelled so that every loop ends.
    const waitingTickets = new Map<string, string>();
    let stopping = false;
    const stopIfDone = async (): Promise<void> => {
      if (stopping || gameServer.stats.played < matchesWanted) return;
      stopping = true;
      await Promise.all(
        [...waitingTickets.values()].map((ticketId) => admin.cancelTicket(ticketId).catch(() => {})),
      );
    };
    const loop = async (playerId: string, index: number): Promise<void> => {
      const token = (await admin.issueToken(playerId)).token;
      const self = admin.withCredential(token);
      while (gameServer.stats.played < matchesWanted) {
        await playOnce(
          {
            playerId,
            queueId: queue.id,
            lobby: admin,
            self,
            gameServer,
            openSocket,
            random: () => random.next(),
            declineRate: 0.03,
            region: index % 4 === 0 ? 'na' : 'eu',
            onTicket: (ticketId) => {
              waitingTickets.set(playerId, ticketId);
              if (stopping) void admin.cancelTicket(ticketId).catch(() => {});
            },
          },
          log,
        );
        waitingTickets.delete(playerId);
        await stopIfDone();
        if (gameServer.stats.played >= nextReport) {
          process.stdout.write(`  ${gameServer.stats.played} matches played…\n`);
          nextReport += 50;
        }
      }
    };
    process.stdout.write(`${botCount} bots play ${matchesWanted} matches of ${queue.id} on ${url}\n`);
    await Promise.all(bots.map((playerId, index) => loop(playerId, index)));
    const seconds = (Date.now() - startedMs) / 1000;
    const waits = [...log.waitsMs].sort((a, b) => a - b);
    const queueView = await admin.getQueue(queue.id);
    const board = await admin.getLeaderboard(`${queue.rating.track}/solo`, { limit: 200 });
    const profiles = await Promise.all(bots.map((playerId) => admin.getPlayer(playerId)));
    const calibrating = profiles.filter((profile) =>
      profile.tracks.some((track) => track.calibrating),
    ).length;
    const rated = board.rows.filter((row) => skills.has(row.playerId));
    const correlation = spearman(
      rated.map((row) => skills.get(row.playerId) ?? 0),
      rated.map((row) => row.display),
    );
    const { played, favouriteWon } = gameServer.stats;
    process.stdout.write(
      [
        '',
        `played ${played} matches in ${seconds.toFixed(1)} s (${(played / seconds).toFixed(1)} per second)`,
        `tickets matched ${log.matches}, proposals declined ${log.declined}, tickets returned to the queue ${log.returned}`,
        `wait p50 ${quantile(waits, 0.5)} ms, p90 ${quantile(waits, 0.9)} ms, max ${waits.at(-1) ?? 0} ms`,
        `mean quality of recent matches ${(queueView.recentQualityMean ?? 0).toFixed(3)}`,
        `the favourite (higher hidden skill) won ${((100 * favouriteWon) / Math.max(1, played)).toFixed(1)}% of matches`,
        `leaderboard ${board.track}: ${board.rows.length} ranked, ${calibrating} still calibrating (hidden until calibrated)`,
        rated.length < 2
          ? 'rank correlation of rating and hidden skill: n/a (fewer than 2 bots ranked yet)'
          : `rank correlation of rating and hidden skill (Spearman): ${correlation.toFixed(3)}`,
        'top 5:',
        ...board.rows
          .slice(0, 5)
          .map(
            (row) =>
              `  ${row.rank}. ${row.playerId}  rating ${row.display.toFixed(1)}  hidden skill ${Math.round(skills.get(row.playerId) ?? 0)}  (${row.games} games)`,
          ),
        '',
      ].join('\n'),
    );
  } finally {
    if (local !== undefined) {
      await local.server.stop();
      rmSync(local.dataDir, { recursive: true, force: true });
    }
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`example:bots failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
