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
  TeamIndices,
} from './types.ts';
