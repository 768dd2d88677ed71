/**
 * Fits a model from the stored history without stalling the API thread (2 cores: the event loop
 * serves requests while the fit runs): this thread only pages the reported matches out of the store
 * (`matchesInWindow`, 500 at a time, awaiting each) and posts each page to a fitting thread
 * (`fit-worker.ts`), which holds them and runs the regressions. One thread per fit, ended after it.
 */
import { Worker } from 'node:worker_threads';
import { type ErrorCode, ErrorCodes, MatchdError } from '@matchd/engine';
import { threadEntry } from '../runtime/thread-entry.ts';
import type { RatingsStore } from '../store/ratings-store.ts';
import type { MatchRecord } from '../store/records.ts';
import type { ModelFile } from './model-files.ts';
import { forEachReportedPage, type HistoryWindow } from './stored-history.ts';

/** What to fit. */
export type FitJob =
  | { readonly kind: 'party'; readonly track?: string }
  | {
      readonly kind: 'churn';
      /** Only these queues' matches; absent = every queue. */
      readonly queueIds?: readonly string[];
      readonly churnWindowMs: number;
      readonly seed: number;
    };

/** Messages to the fitting thread. */
export type FitMessage =
  | { readonly type: 'page'; readonly matches: readonly MatchRecord[] }
  | { readonly type: 'fit'; readonly nowMs: number };

/** The fitting thread's answer. */
export type FitReply =
  | { readonly ok: true; readonly model: ModelFile; readonly matches: number }
  | {
      readonly ok: false;
      readonly error: { code?: ErrorCode; message: string; details?: Record<string, unknown> };
    };

/** A fitted model and how many matches (labelled rows) it used. */
export interface FitOutcome {
  readonly model: ModelFile;
  readonly matches: number;
}

/**
 * Fits `job` on the reported matches of `window`. Throws the fitting thread's MatchdError
 * (MM_ERR_INVALID_DATA when the history cannot fit the model) as is.
 */
export async function fitInWorker(
  ratings: RatingsStore,
  job: FitJob,
  options: { nowMs: number; window?: HistoryWindow; signal?: AbortSignal },
): Promise<FitOutcome> {
  options.signal?.throwIfAborted();
  const start = threadEntry('fit-worker');
  const worker = new Worker(start.file, {
    workerData: { entry: start.entry, job },
  });
  const answer = new Promise<FitReply>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) =>
      reject(new MatchdError(ErrorCodes.UNAVAILABLE, `model fitting thread exited with code ${code}`)),
    );
  });
  // An early failure of the thread must not go unhandled while pages are still being read.
  answer.catch(() => {});
  // Stopping the server ends a fit under way rather than waiting for it.
  const abort = () => void worker.terminate();
  options.signal?.addEventListener('abort', abort, { once: true });
  try {
    const queueIds = job.kind === 'churn' ? job.queueIds : undefined;
    const keep =
      queueIds === undefined ? () => true : (match: MatchRecord) => queueIds.includes(match.queueId);
    await forEachReportedPage(ratings, keep, options.window ?? {}, (matches) => {
      worker.postMessage({ type: 'page', matches } satisfies FitMessage);
    });
    worker.postMessage({ type: 'fit', nowMs: options.nowMs } satisfies FitMessage);
    const reply = await answer;
    if (reply.ok) return { model: reply.model, matches: reply.matches };
    if (reply.error.code !== undefined)
      throw new MatchdError(reply.error.code, reply.error.message, reply.error.details ?? {});
    throw new Error(reply.error.message);
  } finally {
    options.signal?.removeEventListener('abort', abort);
    await worker.terminate();
  }
}
