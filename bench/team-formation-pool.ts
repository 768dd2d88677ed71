/**
 * Seeded synthetic pools and an Awesomenauts-like match quality for the team-formation benchmarks.
 * Players: ratings ~ N(1500, 300); parties of 1..3 (share of players: 55% solo, 25% in duos, 20% in
 * trios; party members' ratings scatter 150 around the party's level and share a region); five
 * regions with realistic shares and inter-region pings plus each player's own last-mile latency.
 *
 * Quality of a match (weighted mean, each part in [0, 1], after van Dongen 2018): team skill gap
 * (weight 3), player skill spread over all pairs (2), premades (1: equal largest parties 1, one apart
 * 0.6, else 0), ping with enemies (3: <= 50 ms perfect, >= 250 ms worst). Pair sums are precomputed
 * per ticket pair so one score costs O(tickets^2) of the match, not O(players^2).
 */
import { Random, type SplitScorer } from '@matchd/engine';

const REGION_SHARES = [0.45, 0.3, 0.1, 0.08, 0.07]; // EU, NA, Asia, South America, Oceania
export const REGION_PING_MS = [
  [25, 110, 220, 200, 290],
  [110, 30, 160, 130, 180],
  [220, 160, 35, 300, 130],
  [200, 130, 300, 40, 320],
  [290, 180, 130, 320, 30],
];

export interface BenchPool {
  readonly name: string;
  readonly teamSize: number;
  readonly tickets: { readonly size: number; readonly sortKey: number }[];
  readonly scoreMatch: (teams: readonly (readonly number[])[]) => number;
  /**
   * A new incremental scorer of the same score for formMatches' `splitScorer` (one per search: it
   * holds the match being split): the spread and the match's total enemy-ping pair sum once per
   * match, then per team running rating sums, ping sums within the team and party-size counts, so a
   * split scores in a few operations (enemy ping = all pairs' ping minus the pairs within a team).
   */
  readonly createSplitScorer: () => SplitScorer;
  /**
   * An upper bound on the score of any match that holds `members` (in ascending sort key) and
   * `openPlayers` more players from tickets of higher sort keys, for formationBound: team gap and
   * premades at their best (1), the skill spread at least what the members already have plus what
   * any higher-rated player adds against them, and each member's enemy ping at best its teamSize best
   * pings among the other members and the best ping any other ticket offers it.
   */
  readonly scoreBound: (members: readonly number[], openPlayers: number) => number;
  /** The precomputed per-ticket and per-ticket-pair sums the score reads (for a structured pricing). */
  readonly structure: PoolStructure;
}

/** What the score is made of, per ticket and per ticket pair (row-major `count` x `count`). */
export interface PoolStructure {
  readonly count: number;
  readonly teamSize: number;
  readonly sizes: readonly number[];
  readonly ratingSum: readonly number[];
  /** Sum of |rating difference| over player pairs of two tickets (of one ticket on the diagonal). */
  readonly absDiff: Float64Array;
  /** Sum of per-player-pair ping scores between two tickets (ping only counts between enemies). */
  readonly pingSum: Float64Array;
  /** The best per-player ping score any other ticket offers each ticket. */
  readonly bestPing: Float64Array;
  /** Each ticket's players' ratings, its region (index into REGION_PING_MS) and last-mile latency. */
  readonly ratings: readonly (readonly number[])[];
  readonly regions: readonly number[];
  readonly latencies: readonly number[];
}

/** A pool of `players` players for 2 teams of `teamSize`, from `seed`. */
export function benchPool(options: { players: number; teamSize: number; seed: number }): BenchPool {
  const { players, teamSize, seed } = options;
  const random = Random.fromSeed(seed);
  const ratings: number[][] = [];
  const regions: number[] = [];
  const latencies: number[] = [];
  let placed = 0;
  while (placed < players) {
    // Party size by share of players: P(size k) proportional to share_k / k.
    const size = Math.min(players - placed, 1 + random.weightedIndex([0.55, 0.25 / 2, 0.2 / 3]));
    const level = random.normal(1500, 300);
    ratings.push(Array.from({ length: size }, () => level + random.normal(0, 150)));
    regions.push(random.weightedIndex(REGION_SHARES));
    latencies.push(random.uniform(5, 40));
    placed += size;
  }
  const count = ratings.length;
  const sizes = ratings.map((members) => members.length);
  const ratingSum = ratings.map((members) => members.reduce((sum, rating) => sum + rating, 0));
  // Sums over player pairs of |rating difference| and of ping, per ticket pair (and within a ticket).
  const absDiff = new Float64Array(count * count);
  const pingSum = new Float64Array(count * count);
  const pingScore = (pingMs: number) => 1 - Math.min(1, Math.max(0, (pingMs - 50) / 200));
  for (let a = 0; a < count; a++) {
    for (let b = a; b < count; b++) {
      let diff = 0;
      const ra = ratings[a] as number[];
      const rb = ratings[b] as number[];
      for (let i = 0; i < ra.length; i++) {
        for (let j = a === b ? i + 1 : 0; j < rb.length; j++)
          diff += Math.abs((ra[i] as number) - (rb[j] as number));
      }
      absDiff[a * count + b] = diff;
      absDiff[b * count + a] = diff;
      const region = REGION_PING_MS[regions[a] as number] as number[];
      const ping =
        (region[regions[b] as number] as number) + (latencies[a] as number) + (latencies[b] as number);
      const score = (sizes[a] as number) * (sizes[b] as number) * pingScore(ping);
      pingSum[a * count + b] = score;
      pingSum[b * count + a] = score;
    }
  }
  const matchPlayers = 2 * teamSize;
  const playerPairs = (matchPlayers * (matchPlayers - 1)) / 2;
  const scoreMatch = (teams: readonly (readonly number[])[]): number => {
    const blue = teams[0] as readonly number[];
    const red = teams[1] as readonly number[];
    let blueSum = 0;
    let redSum = 0;
    let blueLargest = 0;
    let redLargest = 0;
    let spread = 0;
    let enemyPing = 0;
    for (let x = 0; x < blue.length; x++) {
      const a = blue[x] as number;
      blueSum += ratingSum[a] as number;
      blueLargest = Math.max(blueLargest, sizes[a] as number);
      spread += absDiff[a * count + a] as number;
      for (let y = x + 1; y < blue.length; y++) spread += absDiff[a * count + (blue[y] as number)] as number;
      for (const b of red) {
        spread += absDiff[a * count + b] as number;
        enemyPing += pingSum[a * count + b] as number;
      }
    }
    for (let x = 0; x < red.length; x++) {
      const a = red[x] as number;
      redSum += ratingSum[a] as number;
      redLargest = Math.max(redLargest, sizes[a] as number);
      spread += absDiff[a * count + a] as number;
      for (let y = x + 1; y < red.length; y++) spread += absDiff[a * count + (red[y] as number)] as number;
    }
    const gap = Math.abs(blueSum - redSum) / teamSize;
    const teamGapScore = 1 - Math.min(1, gap / 300);
    const spreadScore = 1 - Math.min(1, spread / playerPairs / 800);
    const premadeGap = Math.abs(blueLargest - redLargest);
    const premadeScore = premadeGap === 0 ? 1 : premadeGap === 1 ? 0.6 : 0;
    const pingScoreMean = enemyPing / (teamSize * teamSize);
    return (3 * teamGapScore + 2 * spreadScore + premadeScore + 3 * pingScoreMean) / 9;
  };
  const createSplitScorer = (): SplitScorer => {
    const matchTickets = 2 * teamSize;
    let tickets: readonly number[] = [];
    let spreadScore = 0;
    let pingAllPairs = 0;
    // Per team (row-major 2 x (matchTickets + 1)): members, and the running sums after each member
    // (index k: the first k members), so that taking a member back restores the sums exactly.
    const members = new Int32Array(2 * matchTickets);
    const ratingAfter = new Float64Array(2 * (matchTickets + 1));
    const pingWithinAfter = new Float64Array(2 * (matchTickets + 1));
    const memberCount = new Int32Array(2);
    // Parties of each size per team (for the largest party of each team).
    const partiesOfSize = new Int32Array(2 * (teamSize + 1));
    const largest = (team: number): number => {
      for (let size = teamSize; size >= 1; size--)
        if ((partiesOfSize[team * (teamSize + 1) + size] as number) > 0) return size;
      return 0;
    };
    return {
      begin(order) {
        tickets = order;
        memberCount.fill(0);
        partiesOfSize.fill(0);
        let spread = 0;
        pingAllPairs = 0;
        for (let x = 0; x < order.length; x++) {
          const a = order[x] as number;
          spread += absDiff[a * count + a] as number;
          for (let y = x + 1; y < order.length; y++) {
            const b = order[y] as number;
            spread += absDiff[a * count + b] as number;
            pingAllPairs += pingSum[a * count + b] as number;
          }
        }
        spreadScore = 1 - Math.min(1, spread / playerPairs / 800);
      },
      place(position, team) {
        const ticket = tickets[position] as number;
        const placed = memberCount[team] as number;
        const row = team * matchTickets;
        const at = team * (matchTickets + 1) + placed;
        let pingWithin = pingWithinAfter[at] as number;
        for (let k = 0; k < placed; k++)
          pingWithin += pingSum[ticket * count + (members[row + k] as number)] as number;
        members[row + placed] = ticket;
        ratingAfter[at + 1] = (ratingAfter[at] as number) + (ratingSum[ticket] as number);
        pingWithinAfter[at + 1] = pingWithin;
        memberCount[team] = placed + 1;
        const slot = team * (teamSize + 1) + (sizes[ticket] as number);
        partiesOfSize[slot] = (partiesOfSize[slot] as number) + 1;
      },
      unplace(position, team) {
        memberCount[team] = (memberCount[team] as number) - 1;
        const slot = team * (teamSize + 1) + (sizes[tickets[position] as number] as number);
        partiesOfSize[slot] = (partiesOfSize[slot] as number) - 1;
      },
      score() {
        const blue = memberCount[0] as number;
        const red = memberCount[1] as number;
        const gap =
          Math.abs((ratingAfter[blue] as number) - (ratingAfter[matchTickets + 1 + red] as number)) /
          teamSize;
        const teamGapScore = 1 - Math.min(1, gap / 300);
        const premadeGap = Math.abs(largest(0) - largest(1));
        const premadeScore = premadeGap === 0 ? 1 : premadeGap === 1 ? 0.6 : 0;
        const enemyPing =
          pingAllPairs -
          (pingWithinAfter[blue] as number) -
          (pingWithinAfter[matchTickets + 1 + red] as number);
        const pingScoreMean = enemyPing / (teamSize * teamSize);
        return (3 * teamGapScore + 2 * spreadScore + premadeScore + 3 * pingScoreMean) / 9;
      },
    };
  };
  // The best per-player ping score any other ticket offers each ticket (the ping bound's open slots).
  const bestPing = new Float64Array(count);
  for (let a = 0; a < count; a++) {
    for (let b = 0; b < count; b++) {
      if (a === b) continue;
      const perPlayer = (pingSum[a * count + b] as number) / ((sizes[a] as number) * (sizes[b] as number));
      if (perPlayer > (bestPing[a] as number)) bestPing[a] = perPlayer;
    }
  }
  const keyOf = (ticket: number) => (ratingSum[ticket] as number) / (sizes[ticket] as number);
  const offers: number[] = [];
  const scoreBound = (members: readonly number[], openPlayers: number): number => {
    // Spread: pairs among members, plus, for each open player (rated as a ticket of key >= the last
    // member's), sum over members of size * (last key - member key) <= its |rating differences| to them.
    const last = keyOf(members[members.length - 1] as number);
    let spread = 0;
    let pull = 0;
    for (let x = 0; x < members.length; x++) {
      const a = members[x] as number;
      spread += absDiff[a * count + a] as number;
      for (let y = x + 1; y < members.length; y++)
        spread += absDiff[a * count + (members[y] as number)] as number;
      pull += (sizes[a] as number) * (last - keyOf(a));
    }
    spread += openPlayers * pull;
    const spreadScore = 1 - Math.min(1, spread / playerPairs / 800);
    // Enemy ping: each player has teamSize enemies; a member's are at best its teamSize best per-player
    // pings among the other members' players and open slots; an open player's at best 1 each. Every
    // enemy pair is counted from both ends, hence the half.
    let pingBound = openPlayers * teamSize;
    for (const a of members) {
      offers.length = 0;
      for (const b of members) {
        if (b === a) continue;
        const perPlayer = (pingSum[a * count + b] as number) / ((sizes[a] as number) * (sizes[b] as number));
        for (let k = 0; k < (sizes[b] as number); k++) offers.push(perPlayer);
      }
      for (let k = 0; k < openPlayers; k++) offers.push(bestPing[a] as number);
      offers.sort((x, y) => y - x);
      let best = 0;
      for (let k = 0; k < teamSize && k < offers.length; k++) best += offers[k] as number;
      pingBound += (sizes[a] as number) * best;
    }
    const pingScoreMean = Math.min(1, pingBound / 2 / (teamSize * teamSize));
    return (3 + 2 * spreadScore + 1 + 3 * pingScoreMean) / 9;
  };
  const tickets = ratings.map((members, index) => ({
    size: members.length,
    sortKey: (ratingSum[index] as number) / members.length,
  }));
  const structure: PoolStructure = {
    count,
    teamSize,
    sizes,
    ratingSum,
    absDiff,
    pingSum,
    bestPing,
    ratings,
    regions,
    latencies,
  };
  return {
    name: `${players} players ${teamSize}v${teamSize}`,
    teamSize,
    tickets,
    scoreMatch,
    createSplitScorer,
    scoreBound,
    structure,
  };
}
