/** The shapes shared by the models, variants and protocol of `ratings eval`. */
import type {
  InactivityPolicy,
  MatchResult,
  RatingAccess,
  RatingModel,
  SeasonRegressionPolicy,
  SideContext,
} from '@matchd/engine';
import type { ParamSpec, Params } from './params.ts';

/** A model ready to run, with what the protocol does around it. */
export interface EvalRunner {
  // Ratings are opaque to the protocol: each model keeps its own type behind RatingModel.
  readonly model: RatingModel<unknown>;
  /** Needed by `+time` (inactivity). */
  readonly access?: RatingAccess<unknown>;
  /** Deviation growth (or decay toward the mean) with time away (`+time`); a function when learned. */
  readonly inactivity?: InactivityPolicy | (() => InactivityPolicy);
  /** The model for the next match, when the runner learns terms from past games (else `model`). */
  readonly current?: () => RatingModel<unknown>;
  /** Sees each match after its prediction and before its update (learned terms). */
  readonly observe?: (game: ObservedGame) => void;
  /** Regression toward the mean at a team's first match of a new season (`season` files). */
  readonly seasonRegression?: () => SeasonRegressionPolicy;
  /** Draws as a third outcome: an ordered logit whose draw rate is learned from past matches. */
  readonly drawTerm?: boolean;
  /** Learning rate of the online side term (`+side`). */
  readonly sideRate?: number;
  /** Learning rate of the online slope on the model's log-odds (`+slope`). */
  readonly slopeRate?: number;
  /** One log-odds unit on the model's rating scale, at the model's parameters (`+home`). */
  readonly logOddsUnit?: number;
}

/** One match as a learning runner sees it, before its update. */
export interface ObservedGame {
  readonly teams: readonly (readonly unknown[])[];
  readonly context: SideContext;
  readonly result: MatchResult;
  readonly timeMs: number | undefined;
}

/** What a file offers that a model may need. */
export interface FileTraits {
  readonly hasDates: boolean;
  readonly hasSides: boolean;
  /** Scores per team (margins). */
  readonly hasScores?: boolean;
  /** Season labels. */
  readonly hasSeasons?: boolean;
  /** Some matches are drawn. */
  readonly hasDraws?: boolean;
}

/** One model of the evaluation. */
export interface EvalModelSpec {
  readonly name: string;
  readonly summary: string;
  /** Files the model applies to (default: all). */
  readonly appliesTo?: (traits: FileTraits) => boolean;
  /** Default parameters for a file. */
  defaults(traits: FileTraits): Params;
  /** The parameters `--tune` searches, for a file. */
  space(traits: FileTraits): readonly ParamSpec[];
  create(params: Params): EvalRunner;
  /** The model this one adds a term to (its tuned parameters start this one's search). */
  readonly base?: string;
}
