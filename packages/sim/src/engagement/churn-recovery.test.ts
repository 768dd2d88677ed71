import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  calibrationReport,
  labelChurn,
  predictChurn,
  Random,
  trainChurnModelFromLabelled,
} from '@matchd/engine';
import { DEFAULT_TRUE_CHURN, generateChurnWorld } from './churn-world.ts';

const HOUR_MS = 3600 * 1000;

describe('churn model on a world with a known churn function', () => {
  it('recovers the true churn probability within 1 point in every calibration bin', () => {
    const churnWindowMs = 8 * HOUR_MS;
    const world = generateChurnWorld({
      players: 1500,
      days: 20,
      truth: DEFAULT_TRUE_CHURN,
      churnWindowMs,
      random: Random.fromSeed(42),
    });
    const labelled = labelChurn(world.log, { churnWindowMs, logEndMs: world.logEndMs });
    const model = trainChurnModelFromLabelled(labelled, {
      churnWindowMs,
      random: Random.fromSeed(1),
      l2Grid: [0.1, 10],
    });
    const predicted = labelled.map((m) =>
      predictChurn(model, { previous: m.previous, nowMs: m.match.timeMs }, m.match.outcome),
    );
    const truth = labelled.map((m) => world.trueChurn.get(`${m.playerId}@${m.match.timeMs}`) as number);
    const report = calibrationReport(predicted, truth, { bins: 10, minCount: 200 });
    assert.ok(labelled.length > 15000, `${labelled.length} labelled matches`);
    assert.ok(
      report.maxAbsoluteGap < 0.01,
      `largest gap ${report.maxAbsoluteGap}: ${JSON.stringify(report.bins)}`,
    );
    // Against the observed labels too (sampling noise allowed): the model is calibrated on data.
    const observed = calibrationReport(
      predicted,
      labelled.map((m) => (m.churned ? 1 : 0)),
      { bins: 10, minCount: 2000 },
    );
    assert.ok(observed.maxAbsoluteGap < 0.03, `observed gap ${observed.maxAbsoluteGap}`);
  });
});
