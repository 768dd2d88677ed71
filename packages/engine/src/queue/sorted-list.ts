/**
 * A list kept sorted by a numeric key with a tie-breaking sequence number, stored as sorted chunks of
 * a few hundred items. An insert moves one chunk's items, not the whole pool's (a flat array of
 * 100k tickets paid a memmove of all of them per arrival), and searches read the keys copied into
 * each chunk's own arrays instead of one scattered ticket per step. Removals are lazy: the caller
 * marks the item dead, its chunk counts it and compacts alone once half of it is dead, because a
 * tick that forms thousands of matches would otherwise move items per departure. Readers skip dead
 * items. Each chunk also keeps a flag, one side number (the ticket's skill reach) and one stamp (its
 * arrival) per item, so that a walk reads the items it keeps and no others. The flag says dead, live, or live but held
 * (a ticket taken by a match the tick plans, or expiring in it: still listed, no longer a candidate).
 */

/** An item with a stable sequence number (unique per item). */
export interface Sequenced {
  readonly seq: number;
}

/** Items per chunk after a split; a chunk splits when it holds twice as many. */
const CHUNK_SIZE = 256;
/** A chunk compacts once more than half of it, and more than this many items, are dead. */
const COMPACT_MIN_DEAD = 32;

/** An item's flag in its chunk. */
const DEAD = 0;
const LIVE = 1;
const HELD = 2;

/**
 * A sorted run of the list's items with, alongside: their keys and sequence numbers, each one's flag
 * (DEAD, LIVE or HELD) and side number.
 */
class Chunk<T> {
  items: T[];
  keys: number[];
  seqs: number[];
  flags: number[];
  sides: number[];
  stamps: number[];
  dead = 0;

  constructor(
    items: T[],
    keys: number[],
    seqs: number[],
    flags: number[],
    sides: number[],
    stamps: number[],
  ) {
    this.items = items;
    this.keys = keys;
    this.seqs = seqs;
    this.flags = flags;
    this.sides = sides;
    this.stamps = stamps;
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
 * during the walk). The arrays of the chunk at the cursor and the cursor's index there are public,
 * so that a hot walk reads keys, flags and side numbers as plain array loads (a call returning a
 * double boxes it unless the call is inlined).
 */
export class ListCursor<T> {
  /** The arrays of the chunk at the cursor (empty past the end) and the cursor's index in them. */
  items: readonly T[] = [];
  keys: readonly number[] = [];
  flags: readonly number[] = [];
  sides: readonly number[] = [];
  stamps: readonly number[] = [];
  offset = 0;
  /** Past the end of the walk. */
  done = true;
  private chunks: readonly Chunk<T>[] = [];
  private chunk = 0;
  private step: 1 | -1 = 1;

  /** Starts a walk over `chunks` at `offset` in chunk `chunk`, one way. */
  place(chunks: readonly Chunk<T>[], chunk: number, offset: number, step: 1 | -1): void {
    this.chunks = chunks;
    this.chunk = chunk;
    this.offset = offset;
    this.step = step;
    this.settle();
  }

  /** The item at the cursor, or undefined past the end. */
  peek(): T | undefined {
    return this.done ? undefined : this.items[this.offset];
  }

  /** The key of the item at the cursor (read from the chunk, not the item), or NaN past the end. */
  peekKey(): number {
    return this.done ? Number.NaN : (this.keys[this.offset] as number);
  }

  /** Whether the item at the cursor is live, held or not (read from the chunk); false past the end. */
  peekLive(): boolean {
    return !this.done && this.flags[this.offset] !== DEAD;
  }

  /** The side number of the item at the cursor (read from the chunk), or NaN past the end. */
  peekSide(): number {
    return this.done ? Number.NaN : (this.sides[this.offset] as number);
  }

  /** The stamp of the item at the cursor (read from the chunk), or NaN past the end. */
  peekStamp(): number {
    return this.done ? Number.NaN : (this.stamps[this.offset] as number);
  }

  /** The item at the cursor, moving on past it; undefined past the end. */
  next(): T | undefined {
    const item = this.peek();
    if (item !== undefined) this.skip();
    return item;
  }

  /** Moves on past dead items (read from the chunks) to the next live one, held or not, or the end. */
  skipDead(): void {
    while (!this.done && this.flags[this.offset] === DEAD) this.skip();
  }

  /** Moves on past dead and held items (read from the chunks) to the next free one or the end. */
  skipUnfree(): void {
    while (!this.done && this.flags[this.offset] !== LIVE) this.skip();
  }

  /** Moves on past the item at the cursor without reading it (nothing happens past the end). */
  skip(): void {
    if (this.done) return;
    this.offset += this.step;
    if (this.offset < 0 || this.offset >= this.items.length) this.settle();
  }

  /**
   * Moves an offset that left its chunk onto the neighbouring chunk's first item in the walk, and
   * loads that chunk's arrays (empty ones past the end).
   */
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
    const at = chunks[this.chunk];
    this.done = at === undefined;
    if (at === undefined) {
      this.items = [];
      this.keys = [];
      this.flags = [];
      this.sides = [];
      this.stamps = [];
    } else {
      this.items = at.items;
      this.keys = at.keys;
      this.flags = at.flags;
      this.sides = at.sides;
      this.stamps = at.stamps;
    }
  }
}

/**
 * The sorted list. It tracks liveness itself: an item is live from its `insert` until its
 * `markRemoved` (and again after a later `insert`).
 */
export class SortedList<T extends Sequenced> {
  private readonly chunks: Chunk<T>[] = [];
  /**
   * Each chunk's first key and sequence number, by chunk index: finding a chunk reads these two flat
   * arrays, not one chunk object and its arrays per step of the search (a pool of 100k tickets has
   * hundreds of chunks, and every walk, insert and flag change starts with that search).
   */
  private readonly headKeys: number[] = [];
  private readonly headSeqs: number[] = [];
  /** Bumped whenever an item may move (an insert, a split, a compaction). */
  private layout = 0;
  /**
   * Where the last walk placed around found its item, while no item has moved since (`layout`): a
   * look walks around its ticket and then records its reach, which finds the ticket there without
   * searching again.
   */
  private placedItem: T | undefined;
  private placedChunk = -1;
  private placedIndex = -1;
  private placedLayout = -1;
  private size = 0;
  private dead = 0;
  private readonly keyOf: (item: T) => number;
  private readonly sideFor: (item: T) => number;
  private readonly stampOf: (item: T) => number;

  /**
   * `sideFor` gives an item's side number as it is inserted; `setSide` changes it later. `stampOf`
   * gives a number of the item's that never changes, kept beside it as well (a ticket's arrival).
   */
  constructor(
    keyOf: (item: T) => number,
    sideFor: (item: T) => number = () => 0,
    stampOf: (item: T) => number = () => 0,
  ) {
    this.keyOf = keyOf;
    this.sideFor = sideFor;
    this.stampOf = stampOf;
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
    const headKeys = this.headKeys;
    let low = 0;
    let high = headKeys.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const first = headKeys[mid] as number;
      if (first < key || (first === key && (this.headSeqs[mid] as number) <= seq)) low = mid + 1;
      else high = mid;
    }
    return Math.max(0, low - 1);
  }

  /** Copies the first key and sequence number of chunk `at` into the heads. */
  private syncHead(at: number): void {
    const chunk = this.chunks[at] as Chunk<T>;
    this.headKeys[at] = chunk.keys[0] as number;
    this.headSeqs[at] = chunk.seqs[0] as number;
  }

  /**
   * Inserts a live `item`. An item marked removed that is still physically present (a ticket back in
   * the queue) is found in its place and counted live again.
   */
  insert(item: T): void {
    const key = this.keyOf(item);
    const seq = item.seq;
    const side = this.sideFor(item);
    const stamp = this.stampOf(item);
    this.layout++;
    if (this.chunks.length === 0) {
      this.chunks.push(new Chunk([item], [key], [seq], [LIVE], [side], [stamp]));
      this.headKeys.push(key);
      this.headSeqs.push(seq);
      this.size++;
      return;
    }
    const at = this.chunkFor(key, seq);
    const chunk = this.chunks[at] as Chunk<T>;
    const index = chunk.lowerBound(key, seq);
    if (chunk.items[index] === item) {
      if (chunk.flags[index] === DEAD) {
        chunk.flags[index] = LIVE;
        chunk.dead--;
        this.dead--;
      }
      chunk.sides[index] = side;
      chunk.stamps[index] = stamp;
      return;
    }
    chunk.items.splice(index, 0, item);
    chunk.keys.splice(index, 0, key);
    chunk.seqs.splice(index, 0, seq);
    chunk.flags.splice(index, 0, 1);
    chunk.sides.splice(index, 0, side);
    chunk.stamps.splice(index, 0, stamp);
    this.size++;
    // (Only the first chunk takes an item before its first: `chunkFor` finds no chunk before it.)
    if (index === 0) this.syncHead(at);
    if (chunk.items.length >= 2 * CHUNK_SIZE) this.split(at);
  }

  /** Splits a full chunk in two halves. */
  private split(at: number): void {
    const chunk = this.chunks[at] as Chunk<T>;
    const half = chunk.items.length >>> 1;
    const upper = new Chunk(
      chunk.items.splice(half),
      chunk.keys.splice(half),
      chunk.seqs.splice(half),
      chunk.flags.splice(half),
      chunk.sides.splice(half),
      chunk.stamps.splice(half),
    );
    for (const flag of upper.flags) if (flag === DEAD) upper.dead++;
    chunk.dead -= upper.dead;
    this.chunks.splice(at + 1, 0, upper);
    this.headKeys.splice(at + 1, 0, upper.keys[0] as number);
    this.headSeqs.splice(at + 1, 0, upper.seqs[0] as number);
  }

  /** The chunk holding `item` and its index there; the item must be in the list. */
  private locate(item: T): { chunk: Chunk<T>; at: number; index: number } {
    const key = this.keyOf(item);
    const at = this.chunkFor(key, item.seq);
    const chunk = this.chunks[at] as Chunk<T>;
    return { chunk, at, index: chunk.lowerBound(key, item.seq) };
  }

  /**
   * Records that live `item` has died (left the pool). Its chunk compacts once half of it is dead, so
   * that walks over neighbours stay proportional to the live items.
   */
  markRemoved(item: T): void {
    const { chunk, at, index } = this.locate(item);
    if (chunk.items[index] !== item || chunk.flags[index] === DEAD) return;
    chunk.flags[index] = DEAD;
    chunk.dead++;
    this.dead++;
    if (chunk.dead > COMPACT_MIN_DEAD && chunk.dead * 2 > chunk.items.length) this.compactChunk(at);
  }

  /**
   * Holds live `item`: walks that skip unfree items pass it over until `release` (a removal ends the
   * hold too).
   */
  hold(item: T): void {
    const { chunk, index } = this.locate(item);
    if (chunk.items[index] === item && chunk.flags[index] === LIVE) chunk.flags[index] = HELD;
  }

  /** Ends the hold of `item` if it is still held. */
  release(item: T): void {
    const { chunk, index } = this.locate(item);
    if (chunk.items[index] === item && chunk.flags[index] === HELD) chunk.flags[index] = LIVE;
  }

  /** Sets the side number of `item`, which must be in the list. */
  setSide(item: T, side: number): void {
    if (item === this.placedItem && this.placedLayout === this.layout) {
      (this.chunks[this.placedChunk] as Chunk<T>).sides[this.placedIndex] = side;
      return;
    }
    const { chunk, index } = this.locate(item);
    if (chunk.items[index] === item) chunk.sides[index] = side;
  }

  /** Drops dead items in one pass. */
  compact(): void {
    if (this.dead === 0) return;
    for (let at = this.chunks.length - 1; at >= 0; at--)
      if ((this.chunks[at] as Chunk<T>).dead > 0) this.compactChunk(at);
  }

  /** Drops a chunk's dead items in place (and the chunk, when nothing is left). */
  private compactChunk(at: number): void {
    this.layout++;
    const chunk = this.chunks[at] as Chunk<T>;
    const { items, keys, seqs, flags, sides, stamps } = chunk;
    let kept = 0;
    for (let i = 0; i < items.length; i++) {
      if (flags[i] === DEAD) continue;
      items[kept] = items[i] as T;
      keys[kept] = keys[i] as number;
      seqs[kept] = seqs[i] as number;
      flags[kept] = flags[i] as number;
      sides[kept] = sides[i] as number;
      stamps[kept] = stamps[i] as number;
      kept++;
    }
    this.size -= items.length - kept;
    this.dead -= chunk.dead;
    chunk.dead = 0;
    items.length = kept;
    keys.length = kept;
    seqs.length = kept;
    flags.length = kept;
    sides.length = kept;
    stamps.length = kept;
    if (kept === 0) {
      this.chunks.splice(at, 1);
      this.headKeys.splice(at, 1);
      this.headSeqs.splice(at, 1);
    } else this.syncHead(at);
  }

  /**
   * Two walks away from where `item` is or would be: towards lower keys from just before it, and
   * towards higher keys from just after it (the item itself is in neither).
   */
  around(item: T): { readonly lower: ListCursor<T>; readonly higher: ListCursor<T> } {
    const lower = new ListCursor<T>();
    const higher = new ListCursor<T>();
    this.placeAround(item, lower, higher);
    return { lower, higher };
  }

  /** `around` into cursors the caller reuses from walk to walk. */
  placeAround(item: T, lower: ListCursor<T>, higher: ListCursor<T>): void {
    if (this.chunks.length === 0) {
      lower.place(this.chunks, -1, 0, -1);
      higher.place(this.chunks, 0, 0, 1);
      return;
    }
    const key = this.keyOf(item);
    const at = this.chunkFor(key, item.seq);
    const chunk = this.chunks[at] as Chunk<T>;
    const index = chunk.lowerBound(key, item.seq);
    const found = chunk.items[index] === item;
    if (found) {
      this.placedItem = item;
      this.placedChunk = at;
      this.placedIndex = index;
      this.placedLayout = this.layout;
    }
    const after = found ? index + 1 : index;
    lower.place(this.chunks, at, index - 1, -1);
    higher.place(this.chunks, at, after, 1);
  }

  /** Every item in order, dead ones included (readers skip them). */
  *[Symbol.iterator](): IterableIterator<T> {
    for (const chunk of this.chunks) yield* chunk.items;
  }

  /** The first live item, if any. */
  firstLive(): T | undefined {
    for (const chunk of this.chunks)
      for (let i = 0; i < chunk.items.length; i++) if (chunk.flags[i] !== DEAD) return chunk.items[i];
    return undefined;
  }

  /** Whether `item` is in the list and live, held or not (by the list's own flags, not the item). */
  isLive(item: T): boolean {
    if (this.chunks.length === 0) return false;
    const { chunk, index } = this.locate(item);
    return chunk.items[index] === item && chunk.flags[index] !== DEAD;
  }

  /** Whether `item` is in the list, live and not held. */
  isFree(item: T): boolean {
    if (this.chunks.length === 0) return false;
    const { chunk, index } = this.locate(item);
    return chunk.items[index] === item && chunk.flags[index] === LIVE;
  }

  /** The side number of `item` as the list holds it; undefined when it is not in the list. */
  sideOf(item: T): number | undefined {
    if (this.chunks.length === 0) return undefined;
    const { chunk, index } = this.locate(item);
    return chunk.items[index] === item ? chunk.sides[index] : undefined;
  }
}
