import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { Random } from '@matchd/engine';
import type { ExperimentContext } from '../experiment.ts';
import { churnCalibrationExperiment } from './churn-calibration/experiment.ts';
import { runCompounding } from './compounding/experiment.ts';
import { partyAdjustmentExperiment } from './party-adjustment/experiment.ts';
import { queueScenarioExperiment } from './queue-scenario/experiment.ts';
import { rankError, runRatingConvergence } from './rating-convergence/experiment.ts';
import { drawFormationPool, formRound } from './team-formation/experiment.ts';

const exampleParams: unknown = JSON.parse(
  readFileSync(new URL('../../../../examples/eomm-table2.json', import.meta.url), 'utf8'),
);

function context(flags: Record<string, string>): ExperimentContext {
  return { flags, progress: () => {} };
}

describe('compounding experiment', () => {
  it('compounds the per-round retention of a constant population, EOMM above WorstMM', () => {
    const result = runCompounding({ params: exampleParams, poolSize: 40, rounds: 6, repeats: 4, seed: 2 });
    for (const series of Object.values(result.survival)) {
      for (let t = 1; t < series.length; t++) assert.ok((series[t] as number) < (series[t - 1] as number));
    }
    // Survival after t rounds is about the product of the per-round retentions (it is exactly so per player).
    const eomm = result.survival.EOMM;
    assert.ok((eomm[5] as number) > (result.survival.WorstMM[5] as number));
    assert.ok((result.retention.EOMM[0] as number) > (result.retention.WorstMM[0] as number));
    assert.deepEqual(
      runCompounding({ params: exampleParams, poolSize: 40, rounds: 6, repeats: 4, seed: 2 }),
      result,
    );
  });
});

describe('rating convergence experiment', () => {
  it("computes Kreimeier's rank error", () => {
    assert.equal(rankError([3, 2, 1], [3, 2, 1]), 0);
    assert.equal(rankError([3, 2, 1], [1, 2, 3]), 8);
  });

  it('sorts a known population: every system gains on the start, the rating models beat the ladder', () => {
    const errors = runRatingConvergence({ players: 40, games: 30, repeats: 3, skillSd: 300, seed: 5 });
    for (const system of ['ladder', 'elo', 'glicko2', 'weng-lin'] as const) {
      assert.ok(
        (errors[system][30] as number) < (errors[system][0] as number) / 2,
        `${system}: ${errors[system][30]}`,
      );
    }
    for (const model of ['elo', 'glicko2', 'weng-lin'] as const) {
      assert.ok((errors[model][30] as number) < (errors.ladder[30] as number), `${model} vs ladder`);
    }
  });
});

describe('party adjustment experiment', () => {
  it('recovers the per-member bonus and predicts held-out matches better than ratings alone', async () => {
    const report = await partyAdjustmentExperiment.run(
      context({ matches: '30000', 'test-matches': '5000', seed: '3' }),
    );
    const json = report.json as {
      fitted: { perExtraMember: number };
      evaluation: { ratingsOnly: { logLoss: number }; partyAdjusted: { logLoss: number } };
    };
    assert.ok(Math.abs(json.fitted.perExtraMember - 20) < 8, `fitted ${json.fitted.perExtraMember}`);
    assert.ok(json.evaluation.partyAdjusted.logLoss < json.evaluation.ratingsOnly.logLoss);
    assert.ok(report.charts['coefficients.svg']?.startsWith('<svg'));
  });
});

describe('churn calibration experiment', () => {
  it('reports CV scores, calibration bins and a Table 1-style table from a synthetic log', async () => {
    const report = await churnCalibrationExperiment.run(
      context({ players: '300', days: '10', grid: '1,100', seed: '4' }),
    );
    const json = report.json as {
      crossValidation: unknown[];
      churnTable: { key: string }[];
      calibrationVsTruth: { bins: unknown[] };
    };
    assert.equal(json.crossValidation.length, 2);
    assert.equal(json.churnTable.length, 27);
    assert.equal(json.calibrationVsTruth.bins.length, 10);
    assert.match(report.markdown, /Figure 3/);
  });
});

describe('team formation experiment', () => {
  it('runs every strategy on the same pool within its evaluation budget, better with more budget', () => {
    const pool = drawFormationPool(60, Random.fromSeed(8));
    for (const strategy of ['restarts', 'forced-swaps', 'annealing'] as const) {
      const small = formRound({ pool, strategy, evaluations: 300, seed: 1 });
      const large = formRound({ pool, strategy, evaluations: 6000, seed: 1 });
      assert.ok(small > 0 && small <= 1 && large <= 1, `${strategy}: ${small} ${large}`);
      assert.ok(large >= small - 0.02, `${strategy}: ${large} < ${small}`);
      assert.equal(formRound({ pool, strategy, evaluations: 300, seed: 1 }), small);
    }
  });
});

describe('queue scenario experiment', () => {
  it('runs a shipped queue config from a flag and reports every metric', async () => {
    const report = await queueScenarioExperiment.run(
      context({ config: 'examples/queues/awesomenauts-3v3.json', minutes: '6', seed: '2' }),
    );
    const json = report.json as { metrics: { matches: number; retention: number; meanMaxPingMs: number } };
    assert.ok(json.metrics.matches > 0);
    assert.ok(json.metrics.retention > 0.3 && json.metrics.retention < 0.8);
    assert.ok(json.metrics.meanMaxPingMs > 0);
    assert.match(report.markdown, /repeat-opponent rate/);
  });
});
