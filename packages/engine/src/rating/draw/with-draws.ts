/**
 * Layers a draw model on any rating model: the same ratings and updates, with a two-team
 * prediction that has a draw. The inner model's decisive odds are kept: P = win[0] / (win[0] +
 * win[1]) (so an inner draw, e.g. TrueSkill's margin, is replaced rather than counted twice), then
 * the draw model splits P into win / draw / loss. Matches of more than two teams pass through.
 */

import type { RatingModel } from '../types.ts';
import type { DrawModel } from './draw-models.ts';

/**
 * `model` with `drawModel`'s draws in its two-team predictions.
 * @example
 * const elo = withDraws(createElo(), eommDraw({ drawProbability: 0.2 }));
 * elo.predict({ teams: [[a], [b]] }) // { win: [0.4, 0.4], draw: 0.2 } between equals
 */
export function withDraws<TRating>(model: RatingModel<TRating>, drawModel: DrawModel): RatingModel<TRating> {
  return {
    name: `${model.name}+${drawModel.kind}-draw`,
    initial: () => model.initial(),
    predict(match, context) {
      const inner = model.predict(match, context);
      if (inner.win.length !== 2) return inner;
      const a = inner.win[0] as number;
      const b = inner.win[1] as number;
      const p = a + b > 0 ? a / (a + b) : 0.5;
      const split = drawModel.split(p);
      return { win: [split.win, split.loss], draw: split.draw };
    },
    update: (match, result, context) => model.update(match, result, context),
    estimate: (rating) => model.estimate(rating),
    validate: (rating) => model.validate(rating),
  };
}
