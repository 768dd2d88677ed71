/**
 * The one interface every rating model implements. Matching and quality code see only this,
 * never which model runs (DESIGN.md: "One RatingModel interface for all models").
 */

/**
 * A match as a rating model sees it: teams of players' ratings (any number of teams, any sizes).
 * `weights[t][p]` in [0, 1] is the share of the match player p of team t took part in (partial
 * play); missing means 1 for everyone.
 */
export interface RatedMatch<TRating> {
  readonly teams: readonly (readonly TRating[])[];
  readonly weights?: readonly (readonly number[])[];
}

/**
 * The result of a match: a rank per team, 1 = first; equal ranks are a tie (a draw between those
 * teams). `scores` (one per team) carry margins where the data has them; `homeTeam` names the team
 * that had the home/side advantage, if any; `neutral` says the match was played at a neutral site,
 * so no team had it (a listed home team is then only a label).
 */
export interface MatchResult {
  readonly ranks: readonly number[];
  readonly scores?: readonly number[];
  readonly homeTeam?: number;
  readonly neutral?: boolean;
}

/**
 * Outcome probabilities. `win[t]` is the probability that team t finishes strictly first alone;
 * `draw` is the probability of a tie for first. They sum to 1. For two teams this is
 * win / draw / loss: `win[0]`, `draw`, `win[1]`.
 */
export interface Prediction {
  readonly win: readonly number[];
  readonly draw: number;
}

/** Context an update may need: the time of the match, for models in continuous time. */
export interface UpdateContext {
  readonly nowMs?: number;
  /**
   * For `predict`: the match has at least two non-empty teams, no weights, and every rating in it
   * has passed `validate` (a queue's candidates, checked when their tickets arrived), so a model may
   * skip checking them again. A queue predicts every split it compares, thousands a tick, of the
   * same few ratings. A model that ignores it checks them as always. With it, the match's arrays
   * are the caller's to fill anew once the prediction returns: a model keeps none of them.
   */
  readonly ratingsValidated?: boolean;
}

/** A model-independent view of one player's skill, on the model's own scale. */
export interface SkillEstimate {
  /** The best estimate of skill. */
  readonly mean: number;
  /** One standard deviation of uncertainty (0 for models that keep none, like plain Elo). */
  readonly deviation: number;
}

/**
 * A rating model. `update` is pure: it returns new ratings (same shape as `match.teams`) and never
 * mutates its inputs. Bad input throws MatchdError (MM_ERR_INVALID_RATING, MM_ERR_INVALID_TEAMS,
 * MM_ERR_INVALID_RESULT) before anything is computed.
 */
export interface RatingModel<TRating> {
  /** A stable name, e.g. `elo`, `glicko2`, `weng-lin-plackett-luce`, `trueskill`. */
  readonly name: string;
  /** The rating of a player never seen before. */
  initial(): TRating;
  /**
   * Outcome probabilities of the match. The prediction and its arrays are the caller's to keep (a
   * queue keeps a candidate's win probabilities as predicted): a model makes them anew per call.
   */
  predict(match: RatedMatch<TRating>, context?: UpdateContext): Prediction;
  /** New ratings after `result`, same shape as `match.teams`. */
  update(match: RatedMatch<TRating>, result: MatchResult, context?: UpdateContext): TRating[][];
  /** The player's skill as a mean and a deviation on the model's scale. */
  estimate(rating: TRating): SkillEstimate;
  /** Throws MM_ERR_INVALID_RATING unless `rating` is a valid rating of this model. */
  validate(rating: TRating): void;
}
