export {
  GLICKO2_SCALE,
  type Glicko2Step,
  type Glicko2StepInput,
  glicko2Expected,
  glicko2G,
  glicko2Step,
  glicko2Volatility,
} from './core.ts';
export {
  createGlicko2,
  type Glicko2Game,
  type Glicko2Model,
  type Glicko2Options,
  type Glicko2Rating,
  type Glicko2TeamReduction,
} from './glicko2.ts';
