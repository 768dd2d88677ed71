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
  fiveThirtyEightMultiplier,
  type MarginMultiplier,
  type MarginOptions,
  type RatingChangeScale,
  scaleMuFieldChange,
  scaleRatingFieldChange,
  withMarginOfVictory,
} from './margin-of-victory.ts';
