/**
 * A local Redis Cluster of three masters for tests, from the machine's `redis-server` and
 * `redis-cli`: each master on a free 127.0.0.1 port (its cluster bus at port + 10000 free too), no
 * persistence, joined with `redis-cli --cluster create`, and stopped (its files removed) after.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './node-process.ts';

const run = promisify(execFile);

/** A running cluster. */
export interface RedisCluster {
  /** A URL naming one master; matchd discovers the others. */
  readonly url: string;
  readonly ports: readonly number[];
  stop(): Promise<void>;
}

/** Starts three masters and joins them into one cluster; resolves once `cluster_state:ok` on each. */
export async function startRedisCluster(): Promise<RedisCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'matchd-cluster-'));
  const ports: number[] = [];
  const children: ChildProcess[] = [];
  const stop = async (): Promise<void> => {
    await Promise.all(
      children.map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await exited;
      }),
    );
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let index = 0; index < 3; index += 1) {
      let port = await freePort(10_000);
      while (ports.includes(port)) port = await freePort(10_000);
      ports.push(port);
      children.push(
        spawn(
          'redis-server',
          [
            '--port',
            String(port),
            '--bind',
            '127.0.0.1',
            '--cluster-enabled',
            'yes',
            '--cluster-config-file',
            `nodes-${port}.conf`,
            '--cluster-node-timeout',
            '5000',
            '--save',
            '',
            '--appendonly',
            'no',
            '--dir',
            dir,
          ],
          { stdio: 'ignore' },
        ),
      );
    }
    for (const port of ports)
      await until(async () => (await cli(port, 'ping')).trim() === 'PONG', `redis ${port} up`);
    await run(
      'redis-cli',
      [
        '--cluster',
        'create',
        ...ports.map((port) => `127.0.0.1:${port}`),
        '--cluster-replicas',
        '0',
        '--cluster-yes',
      ],
      { timeout: 60_000 },
    );
    for (const port of ports)
      await until(
        async () => (await cli(port, 'cluster', 'info')).includes('cluster_state:ok'),
        `cluster ok on ${port}`,
      );
    return { url: `redis://127.0.0.1:${ports[0]}`, ports, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function cli(port: number, ...args: string[]): Promise<string> {
  try {
    return (await run('redis-cli', ['-p', String(port), ...args], { timeout: 5000 })).stdout;
  } catch {
    return '';
  }
}

async function until(check: () => Promise<boolean>, label: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${label}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
