/**
 * A MatchmakerHost whose matchmakers live in a worker thread (node:worker_threads). Every call is a
 * message with an id; the reply carries the value or the error, and MatchdErrors keep their code
 * and details across the boundary, so the API maps them exactly as in-thread errors.
 *
 * Node 20 note (verified): a worker inherits `--import tsx` in its execArgv, but tsx's loader
 * hooks do not take effect in it ("Unknown file extension .ts"), so the worker starts from a
 * plain-JS bootstrap (`worker-boot.mjs`) that registers tsx and then imports the TypeScript entry.
 */
import { Worker } from 'node:worker_threads';
import { type ErrorCode, MatchdError } from '@matchd/engine';
import type { RatingModelName } from '../rating/rating-system.ts';
import type { MatchmakerHost } from './matchmaker-host.ts';

/** A request to the worker (requests travel in batches: one message holds an array). */
export interface HostRequest {
  readonly id: number;
  readonly method: keyof MatchmakerHost;
  readonly args: readonly unknown[];
}

/** A reply from the worker (replies travel in batches, in request order). */
export type HostReply =
  | { readonly id: number; readonly ok: true; readonly value: unknown }
  | {
      readonly id: number;
      readonly ok: false;
      readonly error: { code?: ErrorCode; message: string; details?: Record<string, unknown> };
    };

/** What the worker needs to build its matchmakers. */
export interface WorkerHostData {
  readonly ratingModel: RatingModelName;
  readonly seed: number;
  /** A churn table (outcome key -> churn probability) for engagement queues. */
  readonly churnTable?: Readonly<Record<string, unknown>>;
  /** The TypeScript entry the bootstrap imports. */
  readonly entry: string;
}

/** Starts the worker and returns a host that forwards every call to it. */
export async function startWorkerHost(options: {
  ratingModel: RatingModelName;
  seed: number;
}): Promise<MatchmakerHost> {
  const data: WorkerHostData = {
    ...options,
    entry: new URL('./matchmaker-worker.ts', import.meta.url).href,
  };
  const worker = new Worker(new URL('./worker-boot.mjs', import.meta.url), { workerData: data });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let failure: Error | undefined;
  const failAll = (error: Error): void => {
    failure = error;
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
  };
  worker.on('message', (replies: readonly HostReply[]) => {
    for (const reply of replies) {
      const waiter = pending.get(reply.id);
      if (waiter === undefined) continue;
      pending.delete(reply.id);
      if (reply.ok) waiter.resolve(reply.value);
      else if (reply.error.code !== undefined) {
        waiter.reject(new MatchdError(reply.error.code, reply.error.message, reply.error.details ?? {}));
      } else waiter.reject(new Error(reply.error.message));
    }
  });
  // Calls made in one turn of the event loop travel as one message (and come back as one): under
  // load, dozens of enqueues share one structured clone and one wake-up of the worker.
  let outbox: HostRequest[] = [];
  const flush = (): void => {
    const batch = outbox;
    outbox = [];
    worker.postMessage(batch);
  };
  worker.on('error', (error) => failAll(error));
  worker.on('exit', (code) => failAll(new Error(`matchmaker worker exited with code ${code}`)));
  // The worker answers a first `sizes` call only once its modules loaded: start-up errors surface here.
  const call = (method: keyof MatchmakerHost, args: readonly unknown[]): Promise<unknown> => {
    if (failure !== undefined) return Promise.reject(failure);
    const id = nextId;
    nextId += 1;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      if (outbox.length === 0) setImmediate(flush);
      outbox.push({ id, method, args });
    });
  };
  await call('sizes', []);
  const host: MatchmakerHost = {
    putQueue: async (...args) => void (await call('putQueue', args)),
    enqueue: (...args) => call('enqueue', args) as ReturnType<MatchmakerHost['enqueue']>,
    cancel: (...args) => call('cancel', args) as ReturnType<MatchmakerHost['cancel']>,
    accept: (...args) => call('accept', args) as ReturnType<MatchmakerHost['accept']>,
    decline: (...args) => call('decline', args) as ReturnType<MatchmakerHost['decline']>,
    tick: (...args) => call('tick', args) as ReturnType<MatchmakerHost['tick']>,
    status: (...args) => call('status', args) as ReturnType<MatchmakerHost['status']>,
    sizes: () => call('sizes', []) as ReturnType<MatchmakerHost['sizes']>,
    snapshot: (...args) => call('snapshot', args) as ReturnType<MatchmakerHost['snapshot']>,
    async close() {
      if (failure !== undefined) return;
      await call('close', []);
      worker.removeAllListeners('exit');
      failure = new Error('matchmaker worker closed');
      await worker.terminate();
    },
  };
  return host;
}
