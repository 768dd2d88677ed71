/**
 * An array kept sorted by a numeric key with a tie-breaking sequence number. Inserts use binary
 * search; removals are lazy (the caller marks the item dead, the list counts it and compacts in one
 * pass before the next insert or on demand), because a tick that forms thousands of matches would
 * otherwise pay one memmove of the whole array per departure. Readers skip dead items.
 */

/** An item with a stable sequence number (unique per item). */
export interface Sequenced {
  readonly seq: number;
}

export class SortedList<T extends Sequenced> {
  items: T[] = [];
  private dead = 0;
  private readonly keyOf: (item: T) => number;
  private readonly isLive: (item: T) => boolean;

  constructor(keyOf: (item: T) => number, isLive: (item: T) => boolean) {
    this.keyOf = keyOf;
    this.isLive = isLive;
  }

  /** Physical length (dead items included until compaction). */
  get length(): number {
    return this.items.length;
  }

  /** Live items. */
  get liveCount(): number {
    return this.items.length - this.dead;
  }

  /** Index where `item` is or would be. */
  indexOf(item: T): number {
    const key = this.keyOf(item);
    let low = 0;
    let high = this.items.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const other = this.items[mid] as T;
      const otherKey = this.keyOf(other);
      if (otherKey < key || (otherKey === key && other.seq < item.seq)) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** Inserts a live `item` that is not in the list (dead copies are compacted away first). */
  insert(item: T): number {
    this.compact();
    const index = this.indexOf(item);
    this.items.splice(index, 0, item);
    return index;
  }

  /**
   * Records that an item of the list has died (the caller made `isLive` false for it). Compacts once
   * half the array is dead, so that walks over neighbours stay proportional to the live items.
   */
  markRemoved(): void {
    this.dead++;
    if (this.dead > 64 && this.dead * 2 > this.items.length) this.compact();
  }

  /** Drops dead items in one pass. */
  compact(): void {
    if (this.dead === 0) return;
    // In place: a new array of the whole pool per tick would be garbage the next tick collects.
    const items = this.items;
    let kept = 0;
    for (let i = 0; i < items.length; i++) {
      const item = items[i] as T;
      if (this.isLive(item)) items[kept++] = item;
    }
    items.length = kept;
    this.dead = 0;
  }

  /** The first live item, if any. */
  firstLive(): T | undefined {
    for (const item of this.items) if (this.isLive(item)) return item;
    return undefined;
  }
}
