/**
 * Rating policy around any model: tracks, calibration, inactivity, season regression and reset, party adjustment,
 * experience and display scales (see docs/ratings-policy.md).
 */
export * from './calibration.ts';
export * from './display.ts';
export * from './experience.ts';
export * from './inactivity.ts';
export * from './model-access.ts';
export * from './party-adjustment.ts';
export * from './performance.ts';
export * from './rate-tracked-match.ts';
export * from './rating-access.ts';
export * from './season-regression.ts';
export * from './season-reset.ts';
export * from './tracks.ts';
