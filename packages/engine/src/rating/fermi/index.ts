export {
  createFermi,
  type FermiDecayOptions,
  type FermiModel,
  type FermiOptions,
  type FermiRating,
  fermi,
  fermiDecay,
} from './fermi.ts';
export {
  emptyLadder,
  fitLadderHigherPlacedWinRate,
  type Ladder,
  type LadderGame,
  ladderJoin,
  ladderPlace,
  ladderRecord,
  ladderWinProbability,
} from './ladder.ts';
