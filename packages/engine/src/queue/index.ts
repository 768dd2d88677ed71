export { validateBackfillRequest } from './backfill.ts';
export * as configChecks from './checks.ts';
export * from './handshake.ts';
export { createMatchmaker } from './matchmaker.ts';
export * from './relaxation.ts';
export {
  type IntRange,
  isNamedTeams,
  largestTeamSize,
  lowestFloor,
  type MatchShape,
  matchShapeOf,
  rangeOf,
} from './shape.ts';
export type * from './types.ts';
export * from './validate-config.ts';
export * from './validate-ticket.ts';
