/**
 * Skill criteria (raw values on the rating model's skill scale unless noted). Dota 2: team balance,
 * skill spread, experience spread, top-player parity. Awesomenauts: equally skilled teams (team
 * skill gap) and equally skilled players (mean pairwise gap). With more than two teams, team
 * comparisons take the worst pair. Every function is O(players) or O(players^2) arithmetic, in
 * indexed loops: a split search calls them for every split, and an array iterator is an object.
 */

import type { CandidateMatch, ScoredPlayer, ScoredTicket } from './types.ts';

/**
 * Team balance (Dota #1): the largest distance of a team's win probability (draws excluded) from
 * the fair share 1 / teams. `winProbabilities` come from the rating model's `predict`.
 */
export function teamBalanceRaw(winProbabilities: readonly number[]): number {
  const fair = 1 / winProbabilities.length;
  let worst = 0;
  // An index loop: every candidate scored reads it, over arrays from several makers.
  for (let i = 0; i < winProbabilities.length; i++)
    worst = Math.max(worst, Math.abs((winProbabilities[i] as number) - fair));
  return worst;
}

/** Gap between two skills, less the calibration bands (an uncertain skill may lie anywhere in its band). */
function skillGap(
  a: ScoredPlayer<unknown> | ScoredTicket<unknown>,
  b: typeof a,
  bandA: number,
  bandB: number,
) {
  return Math.max(0, Math.abs(a.skill - b.skill) - bandA - bandB);
}

/**
 * Skill spread (Dota #2): most minus least skilled. With `partyAggregate` (Dota), a party counts by
 * its members' mean. A calibrating player's skill counts as its band's nearer edge.
 */
export function skillSpreadRaw(match: CandidateMatch<unknown>, partyAggregate: boolean): number {
  let highest = -Infinity;
  let lowest = Infinity;
  const teams = match.teams;
  for (let t = 0; t < teams.length; t++) {
    const team = teams[t] as readonly ScoredTicket<unknown>[];
    for (let k = 0; k < team.length; k++) {
      const ticket = team[k] as ScoredTicket<unknown>;
      if (partyAggregate) {
        highest = Math.max(highest, ticket.skill - ticket.skillBand);
        lowest = Math.min(lowest, ticket.skill + ticket.skillBand);
      } else {
        const players = ticket.players;
        for (let p = 0; p < players.length; p++) {
          const player = players[p] as ScoredPlayer<unknown>;
          highest = Math.max(highest, player.skill - player.skillBand);
          lowest = Math.min(lowest, player.skill + player.skillBand);
        }
      }
    }
  }
  return Math.max(0, highest - lowest);
}

/** Experience spread (Dota #3): largest minus smallest ln(games played + 40). */
export function experienceSpreadRaw(match: CandidateMatch<unknown>, partyAggregate: boolean): number {
  let highest = -Infinity;
  let lowest = Infinity;
  const teams = match.teams;
  for (let t = 0; t < teams.length; t++) {
    const team = teams[t] as readonly ScoredTicket<unknown>[];
    for (let k = 0; k < team.length; k++) {
      const ticket = team[k] as ScoredTicket<unknown>;
      if (partyAggregate) {
        highest = Math.max(highest, ticket.experience);
        lowest = Math.min(lowest, ticket.experience);
      } else {
        const players = ticket.players;
        for (let p = 0; p < players.length; p++) {
          const player = players[p] as ScoredPlayer<unknown>;
          highest = Math.max(highest, player.experience);
          lowest = Math.min(lowest, player.experience);
        }
      }
    }
  }
  return Math.max(0, highest - lowest);
}

/** Top-player parity (Dota #4): the gap between the teams' most skilled players (worst pair of teams). */
export function topPlayerParityRaw(match: CandidateMatch<unknown>): number {
  let highestTop = -Infinity;
  let lowestTop = Infinity;
  const teams = match.teams;
  for (let t = 0; t < teams.length; t++) {
    const team = teams[t] as readonly ScoredTicket<unknown>[];
    let top = -Infinity;
    for (let k = 0; k < team.length; k++) {
      const players = (team[k] as ScoredTicket<unknown>).players;
      for (let p = 0; p < players.length; p++)
        top = Math.max(top, (players[p] as ScoredPlayer<unknown>).skill);
    }
    highestTop = Math.max(highestTop, top);
    lowestTop = Math.min(lowestTop, top);
  }
  return highestTop - lowestTop;
}

/** Equally skilled teams (Awesomenauts): the gap between the teams' mean skills (worst pair). */
export function teamSkillGapRaw(match: CandidateMatch<unknown>): number {
  let highest = -Infinity;
  let lowest = Infinity;
  for (const team of match.teams) {
    let sum = 0;
    let count = 0;
    for (const ticket of team) {
      for (const player of ticket.players) {
        sum += player.skill;
        count++;
      }
    }
    const mean = sum / count;
    highest = Math.max(highest, mean);
    lowest = Math.min(lowest, mean);
  }
  return highest - lowest;
}

/**
 * Equally skilled players (Awesomenauts): the mean skill gap over all pairs of players, ignoring
 * teams (15 pairs in a 3v3). Calibrating players' bands are subtracted from their gaps.
 */
export function playerSkillGapRaw(match: CandidateMatch<unknown>): number {
  const players: ScoredPlayer<unknown>[] = [];
  for (const team of match.teams) for (const ticket of team) players.push(...ticket.players);
  let total = 0;
  let pairs = 0;
  for (let i = 0; i < players.length; i++) {
    const a = players[i] as ScoredPlayer<unknown>;
    for (let j = i + 1; j < players.length; j++) {
      const b = players[j] as ScoredPlayer<unknown>;
      total += skillGap(a, b, a.skillBand, b.skillBand);
      pairs++;
    }
  }
  return pairs === 0 ? 0 : total / pairs;
}
