/**
 * A certified upper bound on a bench pool's round objective that needs no search over matches: each
 * match's score is bounded by a sum of per-player terms, each player's term by its best possible
 * company, and the round by the best players' terms. Weaker than the set-partitioning LP
 * (team-formation-bound.ts) where that one can be computed, but it takes milliseconds for any team
 * size, where the LP's pricing search does not finish for 5v5.
 *
 * The score of a match g (n = 2S players, teams B and R of S, P = n(n-1)/2 player pairs) is
 * (3 gap + 2 spread + premades + 3 ping) / 9 (team-formation-pool.ts), with:
 * - gap, premades <= 1;
 * - spread = max(0, 1 - D / (800 P)), D = sum over player pairs of |rating difference|
 *   = 1/2 sum_i sum_{j in g, j != i} d_ij;
 * - ping = sum over enemy pairs of p_ij / S^2, p_ij = clamp01(1 - (R(i, j) + l_i + l_j - 50) / 200)
 *   (R: the regions' ping, l: each ticket's last-mile latency). The unclamped value splits into
 *   c_i(j) + c_j(i) with c_i(j) = 1/2 - (R(i, j) - 50) / 400 - l_i / 200, and
 *   clamp01(x + y) <= max(0, x) + max(0, y), so sum over enemy pairs of p_ij
 *   <= sum_i sum_{j enemy of i} max(0, c_i(j)): each player carries its own latency only.
 *
 * So, when D < 800 P (spread not at its floor), score(g) <= 6/9 + sum_{i in g} t_i with
 * t_i = -alpha sum_{j in g, j != i} d_ij + beta sum_{j enemy of i} max(0, c_i(j)),
 * alpha = (2/9) / (2 * 800 P), beta = (3/9) / S^2; and when D >= 800 P, score(g) <= 4/9 + sum_i t'_i
 * with t'_i the ping part alone. t_i <= h_i, the best of t_i over every choice of i's S enemies and
 * S - size(i's ticket) further teammates among the players of other tickets (i's own party members
 * are its teammates): an exact small dynamic programme per player. Summing over the M matches of a
 * round, with k of them not at the spread floor:
 *
 *   sum score <= k 6/9 + (M - k) 4/9 + (the n k largest h) + (the n (M - k) largest h'),
 *
 * and the bound is the largest of these over k, divided by M. Tested against exhaustive enumeration
 * on small pools (team-formation-relaxation.test.ts).
 *
 * What it gives away (why it is loose): every player picks its own company, so an enemy's enemies need
 * not be its teammates (a player can take near-rated teammates from any region and enemies from its
 * own), team gap and premades count as perfect, and the round's players are the best ones.
 */
import { type PoolStructure, REGION_PING_MS } from './team-formation-pool.ts';

export interface RelaxationBound {
  /** Upper bound on the mean match score of any round that makes `matchTotal` matches. */
  readonly upperBound: number;
  /** Matches not at the spread floor in the maximising case. */
  readonly unfloored: number;
}

/** The bound for a round of `matchTotal` matches of the pool (see the file comment). */
export function relaxationBound(structure: PoolStructure, matchTotal: number): RelaxationBound {
  const { count, teamSize, sizes, ratings, regions, latencies } = structure;
  const matchPlayers = 2 * teamSize;
  const playerPairs = (matchPlayers * (matchPlayers - 1)) / 2;
  const alpha = 2 / 9 / (2 * 800 * playerPairs);
  const beta = 3 / 9 / (teamSize * teamSize);
  // Players flattened: ticket, rating.
  const ticketOf: number[] = [];
  const ratingOf: number[] = [];
  for (let ticket = 0; ticket < count; ticket++) {
    for (const rating of ratings[ticket] as readonly number[]) {
      ticketOf.push(ticket);
      ratingOf.push(rating);
    }
  }
  const players = ticketOf.length;
  const withSpread: number[] = [];
  const pingOnly: number[] = [];
  const width = teamSize + 1;
  // best[e * width + t]: the best sum with e enemies and t further teammates chosen so far.
  const best = new Float64Array(width * width);
  for (let player = 0; player < players; player++) {
    const ticket = ticketOf[player] as number;
    const rating = ratingOf[player] as number;
    const pingRow = REGION_PING_MS[regions[ticket] as number] as readonly number[];
    const ownLatency = latencies[ticket] as number;
    const mates = (sizes[ticket] as number) - 1;
    const teammatesOpen = teamSize - 1 - mates;
    let mateSpread = 0;
    for (const other of ratings[ticket] as readonly number[]) mateSpread += Math.abs(rating - other);
    best.fill(Number.NEGATIVE_INFINITY);
    best[0] = 0;
    const enemyShares: number[] = [];
    for (let other = 0; other < players; other++) {
      const otherTicket = ticketOf[other] as number;
      if (otherTicket === ticket) continue;
      const share = Math.max(
        0,
        0.5 - ((pingRow[regions[otherTicket] as number] as number) - 50) / 400 - ownLatency / 200,
      );
      enemyShares.push(share);
      const distance = alpha * Math.abs(rating - (ratingOf[other] as number));
      const asEnemy = beta * share - distance;
      const asTeammate = -distance;
      for (let enemies = teamSize; enemies >= 0; enemies--) {
        for (let teammates = teammatesOpen; teammates >= 0; teammates--) {
          const cell = enemies * width + teammates;
          let value = best[cell] as number;
          if (enemies > 0) value = Math.max(value, (best[cell - width] as number) + asEnemy);
          if (teammates > 0) value = Math.max(value, (best[cell - 1] as number) + asTeammate);
          best[cell] = value;
        }
      }
    }
    withSpread.push((best[teamSize * width + teammatesOpen] as number) - alpha * mateSpread);
    enemyShares.sort((a, b) => b - a);
    let ping = 0;
    for (let k = 0; k < teamSize && k < enemyShares.length; k++) ping += beta * (enemyShares[k] as number);
    pingOnly.push(ping);
  }
  withSpread.sort((a, b) => b - a);
  pingOnly.sort((a, b) => b - a);
  const prefix = (sorted: readonly number[]): number[] => {
    const sums = [0];
    for (const value of sorted) sums.push((sums.at(-1) as number) + value);
    return sums;
  };
  const spreadSums = prefix(withSpread);
  const pingSums = prefix(pingOnly);
  let upper = Number.NEGATIVE_INFINITY;
  let unfloored = 0;
  for (let k = 0; k <= matchTotal; k++) {
    const spreadPlayers = Math.min(players, k * matchPlayers);
    const pingPlayers = Math.min(players, (matchTotal - k) * matchPlayers);
    const total =
      (k * 6) / 9 +
      ((matchTotal - k) * 4) / 9 +
      (spreadSums[spreadPlayers] as number) +
      (pingSums[pingPlayers] as number);
    if (total > upper) {
      upper = total;
      unfloored = k;
    }
  }
  return { upperBound: upper / matchTotal, unfloored };
}
