/**
 * A queue's match shape, resolved from `teams`: how many teams (a number or a range), how many players
 * per team (a number or a range), how far apart two teams' sizes may be, and the fewest players a
 * ticket accepts in its match as it waits. One match of P players uses the fewest teams that hold
 * them (teams as full as the size range allows), with sizes as even as P allows.
 *
 * Named teams (FlexMatch's hunters against a monster) are not interchangeable: every match has all
 * of them, in their declared order, each within its own size range; their floors relax with the wait
 * (`teamFloorsAt`) instead of a match-wide size.
 */

import type { TeamSizeBounds } from '../matching/team-formation/splits.ts';
import { relaxedValue } from './relaxation.ts';
import type { CountRange, NamedTeamConfig, QueueConfig, QueueTeams, Relaxation } from './types.ts';

/** An inclusive integer range. */
export interface IntRange {
  readonly min: number;
  readonly max: number;
}

/** One named team of a shape: its size range and its floor over the wait. */
export interface NamedTeamShape {
  readonly name: string;
  /** From the lowest floor the team ever takes to its maximum. */
  readonly size: IntRange;
  /** The fewest players it takes at a wait (a number never moves). */
  readonly minPlayers: number | Relaxation;
}

/** Whether a queue's teams are declared one by one (named, each with its own size range). */
export function isNamedTeams(teams: QueueTeams): teams is readonly NamedTeamConfig[] {
  return Array.isArray(teams);
}

/** The most players any one team of the queue holds. */
export function largestTeamSize(teams: QueueTeams): number {
  if (isNamedTeams(teams)) return Math.max(...teams.map((team) => team.maxPlayers));
  return rangeOf(teams.size).max;
}

/** The lowest value a team's floor reaches over any wait. */
export function lowestFloor(minPlayers: number | Relaxation): number {
  if (typeof minPlayers === 'number') return minPlayers;
  let lowest = minPlayers.start;
  for (const step of minPlayers.steps ?? []) lowest = Math.min(lowest, step.value);
  if (minPlayers.linear !== undefined && minPlayers.linear.perSecond > 0)
    lowest = Math.min(lowest, minPlayers.linear.limit);
  return Math.max(1, Math.ceil(lowest - 1e-9));
}

/** The fewest players a named team takes at `waitMs`. */
export function floorAt(minPlayers: number | Relaxation, waitMs: number): number {
  const value = typeof minPlayers === 'number' ? minPlayers : relaxedValue(minPlayers, waitMs, 'down');
  return Math.max(1, Math.ceil(value - 1e-9));
}

/** The shape of every match of a queue. */
export interface MatchShape {
  /** Named teams, in match order: every match has each of them (absent: interchangeable teams). */
  readonly named?: readonly NamedTeamShape[];
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

/**
 * The shape of named teams: all of them in every match. The match-wide size floor is the teams'
 * floors together (`teamFloorsAt`); it never asks for more than they do.
 */
function namedShapeOf(teams: readonly NamedTeamConfig[]): MatchShape {
  const named = teams.map((team) => ({
    name: team.name,
    size: { min: lowestFloor(team.minPlayers), max: team.maxPlayers },
    minPlayers: team.minPlayers,
  }));
  let minPlayers = 0;
  let maxPlayers = 0;
  let smallest = Number.POSITIVE_INFINITY;
  let largest = 0;
  for (const team of named) {
    minPlayers += team.size.min;
    maxPlayers += team.size.max;
    smallest = Math.min(smallest, team.size.min);
    largest = Math.max(largest, team.size.max);
  }
  return {
    named,
    teamCount: { min: named.length, max: named.length },
    teamSize: { min: smallest, max: largest },
    maxSizeDifference: largest - smallest,
    minPlayers,
    maxPlayers,
    // Never the fixed fast paths (pairing whole teams, exchanges between interchangeable teams).
    fixed: false,
    minMatchPlayers: { start: minPlayers },
  };
}

/** The fewest players of each named team at `waitMs` (in match order). */
export function teamFloorsAt(named: readonly NamedTeamShape[], waitMs: number): number[] {
  return named.map((team) => Math.min(team.size.max, floorAt(team.minPlayers, waitMs)));
}

/** The shape of a validated config, with the default relaxation of the match size. */
export function matchShapeOf(config: QueueConfig): MatchShape {
  if (isNamedTeams(config.teams)) return namedShapeOf(config.teams);
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
  if (shape.named !== undefined)
    return players >= shape.minPlayers && players <= shape.maxPlayers ? shape.named.length : undefined;
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
  const named = shape.named;
  if (named !== undefined)
    return (
      teamPlayers.length === named.length &&
      named.every((team, i) => {
        const players = teamPlayers[i] as number;
        return players >= team.size.min && players <= team.size.max;
      })
    );
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
