/**
 * Test oracle: the best pairing by enumerating every matching of the pool (all sizes), for pools
 * up to ~12 tickets (140,152 matchings at 12). Best = most pairs among allowed (finite-cost) pairs,
 * then least pair cost + leave-out cost ('min') or greatest pair cost - leave-out cost ('max').
 */

export interface BruteForceBest {
  readonly pairCount: number;
  /** Pair costs + leave-out costs of the unpaired ('min'), or pair costs - leave-out costs ('max'). */
  readonly objective: number;
}

export function bruteForceBestPairing(
  size: number,
  cost: (i: number, j: number) => number,
  leaveOut: ArrayLike<number> | undefined,
  objective: 'min' | 'max' = 'min',
): BruteForceBest {
  const sign = objective === 'min' ? 1 : -1;
  const leave = (i: number): number => (leaveOut ? leaveOut[i]! : 0);
  let bestCount = -1;
  let bestValue = Number.POSITIVE_INFINITY;
  const used = new Uint8Array(size);
  const walk = (first: number, count: number, value: number): void => {
    let i = first;
    while (i < size && used[i] === 1) i++;
    if (i === size) {
      if (count > bestCount || (count === bestCount && value < bestValue)) {
        bestCount = count;
        bestValue = value;
      }
      return;
    }
    used[i] = 1;
    // i sits out
    walk(i + 1, count, value + leave(i));
    for (let j = i + 1; j < size; j++) {
      if (used[j] === 1) continue;
      const c = cost(i, j);
      if (c === Number.POSITIVE_INFINITY) continue;
      used[j] = 1;
      walk(i + 1, count + 1, value + sign * c);
      used[j] = 0;
    }
    used[i] = 0;
  };
  walk(0, 0, 0);
  return { pairCount: bestCount, objective: sign * bestValue };
}
