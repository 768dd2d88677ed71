/** Every experiment the `sim` command runs, by name. */
import type { Experiment } from '../experiment.ts';
import { eommTable2Experiment } from './eomm-table2/experiment.ts';

/** The experiments, in the order `sim --help` lists them. */
export const EXPERIMENTS: readonly Experiment[] = [eommTable2Experiment];
