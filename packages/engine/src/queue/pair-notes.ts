/**
 * A ticket's notes of the pairs it looked at that could not form: per neighbour, no earlier than
 * when the pair could pass the handshake (`acceptMs`: that time for a scored pair, a lower bound of
 * it for a pair the scorer's ceiling bound kept back) and until when the note holds
 * (`validUntilMs`: for a scored pair the earlier of `acceptMs` and the next change of either ticket's
 * ping cap, whose region and score may move with it; for a bounded pair `acceptMs`, the bound reading
 * no region). Until then a look at the same neighbour reuses the note instead of scoring the pair.
 *
 * Kept as parallel arrays that each ticket reuses from look to look: a large pool keeps about
 * sixteen notes per ticket, and one object per note made every warm tick promote thousands of small
 * objects into the old generation.
 */
export class PairNotes<T> {
  /** The notes are the first `length` of each array: the arrays keep their room when cleared. */
  readonly others: T[] = [];
  readonly acceptMs: number[] = [];
  readonly validUntilMs: number[] = [];
  private count = 0;
  /**
   * No note holds at or after this time (the latest `validUntilMs` written since the last `clear`):
   * a ticket looking when its threshold relaxes finds every note of its last look run out, and need
   * not search them pair by pair.
   */
  private latestValidUntilMs = Number.NEGATIVE_INFINITY;

  get length(): number {
    return this.count;
  }

  /**
   * Index of the note of the pair with `other` if it still holds at `nowMs`, else -1; looked for at
   * `hint` first (a look meets its neighbours in about the order of the last one), then from the
   * start. Only the first note of `other` counts.
   */
  holding(other: T, nowMs: number, hint: number): number {
    if (!(nowMs < this.latestValidUntilMs)) return -1;
    let index = hint < this.count && this.others[hint] === other ? hint : this.indexAmong(other, this.count);
    if (index >= 0 && !(nowMs < (this.validUntilMs[index] as number))) index = -1;
    return index;
  }

  /** Index of the first note of `other` among the first `count`, or -1. */
  indexAmong(other: T, count: number): number {
    const others = this.others;
    const end = Math.min(count, this.count);
    for (let i = 0; i < end; i++) if (others[i] === other) return i;
    return -1;
  }

  push(other: T, acceptMs: number, validUntilMs: number): void {
    const index = this.count++;
    if (index < this.others.length) {
      this.set(index, other, acceptMs, validUntilMs);
    } else {
      if (validUntilMs > this.latestValidUntilMs) this.latestValidUntilMs = validUntilMs;
      this.others.push(other);
      this.acceptMs.push(acceptMs);
      this.validUntilMs.push(validUntilMs);
    }
  }

  set(index: number, other: T, acceptMs: number, validUntilMs: number): void {
    if (validUntilMs > this.latestValidUntilMs) this.latestValidUntilMs = validUntilMs;
    this.others[index] = other;
    this.acceptMs[index] = acceptMs;
    this.validUntilMs[index] = validUntilMs;
  }

  /** Forgets every note (and the neighbours they name, which may have left the pool since). */
  clear(): void {
    const others = this.others as (T | undefined)[];
    for (let i = 0; i < this.count; i++) others[i] = undefined;
    this.count = 0;
    this.latestValidUntilMs = Number.NEGATIVE_INFINITY;
  }
}
