export type * from './types.ts';
export * from './elo/index.ts';
