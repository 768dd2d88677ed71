/**
 * A binary min-heap of wake-up times, so that a continuous tick touches only the tickets due now
 * (plus those an arrival woke) instead of scanning the pool. Stale entries (a ticket re-scheduled or
 * gone) are skipped when popped: each push carries the ticket's schedule version.
 *
 * The slots are three parallel arrays (time, item, version), not one object per push: a large pool
 * pushes a slot for every ticket that goes to sleep, and each would otherwise live (and be promoted
 * to the old generation) until its time came, minutes later.
 */

export class WakeHeap<T> {
  private readonly times: number[] = [];
  private readonly items: T[] = [];
  private readonly versions: number[] = [];

  get size(): number {
    return this.times.length;
  }

  push(atMs: number, item: T, version: number): void {
    const times = this.times;
    const items = this.items;
    const versions = this.versions;
    let i = times.length;
    times.push(atMs);
    items.push(item);
    versions.push(version);
    // Sift up: parents later than the new slot move down into its place.
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((times[parent] as number) <= atMs) break;
      times[i] = times[parent] as number;
      items[i] = items[parent] as T;
      versions[i] = versions[parent] as number;
      i = parent;
    }
    times[i] = atMs;
    items[i] = item;
    versions[i] = version;
  }

  /**
   * Removes every slot due at or before `nowMs`, handing each one's item and version to `visit`
   * (earliest first).
   */
  popDue(nowMs: number, visit: (item: T, version: number) => void): void {
    const times = this.times;
    const items = this.items;
    const versions = this.versions;
    while (times.length > 0 && (times[0] as number) <= nowMs) {
      visit(items[0] as T, versions[0] as number);
      const lastTime = times.pop() as number;
      const lastItem = items.pop() as T;
      const lastVersion = versions.pop() as number;
      const size = times.length;
      if (size === 0) break;
      // Sift the last slot down from the root: earlier children move up into its place.
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        if (left >= size) break;
        const right = left + 1;
        const child = right < size && (times[right] as number) < (times[left] as number) ? right : left;
        if (!((times[child] as number) < lastTime)) break;
        times[i] = times[child] as number;
        items[i] = items[child] as T;
        versions[i] = versions[child] as number;
        i = child;
      }
      times[i] = lastTime;
      items[i] = lastItem;
      versions[i] = lastVersion;
    }
  }

  clear(): void {
    this.times.length = 0;
    this.items.length = 0;
    this.versions.length = 0;
  }
}
