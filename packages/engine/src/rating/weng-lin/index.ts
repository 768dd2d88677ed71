export { validateGaussianRating } from './gaussian-match.ts';
export {
  createBradleyTerryFull,
  createBradleyTerryPart,
  createPlackettLuce,
  createThurstoneMostellerFull,
  createThurstoneMostellerPart,
} from './model.ts';
export type {
  GaussianRating,
  ThurstoneMostellerOptions,
  TruncationFormula,
  WengLinGamma,
  WengLinGammaInput,
  WengLinModel,
  WengLinOptions,
} from './types.ts';
