export {
  GLICKO2_SCALE,
  type Glicko2Step,
  type Glicko2StepInput,
  glicko2Expected,
  glicko2G,
  glicko2Step,
  glicko2Volatility,
} from './core.ts';
export { createGlicko2 } from './glicko2.ts';
export type {
  Glicko2Game,
  Glicko2Model,
  Glicko2Options,
  Glicko2Rating,
  Glicko2TeamReduction,
} from './glicko2-types.ts';
