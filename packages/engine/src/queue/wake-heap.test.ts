import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { WakeHeap } from './wake-heap.ts';

type Step =
  | { readonly kind: 'push'; readonly atMs: number; readonly version: number }
  | { readonly kind: 'pop'; readonly nowMs: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('push' as const),
      // Few distinct times: many slots share one.
      atMs: fc.integer({ min: 0, max: 60 }),
      version: fc.nat({ max: 3 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('pop' as const), nowMs: fc.integer({ min: -5, max: 70 }) }),
  },
);

test('the wake heap hands out exactly the slots due by then, earliest first, each once with its item and version', () => {
  fc.assert(
    fc.property(fc.array(step, { maxLength: 400 }), (steps) => {
      const heap = new WakeHeap<{ readonly id: number }>();
      // The reference: every slot pushed and not yet handed out.
      let waiting: { atMs: number; item: { readonly id: number }; version: number }[] = [];
      let pushed = 0;
      for (const next of steps) {
        if (next.kind === 'push') {
          const item = { id: pushed++ };
          heap.push(next.atMs, item, next.version);
          waiting.push({ atMs: next.atMs, item, version: next.version });
        } else {
          const handed: { atMs: number; item: { readonly id: number }; version: number }[] = [];
          heap.popDue(next.nowMs, (item, version) => {
            const slot = waiting.find((candidate) => candidate.item === item);
            assert.ok(slot !== undefined, 'a slot handed out once, and only one pushed');
            handed.push({ atMs: slot.atMs, item, version });
          });
          for (let i = 1; i < handed.length; i++)
            assert.ok((handed[i - 1]?.atMs as number) <= (handed[i]?.atMs as number), 'earliest first');
          const due = waiting.filter((slot) => slot.atMs <= next.nowMs);
          const byId = (a: { item: { id: number } }, b: { item: { id: number } }) => a.item.id - b.item.id;
          assert.deepEqual([...handed].sort(byId), [...due].sort(byId));
          waiting = waiting.filter((slot) => slot.atMs > next.nowMs);
        }
        assert.equal(heap.size, waiting.length);
      }
    }),
    { numRuns: 300 },
  );
});
