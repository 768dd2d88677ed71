/**
 * A MatchmakerHost whose matchmakers live in a worker thread (node:worker_threads). Every call is a
 * message with an id; the reply carries the value or the error, and MatchdErrors keep their code
 * and details across the boundary, so the API maps them exactly as in-thread errors.
 *
 * Node 20 note (verified): a worker inherits `--import tsx` in its execArgv, but tsx's loader
 * hooks do not take effect in it ("Unknown file extension .ts"), so the worker starts from a
 * plain-JS bootstrap (`worker-boot.mjs`) that registers tsx and then imports the TypeScript entry
 * (thread-entry.ts; the compiled server starts the compiled thread instead).
 */
import { Worker } from 'node:worker_threads';
import { type ErrorCode, ErrorCodes, MatchdError } from '@matchd/engine';
import type { ModelFile } from '../models/model-files.ts';
import type { TrackPoliciesData } from '../rating/track-policies.ts';
import type { MatchmakerHost } from './matchmaker-host.ts';
import { threadEntry } from './thread-entry.ts';

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
  /** The tracks' rating policies, so each queue's model is its track's (`createTrackPolicies`). */
  readonly policies: TrackPoliciesData;
  readonly seed: number;
  /** A churn table (outcome key -> churn probability) for engagement queues. */
  readonly churnTable?: Readonly<Record<string, unknown>>;
  /** The fitted models put so far (a restarted worker starts with them), by name. */
  readonly models: Record<string, { version: number; model: ModelFile }>;
  /** The TypeScript entry the bootstrap imports. */
  readonly entry: string;
}

/** A host in a worker thread that is restarted when it dies. */
export interface WorkerHost extends MatchmakerHost {
  /** The worker thread now running (a supervision test ends it to play a crash). */
  readonly worker: Worker;
  /** How many times the worker died and was started again. */
  readonly restarts: number;
}

/**
 * Starts the worker and returns a host that forwards every call to it. When the worker dies (out of
 * memory, a crash), the calls in flight fail with MM_ERR_UNAVAILABLE and a new worker starts, with
 * no queues: a queue's next call fails with MM_ERR_QUEUE_NOT_FOUND and its runner rebuilds it from
 * the fleet state.
 */
export async function startWorkerHost(options: {
  policies: TrackPoliciesData;
  seed: number;
  churnTable?: Readonly<Record<string, unknown>>;
  /** V8 heap limit of the worker, MB (default: Node's). */
  maxMemoryMb?: number;
}): Promise<WorkerHost> {
  const { maxMemoryMb, ...rest } = options;
  const models: WorkerHostData['models'] = {};
  const data: WorkerHostData = {
    ...rest,
    models,
    entry: threadEntry('matchmaker-worker').entry,
  };
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let closed = false;
  let restarts = 0;
  let worker: Worker;
  let starting: Promise<void> | undefined;
  const failAll = (error: Error): void => {
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
  };
  const spawn = (): Worker => {
    const thread = new Worker(threadEntry('matchmaker-worker').file, {
      workerData: data,
      ...(maxMemoryMb === undefined ? {} : { resourceLimits: { maxOldGenerationSizeMb: maxMemoryMb } }),
    });
    thread.on('message', (replies: readonly HostReply[]) => {
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
    // 'error' is followed by 'exit'; the restart happens there.
    thread.on('error', () => {});
    thread.on('exit', (code) => {
      if (closed || thread !== worker) return;
      failAll(
        new MatchdError(ErrorCodes.UNAVAILABLE, `matchmaker worker exited with code ${code}; restarting`, {
          component: 'matchmaker-worker',
        }),
      );
      restarts += 1;
      // Back off when it keeps dying, so a worker that cannot live does not spin the CPU.
      const delayMs = Math.min(5000, 50 * 2 ** Math.min(restarts, 7));
      starting = new Promise<void>((resolve) => {
        setTimeout(() => {
          if (!closed) worker = spawn();
          starting = undefined;
          resolve();
        }, delayMs).unref();
      });
    });
    return thread;
  };
  worker = spawn();
  // Calls made in one turn of the event loop travel as one message (and come back as one): under
  // load, dozens of enqueues share one structured clone and one wake-up of the worker.
  let outbox: HostRequest[] = [];
  const flush = (): void => {
    const batch = outbox;
    outbox = [];
    worker.postMessage(batch);
  };
  const call = (method: keyof MatchmakerHost, args: readonly unknown[]): Promise<unknown> => {
    if (closed) return Promise.reject(new MatchdError(ErrorCodes.UNAVAILABLE, 'matchmaker worker closed'));
    if (starting !== undefined) {
      return Promise.reject(
        new MatchdError(ErrorCodes.UNAVAILABLE, 'matchmaker worker is restarting', {
          component: 'matchmaker-worker',
        }),
      );
    }
    const id = nextId;
    nextId += 1;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      if (outbox.length === 0) setImmediate(flush);
      outbox.push({ id, method, args });
    });
  };
  // The worker answers a first `sizes` call only once its modules loaded: start-up errors surface here.
  await call('sizes', []);
  const host: WorkerHost = {
    get worker() {
      return worker;
    },
    get restarts() {
      return restarts;
    },
    putQueue: async (...args) => void (await call('putQueue', args)),
    async putModel(name, version, model) {
      // Kept here too: a worker started after a crash reads them from its workerData.
      if ((models[name]?.version ?? 0) < version) models[name] = { version, model };
      await call('putModel', [name, version, model]);
    },
    restoreQueue: async (...args) => void (await call('restoreQueue', args)),
    dropQueue: async (...args) => void (await call('dropQueue', args)),
    enqueue: (...args) => call('enqueue', args) as ReturnType<MatchmakerHost['enqueue']>,
    requestBackfill: (...args) =>
      call('requestBackfill', args) as ReturnType<MatchmakerHost['requestBackfill']>,
    cancel: (...args) => call('cancel', args) as ReturnType<MatchmakerHost['cancel']>,
    accept: (...args) => call('accept', args) as ReturnType<MatchmakerHost['accept']>,
    decline: (...args) => call('decline', args) as ReturnType<MatchmakerHost['decline']>,
    tickQueue: (...args) => call('tickQueue', args) as ReturnType<MatchmakerHost['tickQueue']>,
    status: (...args) => call('status', args) as ReturnType<MatchmakerHost['status']>,
    sizes: () => call('sizes', []) as ReturnType<MatchmakerHost['sizes']>,
    snapshot: (...args) => call('snapshot', args) as ReturnType<MatchmakerHost['snapshot']>,
    async close() {
      if (closed) return;
      await call('close', []).catch(() => {});
      closed = true;
      failAll(new MatchdError(ErrorCodes.UNAVAILABLE, 'matchmaker worker closed'));
      await worker.terminate();
    },
  };
  return host;
}
