/**
 * A matchd node as its own OS process (`node --import tsx packages/server/src/main.ts`), as an
 * operator runs it: configured by environment variables only, killed with SIGKILL, started again on
 * the same port and data folder. Its stderr goes to a file for diagnosis.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..', '..', '..');

/** A free TCP port on 127.0.0.1 (and, with `alsoFree`, port + alsoFree too: a cluster bus). */
export async function freePort(alsoFree?: number): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const probe = createServer();
      probe.once('error', reject);
      probe.listen(0, '127.0.0.1', () => {
        const { port: chosen } = probe.address() as { port: number };
        probe.close(() => resolve(chosen));
      });
    });
    if (alsoFree === undefined) return port;
    if (port + alsoFree > 65_535) continue;
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port + alsoFree, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

/** One node process. */
export class NodeProcess {
  readonly port: number;
  readonly url: string;
  readonly #env: Record<string, string>;
  readonly #logFile: string;
  #child: ChildProcess | undefined;
  starts = 0;

  constructor(port: number, env: Record<string, string>, logFile: string) {
    this.port = port;
    this.url = `http://127.0.0.1:${port}`;
    this.#env = env;
    this.#logFile = logFile;
  }

  get running(): boolean {
    return this.#child !== undefined;
  }

  /** Starts the process; resolves once it listens (or rejects when it exits first). */
  async start(timeoutMs = 60_000): Promise<void> {
    const log = openSync(this.#logFile, 'a');
    const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
      cwd: root,
      env: { ...process.env, ...this.#env, MATCHD_PORT: String(this.port) },
      stdio: ['ignore', 'pipe', log],
    });
    closeSync(log);
    this.#child = child;
    this.starts += 1;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`node ${this.port} did not start in ${timeoutMs} ms`)),
        timeoutMs,
      );
      // Listening is what /healthz answering shows, whatever the log level lets through.
      child.stdout?.resume();
      const poll = async (): Promise<void> => {
        while (this.#child === child) {
          try {
            const response = await fetch(`${this.url}/healthz`, { signal: AbortSignal.timeout(1000) });
            if (response.ok) {
              clearTimeout(timer);
              resolve();
              return;
            }
          } catch {
            // Not listening yet.
          }
          await new Promise((wake) => setTimeout(wake, 100));
        }
      };
      void poll();
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        if (this.#child === child) this.#child = undefined;
        reject(
          new Error(`node ${this.port} exited (${code ?? signal}) before listening; see ${this.#logFile}`),
        );
      });
    });
  }

  /** SIGKILL: no shutdown, no lease given up. */
  async kill(): Promise<void> {
    const child = this.#child;
    if (child === undefined) return;
    this.#child = undefined;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  /** SIGTERM: a graceful stop. */
  async stop(): Promise<void> {
    const child = this.#child;
    if (child === undefined) return;
    this.#child = undefined;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
}
