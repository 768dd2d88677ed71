import fc from 'fast-check';
import type { Relaxation } from '../types.ts';

/**
 * A quality threshold that relaxes with waiting: up to three steps, or a linear fall to a limit.
 * `minStart` and `minPerSecond` set how demanding a start and how slow a fall may be drawn.
 */
export function thresholdRelaxationArb(bounds: {
  readonly minStart: number;
  readonly minPerSecond: number;
}): fc.Arbitrary<Relaxation> {
  return fc.oneof(
    fc
      .record({
        start: fc.double({ min: bounds.minStart, max: 1, noNaN: true }),
        steps: fc.uniqueArray(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 3 }),
        drop: fc.double({ min: 0.05, max: 0.25, noNaN: true }),
      })
      .map(({ start, steps, drop }) => ({
        start,
        steps: [...steps]
          .sort((a, b) => a - b)
          .map((seconds, i) => ({ afterMs: seconds * 1_000, value: Math.max(0, start - drop * (i + 1)) })),
      })),
    fc
      .record({
        start: fc.double({ min: bounds.minStart, max: 1, noNaN: true }),
        perSecond: fc.double({ min: bounds.minPerSecond, max: 0.05, noNaN: true }),
        limit: fc.double({ min: 0, max: 0.5, noNaN: true }),
      })
      .map(({ start, perSecond, limit }) => ({ start, linear: { perSecond, limit } })),
  );
}

/** No ping cap, or one that widens by 100 ms in a step or linearly to 400 ms. */
export const pingCapArb: fc.Arbitrary<Relaxation | undefined> = fc.oneof(
  fc.constant(undefined),
  fc
    .record({
      start: fc.integer({ min: 30, max: 120 }),
      afterMs: fc.integer({ min: 1_000, max: 30_000 }),
    })
    .map(({ start, afterMs }) => ({ start, steps: [{ afterMs, value: start + 100 }] })),
  fc.record({
    start: fc.integer({ min: 30, max: 120 }),
    linear: fc.record({ perSecond: fc.integer({ min: 1, max: 20 }), limit: fc.constant(400) }),
  }),
);
