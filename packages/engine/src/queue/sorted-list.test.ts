import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { type ListCursor, SortedList } from './sorted-list.ts';

interface Item {
  readonly seq: number;
  readonly key: number;
  live: boolean;
  /** Held (a ticket taken or expiring while a tick plans): live, but no longer free. */
  held: boolean;
  /** The side number the list should hold for it (its reach in the pool's lists). */
  side: number;
  /** Its number that never changes (a ticket's arrival in the pool's lists). */
  readonly stamp: number;
}

/**
 * What a step does to the list: a new item arrives, a live one leaves, a gone one returns (with the
 * side number it has by then), a live one's side number changes (often the one last walked around),
 * a walk is placed around any item, a live one is held or released, or a full compaction.
 */
type Step =
  | { readonly kind: 'insert'; readonly key: number; readonly side: number; readonly stamp: number }
  | { readonly kind: 'remove'; readonly pick: number }
  | { readonly kind: 'return'; readonly pick: number; readonly side: number }
  | { readonly kind: 'side'; readonly pick: number; readonly side: number; readonly placed: boolean }
  | { readonly kind: 'place'; readonly pick: number }
  | { readonly kind: 'hold'; readonly pick: number }
  | { readonly kind: 'release'; readonly pick: number }
  | { readonly kind: 'compact' };

const side = fc.double({ min: 0, max: 100, noNaN: true });

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('insert' as const),
      key: fc.integer({ min: 0, max: 40 }),
      side,
      stamp: fc.integer({ min: 0, max: 1_000_000 }),
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('return' as const), pick: fc.nat(), side }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('side' as const), pick: fc.nat(), side, placed: fc.boolean() }),
  },
  // A walk placed around an item, whose side number a later step may set (as a look does).
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('place' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('hold' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('release' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'compact' as const }) },
);

const byKeyThenSeq = (a: Item, b: Item) => a.key - b.key || a.seq - b.seq;

/** The live items of the model nearest first on one side of `item` (sorted position, itself excluded). */
function modelSide(live: readonly Item[], item: Item, side: 'lower' | 'higher'): Item[] {
  const before = live.filter((other) => byKeyThenSeq(other, item) < 0);
  const after = live.filter((other) => byKeyThenSeq(other, item) > 0);
  return side === 'lower' ? before.reverse() : after;
}

/**
 * The live items a walk meets (only the free ones with `freeOnly`), read as the pool reads them:
 * flags, key and side from the chunks.
 */
function liveWalk(
  cursor: ListCursor<Item>,
  freeOnly = false,
): { item: Item; key: number; side: number; stamp: number }[] {
  const seen: { item: Item; key: number; side: number; stamp: number }[] = [];
  for (;;) {
    if (freeOnly) cursor.skipUnfree();
    else cursor.skipDead();
    const key = cursor.peekKey();
    if (Number.isNaN(key)) break;
    assert.ok(cursor.peekLive());
    seen.push({ item: cursor.peek() as Item, key, side: cursor.peekSide(), stamp: cursor.peekStamp() });
    cursor.skip();
  }
  assert.equal(cursor.peek(), undefined);
  assert.equal(cursor.peekLive(), false);
  assert.ok(Number.isNaN(cursor.peekSide()));
  assert.ok(Number.isNaN(cursor.peekStamp()));
  return seen;
}

test('a chunked sorted list keeps the live items of a plain sorted array, with their liveness, holds, side numbers and stamps, through inserts, removals, returns, side changes, holds and compactions', () => {
  fc.assert(
    fc.property(fc.array(step, { minLength: 600, maxLength: 3000, size: 'max' }), (steps) => {
      const list = new SortedList<Item>(
        (item) => item.key,
        (item) => item.side,
        (item) => item.stamp,
      );
      const all: Item[] = [];
      let placed: Item | undefined;
      for (const [index, next] of steps.entries()) {
        // Every item is found where it is at any time, not only at the end (a search that lands in
        // the wrong chunk finds no item there).
        if (index % 97 === 0) for (const item of all) assert.equal(list.isLive(item), item.live);
        const live = all.filter((item) => item.live);
        const gone = all.filter((item) => !item.live);
        if (next.kind === 'insert') {
          const item: Item = {
            seq: all.length,
            key: next.key,
            live: false,
            held: false,
            side: next.side,
            stamp: next.stamp,
          };
          all.push(item);
          list.insert(item);
          item.live = true;
        } else if (next.kind === 'remove' && live.length > 0) {
          const item = live[next.pick % live.length] as Item;
          item.live = false;
          item.held = false;
          list.markRemoved(item);
        } else if (next.kind === 'return' && gone.length > 0) {
          const item = gone[next.pick % gone.length] as Item;
          item.side = next.side;
          list.insert(item);
          item.live = true;
        } else if (next.kind === 'side' && live.length > 0) {
          // The item last walked around, when live (whatever moved since), or any live one.
          const item = next.placed && placed?.live ? placed : (live[next.pick % live.length] as Item);
          item.side = next.side;
          list.setSide(item, next.side);
        } else if (next.kind === 'place' && all.length > 0) {
          placed = all[next.pick % all.length] as Item;
          list.around(placed);
        } else if (next.kind === 'hold' && live.length > 0) {
          const item = live[next.pick % live.length] as Item;
          item.held = true;
          list.hold(item);
        } else if (next.kind === 'release' && live.length > 0) {
          const item = live[next.pick % live.length] as Item;
          item.held = false;
          list.release(item);
        } else if (next.kind === 'compact') {
          list.compact();
          assert.equal(list.length, list.liveCount);
        }
      }
      const model = all.filter((item) => item.live).sort(byKeyThenSeq);
      const listed = [...list];
      // Iteration: every live item once, in key then sequence order, dead ones only in between.
      assert.deepEqual(
        listed.filter((item) => item.live),
        model,
      );
      assert.equal(listed.length, list.length);
      assert.equal(list.liveCount, model.length);
      assert.equal(list.firstLive(), model[0]);
      // The list's own liveness agrees with the items', and a live item's side number is its last.
      for (const item of all) {
        assert.equal(list.isLive(item), item.live);
        assert.equal(list.isFree(item), item.live && !item.held);
        if (item.live) assert.equal(list.sideOf(item), item.side);
      }
      // Walks from any item, listed or not, meet the live items on each side nearest first.
      for (const item of all.filter((_, index) => index % 7 === 0)) {
        const expected = (side: 'lower' | 'higher') =>
          modelSide(model, item, side).map((other) => ({
            item: other,
            key: other.key,
            side: other.side,
            stamp: other.stamp,
          }));
        const { lower, higher } = list.around(item);
        assert.deepEqual(liveWalk(lower), expected('lower'));
        assert.deepEqual(liveWalk(higher), expected('higher'));
        const free = list.around(item);
        const expectedFree = (side: 'lower' | 'higher') => expected(side).filter(({ item }) => !item.held);
        assert.deepEqual(liveWalk(free.lower, true), expectedFree('lower'));
        assert.deepEqual(liveWalk(free.higher, true), expectedFree('higher'));
        // A walk with `next` meets every item, dead ones included, in the same order.
        const again = list.around(item);
        const every = (cursor: ListCursor<Item>) => {
          const seen: Item[] = [];
          for (let other = cursor.next(); other !== undefined; other = cursor.next())
            if (other.live) seen.push(other);
          return seen;
        };
        assert.deepEqual(every(again.lower), modelSide(model, item, 'lower'));
        assert.deepEqual(every(again.higher), modelSide(model, item, 'higher'));
      }
    }),
    { numRuns: 60 },
  );
});
