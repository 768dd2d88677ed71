/**
 * Engagement: the EOMM churn model (logistic regression on recent history), churn tables keyed by
 * recent outcomes, calibration reports, and the engagement-optimised matching cost. The shared
 * logistic regression (stats/) is exported from here too, since the engine's top index lists
 * areas, not stats files.
 */
export * from '../stats/logistic-regression.ts';
export * from './calibration.ts';
export * from './churn-features.ts';
export * from './churn-model.ts';
export * from './churn-table.ts';
export * from './eomm-cost.ts';
export * from './history-log.ts';
export * from './outcomes.ts';
