/**
 * The exhaustive split of one match's tickets into teams (Awesomenauts: "we simply try every possible
 * combination and select the best one"). Parties stay whole; each unordered split is produced once:
 * tickets are placed in a fixed order and a ticket may open only the next unused team (restricted
 * growth), so permuting team labels never yields a second copy.
 *
 * Splits depend only on the multiset of party sizes, so they are enumerated once per size pattern and
 * kept in a catalogue owned by one search (no module-level cache).
 */

/** Every split of one size pattern: `assignment[split * ticketCount + position]` is the team. */
export interface SplitPattern {
  readonly ticketCount: number;
  readonly splitCount: number;
  readonly assignment: Uint8Array;
  /**
   * `firstChange[split]`: the first position whose team differs from the split before (0 for the
   * first split): an incremental scorer takes back and places again only the positions from there.
   */
  readonly firstChange: Uint8Array;
}

/**
 * Counts the splits of `sizes` (sorted by size, descending) into `teamCount` teams of exactly
 * `teamSize` players, stopping once the count passes `limit` (then returns limit + 1).
 */
export function countSplits(
  sizes: readonly number[],
  teamCount: number,
  teamSize: number,
  limit: number,
): number {
  let count = 0;
  const remaining = new Array<number>(teamCount).fill(teamSize);
  const place = (position: number, teamsUsed: number): void => {
    if (count > limit) return;
    if (position === sizes.length) {
      count += 1;
      return;
    }
    const size = sizes[position] as number;
    const openable = Math.min(teamsUsed + 1, teamCount);
    for (let team = 0; team < openable; team++) {
      if ((remaining[team] as number) < size) continue;
      remaining[team] = (remaining[team] as number) - size;
      place(position + 1, Math.max(teamsUsed, team + 1));
      remaining[team] = (remaining[team] as number) + size;
    }
  };
  place(0, 0);
  return count;
}

function enumeratePattern(sizes: readonly number[], teamCount: number, teamSize: number): SplitPattern {
  const ticketCount = sizes.length;
  const found: number[] = [];
  const current = new Array<number>(ticketCount).fill(0);
  const remaining = new Array<number>(teamCount).fill(teamSize);
  const place = (position: number, teamsUsed: number): void => {
    if (position === ticketCount) {
      // Sizes sum to teamCount * teamSize, so every team is exactly full here.
      for (const team of current) found.push(team);
      return;
    }
    const size = sizes[position] as number;
    const openable = Math.min(teamsUsed + 1, teamCount);
    for (let team = 0; team < openable; team++) {
      if ((remaining[team] as number) < size) continue;
      remaining[team] = (remaining[team] as number) - size;
      current[position] = team;
      place(position + 1, Math.max(teamsUsed, team + 1));
      remaining[team] = (remaining[team] as number) + size;
    }
  };
  let total = 0;
  for (const size of sizes) total += size;
  if (total === teamCount * teamSize) place(0, 0);
  const splitCount = ticketCount === 0 ? 0 : found.length / ticketCount;
  const firstChange = new Uint8Array(splitCount);
  for (let split = 1; split < splitCount; split++) {
    let position = 0;
    const offset = split * ticketCount;
    while (position < ticketCount && found[offset - ticketCount + position] === found[offset + position])
      position++;
    firstChange[split] = position;
  }
  return { ticketCount, splitCount, assignment: Uint8Array.from(found), firstChange };
}

/** Split patterns of one search, keyed by the multiset of party sizes. */
export class SplitCatalogue {
  private readonly patterns = new Map<string, SplitPattern>();
  private readonly teamCount: number;
  private readonly teamSize: number;

  constructor(teamCount: number, teamSize: number) {
    this.teamCount = teamCount;
    this.teamSize = teamSize;
  }

  /** The splits of `sizes`, which must be sorted descending; splitCount 0 when none fits. */
  splitsOf(sizes: readonly number[]): SplitPattern {
    const key = sizes.join(',');
    let pattern = this.patterns.get(key);
    if (pattern === undefined) {
      pattern = enumeratePattern(sizes, this.teamCount, this.teamSize);
      this.patterns.set(key, pattern);
    }
    return pattern;
  }
}

/**
 * Sizes a team of one match may take: `min` to `max` players, and no two teams of the match more than
 * `maxDifference` players apart. A fixed team size is `{ min: s, max: s, maxDifference: 0 }`.
 */
export interface TeamSizeBounds {
  readonly min: number;
  readonly max: number;
  readonly maxDifference: number;
}

/** The bounds of a fixed team size. */
export function fixedTeamSize(teamSize: number): TeamSizeBounds {
  return { min: teamSize, max: teamSize, maxDifference: 0 };
}

/**
 * Walks the unordered splits of `sizes` (party sizes, sorted descending) into exactly `teamCount`
 * non-empty teams whose sizes keep `bounds`. Teams are interchangeable (their bounds are the same),
 * so a ticket may open only the next unused team: each unordered split is visited once.
 * `visit(assignment)` gets the team of every position (a reused buffer) and returns false to stop.
 * `nodeLimit` bounds the placements tried; returns true when the walk finished, false when the
 * visitor or the node limit stopped it.
 */
export function walkSplits(
  sizes: readonly number[],
  teamCount: number,
  bounds: TeamSizeBounds,
  visit: (assignment: Int32Array) => boolean,
  nodeLimit = Number.POSITIVE_INFINITY,
): boolean {
  const ticketCount = sizes.length;
  let total = 0;
  for (let position = 0; position < ticketCount; position++) total += sizes[position] as number;
  // Totals that no layout of the teams can hold are refused at once.
  if (total < teamCount * bounds.min || total > teamCount * bounds.max) return true;
  const assignment = new Int32Array(ticketCount);
  // Teams of one (a free-for-all): the only split puts each ticket on its own team.
  if (bounds.max === 1) {
    if (ticketCount !== teamCount || sizes.some((size) => size !== 1)) return true;
    for (let position = 0; position < ticketCount; position++) assignment[position] = position;
    visit(assignment);
    return true;
  }
  // Players still to place after each position: a team short of `min` must be fillable from them.
  const after = new Int32Array(ticketCount + 1);
  for (let position = ticketCount - 1; position >= 0; position--)
    after[position] = (after[position + 1] as number) + (sizes[position] as number);
  // One walk's state, passed down the recursion (a queue walks the splits of every match it splits:
  // no closures made per walk).
  const walk: SplitWalk = {
    sizes,
    teamCount,
    bounds,
    visit,
    nodeLimit,
    assignment,
    load: new Int32Array(teamCount),
    after,
    nodes: 0,
    stopped: false,
  };
  placeFrom(walk, 0, 0);
  return !walk.stopped;
}

/** The state of one `walkSplits`. */
interface SplitWalk {
  readonly sizes: readonly number[];
  readonly teamCount: number;
  readonly bounds: TeamSizeBounds;
  readonly visit: (assignment: Int32Array) => boolean;
  readonly nodeLimit: number;
  /** The team of each position placed so far. */
  readonly assignment: Int32Array;
  /** Players placed on each team. */
  readonly load: Int32Array;
  /** Players from each position on. */
  readonly after: Int32Array;
  nodes: number;
  stopped: boolean;
}

/** True when every team's load keeps the bounds and no two are more than `maxDifference` apart. */
function balanced(walk: SplitWalk): boolean {
  const { load, bounds } = walk;
  let most = 0;
  let fewest = Number.POSITIVE_INFINITY;
  for (let team = 0; team < walk.teamCount; team++) {
    const players = load[team] as number;
    if (players < bounds.min || players > bounds.max) return false;
    most = Math.max(most, players);
    fewest = Math.min(fewest, players);
  }
  return most - fewest <= bounds.maxDifference;
}

/** Places the tickets from `position` on, `teamsUsed` teams opened so far. */
function placeFrom(walk: SplitWalk, position: number, teamsUsed: number): void {
  if (walk.stopped) return;
  const { sizes, teamCount, bounds, load } = walk;
  const ticketCount = sizes.length;
  if (position === ticketCount) {
    if (teamsUsed === teamCount && balanced(walk) && !walk.visit(walk.assignment)) walk.stopped = true;
    return;
  }
  // Every team not yet opened needs at least one ticket, and every team its minimum.
  if (ticketCount - position < teamCount - teamsUsed) return;
  let shortfall = 0;
  for (let team = 0; team < teamCount; team++) shortfall += Math.max(0, bounds.min - (load[team] as number));
  if (shortfall > (walk.after[position] as number)) return;
  const size = sizes[position] as number;
  const openable = Math.min(teamsUsed + 1, teamCount);
  for (let team = 0; team < openable; team++) {
    if ((load[team] as number) + size > bounds.max) continue;
    if (++walk.nodes > walk.nodeLimit) {
      walk.stopped = true;
      return;
    }
    load[team] = (load[team] as number) + size;
    walk.assignment[position] = team;
    placeFrom(walk, position + 1, Math.max(teamsUsed, team + 1));
    load[team] = (load[team] as number) - size;
    if (walk.stopped) return;
  }
}

/**
 * Counts the splits of `sizes` (sorted descending) into `teamCount` teams within `bounds`, stopping
 * once the count passes `limit` (then returns limit + 1). A walk that places 4 x limit tickets
 * without finishing also answers limit + 1: the count is then too costly to settle, which is what
 * "more than limit" is asked for (2x100 of solo players would otherwise walk 150 deep per split).
 */
export function countSplitsWithin(
  sizes: readonly number[],
  teamCount: number,
  bounds: TeamSizeBounds,
  limit: number,
): number {
  let count = 0;
  const finished = walkSplits(
    sizes,
    teamCount,
    bounds,
    () => {
      count += 1;
      return count <= limit;
    },
    4 * (limit + 1),
  );
  return finished ? count : Math.max(count, limit + 1);
}

/**
 * The first split found of `sizes` (sorted descending) into `teamCount` teams within `bounds` (team
 * of each position), or undefined when none exists or `nodeLimit` placements found none.
 */
export function firstSplit(
  sizes: readonly number[],
  teamCount: number,
  bounds: TeamSizeBounds,
  nodeLimit: number,
): Int32Array | undefined {
  let found: Int32Array | undefined;
  walkSplits(
    sizes,
    teamCount,
    bounds,
    (assignment) => {
      found = assignment.slice();
      return false;
    },
    nodeLimit,
  );
  return found;
}
