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
  return {
    ticketCount,
    splitCount: ticketCount === 0 ? 0 : found.length / ticketCount,
    assignment: Uint8Array.from(found),
  };
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
