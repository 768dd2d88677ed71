import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { SortedList } from './sorted-list.ts';

interface Item {
  readonly seq: number;
  readonly key: number;
  live: boolean;
}

/** What a step does to the list: a new item arrives, a live one leaves, a gone one returns, or a full compaction. */
type Step =
  | { readonly kind: 'insert'; readonly key: number }
  | { readonly kind: 'remove'; readonly pick: number }
  | { readonly kind: 'return'; readonly pick: number }
  | { readonly kind: 'compact' };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({ kind: fc.constant('insert' as const), key: fc.integer({ min: 0, max: 40 }) }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('return' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'compact' as const }) },
);

const byKeyThenSeq = (a: Item, b: Item) => a.key - b.key || a.seq - b.seq;

/** The live items of the model nearest first on one side of `item` (sorted position, itself excluded). */
function modelSide(live: readonly Item[], item: Item, side: 'lower' | 'higher'): Item[] {
  const before = live.filter((other) => byKeyThenSeq(other, item) < 0);
  const after = live.filter((other) => byKeyThenSeq(other, item) > 0);
  return side === 'lower' ? before.reverse() : after;
}

test('a chunked sorted list keeps the live items of a plain sorted array through inserts, removals, returns and compactions', () => {
  fc.assert(
    fc.property(fc.array(step, { minLength: 600, maxLength: 3000, size: 'max' }), (steps) => {
      const list = new SortedList<Item>(
        (item) => item.key,
        (item) => item.live,
      );
      const all: Item[] = [];
      for (const next of steps) {
        const live = all.filter((item) => item.live);
        const gone = all.filter((item) => !item.live);
        if (next.kind === 'insert') {
          const item: Item = { seq: all.length, key: next.key, live: false };
          all.push(item);
          list.insert(item);
          item.live = true;
        } else if (next.kind === 'remove' && live.length > 0) {
          const item = live[next.pick % live.length] as Item;
          item.live = false;
          list.markRemoved(item);
        } else if (next.kind === 'return' && gone.length > 0) {
          const item = gone[next.pick % gone.length] as Item;
          list.insert(item);
          item.live = true;
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
      // Walks from any item, listed or not, meet the live items on each side nearest first.
      for (const item of all.filter((_, index) => index % 7 === 0)) {
        const { lower, higher } = list.around(item);
        const walk = (cursor: typeof lower) => {
          const seen: Item[] = [];
          for (let other = cursor.next(); other !== undefined; other = cursor.next())
            if (other.live) seen.push(other);
          return seen;
        };
        assert.deepEqual(walk(lower), modelSide(model, item, 'lower'));
        assert.deepEqual(walk(higher), modelSide(model, item, 'higher'));
      }
    }),
    { numRuns: 60 },
  );
});
