/**
 * An array kept sorted by a numeric key with a tie-breaking sequence number, with binary-search
 * insert and remove (O(log n) search, one memmove). The continuous tick walks it around a ticket to
 * find neighbours in skill order, and walks the age-sorted list oldest first.
 */

/** An item with a stable sequence number (unique per item). */
export interface Sequenced {
  readonly seq: number;
}

export class SortedList<T extends Sequenced> {
  readonly items: T[] = [];
  private readonly keyOf: (item: T) => number;

  constructor(keyOf: (item: T) => number) {
    this.keyOf = keyOf;
  }

  get length(): number {
    return this.items.length;
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

  /** Inserts `item`; returns its index. */
  insert(item: T): number {
    const index = this.indexOf(item);
    this.items.splice(index, 0, item);
    return index;
  }

  /** Removes `item` if present; returns the index it had, or -1. */
  remove(item: T): number {
    const index = this.indexOf(item);
    if (this.items[index] !== item) return -1;
    this.items.splice(index, 1);
    return index;
  }
}
