/**
 * The first hour of a new user, as real processes: `--help` on every command starts nothing and
 * writes nothing; a mistyped MATCHD_* variable is refused with the closest known name; the README's
 * `npm start` writes only JSON log lines (with --silent, which keeps npm's own banner away) or
 * pretty lines on request, one line per request; SIGTERM sent to the `npm start` or `npm run
 * matchd` process reaches the server, which stops gracefully and leaves no process behind; and
 * output into a closed pipe ends a command quietly.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';

const root = join(import.meta.dirname, '..', '..', '..');
const bin = join(root, 'packages', 'server', 'bin', 'matchd.mjs');

/** The environment without any MATCHD_* variable of the caller, plus `extra`. */
function environment(extra: Record<string, string>): NodeJS.ProcessEnv {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('MATCHD_')),
  );
  return { ...clean, ...extra };
}

/** True while a process with this pid exists. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Collects a child's stdout lines until `until` matches one (or the child exits). */
function linesUntil(child: ChildProcess, until: RegExp, timeoutMs: number): Promise<string[]> {
  const lines: string[] = [];
  let buffer = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out; saw:\n${lines.join('\n')}`)), timeoutMs);
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += String(chunk);
      const parts = buffer.split('\n');
      buffer = parts.pop() ?? '';
      lines.push(...parts.filter((line) => line.length > 0));
      if (lines.some((line) => until.test(line))) {
        clearTimeout(timer);
        resolve(lines);
      }
    });
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(lines);
    });
  });
}

describe('the first hour', () => {
  test('--help on every command prints usage, exits 0, and starts or writes nothing', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'matchd-help-'));
    try {
      for (const args of [
        ['help'],
        ['--help'],
        ['serve', '--help'],
        ['serve', '-h'],
        ['sim', '--help'],
        ['ratings', '--help'],
      ]) {
        const run = spawnSync(process.execPath, [bin, ...args], {
          cwd,
          encoding: 'utf8',
          env: environment({}),
          timeout: 30_000,
        });
        assert.equal(run.status, 0, `${args.join(' ')}: ${run.stderr}`);
        assert.match(run.stdout, /usage/i, args.join(' '));
      }
      const serveHelp = spawnSync(process.execPath, [bin, 'serve', '--help'], {
        cwd,
        encoding: 'utf8',
        env: environment({}),
      });
      assert.match(serveHelp.stdout, /MATCHD_TICK_INTERVAL_MS/);
      assert.match(serveHelp.stdout, /MATCHD_LOG_FORMAT/);
      assert.deepEqual(readdirSync(cwd), [], 'no data folder, no file');
      const unknownFlag = spawnSync(process.execPath, [bin, 'serve', '--port', '80'], {
        cwd,
        encoding: 'utf8',
        env: environment({}),
      });
      assert.equal(unknownFlag.status, 1);
      assert.match(JSON.parse(unknownFlag.stderr.trim()).msg, /Unknown option '--port'/);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });

  test('a mistyped MATCHD_* variable stops the start with the closest known name, as a JSON line', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'matchd-typo-'));
    try {
      const run = spawnSync(process.execPath, [bin], {
        cwd,
        encoding: 'utf8',
        env: environment({ MATCHD_TICK_INTERVAL: '50' }),
        timeout: 30_000,
      });
      assert.equal(run.status, 1);
      const line = JSON.parse(run.stderr.trim()) as { level: number; msg: string };
      assert.equal(line.level, 60);
      assert.match(
        line.msg,
        /unknown environment variable MATCHD_TICK_INTERVAL: did you mean MATCHD_TICK_INTERVAL_MS\?/,
      );
      assert.equal(existsSync(join(cwd, 'data')), false, 'nothing was created');
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });

  test('npm start: JSON lines only; SIGTERM to npm reaches the server, which stops gracefully', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'matchd-start-'));
    const npm = spawn('npm', ['start', '--silent'], {
      cwd: root,
      env: environment({ MATCHD_PORT: '0', MATCHD_DATA_DIR: dataDir }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const started = await linesUntil(npm, /local admin key/, 120_000);
      const records = started.map(
        (line) => JSON.parse(line) as { pid: number; msg: string; address?: string },
      );
      const listening = records.find((record) => record.address !== undefined);
      assert.ok(listening, started.join('\n'));
      assert.match(listening.msg, /matchd listening on http:\/\/127\.0\.0\.1:\d+ \(dashboard/);
      const serverPid = listening.pid;
      assert.notEqual(serverPid, npm.pid, 'the server is npm’s child');
      const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
      const rest = linesUntil(npm, /"msg":"stopped"/, 30_000);
      npm.kill('SIGTERM');
      const after = await rest;
      await exited;
      const messages = after.map((line) => (JSON.parse(line) as { msg: string }).msg);
      assert.ok(messages.includes('shutting down: finishing the current tick'), after.join('\n'));
      assert.ok(messages.includes('stopped'));
      for (let attempt = 0; attempt < 50 && alive(serverPid); attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.equal(alive(serverPid), false, 'no server process is left behind');
    } finally {
      if (npm.exitCode === null) npm.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('npm run matchd stops cleanly on SIGTERM: the server stops and no process keeps listening', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'matchd-run-'));
    const npm = spawn('npm', ['run', 'matchd', '--silent'], {
      cwd: root,
      env: environment({ MATCHD_PORT: '0', MATCHD_DATA_DIR: dataDir, MATCHD_RATINGS_BACKEND: 'memory' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const started = await linesUntil(npm, /local admin key/, 90_000);
      const listening = started
        .map((line) => JSON.parse(line) as { pid: number; address?: string })
        .find((record) => record.address !== undefined);
      assert.ok(listening?.address, started.join('\n'));
      const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
      npm.kill('SIGTERM');
      assert.equal(await exited, 0, 'npm ends as the server does');
      for (let attempt = 0; attempt < 50 && alive(listening.pid); attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.equal(alive(listening.pid), false, 'no server process is left behind');
      await assert.rejects(fetch(`${listening.address}/healthz`), 'nothing listens any more');
    } finally {
      if (npm.exitCode === null) npm.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('CLI output into a closed pipe ends quietly (matchd ratings models | head)', () => {
    const run = spawnSync('sh', ['-c', `"${process.execPath}" "${bin}" ratings models | head -n 1`], {
      cwd: root,
      encoding: 'utf8',
      env: environment({}),
      timeout: 60_000,
    });
    assert.equal(run.status, 0);
    assert.equal(run.stdout.split('\n').filter((line) => line.length > 0).length, 1);
    assert.equal(run.stderr, '', 'no EPIPE stack trace');
  });

  test('one log line per request at info', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'matchd-log-'));
    const server = spawn(process.execPath, [bin], {
      cwd: root,
      env: environment({ MATCHD_PORT: '0', MATCHD_DATA_DIR: dataDir, MATCHD_RATINGS_BACKEND: 'memory' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const started = await linesUntil(server, /local admin key/, 90_000);
      const address = started
        .map((line) => JSON.parse(line) as { address?: string })
        .find((record) => record.address !== undefined)?.address as string;
      const more = linesUntil(server, /"url":"\/readyz"/, 30_000);
      for (const path of ['/healthz', '/v1/queues', '/nowhere', '/readyz']) await fetch(`${address}${path}`);
      const lines = (await more).map((line) => JSON.parse(line) as Record<string, unknown>);
      const perRequest = lines.filter((line) => line['reqId'] !== undefined);
      assert.deepEqual(
        perRequest.map((line) => [
          (line['req'] as { url: string }).url,
          (line['res'] as { statusCode: number }).statusCode,
        ]),
        [
          ['/healthz', 200],
          ['/v1/queues', 401],
          ['/nowhere', 404],
          ['/readyz', 200],
        ],
        JSON.stringify(lines),
      );
      assert.ok(perRequest.every((line) => line['level'] === 30 && line['msg'] === 'request completed'));
    } finally {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('MATCHD_LOG_FORMAT=pretty writes lines for people', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'matchd-pretty-'));
    const server = spawn(process.execPath, [bin], {
      cwd: root,
      env: environment({
        MATCHD_PORT: '0',
        MATCHD_DATA_DIR: dataDir,
        MATCHD_LOG_FORMAT: 'pretty',
        MATCHD_RATINGS_BACKEND: 'memory',
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const lines = await linesUntil(server, /matchd listening/, 60_000);
      const line = lines.find((entry) => entry.includes('matchd listening')) as string;
      assert.throws(() => JSON.parse(line), 'not JSON');
      assert.match(line, /INFO/);
    } finally {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
