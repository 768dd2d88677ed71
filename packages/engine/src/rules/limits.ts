/**
 * A rule's limit at a wait: a plain number, or a relaxation read with the queue's own relaxation
 * functions (one idea, one place). Maximum limits relax upwards, minimum limits downwards.
 */

import { type RelaxDirection, relaxedValue, waitUntilRelaxedTo } from '../queue/relaxation.ts';
import type { Limit } from './types.ts';

/** The limit's value at `waitMs`. */
export function limitAt(limit: Limit, waitMs: number, direction: RelaxDirection): number {
  return typeof limit === 'number' ? limit : relaxedValue(limit, waitMs, direction);
}

/**
 * The earliest wait (>= `fromWaitMs`) at which the limit reaches `target` (>= going up, <= going
 * down), or Infinity.
 */
export function waitUntilLimit(
  limit: Limit,
  target: number,
  fromWaitMs: number,
  direction: RelaxDirection,
): number {
  if (typeof limit === 'number') {
    const reached = direction === 'up' ? limit >= target : limit <= target;
    return reached ? fromWaitMs : Infinity;
  }
  return waitUntilRelaxedTo(limit, target, fromWaitMs, direction);
}
