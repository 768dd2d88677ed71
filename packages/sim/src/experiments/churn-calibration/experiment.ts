/**
 * `sim churn-calibration`: EOMM section 5.2 and Figure 3 on a synthetic world with a known churn
 * function. Trains the engine's churn model (logistic regression, L2 by k-fold CV) from the world's
 * match-history log, then reports the CV scores, the calibration by bins against the observed churn
 * and against the true probability, and the Table 1-style churn table estimated from the same log.
 */
import {
  calibrationReport,
  estimateChurnTable,
  labelChurn,
  predictChurn,
  Random,
  trainChurnModelFromLabelled,
} from '@matchd/engine';
import { DEFAULT_TRUE_CHURN, generateChurnWorld } from '../../engagement/churn-world.ts';
import { type Experiment, intFlag, numberListFlag } from '../../experiment.ts';
import { lineChart } from '../../report/svg-chart.ts';

const HOUR_MS = 3600 * 1000;

export const churnCalibrationExperiment: Experiment = {
  name: 'churn-calibration',
  summary: 'EOMM 5.2 / Figure 3: the churn model trained from a synthetic log with a known churn function',
  flags: {
    players: { type: 'string', description: 'players in the synthetic world', default: '3000' },
    days: { type: 'string', description: 'days of match history', default: '20' },
    folds: { type: 'string', description: 'cross-validation folds', default: '5' },
    grid: { type: 'string', description: 'L2 strengths to try', default: '0.01,0.1,1,10,100,1000' },
    seed: { type: 'string', description: 'seed', default: '1' },
  },
  async run(context) {
    const players = intFlag(context, 'players', 3000, 10, 1_000_000);
    const days = intFlag(context, 'days', 20, 2, 3650);
    const folds = intFlag(context, 'folds', 5, 2, 20);
    const grid = numberListFlag(context, 'grid', '0.01,0.1,1,10,100,1000', 0, 1e9);
    const seed = intFlag(context, 'seed', 1, 0, 2 ** 31 - 1);
    const churnWindowMs = 8 * HOUR_MS;
    context.progress(0, 3);
    const world = generateChurnWorld({
      players,
      days,
      truth: DEFAULT_TRUE_CHURN,
      churnWindowMs,
      random: Random.fromSeed(seed),
    });
    const labelled = labelChurn(world.log, { churnWindowMs, logEndMs: world.logEndMs });
    context.progress(1, 3);
    const model = trainChurnModelFromLabelled(labelled, {
      churnWindowMs,
      folds,
      l2Grid: grid,
      random: Random.fromSeed(seed + 1),
    });
    context.progress(2, 3);
    const predicted = labelled.map((m) =>
      predictChurn(model, { previous: m.previous, nowMs: m.match.timeMs }, m.match.outcome),
    );
    const truth = labelled.map((m) => world.trueChurn.get(`${m.playerId}@${m.match.timeMs}`) as number);
    const observed: number[] = labelled.map((m) => (m.churned ? 1 : 0));
    const vsTruth = calibrationReport(predicted, truth, { bins: 10, minCount: 200 });
    const vsObserved = calibrationReport(predicted, observed, { bins: 10, minCount: 200 });
    const table = estimateChurnTable(labelled, { keyLength: 3 });
    context.progress(3, 3);
    const json = {
      experiment: 'churn-calibration',
      seed,
      players,
      days,
      labelledMatches: labelled.length,
      churnRate: observed.reduce((a: number, b: number) => a + b, 0) / observed.length,
      crossValidation: model.crossValidation.map((s) => ({ l2: s.l2, meanLogLoss: s.meanLogLoss })),
      bestL2: model.regression.l2,
      calibrationVsTruth: vsTruth,
      calibrationVsObserved: vsObserved,
      churnTable: table.cells,
    };
    const row = (b: {
      lower: number;
      upper: number;
      count: number;
      meanPredicted: number;
      meanObserved: number;
    }) =>
      `| ${b.lower.toFixed(1)}-${b.upper.toFixed(1)} | ${b.count} | ${Number.isNaN(b.meanPredicted) ? '' : (100 * b.meanPredicted).toFixed(2)} | ${Number.isNaN(b.meanObserved) ? '' : (100 * b.meanObserved).toFixed(2)} |`;
    const markdown = [
      '# Churn model calibration (EOMM 5.2, Figure 3)',
      '',
      `Seed ${seed}: ${players} players over ${days} days, ${labelled.length} labelled matches, 8-hour churn rate ${(100 * json.churnRate).toFixed(1)}%.`,
      `L2 chosen by ${folds}-fold cross-validation: ${model.regression.l2}.`,
      '',
      '| L2 | mean held-out log loss |',
      '| ---: | ---: |',
      ...model.crossValidation.map((s) => `| ${s.l2} | ${s.meanLogLoss.toFixed(5)} |`),
      '',
      `## Predicted vs true churn probability (largest gap ${(100 * vsTruth.maxAbsoluteGap).toFixed(2)} points over bins of 200+)`,
      '',
      '| predicted bin | matches | mean predicted % | mean true % |',
      '| --- | ---: | ---: | ---: |',
      ...vsTruth.bins.map(row),
      '',
      `## Predicted vs observed churn (largest gap ${(100 * vsObserved.maxAbsoluteGap).toFixed(2)} points)`,
      '',
      '| predicted bin | matches | mean predicted % | observed % |',
      '| --- | ---: | ---: | ---: |',
      ...vsObserved.bins.map(row),
      '',
      '## Churn table estimated from the log (Table 1 style: two previous outcomes + this one)',
      '',
      '| key | matches | churn % |',
      '| --- | ---: | ---: |',
      ...[...table.cells]
        .sort((a, b) => a.churn - b.churn)
        .map((c) => `| ${c.key} | ${c.matches} | ${(100 * c.churn).toFixed(1)} |`),
      '',
    ].join('\n');
    const points = (report: typeof vsTruth) =>
      report.bins.filter((b) => b.count >= 200).map((b) => [b.meanPredicted, b.meanObserved] as const);
    const chart = lineChart({
      title: 'Predicted vs real churn (cf. EOMM Figure 3)',
      xLabel: 'predicted churn probability',
      yLabel: 'real churn',
      markers: true,
      series: [
        { name: 'observed', points: points(vsObserved) },
        { name: 'true probability', points: points(vsTruth) },
        {
          name: 'ideal',
          points: [
            [0, 0],
            [1, 1],
          ],
        },
      ],
    });
    return { json, markdown, charts: { 'calibration.svg': chart } };
  },
};
