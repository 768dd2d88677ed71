/**
 * Live statistics of one queue: the waits and qualities of its recent matches, kept in fixed-size
 * rings so the stats describe "now" and cost O(1) memory.
 */

/** Recent waits and qualities of a queue. */
export class QueueStats {
  readonly #waitsMs: number[] = [];
  readonly #qualities: number[] = [];
  readonly #capacity: number;
  #matches = 0;

  constructor(capacity = 500) {
    this.#capacity = capacity;
  }

  /** Records a formed match: its quality and each ticket's wait. */
  recordMatch(quality: number, waitsMs: readonly number[]): void {
    this.#matches += 1;
    push(this.#qualities, quality, this.#capacity);
    for (const wait of waitsMs) push(this.#waitsMs, wait, this.#capacity);
  }

  /** Wait p50/p90 and mean quality of the recent matches (undefined before the first). */
  summary(): { matchesFormed: number; waitP50Ms?: number; waitP90Ms?: number; recentQualityMean?: number } {
    const sorted = [...this.#waitsMs].sort((a, b) => a - b);
    const quantile = (q: number): number | undefined =>
      sorted.length === 0 ? undefined : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
    const p50 = quantile(0.5);
    const p90 = quantile(0.9);
    const quality =
      this.#qualities.length === 0
        ? undefined
        : this.#qualities.reduce((sum, value) => sum + value, 0) / this.#qualities.length;
    return {
      matchesFormed: this.#matches,
      ...(p50 === undefined ? {} : { waitP50Ms: p50 }),
      ...(p90 === undefined ? {} : { waitP90Ms: p90 }),
      ...(quality === undefined ? {} : { recentQualityMean: quality }),
    };
  }
}

function push(ring: number[], value: number, capacity: number): void {
  ring.push(value);
  if (ring.length > capacity) ring.shift();
}
