/**
 * The exhaustive split of one match, as a public function: the best division of a match's tickets
 * into teams (parties whole, each unordered split scored once). `formMatches` uses the same code.
 */
import { ErrorCodes, MatchdError } from '../../errors.ts';
import { INFEASIBLE, MatchEvaluator } from './match-evaluator.ts';
import type { BestSplit, BestSplitOptions } from './types.ts';
import { validateSplittableShape, validateTickets } from './validate.ts';

/**
 * The best split of `members` into `teamCount` teams of `teamSize` under `scoreMatch`, or undefined
 * when the parties cannot fill the teams exactly (e.g. three duos into 3v3). Throws INVALID_OPTION on
 * bad shapes, unknown or repeated members, a player total other than teamCount x teamSize, or a
 * non-finite score; PARTY_TOO_LARGE for a party larger than a team.
 */
export function bestSplit(options: BestSplitOptions): BestSplit | undefined {
  const { tickets, members, teamCount, teamSize, scoreMatch } = options;
  validateSplittableShape(teamCount, teamSize);
  validateTickets(tickets, teamSize);
  const seen = new Set<number>();
  let players = 0;
  for (const member of members) {
    if (!Number.isInteger(member) || member < 0 || member >= tickets.length || seen.has(member)) {
      throw new MatchdError(ErrorCodes.INVALID_OPTION, `members: ${member} is not a distinct ticket index`, {
        path: 'members',
        value: member,
      });
    }
    seen.add(member);
    players += (tickets[member] as { size: number }).size;
  }
  if (players !== teamCount * teamSize) {
    throw new MatchdError(
      ErrorCodes.INVALID_OPTION,
      `members hold ${players} players, not ${teamCount * teamSize}`,
      {
        path: 'members',
        value: players,
      },
    );
  }
  const evaluator = new MatchEvaluator({
    sizes: tickets.map((ticket) => ticket.size),
    teamCount,
    teamSize,
    scoreMatch,
    aggregate: 'mean',
  });
  const score = evaluator.best(members, members.length);
  if (score === INFEASIBLE) return undefined;
  return { teams: evaluator.teamsOfLast(), score, splitsScored: evaluator.evaluations };
}
