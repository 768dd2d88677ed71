export type * from './types.ts';
export * from './elo/index.ts';
export * from './policy/index.ts';
