/**
 * The matchmaker worker thread: a local host (the engine's matchmakers) behind messages from
 * `worker-host.ts`. Calls run one at a time in arrival order, exactly as in the API thread.
 */
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { isMatchdError } from '@matchd/engine';
import { churnEstimatorFor } from '../models/churn-sources.ts';
import { ModelCatalog } from '../models/model-catalog.ts';
import { createTrackPolicies } from '../rating/track-policies.ts';
import { engineMatchmakerFactory } from './engine-factory.ts';
import { createLocalHost } from './matchmaker-host.ts';
import type { HostReply, HostRequest, WorkerHostData } from './worker-host.ts';

const data = workerData as WorkerHostData;
const models = new ModelCatalog();
for (const [name, { version, model }] of Object.entries(data.models)) models.set(name, version, model);
const policies = createTrackPolicies(data.policies);
const host = createLocalHost({
  models,
  factory: engineMatchmakerFactory,
  ratingModelFor: (config) => policies.ofQueue(config).model,
  seed: data.seed,
  clock: () => performance.now(),
  expectedChurnFor: churnEstimatorFor(models, data.churnTable),
});
const port = parentPort;
if (port === null) throw new Error('matchmaker-worker.ts runs only as a worker thread');

async function answer(request: HostRequest): Promise<HostReply> {
  try {
    const method = host[request.method] as (...args: readonly unknown[]) => Promise<unknown>;
    return { id: request.id, ok: true, value: await method(...request.args) };
  } catch (error) {
    return isMatchdError(error)
      ? {
          id: request.id,
          ok: false,
          error: { code: error.code, message: error.message, details: { ...error.details } },
        }
      : {
          id: request.id,
          ok: false,
          error: { message: error instanceof Error ? error.message : String(error) },
        };
  }
}

// A batch runs in order, to completion, before the next message: the same order as in one thread.
let queue: Promise<void> = Promise.resolve();
port.on('message', (batch: readonly HostRequest[]) => {
  queue = queue.then(async () => {
    const replies: HostReply[] = [];
    for (const request of batch) replies.push(await answer(request));
    port.postMessage(replies);
  });
});
