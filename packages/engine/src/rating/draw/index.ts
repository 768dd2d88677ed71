export { type DrawModel, davidsonDraw, eommDraw, type WinDrawLoss } from './draw-models.ts';
export {
  type DrawFit,
  type DrawOutcome,
  type DrawSample,
  drawLogLikelihood,
  fitDavidsonDraw,
  fitEommDraw,
} from './fit-draw.ts';
export { orderedLogitDraw, orderedLogitThreshold } from './ordered-logit.ts';
export { withDraws } from './with-draws.ts';
