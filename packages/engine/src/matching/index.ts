// Matching: exact minimum-cost pairing (helper D) and team formation / team pairing (helper E).
export type * from './types.ts';
