/**
 * @matchd/sim: synthetic populations, a virtual-clock driver of the real queue engine, and the
 * seeds' experiments. The command line is `main` (cli.ts); the rest is for scripts and benchmarks.
 */
export { type CliIo, main } from './cli.ts';
export {
  DEFAULT_TRUE_CHURN,
  generateChurnWorld,
  type TrueChurnFunction,
  trueChurnProbability,
} from './engagement/churn-world.ts';
export type { Experiment, ExperimentContext, ExperimentReport } from './experiment.ts';
export { EXPERIMENTS } from './experiments/index.ts';
export { barChart, lineChart } from './report/svg-chart.ts';
export { mean, quantile, sampleSd, summarize } from './stats/summary.ts';
export { welchTTest } from './stats/welch.ts';
export {
  arrivalRate,
  DEFAULT_REGIONS,
  DOTA_MMR_PERCENTILES,
  dotaSkillAt,
  drawPlayer,
  drawSkill,
  type RegionSpec,
  type SimPlayer,
  type SkillDistribution,
} from './world/population.ts';
export { type QueueSimMetrics, type QueueSimOptions, simulateQueue } from './world/queue-sim.ts';
