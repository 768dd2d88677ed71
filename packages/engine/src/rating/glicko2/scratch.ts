/**
 * Reusable scratch space for Glicko-2 updates (engine code is synchronous, so one set serves every
 * model instance): the hot path allocates only the ratings it returns.
 */

import type { Glicko2Step, Glicko2StepInput } from './core.ts';

/**
 * Scratch space reused by every update, so that the hot path allocates only the returned ratings.
 * Held in one const object (not module-level `let`s, whose every read pays a hole check).
 * `player*` arrays hold one entry per player of the match, `team*` one per team, `opponent*` and
 * `score` one per game of the player being rated.
 */
export interface Scratch {
  playerMu: Float64Array;
  playerPhi: Float64Array;
  playerSigma: Float64Array;
  /** g(phi) of the player's RD at match time (as an opponent). */
  playerG: Float64Array;
  playerPeriods: Float64Array;
  teamMu: Float64Array;
  /** g of the team's combined phi. */
  teamG: Float64Array;
  opponentMu: Float64Array;
  opponentG: Float64Array;
  score: Float64Array;
}

export const scratch: Scratch = {
  playerMu: new Float64Array(16),
  playerPhi: new Float64Array(16),
  playerSigma: new Float64Array(16),
  playerG: new Float64Array(16),
  playerPeriods: new Float64Array(16),
  teamMu: new Float64Array(8),
  teamG: new Float64Array(8),
  opponentMu: new Float64Array(16),
  opponentG: new Float64Array(16),
  score: new Float64Array(16),
};

export function ensureScratch(players: number, teams: number, games: number): void {
  if (players > scratch.playerMu.length) {
    const size = Math.max(players, 2 * scratch.playerMu.length);
    scratch.playerMu = new Float64Array(size);
    scratch.playerPhi = new Float64Array(size);
    scratch.playerSigma = new Float64Array(size);
    scratch.playerG = new Float64Array(size);
    scratch.playerPeriods = new Float64Array(size);
  }
  if (teams > scratch.teamMu.length) {
    const size = Math.max(teams, 2 * scratch.teamMu.length);
    scratch.teamMu = new Float64Array(size);
    scratch.teamG = new Float64Array(size);
  }
  if (games > scratch.opponentMu.length) {
    const size = Math.max(games, 2 * scratch.opponentMu.length);
    scratch.opponentMu = new Float64Array(size);
    scratch.opponentG = new Float64Array(size);
    scratch.score = new Float64Array(size);
  }
}

export const step: Glicko2Step = { mu: 0, phi: 0, sigma: 0 };
// One reused input record: a fresh 11-field object per player was a measurable share of an update.
export const stepInput: { -readonly [K in keyof Glicko2StepInput]: Glicko2StepInput[K] } = {
  mu: 0,
  phi: 0,
  sigma: 0,
  count: 0,
  opponentMu: scratch.opponentMu,
  opponentG: scratch.opponentG,
  score: scratch.score,
  tau: 0.5,
  expMinusTau: Math.exp(-0.5),
  epsilon: 1e-6,
  periods: 1,
  maxPhi: Number.POSITIVE_INFINITY,
};
