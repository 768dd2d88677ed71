export {
  fitHomeAdvantage,
  type HomeAdvantageOptions,
  type HomeSample,
  type RatingShift,
  type SideContext,
  shiftMuField,
  shiftRatingField,
  withHomeAdvantage,
} from './home-advantage.ts';
export {
  MarginCorrectionFit,
  marginMultiplier,
  marginWeight,
} from './margin-correction.ts';
export {
  createMarginModel,
  type MarginModel,
  type MarginModelOptions,
  type MarginRating,
} from './margin-kalman.ts';
export { MarginMoments, type MarginMomentsOptions, type MarginObservation } from './margin-moments.ts';
export {
  fiveThirtyEightMultiplier,
  type MarginMultiplier,
  type MarginOptions,
  type RatingChangeScale,
  scaleMuFieldChange,
  scaleRatingFieldChange,
  withMarginOfVictory,
} from './margin-of-victory.ts';
