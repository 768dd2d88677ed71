/**
 * A production install of a fresh copy of the repository: `npm ci --omit=dev` installs no dev
 * dependency, runs no dependency's install script unreviewed (npm's allowScripts), and builds the
 * server, the commands and the dashboard at `prepare` with esbuild (a dependency). Then `npm start`
 * serves (the dashboard too), and `npm run matchd` runs its commands, with nothing from the dev
 * dependencies (no tsx, no TypeScript, no Vite).
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { copyRepository } from './support/scratch-copy.ts';

/** The environment without the caller's MATCHD_* variables (nor npm's own, from `npm test`), plus `extra`. */
function environment(extra: Record<string, string>): NodeJS.ProcessEnv {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('MATCHD_') && !name.startsWith('npm_')),
  );
  return { ...clean, ...extra };
}

/** Lines of a child's stdout until one matches `until`. */
function lineMatching(child: ChildProcess, until: RegExp, timeoutMs: number): Promise<string> {
  let buffer = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out; saw:\n${buffer}`)), timeoutMs);
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += String(chunk);
      const line = buffer.split('\n').find((entry) => until.test(entry));
      if (line !== undefined) {
        clearTimeout(timer);
        resolve(line);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited ${code}:\n${buffer}`));
    });
  });
}

describe('a production install (npm ci --omit=dev) of a fresh copy', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'matchd-production-'));
  const app = join(scratch, 'matchd');
  after(() => rmSync(scratch, { recursive: true, force: true }));

  test('installs without dev dependencies and builds at prepare', () => {
    copyRepository(app);
    const install = spawnSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], {
      cwd: app,
      encoding: 'utf8',
      // The registry only, and its packages from the cache when they are there.
      env: environment({ npm_config_prefer_offline: 'true' }),
      timeout: 600_000,
    });
    assert.equal(install.status, 0, `${install.stdout}\n${install.stderr}`);
    assert.doesNotMatch(
      install.stderr,
      /not yet covered by allowScripts/,
      'every install script is reviewed',
    );
    for (const dev of ['typescript', 'tsx', '@biomejs/biome', 'playwright-core', 'vite']) {
      assert.equal(existsSync(join(app, 'node_modules', dev)), false, `${dev} is not installed`);
    }
    for (const built of [
      'packages/server/dist/main.js',
      'packages/server/dist/matchmaker-worker.js',
      'packages/server/dist/cli/serve.js',
      'packages/dashboard/dist/index.html',
    ]) {
      assert.ok(existsSync(join(app, built)), `${built} was built`);
    }
  });

  test('npm start serves the API and the dashboard; SIGTERM stops it', async () => {
    const dataDir = join(scratch, 'data');
    const npm = spawn('npm', ['start', '--silent'], {
      cwd: app,
      env: environment({ MATCHD_PORT: '0', MATCHD_DATA_DIR: dataDir }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const line = await lineMatching(npm, /matchd listening/, 180_000);
      const address = (JSON.parse(line) as { address: string }).address;
      assert.equal((await fetch(`${address}/healthz`)).status, 200);
      assert.match(await (await fetch(`${address}/`)).text(), /src="\/assets\/main-[^"]+\.js"/);
      const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
      npm.kill('SIGTERM');
      assert.equal(await exited, 0);
    } finally {
      if (npm.exitCode === null) npm.kill('SIGKILL');
    }
  });

  test('npm run matchd runs its commands compiled: ratings, sim, serve --help', () => {
    for (const [args, expected] of [
      [['ratings', 'models'], /glicko2/],
      [
        ['sim', 'eomm-table2', '--pools', '10', '--rounds', '2', '--workers', '2', '--json'],
        /"experiment": "eomm-table2"/,
      ],
      [['serve', '--help'], /MATCHD_CORS_ORIGINS/],
    ] as const) {
      const run = spawnSync('npm', ['run', 'matchd', '--silent', '--', ...args], {
        cwd: app,
        encoding: 'utf8',
        env: environment({}),
        timeout: 120_000,
      });
      assert.equal(run.status, 0, `matchd ${args.join(' ')}: ${run.stderr}`);
      assert.match(run.stdout, expected);
    }
  });
});
