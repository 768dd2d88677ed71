export * from './churn-estimator.ts';
export * from './group-criteria.ts';
export * from './prepare.ts';
export * from './scorer.ts';
export * from './shaping.ts';
export * from './skill-criteria.ts';
export type * from './types.ts';
