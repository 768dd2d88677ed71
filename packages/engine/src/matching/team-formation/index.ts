export { bestSplit, type SplitMatchOptions, splitMatch } from './best-split.ts';
export { formMatches } from './form-matches.ts';
export {
  boundedPricing,
  type FormationBound,
  type FormationBoundOptions,
  type FormationBoundRound,
  type FormationPricing,
  formationBound,
  type PricingResult,
  type ScoreBound,
} from './formation-bound.ts';
export { type LocalSearchSplitOptions, localSearchSplit } from './local-search-split.ts';
export { fillableMatchCount } from './packing.ts';
export type {
  AnnealingOptions,
  BestSplit,
  BestSplitOptions,
  FormationAggregate,
  FormationMethod,
  FormationTicket,
  FormedMatch,
  FormMatchesOptions,
  FormMatchesResult,
  ObjectiveTracePoint,
  ScoreMatch,
  SplitScorer,
  TeamIndices,
  TeamSizeRange,
} from './types.ts';
