/**
 * A queue's match shape, resolved from `teams`: how many teams (a number or a range), how many players
 * per team (a number or a range), how far apart two teams' sizes may be, and the fewest players a
 * ticket accepts in its match as it waits. One match of P players uses the fewest teams that hold
 * them (teams as full as the size range allows), with sizes as even as P allows.
 */

import type { TeamSizeBounds } from '../matching/team-formation/splits.ts';
import type { CountRange, QueueConfig, Relaxation } from './types.ts';

/** An inclusive integer range. */
export interface IntRange {
  readonly min: number;
  readonly max: number;
}

/** The shape of every match of a queue. */
export interface MatchShape {
  readonly teamCount: IntRange;
  readonly teamSize: IntRange;
  /** Most players two teams of one match may differ by (0: equal teams). */
  readonly maxSizeDifference: number;
  /** Players of the smallest and the largest match the shape allows. */
  readonly minPlayers: number;
  readonly maxPlayers: number;
  /** One team count and one team size: every match has the same players. */
  readonly fixed: boolean;
  /** The fewest players a ticket accepts in its match, relaxing downwards with its wait. */
  readonly minMatchPlayers: Relaxation;
}

/** `{ min, max }` of a config count (a number means min = max). */
export function rangeOf(value: CountRange): IntRange {
  return typeof value === 'number' ? { min: value, max: value } : { min: value.min, max: value.max };
}

/** Whether `players` split into `teams` teams with sizes within the shape (as even as possible). */
function layoutHolds(shape: Omit<MatchShape, 'minMatchPlayers'>, players: number, teams: number): boolean {
  const smallest = Math.floor(players / teams);
  const largest = Math.ceil(players / teams);
  if (smallest < shape.teamSize.min || largest > shape.teamSize.max) return false;
  return largest - smallest <= shape.maxSizeDifference;
}

/** The shape of a validated config, with the default relaxation of the match size. */
export function matchShapeOf(config: QueueConfig): MatchShape {
  const teamCount = rangeOf(config.teams.count);
  const teamSize = rangeOf(config.teams.size);
  const base = {
    teamCount,
    teamSize,
    maxSizeDifference: config.teams.maxSizeDifference ?? 0,
    fixed: teamCount.min === teamCount.max && teamSize.min === teamSize.max,
    minPlayers: 0,
    maxPlayers: teamCount.max * teamSize.max,
  };
  let minPlayers = base.maxPlayers;
  for (let players = base.maxPlayers; players >= 1; players--) {
    for (let teams = teamCount.min; teams <= teamCount.max; teams++) {
      if (layoutHolds(base, players, teams)) minPlayers = players;
    }
  }
  // By default a ticket wants the largest match at first and accepts the smallest by its maximum wait.
  const minMatchPlayers: Relaxation = config.teams.minMatchPlayers ?? {
    start: base.maxPlayers,
    linear: {
      perSecond: (base.maxPlayers - minPlayers) / (config.mode.maxWaitMs / 1000),
      limit: minPlayers,
    },
  };
  return { ...base, minPlayers, minMatchPlayers };
}

/**
 * The team count of a match of `players` players: the fewest teams (the fullest teams) whose sizes,
 * as even as the players allow, fit the shape; undefined when no count does.
 */
export function teamCountFor(shape: MatchShape, players: number): number | undefined {
  const fewest = Math.max(shape.teamCount.min, Math.ceil(players / shape.teamSize.max));
  for (let teams = fewest; teams <= shape.teamCount.max; teams++) {
    if (layoutHolds(shape, players, teams)) return teams;
  }
  return undefined;
}

/** The team size bounds team formation splits a match within. */
export function teamBoundsOf(shape: MatchShape): TeamSizeBounds {
  return {
    min: shape.teamSize.min,
    max: shape.teamSize.max,
    maxDifference: Math.min(shape.maxSizeDifference, shape.teamSize.max - shape.teamSize.min),
  };
}

/** Whether a formed match's teams (player counts) fit the shape. */
export function teamsFit(shape: MatchShape, teamPlayers: readonly number[]): boolean {
  const teams = teamPlayers.length;
  if (teams < shape.teamCount.min || teams > shape.teamCount.max) return false;
  let most = 0;
  let fewest = Number.POSITIVE_INFINITY;
  for (const players of teamPlayers) {
    if (players < shape.teamSize.min || players > shape.teamSize.max) return false;
    most = Math.max(most, players);
    fewest = Math.min(fewest, players);
  }
  return most - fewest <= shape.maxSizeDifference;
}
