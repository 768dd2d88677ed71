/**
 * ETA in continuous mode: recent waits of similar tickets (same pool, region and rating band), kept
 * in a bounded ring per band; the estimate is the median and the 90th percentile of the waits longer
 * than the ticket's current wait, minus that wait (how much longer tickets like it waited).
 */

/** Recent waits per band key. */
export class RecentWaits {
  private readonly byKey = new Map<string, number[]>();
  private readonly capacity: number;

  constructor(capacity: number) {
    this.capacity = capacity;
  }

  record(key: string, waitMs: number): void {
    let list = this.byKey.get(key);
    if (list === undefined) {
      list = [];
      this.byKey.set(key, list);
    }
    list.push(waitMs);
    if (list.length > this.capacity) list.shift();
  }

  /** Median and p90 of the remaining wait for a ticket that has waited `waitedMs`. */
  estimate(key: string, waitedMs: number): { medianMs: number; p90Ms: number; samples: number } | undefined {
    const list = this.byKey.get(key);
    if (list === undefined || list.length === 0) return undefined;
    const longer = list.filter((wait) => wait > waitedMs).sort((a, b) => a - b);
    if (longer.length === 0) return { medianMs: 0, p90Ms: 0, samples: list.length };
    return {
      medianMs: quantile(longer, 0.5) - waitedMs,
      p90Ms: quantile(longer, 0.9) - waitedMs,
      samples: list.length,
    };
  }

  /** Every (key, wait) pair, oldest first per key, for snapshots. */
  entries(): [string, number][] {
    const result: [string, number][] = [];
    for (const [key, list] of this.byKey) for (const wait of list) result.push([key, wait]);
    return result;
  }
}

/** Linear-interpolated quantile of sorted values (type 7, as R and numpy default). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  const lowValue = sorted[low] as number;
  return lowValue + (position - low) * ((sorted[high] as number) - lowValue);
}
