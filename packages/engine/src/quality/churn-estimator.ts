/**
 * The engagement criterion's estimator built from the engine's EOMM parts (`engagement/`): each
 * player's churn after a win, draw and loss from a churn table keyed by their recent outcomes, then
 * EOMM's expected churners of the match (Eqn. 7) divided by the number of players; or each player's
 * churn from a fitted churn model over their recent matches.
 */

import { type ChurnModel, predictOutcomeChurn } from '../engagement/churn-model.ts';
import type { ChurnTable } from '../engagement/churn-table.ts';
import { tableOutcomeChurn } from '../engagement/churn-table.ts';
import { eommMatchCost } from '../engagement/eomm-cost.ts';
import type { MatchOutcome, OutcomeChurn } from '../engagement/outcomes.ts';
import type { CandidateMatch, ExpectedChurn, PlayerProfile } from './types.ts';

/**
 * An `ExpectedChurn` from a churn table. A player with a shorter history than the table's key needs
 * is padded on the old side with draws (the neutral outcome). Two teams only (EOMM's cost is
 * defined for two sides).
 */
export function churnTableEstimator<TRating>(table: ChurnTable): ExpectedChurn<TRating> {
  const needed = table.keyLength - 1;
  const cache = new WeakMap<PlayerProfile<TRating>, OutcomeChurn>();
  const churnOf = (profile: PlayerProfile<TRating>): OutcomeChurn => {
    let churn = cache.get(profile);
    if (churn === undefined) {
      const recent: MatchOutcome[] = (profile.recentOutcomes ?? []).slice(-needed);
      while (recent.length < needed) recent.unshift('D');
      churn = tableOutcomeChurn(table, recent);
      cache.set(profile, churn);
    }
    return churn;
  };
  return (match: CandidateMatch<TRating>, prediction) => {
    const [teamA, teamB] = match.teams.map((team) =>
      team.flatMap((ticket) => ticket.players.map((player) => churnOf(player.profile))),
    );
    const churners = eommMatchCost({ prediction, churn: [teamA ?? [], teamB ?? []] });
    return churners / ((teamA?.length ?? 0) + (teamB?.length ?? 0));
  };
}

/**
 * An `ExpectedChurn` from a fitted churn model (EOMM section 5.2): each player's churn after a
 * win, draw and loss from their recent matches (`recentMatches`, none for a newcomer), as of the
 * moment their ticket entered the queue, then EOMM's expected churners divided by the players.
 */
export function churnModelEstimator<TRating>(model: ChurnModel): ExpectedChurn<TRating> {
  const cache = new WeakMap<PlayerProfile<TRating>, OutcomeChurn>();
  const churnOf = (profile: PlayerProfile<TRating>, nowMs: number): OutcomeChurn => {
    let churn = cache.get(profile);
    if (churn === undefined) {
      churn = predictOutcomeChurn(model, { previous: profile.recentMatches ?? [], nowMs });
      cache.set(profile, churn);
    }
    return churn;
  };
  return (match: CandidateMatch<TRating>, prediction) => {
    const [teamA, teamB] = match.teams.map((team) =>
      team.flatMap((ticket) => ticket.players.map((player) => churnOf(player.profile, ticket.enqueuedAtMs))),
    );
    const churners = eommMatchCost({ prediction, churn: [teamA ?? [], teamB ?? []] });
    return churners / ((teamA?.length ?? 0) + (teamB?.length ?? 0));
  };
}
