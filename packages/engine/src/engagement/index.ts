/**
 * Engagement: the EOMM churn model, churn tables and engagement-optimised matching costs.
 * The shared logistic regression (stats/) is exported from here too, since the engine's top
 * index lists areas, not stats files.
 */
export * from '../stats/logistic-regression.ts';
