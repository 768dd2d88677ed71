export * from './draw/index.ts';
export * from './elo/index.ts';
export * from './fermi/index.ts';
export * from './glicko2/index.ts';
export * from './margin/index.ts';
export * from './policy/index.ts';
export * from './trueskill/index.ts';
export type * from './types.ts';
export * from './weng-lin/index.ts';
