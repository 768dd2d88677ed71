export { createElo, type EloModel, type EloOptions, type TeamStrength } from './elo.ts';
export {
  constantK,
  type DominationsKOptions,
  dominationsK,
  type EloRating,
  type KPolicy,
  type KPolicyInput,
  streakAfter,
} from './k-policy.ts';
