/**
 * Relaxation with a ticket's own wait (FlexMatch expansions, PlayFab rule expansion): steps at
 * given waits, and a linear ramp, whichever is more relaxed. A quality threshold relaxes downwards,
 * a maximum ping upwards.
 */

import type { Relaxation } from './types.ts';

/** Which way is "more relaxed". */
export type RelaxDirection = 'down' | 'up';

/** The relaxed value at `waitMs`. */
export function relaxedValue(relaxation: Relaxation, waitMs: number, direction: RelaxDirection): number {
  let value = relaxation.start;
  const steps = relaxation.steps;
  if (steps !== undefined) {
    // An index loop: every candidate judged reads its tickets' thresholds and caps here.
    for (let s = 0; s < steps.length; s++) {
      const step = steps[s] as (typeof steps)[number];
      if (step.afterMs > waitMs) break;
      value = direction === 'down' ? Math.min(value, step.value) : Math.max(value, step.value);
    }
  }
  const linear = relaxation.linear;
  if (linear !== undefined) {
    const seconds = Math.max(0, waitMs - (linear.startAfterMs ?? 0)) / 1000;
    const moved = linear.perSecond * seconds;
    const ramp =
      direction === 'down'
        ? Math.max(linear.limit, relaxation.start - moved)
        : Math.min(linear.limit, relaxation.start + moved);
    value = direction === 'down' ? Math.min(value, ramp) : Math.max(value, ramp);
  }
  return value;
}

/**
 * The earliest wait (>= `fromWaitMs`) at which the relaxed value reaches `target` (<= target going
 * down, >= going up), or Infinity if it never does. Used to know when a ticket could next accept.
 */
export function waitUntilRelaxedTo(
  relaxation: Relaxation,
  target: number,
  fromWaitMs: number,
  direction: RelaxDirection,
): number {
  const down = direction === 'down';
  const now = relaxedValue(relaxation, fromWaitMs, direction);
  if (down ? now <= target : now >= target) return fromWaitMs;
  let best = Infinity;
  const steps = relaxation.steps;
  if (steps !== undefined) {
    for (let s = 0; s < steps.length; s++) {
      const step = steps[s] as (typeof steps)[number];
      if (step.afterMs > fromWaitMs && (down ? step.value <= target : step.value >= target)) {
        best = Math.min(best, step.afterMs);
        break;
      }
    }
  }
  const linear = relaxation.linear;
  if (
    linear !== undefined &&
    linear.perSecond > 0 &&
    (down ? linear.limit <= target : linear.limit >= target)
  ) {
    const distance = Math.abs(relaxation.start - target);
    let wait = Math.max(
      fromWaitMs,
      Math.ceil((linear.startAfterMs ?? 0) + (1000 * distance) / linear.perSecond),
    );
    // The closed form can land a millisecond off in floating point: the time is the first whole
    // millisecond at which `relaxedValue` itself reaches the target, as the handshake reads it.
    for (
      let step = 0;
      step < 2 && wait > fromWaitMs && reaches(relaxation, wait - 1, direction, target);
      step++
    )
      wait--;
    for (let step = 0; step < 2 && !reaches(relaxation, wait, direction, target); step++) wait++;
    best = Math.min(best, wait);
  }
  return best;
}

/**
 * Whether the relaxed value at `waitMs` reaches `target` (a module function, not a closure: the
 * continuous tick asks `waitUntilRelaxedTo` for every arrival's ping caps and thresholds).
 */
function reaches(relaxation: Relaxation, waitMs: number, direction: RelaxDirection, target: number): boolean {
  const value = relaxedValue(relaxation, waitMs, direction);
  return direction === 'down' ? value <= target : value >= target;
}
