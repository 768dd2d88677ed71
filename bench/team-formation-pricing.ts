/**
 * The pricing search of formationBound for the bench pools' score (team-formation-pool.ts), which
 * knows what the score is made of: max over every match and split of score - sum of its tickets'
 * prices, by branch and bound over tickets in rating order, each placed on blue or red (the first on
 * blue: the two teams are interchangeable).
 *
 * The bound of a branch: team gap and premades at their best (1); the spread and enemy ping of the
 * placed tickets as they are; and for the open slots of each team, the best set of later tickets by
 * what each would add on its own: its price, its spread against the placed tickets (pairs among the
 * open players only add spread, so they are left out), and its ping to the placed enemies plus, for a
 * blue ticket, its best ping to every open red slot (so each open-open enemy pair is counted once).
 * The spread term is max(0, 1 - spread / cap); the bound takes the larger of "spread below the cap"
 * (linear) and "spread at the cap" (0), each of which is a sum over the chosen tickets. Each team's
 * best set is a small knapsack over the later tickets; a ticket may be counted on both teams (a
 * relaxation). A branch whose bound is at most the best found is dropped: the result is the exact
 * maximum, or, past the node budget, the largest bound of the branches left open.
 */
import type { PricingResult } from '../packages/engine/src/matching/team-formation/formation-bound.ts';
import type { PoolStructure } from './team-formation-pool.ts';

export function structuredPricing(
  structure: PoolStructure,
  options: { maxNodes: number; keepColumns?: number },
): (prices: Float64Array, floor: number) => PricingResult {
  const { count, teamSize, sizes, ratingSum, absDiff, pingSum, bestPing } = structure;
  const keepColumns = options.keepColumns ?? 256;
  const order = Array.from({ length: count }, (_, index) => index).sort(
    (a, b) =>
      (ratingSum[a] as number) / (sizes[a] as number) - (ratingSum[b] as number) / (sizes[b] as number) ||
      a - b,
  );
  const matchPlayers = 2 * teamSize;
  const playerPairs = (matchPlayers * (matchPlayers - 1)) / 2;
  /** Score per unit of spread below the cap, and per unit of enemy ping. */
  const spreadWeight = 2 / 9 / (playerPairs * 800);
  const pingWeight = 3 / 9 / (teamSize * teamSize);
  const blue: number[] = [];
  const red: number[] = [];
  const scratch = {
    blueLinear: new Float64Array(teamSize + 1),
    blueCapped: new Float64Array(teamSize + 1),
    redLinear: new Float64Array(teamSize + 1),
    redCapped: new Float64Array(teamSize + 1),
  };

  const knapsack = (best: Float64Array, size: number, gain: number, open: number): void => {
    for (let capacity = open; capacity >= size; capacity--) {
      const candidate = (best[capacity - size] as number) + gain;
      if (candidate > (best[capacity] as number)) best[capacity] = candidate;
    }
  };

  return (prices, floor) => {
    let incumbent = floor;
    let openBound = Number.NEGATIVE_INFINITY;
    let nodes = 0;
    let blueSum = 0;
    let redSum = 0;
    let bluePlayers = 0;
    let redPlayers = 0;
    let spread = 0;
    let enemyPing = 0;
    let priceSum = 0;
    const kept: { members: number[]; reduced: number }[] = [];

    const bound = (lastPosition: number): number => {
      const blueOpen = teamSize - bluePlayers;
      const redOpen = teamSize - redPlayers;
      const { blueLinear, blueCapped, redLinear, redCapped } = scratch;
      for (const list of [blueLinear, blueCapped, redLinear, redCapped]) list.fill(Number.NEGATIVE_INFINITY);
      blueLinear[0] = 0;
      blueCapped[0] = 0;
      redLinear[0] = 0;
      redCapped[0] = 0;
      const widest = Math.max(blueOpen, redOpen);
      for (let position = lastPosition + 1; position < count; position++) {
        const ticket = order[position] as number;
        const size = sizes[ticket] as number;
        if (size > widest) continue;
        const row = ticket * count;
        let addedSpread = absDiff[row + ticket] as number;
        let pingToRed = 0;
        let pingToBlue = 0;
        for (const other of blue) {
          addedSpread += absDiff[row + other] as number;
          pingToBlue += pingSum[row + other] as number;
        }
        for (const other of red) {
          addedSpread += absDiff[row + other] as number;
          pingToRed += pingSum[row + other] as number;
        }
        const price = prices[ticket] as number;
        if (size <= blueOpen) {
          const ping = pingWeight * (pingToRed + size * redOpen * (bestPing[ticket] as number));
          knapsack(blueLinear, size, ping - spreadWeight * addedSpread - price, blueOpen);
          knapsack(blueCapped, size, ping - price, blueOpen);
        }
        if (size <= redOpen) {
          const ping = pingWeight * pingToBlue;
          knapsack(redLinear, size, ping - spreadWeight * addedSpread - price, redOpen);
          knapsack(redCapped, size, ping - price, redOpen);
        }
      }
      const base = 4 / 9 + pingWeight * enemyPing - priceSum;
      const linear =
        base +
        2 / 9 -
        spreadWeight * spread +
        (blueLinear[blueOpen] as number) +
        (redLinear[redOpen] as number);
      const capped = base + (blueCapped[blueOpen] as number) + (redCapped[redOpen] as number);
      return Math.max(linear, capped);
    };

    const leaf = (): void => {
      const gap = Math.abs(blueSum - redSum) / teamSize;
      const teamGapScore = 1 - Math.min(1, gap / 300);
      const spreadScore = 1 - Math.min(1, spread / playerPairs / 800);
      let blueLargest = 0;
      let redLargest = 0;
      for (const ticket of blue) blueLargest = Math.max(blueLargest, sizes[ticket] as number);
      for (const ticket of red) redLargest = Math.max(redLargest, sizes[ticket] as number);
      const premadeGap = Math.abs(blueLargest - redLargest);
      const premadeScore = premadeGap === 0 ? 1 : premadeGap === 1 ? 0.6 : 0;
      const score =
        (3 * teamGapScore + 2 * spreadScore + premadeScore + (3 * enemyPing) / (teamSize * teamSize)) / 9;
      const reduced = score - priceSum;
      if (reduced > incumbent) incumbent = reduced;
      if (reduced <= floor) return;
      if (kept.length < keepColumns) kept.push({ members: [...blue, ...red], reduced });
      else {
        let worst = 0;
        for (let k = 1; k < kept.length; k++) {
          if ((kept[k]?.reduced as number) < (kept[worst]?.reduced as number)) worst = k;
        }
        if ((kept[worst]?.reduced as number) < reduced) kept[worst] = { members: [...blue, ...red], reduced };
      }
    };

    const place = (ticket: number, team: number[], sign: 1 | -1): void => {
      const row = ticket * count;
      const onBlue = team === blue;
      if (sign === -1) team.pop();
      let addedSpread = absDiff[row + ticket] as number;
      let addedPing = 0;
      for (const other of blue) addedSpread += absDiff[row + other] as number;
      for (const other of red) addedSpread += absDiff[row + other] as number;
      for (const other of onBlue ? red : blue) addedPing += pingSum[row + other] as number;
      spread += sign * addedSpread;
      enemyPing += sign * addedPing;
      priceSum += sign * (prices[ticket] as number);
      const players = sign * (sizes[ticket] as number);
      const rating = sign * (ratingSum[ticket] as number);
      if (onBlue) {
        bluePlayers += players;
        blueSum += rating;
      } else {
        redPlayers += players;
        redSum += rating;
      }
      if (sign === 1) team.push(ticket);
    };

    const grow = (lastPosition: number): void => {
      if (bluePlayers === teamSize && redPlayers === teamSize) {
        leaf();
        return;
      }
      const limit = bound(lastPosition);
      if (limit <= incumbent || limit <= openBound) return;
      nodes += 1;
      if (nodes > options.maxNodes) {
        openBound = limit;
        return;
      }
      for (let position = lastPosition + 1; position < count; position++) {
        const ticket = order[position] as number;
        const size = sizes[ticket] as number;
        if (bluePlayers + size <= teamSize) {
          place(ticket, blue, 1);
          grow(position);
          place(ticket, blue, -1);
        }
        // The first ticket goes on blue: the teams are interchangeable.
        if (blue.length > 0 && redPlayers + size <= teamSize) {
          place(ticket, red, 1);
          grow(position);
          place(ticket, red, -1);
        }
      }
    };
    grow(-1);
    return {
      mu: Math.max(incumbent, openBound),
      nodes,
      complete: openBound === Number.NEGATIVE_INFINITY,
      columns: kept.map((column) => column.members),
    };
  };
}
