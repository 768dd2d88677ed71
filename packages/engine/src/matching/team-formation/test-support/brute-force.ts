/**
 * Brute-force oracles for team formation on small pools (tests only): every way to leave tickets out,
 * cut the rest into full teams, and group the teams into matches, scored without any search.
 */
import { Random } from '../../../random.ts';
import { INFEASIBLE, MatchEvaluator } from '../match-evaluator.ts';
import type { FormationAggregate, FormationTicket, ScoreMatch, TeamIndices } from '../types.ts';

/** Every unordered split of `members` (ticket indices) into `teamCount` full teams. */
export function allSplits(options: {
  readonly sizes: readonly number[];
  readonly members: readonly number[];
  readonly teamCount: number;
  readonly teamSize: number;
}): number[][][] {
  const { sizes, members, teamCount, teamSize } = options;
  const found = new Map<string, number[][]>();
  // Labelled assignments, deduplicated by a canonical form: this oracle does not rely on the
  // restricted-growth trick it checks.
  const labels = new Array<number>(members.length).fill(0);
  const visit = (position: number): void => {
    if (position === members.length) {
      const teams: number[][] = Array.from({ length: teamCount }, () => []);
      const load = new Array<number>(teamCount).fill(0);
      members.forEach((ticket, k) => {
        (teams[labels[k] as number] as number[]).push(ticket);
        load[labels[k] as number] = (load[labels[k] as number] as number) + (sizes[ticket] as number);
      });
      if (load.some((players) => players !== teamSize)) return;
      const canonical = teams
        .map((team) => team.slice().sort((a, b) => a - b))
        .sort((a, b) => (a[0] as number) - (b[0] as number));
      found.set(JSON.stringify(canonical), canonical);
      return;
    }
    for (let team = 0; team < teamCount; team++) {
      labels[position] = team;
      visit(position + 1);
    }
  };
  visit(0);
  return [...found.values()];
}

/** The optimum of a round by exhaustion: most matches first, then the best aggregate. */
export interface BruteForceOptimum {
  readonly matchCount: number;
  readonly objective: number;
}

/** Exhausts every round of a pool of at most ~12 players. */
export function bruteForceRound(options: {
  readonly sizes: readonly number[];
  readonly teamCount: number;
  readonly teamSize: number;
  readonly scoreMatch: ScoreMatch;
  readonly aggregate: FormationAggregate;
}): BruteForceOptimum {
  const { sizes, teamCount, teamSize, scoreMatch, aggregate } = options;
  const value = (score: number): number => (aggregate === 'sqrt-mean' ? Math.sqrt(score) : score);
  let best: BruteForceOptimum = { matchCount: 0, objective: Number.NEGATIVE_INFINITY };
  const teams: number[][] = [];
  const load: number[] = [];
  const groupTeams = (): void => {
    if (teams.length % teamCount !== 0 || teams.length === 0) return;
    const matchCount = teams.length / teamCount;
    if (matchCount < best.matchCount) return;
    const used = new Array<boolean>(teams.length).fill(false);
    const chosen: number[][][] = [];
    const group = (): void => {
      const first = used.indexOf(false);
      if (first < 0) {
        const total = chosen.reduce((sum, match) => sum + value(scoreMatch(match as TeamIndices)), 0);
        const objective = total / matchCount;
        if (matchCount > best.matchCount || objective > best.objective) best = { matchCount, objective };
        return;
      }
      used[first] = true;
      const pick = (start: number, match: number[][]): void => {
        if (match.length === teamCount) {
          chosen.push(match.slice());
          group();
          chosen.pop();
          return;
        }
        for (let k = start; k < teams.length; k++) {
          if (used[k]) continue;
          used[k] = true;
          match.push(teams[k] as number[]);
          pick(k + 1, match);
          match.pop();
          used[k] = false;
        }
      };
      pick(first + 1, [teams[first] as number[]]);
      used[first] = false;
    };
    group();
  };
  const playersFrom = sizes.map((_, k) => sizes.slice(k).reduce((sum, size) => sum + size, 0));
  let deficit = 0;
  const place = (ticket: number): void => {
    // Open teams that the remaining tickets can no longer fill lead nowhere.
    if (deficit > (playersFrom[ticket] ?? 0)) return;
    if (ticket === sizes.length) {
      if (load.every((players) => players === teamSize)) groupTeams();
      return;
    }
    const size = sizes[ticket] as number;
    place(ticket + 1); // left out
    for (let team = 0; team < teams.length; team++) {
      if ((load[team] as number) + size > teamSize) continue;
      (teams[team] as number[]).push(ticket);
      load[team] = (load[team] as number) + size;
      deficit -= size;
      place(ticket + 1);
      deficit += size;
      load[team] = (load[team] as number) - size;
      (teams[team] as number[]).pop();
    }
    teams.push([ticket]);
    load.push(size);
    deficit += teamSize - size;
    place(ticket + 1);
    deficit -= teamSize - size;
    teams.pop();
    load.pop();
  };
  place(0);
  return best;
}

/**
 * A random objective that no decomposition shortcut can exploit: each pair of tickets has one random
 * value as teammates and another as opponents; a match scores the mean over its pairs, in [0, 1],
 * the same for every order of its teams.
 */
export function randomPairScore(ticketCount: number, seed: number): ScoreMatch {
  const random = Random.fromSeed(seed);
  const together = Array.from({ length: ticketCount }, () => new Array<number>(ticketCount).fill(0));
  const against = Array.from({ length: ticketCount }, () => new Array<number>(ticketCount).fill(0));
  for (let i = 0; i < ticketCount; i++) {
    for (let j = i + 1; j < ticketCount; j++) {
      const same = random.next();
      const other = random.next();
      (together[i] as number[])[j] = same;
      (together[j] as number[])[i] = same;
      (against[i] as number[])[j] = other;
      (against[j] as number[])[i] = other;
    }
  }
  return (teams) => {
    let total = 0;
    let pairs = 0;
    for (let a = 0; a < teams.length; a++) {
      const teamA = teams[a] as readonly number[];
      for (let x = 0; x < teamA.length; x++) {
        const i = teamA[x] as number;
        for (let y = x + 1; y < teamA.length; y++) {
          total += (together[i] as number[])[teamA[y] as number] as number;
          pairs += 1;
        }
        for (let b = a + 1; b < teams.length; b++) {
          for (const j of teams[b] as readonly number[]) {
            total += (against[i] as number[])[j] as number;
            pairs += 1;
          }
        }
      }
    }
    return pairs === 0 ? 1 : total / pairs;
  };
}

/** Every ticket set that fills one match, with its best split's value. */
export function everyMatch(
  tickets: readonly FormationTicket[],
  teamCount: number,
  teamSize: number,
  scoreMatch: ScoreMatch,
  aggregate: FormationAggregate,
): { members: number[]; value: number }[] {
  const evaluator = new MatchEvaluator({
    sizes: tickets.map((ticket) => ticket.size),
    teamCount,
    teamSize,
    scoreMatch,
    aggregate,
  });
  const found: { members: number[]; value: number }[] = [];
  const members: number[] = [];
  const visit = (from: number, players: number): void => {
    if (players === teamCount * teamSize) {
      const score = evaluator.best(members, members.length);
      if (score !== INFEASIBLE) found.push({ members: members.slice(), value: evaluator.value(score) });
      return;
    }
    for (let ticket = from; ticket < tickets.length; ticket++) {
      const size = (tickets[ticket] as FormationTicket).size;
      if (players + size > teamCount * teamSize) continue;
      members.push(ticket);
      visit(ticket + 1, players + size);
      members.pop();
    }
  };
  visit(0, 0);
  return found;
}
