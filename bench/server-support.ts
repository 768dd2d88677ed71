/**
 * Shared parts of the server benchmarks: start the real server as its own process (so the load
 * generator does not share its event loop), write bench queues, and run autocannon.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';

export const serverKey = 'bench-server-key-0123456789abcdef';
export const adminKey = 'bench-admin-key-0123456789abcdef';

/** A running server process. */
export interface BenchServer {
  readonly url: string;
  readonly process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * How the server process runs: `compiled` is what `npm start` runs (packages/server/dist/main.js,
 * built by scripts/build-server.mjs before the first start of a bench); `sources` runs the
 * TypeScript sources through tsx (`node --import tsx packages/server/src/main.ts`), as before.
 * BENCH_SERVER_RUNNER chooses; compiled by default.
 */
export type ServerRunner = 'compiled' | 'sources';

let built: Promise<unknown> | undefined;

function serverRunner(): ServerRunner {
  const runner = process.env['BENCH_SERVER_RUNNER'] ?? 'compiled';
  if (runner !== 'compiled' && runner !== 'sources') throw new Error(`BENCH_SERVER_RUNNER: ${runner}?`);
  return runner;
}

/** Starts the server (compiled or from its sources) with the given settings and bench queues. */
/**
 * The node arguments of `npm start` (its flags and the compiled entry), read from package.json so
 * that the bench runs the server exactly as a user starts it.
 */
function startCommandArgs(): string[] {
  const manifest = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const words = (manifest.scripts['start'] ?? '').split(/\s+/).filter((word) => word !== '');
  const nodeAt = words.indexOf('node');
  if (nodeAt < 0) throw new Error('package.json: the start script does not run node');
  return words.slice(nodeAt + 1);
}

export async function startBenchServer(options: {
  queues: readonly object[];
  env?: Record<string, string>;
}): Promise<BenchServer> {
  const runner = serverRunner();
  if (runner === 'compiled') {
    built ??= import(pathToFileURL(join(import.meta.dirname, '..', 'scripts', 'build-server.mjs')).href);
    await built;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'matchd-bench-'));
  const queuesDir = join(dataDir, 'queues');
  mkdirSync(queuesDir);
  for (const queue of options.queues)
    writeFileSync(join(queuesDir, `${(queue as { id: string }).id}.json`), JSON.stringify(queue));
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  // BENCH_SERVER_NODE_ARGS adds node flags to the server process only (e.g. `--cpu-prof`).
  const nodeArgs = (process.env['BENCH_SERVER_NODE_ARGS'] ?? '').split(' ').filter((arg) => arg !== '');
  const program =
    runner === 'compiled' ? startCommandArgs() : ['--import', 'tsx', 'packages/server/src/main.ts'];
  const child = spawn(process.execPath, [...nodeArgs, ...program], {
    cwd: join(import.meta.dirname, '..'),
    env: {
      ...process.env,
      MATCHD_PORT: String(port),
      MATCHD_DATA_DIR: dataDir,
      MATCHD_QUEUES_DIR: queuesDir,
      MATCHD_API_KEYS: `server:bench:${serverKey},admin:bench-admin:${adminKey}`,
      MATCHD_TOKEN_SECRET: 'bench-token-secret-0123456789abcdef0123',
      MATCHD_LOG_LEVEL: 'warn',
      MATCHD_RATE_LIMIT_PER_MINUTE: '10000000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += String(chunk);
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1] as string);
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${output}`)));
  });
  return {
    url,
    process: child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A never-matching holding queue (rounds an hour apart, impossible threshold): tickets just wait. */
export const holdQueue = {
  id: 'hold',
  teams: { count: 2, size: 5 },
  rating: { track: 'hold' },
  criteria: [{ kind: 'team-balance', weight: 1 }],
  threshold: { start: 1 },
  mode: { kind: 'rounds', periodMs: 3_600_000, maxWaitMs: 3_600_000, searchBudgetMs: 10 },
};

/** A 5v5 queue that matches any ten players at once. */
export const open5v5 = {
  id: 'open-5v5',
  teams: { count: 2, size: 5 },
  rating: { track: 'open' },
  criteria: [{ kind: 'team-balance', weight: 1 }],
  threshold: { start: 0 },
  mode: { kind: 'continuous', maxWaitMs: 60_000 },
};

let counter = 0;

/** An autocannon request that creates a solo ticket with a fresh player id each time. */
export function createTicketRequest(queueId: string, prefix: string): autocannon.Request {
  return {
    method: 'POST',
    path: '/v1/tickets',
    headers: { authorization: `Bearer ${serverKey}`, 'content-type': 'application/json' },
    setupRequest: (request) => {
      counter += 1;
      return {
        ...request,
        body: JSON.stringify({
          queueId,
          players: [{ playerId: `${prefix}-${counter}`, pingMsByRegion: { eu: 20 + (counter % 60) } }],
        }),
      };
    },
  };
}

/** Runs autocannon and resolves with its result. */
export function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** GET with the admin key, JSON. */
export async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${adminKey}` } });
  return (await response.json()) as T;
}

/** The machine's load, for the results table. */
export async function loadAverage(): Promise<string> {
  const os = await import('node:os');
  return os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');
}
