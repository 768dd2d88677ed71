/** Every experiment the `sim` command runs, by name. */
import type { Experiment } from '../experiment.ts';
import { churnCalibrationExperiment } from './churn-calibration/experiment.ts';
import { compoundingExperiment } from './compounding/experiment.ts';
import { eommTable2Experiment } from './eomm-table2/experiment.ts';
import { partyAdjustmentExperiment } from './party-adjustment/experiment.ts';
import { queueScenarioExperiment } from './queue-scenario/experiment.ts';
import { ratingConvergenceExperiment } from './rating-convergence/experiment.ts';
import { roundsVsContinuousExperiment } from './rounds-vs-continuous/experiment.ts';
import { teamFormationExperiment } from './team-formation/experiment.ts';

/** The experiments, in the order `sim --help` lists them. */
export const EXPERIMENTS: readonly Experiment[] = [
  eommTable2Experiment,
  compoundingExperiment,
  ratingConvergenceExperiment,
  partyAdjustmentExperiment,
  teamFormationExperiment,
  roundsVsContinuousExperiment,
  queueScenarioExperiment,
  churnCalibrationExperiment,
];
