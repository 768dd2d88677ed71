/**
 * Criteria about who plays with whom: parties (Dota #5, Awesomenauts' premades), language (Dota #6),
 * opponent variation and peer-to-peer hosts (Awesomenauts), and DomiNations' alliance comparisons.
 * With more than two teams, team comparisons take the worst pair.
 */

import { type ResolvedShaping, shapeCost } from './shaping.ts';
import type { CandidateMatch, PlayerProfile, ScoredTicket } from './types.ts';

type AnyMatch = CandidateMatch<unknown>;
type AnyProfile = PlayerProfile<unknown>;

/**
 * Party balance (Dota #5): the difference in the number of parties (solo players count as parties
 * of one) between the teams, as a fraction of the largest possible difference `teamSize - 1`
 * (a 5-stack against five solos is 1). 0 for 1v1.
 */
export function partyBalanceRaw(match: AnyMatch, teamSize: number): number {
  if (teamSize <= 1) return 0;
  let most = 0;
  let fewest = Infinity;
  const teams = match.teams;
  for (let t = 0; t < teams.length; t++) {
    const length = (teams[t] as readonly unknown[]).length;
    most = Math.max(most, length);
    fewest = Math.min(fewest, length);
  }
  return (most - fewest) / (teamSize - 1);
}

/**
 * Premades (Awesomenauts): how many players must change party to turn one team's party structure
 * into the other's (the L1 distance of the sorted party sizes, halved). [3] vs [2, 1] is 1 (small);
 * [3] vs [1, 1, 1] is 2 (large).
 */
export function premadeDifferenceRaw(match: AnyMatch): number {
  const teams = match.teams;
  let worst = 0;
  for (let a = 0; a < teams.length; a++) {
    const left = partySizesDescending(teams[a] as readonly ScoredTicket<unknown>[]);
    for (let b = a + 1; b < teams.length; b++) {
      const right = partySizesDescending(teams[b] as readonly ScoredTicket<unknown>[]);
      let distance = 0;
      const length = Math.max(left.length, right.length);
      for (let i = 0; i < length; i++) distance += Math.abs((left[i] ?? 0) - (right[i] ?? 0));
      worst = Math.max(worst, distance / 2);
    }
  }
  return worst;
}

/** Party sizes of a team, largest first (insertion sort: teams hold a handful of parties). */
function partySizesDescending(team: readonly ScoredTicket<unknown>[]): number[] {
  const sizes: number[] = [];
  for (const ticket of team) {
    const size = ticket.players.length;
    let i = sizes.length;
    sizes.push(size);
    while (i > 0 && (sizes[i - 1] as number) < size) {
      sizes[i] = sizes[i - 1] as number;
      i--;
    }
    sizes[i] = size;
  }
  return sizes;
}

/** The premade step: 0 for the same structure, `1 - smallScore` for a small difference, 1 otherwise. */
export function premadeCost(movedPlayers: number, smallPlayers: number, smallScore: number): number {
  if (movedPlayers === 0) return 0;
  return movedPlayers <= smallPlayers ? 1 - smallScore : 1;
}

/** True when the players share a language (a player with no languages listed accepts any). */
function haveCommonLanguage(players: readonly AnyProfile[]): boolean {
  let common: Set<string> | undefined;
  for (const player of players) {
    if (player.languages === undefined) continue;
    if (common === undefined) {
      common = new Set(player.languages);
    } else {
      const next = new Set<string>();
      for (const language of player.languages) if (common.has(language)) next.add(language);
      common = next;
    }
    if (common.size === 0) return false;
  }
  return true;
}

/**
 * Common language (Dota #6): penalty in [0, 1]. Each team without a common language costs
 * `withinTeamPenalty / teams` (strongly avoided); a match without one across all players costs
 * `acrossMatchPenalty` (weakly avoided).
 */
export function languagePenaltyRaw(
  match: AnyMatch,
  withinTeamPenalty: number,
  acrossMatchPenalty: number,
): number {
  let penalty = 0;
  const everyone: AnyProfile[] = [];
  for (const team of match.teams) {
    const members: AnyProfile[] = [];
    for (const ticket of team) for (const player of ticket.players) members.push(player.profile);
    if (!haveCommonLanguage(members)) penalty += withinTeamPenalty / match.teams.length;
    everyone.push(...members);
  }
  if (!haveCommonLanguage(everyone)) penalty += acrossMatchPenalty;
  return Math.min(1, penalty);
}

/**
 * Estimated ping between two players from their pings per region: through the best shared region,
 * the slower of the two legs. Undefined when they share no region (or either gave none).
 */
export function pairPingMs(a: AnyProfile, b: AnyProfile): number | undefined {
  const pingsA = a.pingMsByRegion;
  const pingsB = b.pingMsByRegion;
  if (pingsA === undefined || pingsB === undefined) return undefined;
  let best: number | undefined;
  for (const region in pingsA) {
    const other = pingsB[region];
    if (other === undefined) continue;
    const legs = Math.max(pingsA[region] as number, other);
    if (best === undefined || legs < best) best = legs;
  }
  return best;
}

/** `pairPingMs` over ping vectors indexed by region (missing regions are Infinity). */
export function pairPingFromVectors(a: Float64Array, b: Float64Array): number | undefined {
  let best = Number.POSITIVE_INFINITY;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const legs = Math.max(a[i] as number, b[i] as number);
    if (legs < best) best = legs;
  }
  return best === Number.POSITIVE_INFINITY ? undefined : best;
}

/**
 * Ping with enemies (Awesomenauts): every pair of players on different teams (9 pairs in a 3v3),
 * teammates ignored. Returns the mean pair ping (raw) and the mean of the per-pair shaped scores
 * (Awesomenauts averages the 9 scores). Pairs without a ping estimate count as perfect.
 */
export function enemyPing(match: AnyMatch, shaping: ResolvedShaping): { raw: number; score: number } {
  let pingTotal = 0;
  let scoreTotal = 0;
  let pairs = 0;
  const teams = match.teams;
  for (let a = 0; a < teams.length; a++) {
    for (let b = a + 1; b < teams.length; b++) {
      for (const ticketA of teams[a] as ScoredTicket<unknown>[]) {
        for (const playerA of ticketA.players) {
          for (const ticketB of teams[b] as ScoredTicket<unknown>[]) {
            for (const playerB of ticketB.players) {
              const ping =
                playerA.pingVector !== undefined && playerB.pingVector !== undefined
                  ? pairPingFromVectors(playerA.pingVector, playerB.pingVector)
                  : pairPingMs(playerA.profile, playerB.profile);
              pairs++;
              if (ping === undefined) {
                scoreTotal += 1;
              } else {
                pingTotal += ping;
                scoreTotal += shapeCost(ping, shaping);
              }
            }
          }
        }
      }
    }
  }
  return pairs === 0 ? { raw: 0, score: 1 } : { raw: pingTotal / pairs, score: scoreTotal / pairs };
}

/**
 * Opponent variation (Awesomenauts): pairs of players who met in their previous match. A pair in the
 * same relation again (opponents again, teammates again) costs 1; a pair whose roles swapped costs
 * `swappedRolePenalty`. Raw is the summed penalty.
 */
export function repeatEncounterRaw(match: AnyMatch, swappedRolePenalty: number): number {
  const teamOf = new Map<string, number>();
  match.teams.forEach((team, index) => {
    for (const ticket of team)
      for (const player of ticket.players) teamOf.set(player.profile.playerId, index);
  });
  let penalty = 0;
  // A pair may be remembered by both players: count it once.
  const counted = new Set<string>();
  const visit = (playerId: string, myTeam: number, otherId: string, wereTeammates: boolean) => {
    const otherTeam = teamOf.get(otherId);
    if (otherTeam === undefined) return;
    const key = playerId < otherId ? `${playerId}\u0000${otherId}` : `${otherId}\u0000${playerId}`;
    if (counted.has(key)) return;
    counted.add(key);
    penalty += (otherTeam === myTeam) === wereTeammates ? 1 : swappedRolePenalty;
  };
  for (const team of match.teams) {
    for (const ticket of team) {
      for (const { profile } of ticket.players) {
        const memory = profile.lastMatch;
        if (memory === undefined) continue;
        const myTeam = teamOf.get(profile.playerId) as number;
        for (const id of memory.teammateIds) visit(profile.playerId, myTeam, id, true);
        for (const id of memory.opponentIds) visit(profile.playerId, myTeam, id, false);
      }
    }
  }
  return penalty;
}

/**
 * Possible hosts (Awesomenauts, peer-to-peer): players whose NAT type reaches every other player of
 * the match. A player with no NAT type given counts as open.
 */
export function possibleHostsRaw(match: AnyMatch): number {
  let open = 0;
  let moderate = 0;
  let strict = 0;
  for (const team of match.teams) {
    for (const ticket of team) {
      for (const player of ticket.players) {
        const nat = player.profile.nat ?? 'open';
        if (nat === 'open') open++;
        else if (nat === 'moderate') moderate++;
        else strict++;
      }
    }
  }
  // Open reaches everyone; moderate reaches all but strict; strict reaches only open.
  let hosts = open;
  if (strict === 0) hosts += moderate;
  if (strict === 1 && moderate === 0) hosts += 1;
  return hosts;
}

/** Missing hosts as a cost in [0, 1]: 0 with `wanted` hosts or more. */
export function missingHostsCost(hosts: number, wanted: number): number {
  return wanted <= 0 ? 0 : Math.max(0, wanted - hosts) / wanted;
}

/** Percent delta of two positive totals, relative to the smaller (DomiNations). */
function percentDelta(a: number, b: number): number {
  const low = Math.min(a, b);
  return low <= 0 ? (Math.max(a, b) > 0 ? Infinity : 0) : Math.abs(a - b) / low;
}

/**
 * Offensive and defensive ratings (DomiNations): each side's summed offense and defense, compared by
 * percent delta; raw is the larger of the two deltas (worst pair of teams). Players without ratings
 * are left out; 0 when a side has none.
 */
export function offenseDefenseRaw(match: AnyMatch): number {
  const totals = match.teams.map((team) => {
    let offense = 0;
    let defense = 0;
    for (const ticket of team) {
      for (const { profile } of ticket.players) {
        offense += profile.offenseRating ?? 0;
        defense += profile.defenseRating ?? 0;
      }
    }
    return { offense, defense };
  });
  let worst = 0;
  for (let a = 0; a < totals.length; a++) {
    for (let b = a + 1; b < totals.length; b++) {
      const left = totals[a] as { offense: number; defense: number };
      const right = totals[b] as { offense: number; defense: number };
      if (left.offense + left.defense === 0 || right.offense + right.defense === 0) continue;
      worst = Math.max(
        worst,
        percentDelta(left.offense, right.offense),
        percentDelta(left.defense, right.defense),
      );
    }
  }
  return worst;
}

/**
 * Variance rating (DomiNations' sandbagging check): each side's coefficient of variation (standard
 * deviation / mean) of its members' offense + defense; raw is the largest difference between sides.
 */
export function varianceRatingRaw(match: AnyMatch): number {
  const variation = match.teams.map((team) => {
    const values: number[] = [];
    for (const ticket of team) {
      for (const { profile } of ticket.players) {
        if (profile.offenseRating !== undefined || profile.defenseRating !== undefined) {
          values.push((profile.offenseRating ?? 0) + (profile.defenseRating ?? 0));
        }
      }
    }
    if (values.length === 0) return undefined;
    const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
    const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length;
    return mean > 0 ? Math.sqrt(variance) / mean : 0;
  });
  let worst = 0;
  for (let a = 0; a < variation.length; a++) {
    for (let b = a + 1; b < variation.length; b++) {
      const left = variation[a];
      const right = variation[b];
      if (left !== undefined && right !== undefined) worst = Math.max(worst, Math.abs(left - right));
    }
  }
  return worst;
}
