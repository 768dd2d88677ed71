/** Small queue configs for engine tests. */

import type { QueueConfig } from '../types.ts';

/** A continuous 1v1 on Elo: team balance and wait time, a threshold that relaxes linearly. */
export function oneVersusOne(overrides: Partial<QueueConfig> = {}): QueueConfig {
  return {
    id: 'duel',
    teams: { count: 2, size: 1 },
    rating: { track: 'duel' },
    criteria: [
      { kind: 'team-balance', weight: 3 },
      { kind: 'wait-time', weight: 1, shaping: { cap: 60_000 } },
    ],
    threshold: { start: 0.9, linear: { perSecond: 0.01, limit: 0.3 } },
    mode: { kind: 'continuous', maxWaitMs: 60_000 },
    ...overrides,
  };
}

/** A 2v2 with parties of up to two, continuous or in rounds. */
export function twoVersusTwo(
  mode: 'continuous' | 'rounds',
  overrides: Partial<QueueConfig> = {},
): QueueConfig {
  return {
    id: 'duo',
    teams: { count: 2, size: 2 },
    rating: { track: 'duo' },
    criteria: [
      { kind: 'team-balance', weight: 3 },
      { kind: 'player-skill-gap', weight: 1 },
      { kind: 'premades', weight: 1 },
    ],
    threshold: { start: 0.85, steps: [{ afterMs: 20_000, value: 0.6 }] },
    mode:
      mode === 'continuous'
        ? { kind: 'continuous', maxWaitMs: 40_000 }
        : { kind: 'rounds', periodMs: 15_000, maxWaitMs: 40_000, minPlayers: 40 },
    gates: { maxPartySize: 2, minGamesPlayed: 5, disallowedRoles: ['coach'] },
    ...overrides,
  };
}
