/**
 * Validation of `formMatches` options: everything is checked before any work, and bad input is a
 * MatchdError with a stable code (no partial result).
 */
import { ErrorCodes, MatchdError } from '../../errors.ts';
import { countSplits, type TeamSizeBounds } from './splits.ts';
import type { BestSplitOptions, FormationTicket, FormMatchesOptions, TeamSizeRange } from './types.ts';

/** Above this many splits of the all-solo match, the exhaustive split is refused as too slow. */
export const MAX_SPLITS_PER_MATCH = 100_000;

function invalid(path: string, message: string, value: unknown): never {
  throw new MatchdError(ErrorCodes.INVALID_OPTION, `${path} ${message}`, { path, value: String(value) });
}

function requirePositiveInteger(path: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    invalid(path, 'must be a positive integer', value);
  }
  return value;
}

function requireOptionalFinite(path: string, value: unknown): void {
  if (value !== undefined && (typeof value !== 'number' || !Number.isFinite(value))) {
    invalid(path, 'must be a finite number', value);
  }
}

/** Checks the shape of a match: team count and size are positive integers. */
export function validateTeamShape(teamCount: unknown, teamSize: unknown): void {
  requirePositiveInteger('teamCount', teamCount);
  requirePositiveInteger('teamSize', teamSize);
}

/**
 * The team size bounds of a split: a fixed size, or a `{ min, max }` range with the largest allowed
 * difference between two teams. Throws INVALID_OPTION when they are not integers with
 * 1 <= min <= max and a difference >= 0.
 */
export function teamBoundsOf(teamSize: number | TeamSizeRange, maxSizeDifference?: number): TeamSizeBounds {
  if (typeof teamSize === 'number') {
    requirePositiveInteger('teamSize', teamSize);
    return { min: teamSize, max: teamSize, maxDifference: 0 };
  }
  if (typeof teamSize !== 'object' || teamSize === null)
    invalid('teamSize', 'must be a number or { min, max }', teamSize);
  const min = requirePositiveInteger('teamSize.min', teamSize.min);
  const max = requirePositiveInteger('teamSize.max', teamSize.max);
  if (max < min) invalid('teamSize.max', 'must be >= teamSize.min', max);
  const difference = maxSizeDifference ?? 0;
  if (!Number.isInteger(difference) || difference < 0)
    invalid('maxSizeDifference', 'must be an integer >= 0', difference);
  return { min, max, maxDifference: difference };
}

/** Members up to this many are checked distinct by scanning those before each. */
const DISTINCT_BY_SCAN = 16;

/** Checks that `members` are distinct ticket indices whose players the teams can hold in total. */
export function validateMembers(options: BestSplitOptions, bounds: TeamSizeBounds): void {
  const { tickets, members, teamCount } = options;
  if (!Array.isArray(members)) invalid('members', 'must be an array', members);
  // A match's few members are told apart by looking back; a set serves the many.
  const seen = members.length > DISTINCT_BY_SCAN ? new Set<number>() : undefined;
  let players = 0;
  for (let m = 0; m < members.length; m++) {
    const member = members[m] as number;
    let repeated = false;
    if (seen === undefined) {
      for (let before = 0; before < m && !repeated; before++) repeated = members[before] === member;
    } else {
      repeated = seen.has(member);
      seen.add(member);
    }
    if (!Number.isInteger(member) || member < 0 || member >= tickets.length || repeated) {
      throw new MatchdError(ErrorCodes.INVALID_OPTION, `members: ${member} is not a distinct ticket index`, {
        path: 'members',
        value: member,
      });
    }
    players += (tickets[member] as { size: number }).size;
  }
  if (players < teamCount * bounds.min || players > teamCount * bounds.max) {
    const holds =
      bounds.min === bounds.max
        ? `${teamCount * bounds.min}`
        : `${teamCount * bounds.min} to ${teamCount * bounds.max}`;
    throw new MatchdError(ErrorCodes.INVALID_OPTION, `members hold ${players} players, not ${holds}`, {
      path: 'members',
      value: players,
    });
  }
  if (typeof options.scoreMatch !== 'function')
    invalid('scoreMatch', 'must be a function', options.scoreMatch);
}

/** Checks every option of a one-match split (`bestSplit`, `splitMatch`, `localSearchSplit`); its bounds. */
export function validateSplitOptions(options: BestSplitOptions): TeamSizeBounds {
  const bounds = teamBoundsOf(options.teamSize, options.maxSizeDifference);
  validateTeamShape(options.teamCount, bounds.max);
  validateTickets(options.tickets, bounds.max);
  validateMembers(options, bounds);
  return bounds;
}

/** Checks the shape and that its exhaustive split stays tractable (MAX_SPLITS_PER_MATCH). */
export function validateSplittableShape(teamCount: unknown, teamSize: unknown): void {
  validateTeamShape(teamCount, teamSize);
  const count = teamCount as number;
  const size = teamSize as number;
  const solos = new Array<number>(count * size).fill(1);
  if (countSplits(solos, count, size, MAX_SPLITS_PER_MATCH) > MAX_SPLITS_PER_MATCH) {
    invalid(
      'teamSize',
      `gives more than ${MAX_SPLITS_PER_MATCH} splits per match for teamCount ${count}`,
      size,
    );
  }
}

/**
 * Checks each ticket's size (PARTY_TOO_LARGE above a team) and optional keys. A queue checks every
 * match it splits: the paths of the errors are written only for a ticket that fails.
 */
export function validateTickets(tickets: readonly FormationTicket[], teamSize: number): void {
  if (!Array.isArray(tickets)) invalid('tickets', 'must be an array', tickets);
  for (let index = 0; index < tickets.length; index++) {
    const ticket = tickets[index] as FormationTicket;
    const size = ticket?.size;
    if (typeof size !== 'number' || !Number.isInteger(size) || size < 1)
      requirePositiveInteger(`tickets[${index}].size`, size);
    if (size > teamSize) {
      throw new MatchdError(
        ErrorCodes.PARTY_TOO_LARGE,
        `tickets[${index}] has ${size} players; a team holds ${teamSize}`,
        {
          path: `tickets[${index}].size`,
          value: size,
          teamSize,
        },
      );
    }
    if (!isOptionalFinite(ticket.sortKey)) requireOptionalFinite(`tickets[${index}].sortKey`, ticket.sortKey);
    if (!isOptionalFinite(ticket.priority))
      requireOptionalFinite(`tickets[${index}].priority`, ticket.priority);
  }
}

function isOptionalFinite(value: unknown): boolean {
  return value === undefined || (typeof value === 'number' && Number.isFinite(value));
}

/** Checks every option of `formMatches` (except fillability, which needs the packing). */
export function validateFormMatchesOptions(options: FormMatchesOptions): void {
  validateSplittableShape(options.teamCount, options.teamSize);
  validateTickets(options.tickets, options.teamSize);
  if (typeof options.scoreMatch !== 'function')
    invalid('scoreMatch', 'must be a function', options.scoreMatch);
  if (options.splitScorer !== undefined) {
    for (const name of ['begin', 'place', 'unplace', 'score'] as const) {
      if (typeof options.splitScorer?.[name] !== 'function')
        invalid(`splitScorer.${name}`, 'must be a function', options.splitScorer?.[name]);
    }
  }
  if (options.random === undefined || typeof options.random.next !== 'function') {
    invalid('random', 'must be a seeded Random', options.random);
  }
  const aggregate = options.aggregate ?? 'mean';
  if (aggregate !== 'mean' && aggregate !== 'sqrt-mean')
    invalid('aggregate', "must be 'mean' or 'sqrt-mean'", aggregate);
  const method = options.method ?? 'restarts';
  if (method !== 'restarts' && method !== 'annealing')
    invalid('method', "must be 'restarts' or 'annealing'", method);
  if (options.budgetMs !== undefined) {
    if (typeof options.budgetMs !== 'number' || !Number.isFinite(options.budgetMs) || options.budgetMs < 0) {
      invalid('budgetMs', 'must be a finite number >= 0', options.budgetMs);
    }
    if (typeof options.clock !== 'function') invalid('clock', 'is required with budgetMs', options.clock);
  }
  if (options.clock !== undefined && typeof options.clock !== 'function')
    invalid('clock', 'must be a function', options.clock);
  if (options.maxRestarts !== undefined) requirePositiveInteger('maxRestarts', options.maxRestarts);
  if (options.maxIterations !== undefined) requirePositiveInteger('maxIterations', options.maxIterations);
  if (options.maxGroupSize !== undefined) requirePositiveInteger('maxGroupSize', options.maxGroupSize);
  if (options.neighbourMatches !== undefined)
    requirePositiveInteger('neighbourMatches', options.neighbourMatches);
  if (options.widerNeighbourMatches !== undefined)
    requirePositiveInteger('widerNeighbourMatches', options.widerNeighbourMatches);
  const perturbation = options.perturbation ?? 'kick';
  if (perturbation !== 'kick' && perturbation !== 'fresh-start') {
    invalid('perturbation', "must be 'kick' or 'fresh-start'", perturbation);
  }
  const improvement = options.improvement ?? 'first-pair';
  if (improvement !== 'best' && improvement !== 'first-pair') {
    invalid('improvement', "must be 'best' or 'first-pair'", improvement);
  }
  const limit = method === 'restarts' ? options.maxRestarts : options.maxIterations;
  if (options.budgetMs === undefined && limit === undefined) {
    const name = method === 'restarts' ? 'maxRestarts' : 'maxIterations';
    invalid(name, 'or budgetMs is required: the search needs a stopping rule', undefined);
  }
  const annealing = options.annealing ?? {};
  if (annealing.initialTemperature !== undefined) {
    const value = annealing.initialTemperature;
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
      invalid('annealing.initialTemperature', 'must be a finite number > 0', value);
    }
  }
  if (annealing.finalTemperatureRatio !== undefined) {
    const value = annealing.finalTemperatureRatio;
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > 1) {
      invalid('annealing.finalTemperatureRatio', 'must be in (0, 1]', value);
    }
  }
  if (annealing.cycles !== undefined) requirePositiveInteger('annealing.cycles', annealing.cycles);
}
