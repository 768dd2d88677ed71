/**
 * The model-fitting thread: receives the reported matches page by page, then fits (logistic
 * regressions, cross-validation) off the API thread and answers with the model file, or with the
 * MatchdError (code, message, details) that says why the history cannot fit it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { isMatchdError } from '@matchd/engine';
import type { MatchRecord } from '../store/records.ts';
import type { FitJob, FitMessage, FitReply } from './fit-in-worker.ts';
import { fitChurnModel, fitPartyModel } from './fit-models.ts';
import type { ModelFile } from './model-files.ts';

const job = (workerData as { job: FitJob }).job;
const port = parentPort;
if (port === null) throw new Error('fit-worker.ts runs only as a worker thread');
const matches: MatchRecord[] = [];

function fit(nowMs: number): { model: ModelFile; matches: number } {
  if (job.kind === 'party') {
    const { fit: bonus, matches: used } = fitPartyModel(
      matches,
      job.track === undefined ? {} : { track: job.track },
    );
    return {
      matches: used,
      model: {
        kind: 'party-bonus',
        fittedAtMs: nowMs,
        matches: used,
        ...(job.track === undefined ? {} : { track: job.track }),
        coefficients: bonus.coefficients,
        logOddsPerRatingPoint: bonus.logOddsPerRatingPoint,
      },
    };
  }
  const model = fitChurnModel(matches, { churnWindowMs: job.churnWindowMs, logEndMs: nowMs, seed: job.seed });
  return {
    matches: model.trainingMatches,
    model: {
      kind: 'churn-model',
      fittedAtMs: nowMs,
      ...(job.queueIds?.length === 1 ? { queueId: job.queueIds[0] as string } : {}),
      model,
    },
  };
}

port.on('message', (message: FitMessage) => {
  if (message.type === 'page') {
    matches.push(...message.matches);
    return;
  }
  let reply: FitReply;
  try {
    reply = { ok: true, ...fit(message.nowMs) };
  } catch (error) {
    reply = isMatchdError(error)
      ? { ok: false, error: { code: error.code, message: error.message, details: { ...error.details } } }
      : { ok: false, error: { message: error instanceof Error ? error.message : String(error) } };
  }
  port.postMessage(reply);
});
