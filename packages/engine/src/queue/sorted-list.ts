/**
 * A list kept sorted by a numeric key with a tie-breaking sequence number, stored as sorted chunks of
 * a few hundred items. An insert moves one chunk's items, not the whole pool's (a flat array of
 * 100k tickets paid a memmove of all of them per arrival), and searches read the keys copied into
 * each chunk's own arrays instead of one scattered ticket per step. Removals are lazy: the caller
 * marks the item dead, its chunk counts it and compacts alone once half of it is dead, because a
 * tick that forms thousands of matches would otherwise move items per departure. Readers skip dead
 * items.
 */

/** An item with a stable sequence number (unique per item). */
export interface Sequenced {
  readonly seq: number;
}

/** Items per chunk after a split; a chunk splits when it holds twice as many. */
const CHUNK_SIZE = 256;
/** A chunk compacts once more than half of it, and more than this many items, are dead. */
const COMPACT_MIN_DEAD = 32;

/** A sorted run of the list's items with their keys and sequence numbers alongside. */
class Chunk<T> {
  items: T[];
  keys: number[];
  seqs: number[];
  dead = 0;

  constructor(items: T[], keys: number[], seqs: number[]) {
    this.items = items;
    this.keys = keys;
    this.seqs = seqs;
  }

  /** Index of the first item at or after (`key`, `seq`). */
  lowerBound(key: number, seq: number): number {
    const keys = this.keys;
    let low = 0;
    let high = keys.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const other = keys[mid] as number;
      if (other < key || (other === key && (this.seqs[mid] as number) < seq)) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}

/**
 * A walk over the list from a position, one way, dead items included (the list must not change
 * during the walk).
 */
export class ListCursor<T> {
  private readonly chunks: readonly Chunk<T>[];
  private chunk: number;
  private offset: number;
  private readonly step: 1 | -1;

  constructor(chunks: readonly Chunk<T>[], chunk: number, offset: number, step: 1 | -1) {
    this.chunks = chunks;
    this.chunk = chunk;
    this.offset = offset;
    this.step = step;
    this.settle();
  }

  /** The item at the cursor, or undefined past the end. */
  peek(): T | undefined {
    return this.chunks[this.chunk]?.items[this.offset];
  }

  /** The key of the item at the cursor (read from the chunk, not the item), or NaN past the end. */
  peekKey(): number {
    return this.chunks[this.chunk]?.keys[this.offset] ?? Number.NaN;
  }

  /** The item at the cursor, moving on past it; undefined past the end. */
  next(): T | undefined {
    const item = this.peek();
    if (item !== undefined) {
      this.offset += this.step;
      this.settle();
    }
    return item;
  }

  /** Moves an offset that left its chunk onto the neighbouring chunk's first item in the walk. */
  private settle(): void {
    const chunks = this.chunks;
    if (this.step === 1) {
      while (this.chunk < chunks.length && this.offset >= (chunks[this.chunk] as Chunk<T>).items.length) {
        this.chunk++;
        this.offset = 0;
      }
    } else {
      while (this.chunk >= 0 && this.offset < 0) {
        this.chunk--;
        this.offset = this.chunk >= 0 ? (chunks[this.chunk] as Chunk<T>).items.length - 1 : 0;
      }
    }
  }
}

export class SortedList<T extends Sequenced> {
  private readonly chunks: Chunk<T>[] = [];
  private size = 0;
  private dead = 0;
  private readonly keyOf: (item: T) => number;
  private readonly isLive: (item: T) => boolean;

  constructor(keyOf: (item: T) => number, isLive: (item: T) => boolean) {
    this.keyOf = keyOf;
    this.isLive = isLive;
  }

  /** Physical length (dead items included until compaction). */
  get length(): number {
    return this.size;
  }

  /** Live items. */
  get liveCount(): number {
    return this.size - this.dead;
  }

  /** Index of the chunk where (`key`, `seq`) is or would be: the last starting at or before it. */
  private chunkFor(key: number, seq: number): number {
    const chunks = this.chunks;
    let low = 0;
    let high = chunks.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const chunk = chunks[mid] as Chunk<T>;
      const first = chunk.keys[0] as number;
      if (first < key || (first === key && (chunk.seqs[0] as number) <= seq)) low = mid + 1;
      else high = mid;
    }
    return Math.max(0, low - 1);
  }

  /**
   * Inserts a live `item`. An item marked removed that is still physically present (a ticket back in
   * the queue) is found in its place and counted live again.
   */
  insert(item: T): void {
    const key = this.keyOf(item);
    const seq = item.seq;
    if (this.chunks.length === 0) {
      this.chunks.push(new Chunk([item], [key], [seq]));
      this.size++;
      return;
    }
    const at = this.chunkFor(key, seq);
    const chunk = this.chunks[at] as Chunk<T>;
    const index = chunk.lowerBound(key, seq);
    if (chunk.items[index] === item) {
      chunk.dead--;
      this.dead--;
      return;
    }
    chunk.items.splice(index, 0, item);
    chunk.keys.splice(index, 0, key);
    chunk.seqs.splice(index, 0, seq);
    this.size++;
    if (chunk.items.length >= 2 * CHUNK_SIZE) this.split(at, item);
  }

  /**
   * Splits a full chunk in two halves. The item being inserted counts as live (its caller marks it
   * live after inserting it).
   */
  private split(at: number, inserted: T): void {
    const chunk = this.chunks[at] as Chunk<T>;
    const half = chunk.items.length >>> 1;
    const upper = new Chunk(chunk.items.splice(half), chunk.keys.splice(half), chunk.seqs.splice(half));
    for (const item of upper.items) if (item !== inserted && !this.isLive(item)) upper.dead++;
    chunk.dead -= upper.dead;
    this.chunks.splice(at + 1, 0, upper);
  }

  /**
   * Records that `item`, in the list, has died (the caller made `isLive` false for it). Its chunk
   * compacts once half of it is dead, so that walks over neighbours stay proportional to the live
   * items.
   */
  markRemoved(item: T): void {
    const at = this.chunkFor(this.keyOf(item), item.seq);
    const chunk = this.chunks[at] as Chunk<T>;
    chunk.dead++;
    this.dead++;
    if (chunk.dead > COMPACT_MIN_DEAD && chunk.dead * 2 > chunk.items.length) this.compactChunk(at);
  }

  /** Drops dead items in one pass. */
  compact(): void {
    if (this.dead === 0) return;
    for (let at = this.chunks.length - 1; at >= 0; at--)
      if ((this.chunks[at] as Chunk<T>).dead > 0) this.compactChunk(at);
  }

  /** Drops a chunk's dead items in place (and the chunk, when nothing is left). */
  private compactChunk(at: number): void {
    const chunk = this.chunks[at] as Chunk<T>;
    const { items, keys, seqs } = chunk;
    let kept = 0;
    for (let i = 0; i < items.length; i++) {
      const item = items[i] as T;
      if (!this.isLive(item)) continue;
      items[kept] = item;
      keys[kept] = keys[i] as number;
      seqs[kept] = seqs[i] as number;
      kept++;
    }
    this.size -= items.length - kept;
    this.dead -= chunk.dead;
    chunk.dead = 0;
    items.length = kept;
    keys.length = kept;
    seqs.length = kept;
    if (kept === 0) this.chunks.splice(at, 1);
  }

  /**
   * Two walks away from where `item` is or would be: towards lower keys from just before it, and
   * towards higher keys from just after it (the item itself is in neither).
   */
  around(item: T): { readonly lower: ListCursor<T>; readonly higher: ListCursor<T> } {
    if (this.chunks.length === 0)
      return { lower: new ListCursor(this.chunks, -1, 0, -1), higher: new ListCursor(this.chunks, 0, 0, 1) };
    const key = this.keyOf(item);
    const at = this.chunkFor(key, item.seq);
    const chunk = this.chunks[at] as Chunk<T>;
    const index = chunk.lowerBound(key, item.seq);
    const after = chunk.items[index] === item ? index + 1 : index;
    return {
      lower: new ListCursor(this.chunks, at, index - 1, -1),
      higher: new ListCursor(this.chunks, at, after, 1),
    };
  }

  /** Every item in order, dead ones included (readers skip them). */
  *[Symbol.iterator](): IterableIterator<T> {
    for (const chunk of this.chunks) yield* chunk.items;
  }

  /** The first live item, if any. */
  firstLive(): T | undefined {
    for (const chunk of this.chunks) for (const item of chunk.items) if (this.isLive(item)) return item;
    return undefined;
  }
}
