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

type Quad = [Float64Array, Float64Array, Float64Array, Float64Array];

export function structuredPricing(
  structure: PoolStructure,
  options: {
    maxNodes: number;
    /** Nodes per first ticket (spreads a cut-short search over the whole pool); default unlimited. */
    maxNodesPerAnchor?: number;
    /**
     * Search branches under the largest bound left open too (for the columns they hold, while the
     * prices are still far off); mu stays certified, the search only costs more.
     */
    explore?: boolean;
    keepColumns?: number;
  },
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
  // Spread among the open players, at least: the least pairwise sum of |key difference| over any k
  // players of tickets at or after a position (players at their ticket's mean rating; |mean
  // differences| never exceed the sum of the players' |differences|). On a line the least k-subset is
  // a run of consecutive points, so it is a minimum over windows of the sorted players.
  const points: number[] = [];
  const firstPoint: number[] = [];
  for (const ticket of order) {
    firstPoint.push(points.length);
    const key = (ratingSum[ticket] as number) / (sizes[ticket] as number);
    for (let k = 0; k < (sizes[ticket] as number); k++) points.push(key);
  }
  firstPoint.push(points.length);
  const matchSlots = 2 * teamSize;
  /** openSpread[position * (matchSlots + 1) + k]: least spread among k open players at or after it. */
  const openSpread = new Float64Array((count + 1) * (matchSlots + 1)).fill(Number.POSITIVE_INFINITY);
  const windowLeast = new Float64Array((points.length + 1) * (matchSlots + 1)).fill(Number.POSITIVE_INFINITY);
  for (let start = points.length - 1; start >= 0; start--) {
    let sum = 0;
    let prefix = 0;
    for (let k = 1; k <= matchSlots; k++) {
      const index = start + k - 1;
      const cell = start * (matchSlots + 1) + k;
      if (index < points.length) {
        // Adding point x_index (the largest so far) adds sum over earlier points of (x_index - x).
        sum += (k - 1) * (points[index] as number) - prefix;
        prefix += points[index] as number;
        windowLeast[cell] = Math.min(sum, windowLeast[cell + matchSlots + 1] as number);
      } else windowLeast[cell] = windowLeast[cell + matchSlots + 1] as number;
    }
    windowLeast[start * (matchSlots + 1)] = 0;
  }
  for (let position = 0; position <= count; position++) {
    for (let k = 0; k <= matchSlots; k++) {
      openSpread[position * (matchSlots + 1) + k] = windowLeast[
        (firstPoint[position] as number) * (matchSlots + 1) + k
      ] as number;
    }
  }
  openSpread[count * (matchSlots + 1)] = 0;

  const blue: number[] = [];
  const red: number[] = [];
  /**
   * What a branch's bound leaves behind for its children (one per depth): each later ticket's gain on
   * either team (linear and capped spread), and the best open-slot fillings by capacity, so that a
   * child (one more ticket) is first checked against its parent's relaxation: cheaper than its own.
   */
  interface Frame {
    /** Each later ticket's gain by position: blue linear, blue capped, red linear, red capped. */
    readonly gains: Quad;
    /** The same four: the best fillings of the open slots, by filled capacity. */
    readonly best: Quad;
    linearBase: number;
    cappedBase: number;
  }
  const quad = (length: number): Quad => [
    new Float64Array(length),
    new Float64Array(length),
    new Float64Array(length),
    new Float64Array(length),
  ];
  const frames: Frame[] = Array.from({ length: 2 * teamSize + 1 }, () => ({
    gains: quad(count),
    best: quad(teamSize + 1),
    linearBase: 0,
    cappedBase: 0,
  }));

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
    let anchorNodes = 0;
    const perAnchor = options.maxNodesPerAnchor ?? Number.POSITIVE_INFINITY;
    const explore = options.explore === true;
    let blueSum = 0;
    let redSum = 0;
    let bluePlayers = 0;
    let redPlayers = 0;
    let spread = 0;
    let enemyPing = 0;
    let priceSum = 0;
    const kept: { members: number[]; reduced: number }[] = [];

    const bound = (lastPosition: number, frame: Frame): number => {
      const blueOpen = teamSize - bluePlayers;
      const redOpen = teamSize - redPlayers;
      const [blueLinear, blueCapped, redLinear, redCapped] = frame.best;
      const [gBlueLinear, gBlueCapped, gRedLinear, gRedCapped] = frame.gains;
      for (const list of frame.best) {
        list.fill(Number.NEGATIVE_INFINITY);
        list[0] = 0;
      }
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
          gBlueLinear[position] = ping - spreadWeight * addedSpread - price;
          gBlueCapped[position] = ping - price;
          knapsack(blueLinear, size, gBlueLinear[position] as number, blueOpen);
          knapsack(blueCapped, size, gBlueCapped[position] as number, blueOpen);
        }
        if (size <= redOpen) {
          const ping = pingWeight * pingToBlue;
          gRedLinear[position] = ping - spreadWeight * addedSpread - price;
          gRedCapped[position] = ping - price;
          knapsack(redLinear, size, gRedLinear[position] as number, redOpen);
          knapsack(redCapped, size, gRedCapped[position] as number, redOpen);
        }
      }
      const base = 4 / 9 + pingWeight * enemyPing - priceSum;
      const amongOpen = openSpread[(lastPosition + 1) * (matchSlots + 1) + blueOpen + redOpen] as number;
      frame.linearBase =
        base + 2 / 9 - spreadWeight * (spread + (Number.isFinite(amongOpen) ? amongOpen : 0));
      frame.cappedBase = base;
      const linear = frame.linearBase + (blueLinear[blueOpen] as number) + (redLinear[redOpen] as number);
      const capped = frame.cappedBase + (blueCapped[blueOpen] as number) + (redCapped[redOpen] as number);
      return Math.max(linear, capped);
    };

    /**
     * The parent's relaxation with one ticket forced onto a team: an upper bound of the child's
     * branch (the child only loses candidates, and every pair the child would add is already counted
     * in the parent's gains or only lowers the score).
     */
    const childCheck = (frame: Frame, position: number, size: number, onBlue: boolean): number => {
      const blueOpen = teamSize - bluePlayers;
      const redOpen = teamSize - redPlayers;
      const [blueLinear, blueCapped, redLinear, redCapped] = frame.best;
      const [gBlueLinear, gBlueCapped, gRedLinear, gRedCapped] = frame.gains;
      const linear = onBlue
        ? (gBlueLinear[position] as number) +
          (blueLinear[blueOpen - size] as number) +
          (redLinear[redOpen] as number)
        : (gRedLinear[position] as number) +
          (blueLinear[blueOpen] as number) +
          (redLinear[redOpen - size] as number);
      const capped = onBlue
        ? (gBlueCapped[position] as number) +
          (blueCapped[blueOpen - size] as number) +
          (redCapped[redOpen] as number)
        : (gRedCapped[position] as number) +
          (blueCapped[blueOpen] as number) +
          (redCapped[redOpen - size] as number);
      return Math.max(frame.linearBase + linear, frame.cappedBase + capped);
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

    const grow = (lastPosition: number, depth: number): void => {
      if (bluePlayers === teamSize && redPlayers === teamSize) {
        leaf();
        return;
      }
      const frame = frames[depth] as Frame;
      const limit = bound(lastPosition, frame);
      if (limit <= incumbent || (!explore && limit <= openBound)) return;
      nodes += 1;
      anchorNodes += 1;
      if (nodes > options.maxNodes || anchorNodes > perAnchor) {
        openBound = Math.max(openBound, limit);
        return;
      }
      for (let position = lastPosition + 1; position < count; position++) {
        const ticket = order[position] as number;
        const size = sizes[ticket] as number;
        if (depth === 0) anchorNodes = 0;
        if (bluePlayers + size <= teamSize) {
          const check = childCheck(frame, position, size, true);
          if (check > incumbent && (explore || check > openBound)) {
            place(ticket, blue, 1);
            grow(position, depth + 1);
            place(ticket, blue, -1);
          }
        }
        // The first ticket goes on blue: the teams are interchangeable.
        if (blue.length > 0 && redPlayers + size <= teamSize) {
          const check = childCheck(frame, position, size, false);
          if (check > incumbent && (explore || check > openBound)) {
            place(ticket, red, 1);
            grow(position, depth + 1);
            place(ticket, red, -1);
          }
        }
      }
    };
    grow(-1, 0);
    return {
      mu: Math.max(incumbent, openBound),
      nodes,
      complete: openBound === Number.NEGATIVE_INFINITY,
      columns: kept.map((column) => column.members),
    };
  };
}
