/**
 * @matchd/engine: pure matchmaking. Ratings, match quality, matching algorithms, engagement and
 * queues; no I/O, no clock, no ambient randomness (time and a seeded Random are inputs).
 */

export * from './engagement/index.ts';
export * from './errors.ts';
export * from './matching/index.ts';
export * from './quality/index.ts';
export * from './queue/index.ts';
export * from './random.ts';
export * from './rating/index.ts';
export * from './rules/index.ts';
