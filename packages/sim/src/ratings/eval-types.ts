/** The shapes shared by the models, variants and protocol of `ratings eval`. */
import type { InactivityPolicy, RatingAccess, RatingModel } from '@matchd/engine';
import type { ParamSpec, Params } from './params.ts';

/** A model ready to run, with what the protocol does around it. */
export interface EvalRunner {
  // Ratings are opaque to the protocol: each model keeps its own type behind RatingModel.
  readonly model: RatingModel<unknown>;
  /** Needed by `+time` (inactivity). */
  readonly access?: RatingAccess<unknown>;
  /** Deviation growth with time away (`+time`). */
  readonly inactivity?: InactivityPolicy;
  /** Learning rate of the online side term (`+side`). */
  readonly sideRate?: number;
  /** Learning rate of the online slope on the model's log-odds (`+slope`). */
  readonly slopeRate?: number;
  /** One log-odds unit on the model's rating scale, at the model's parameters (`+home`). */
  readonly logOddsUnit?: number;
}

/** What a file offers that a model may need. */
export interface FileTraits {
  readonly hasDates: boolean;
  readonly hasSides: boolean;
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
