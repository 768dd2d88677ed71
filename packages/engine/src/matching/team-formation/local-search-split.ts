/**
 * A split of one match into teams for shapes too large to enumerate (e.g. 20v20 or 50v50 of solos and
 * small parties, where the exhaustive split would score millions of splits): a feasible packing of the
 * parties into full teams, then best-improvement swaps of two equal-size tickets on different teams
 * until no swap improves the score. Swapping equal sizes keeps every team exactly full, and parties
 * stay whole because a ticket moves as one unit. Not exact: `bestSplit` is, where it is tractable.
 *
 * Cost: each pass scores at most (tickets^2 / 2) swaps; passes stop at a local optimum or `maxPasses`.
 */
import { ErrorCodes, MatchdError } from '../../errors.ts';
import { packTeams } from './packing.ts';
import type { BestSplit, BestSplitOptions, TeamIndices } from './types.ts';
import { validateTeamShape, validateTickets } from './validate.ts';

/** Options of `localSearchSplit`: those of `bestSplit`, plus a bound on improvement passes. */
export interface LocalSearchSplitOptions extends BestSplitOptions {
  /** Most passes of best-improvement swaps (default 50). */
  readonly maxPasses?: number;
}

function scoreOf(options: BestSplitOptions, teams: TeamIndices): number {
  const score = options.scoreMatch(teams);
  if (!Number.isFinite(score)) {
    throw new MatchdError(ErrorCodes.INVALID_OPTION, `scoreMatch returned ${score}, not a finite number`, {
      path: 'scoreMatch',
      value: String(score),
    });
  }
  return score;
}

/**
 * A good split of `members` into `teamCount` teams of `teamSize` under `scoreMatch`, or undefined when
 * the parties cannot fill the teams exactly. Deterministic: the same inputs give the same split.
 */
export function localSearchSplit(options: LocalSearchSplitOptions): BestSplit | undefined {
  const { tickets, members, teamCount, teamSize } = options;
  validateTeamShape(teamCount, teamSize);
  validateTickets(tickets, teamSize);
  const maxPasses = options.maxPasses ?? 50;
  const packing = packTeams(
    members.map((index) => ({ index, size: (tickets[index] as { size: number }).size, priority: 0 })),
    teamSize,
  );
  if (packing.unpacked.length > 0 || packing.teams.length !== teamCount) return undefined;
  const teams = packing.teams.map((team) => [...team]);
  let score = scoreOf(options, teams);
  let scored = 1;
  const sizeOf = (index: number): number => (tickets[index] as { size: number }).size;
  for (let pass = 0; pass < maxPasses; pass++) {
    let best: { teamA: number; slotA: number; teamB: number; slotB: number; score: number } | undefined;
    for (let teamA = 0; teamA < teamCount; teamA++) {
      const membersA = teams[teamA] as number[];
      for (let teamB = teamA + 1; teamB < teamCount; teamB++) {
        const membersB = teams[teamB] as number[];
        for (let slotA = 0; slotA < membersA.length; slotA++) {
          const ticketA = membersA[slotA] as number;
          for (let slotB = 0; slotB < membersB.length; slotB++) {
            const ticketB = membersB[slotB] as number;
            if (sizeOf(ticketA) !== sizeOf(ticketB)) continue;
            membersA[slotA] = ticketB;
            membersB[slotB] = ticketA;
            const swapped = scoreOf(options, teams);
            scored += 1;
            membersA[slotA] = ticketA;
            membersB[slotB] = ticketB;
            if (swapped > (best?.score ?? score)) best = { teamA, slotA, teamB, slotB, score: swapped };
          }
        }
      }
    }
    if (best === undefined) break;
    const membersA = teams[best.teamA] as number[];
    const membersB = teams[best.teamB] as number[];
    const held = membersA[best.slotA] as number;
    membersA[best.slotA] = membersB[best.slotB] as number;
    membersB[best.slotB] = held;
    score = best.score;
  }
  return { teams, score, splitsScored: scored };
}
