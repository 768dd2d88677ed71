/**
 * A ticket's notes of the pairs it looked at that could not form: per neighbour, no earlier than
 * when the pair could pass the handshake (`acceptAt`: that time for a scored pair, a lower bound of
 * it for a pair the scorer's ceiling bound kept back) and until when the note holds
 * (`validUntilAt`: for a scored pair the earlier of its acceptance and the next change of either
 * ticket's ping cap, whose region and score may move with it; for a bounded pair its acceptance, the
 * bound reading no region). Until then a look at the same neighbour reuses the note instead of
 * scoring the pair.
 *
 * Kept as parallel arrays that each ticket reuses from look to look: a large pool keeps about
 * sixteen notes per ticket, and one object per note made every warm tick promote thousands of small
 * objects into the old generation.
 *
 * A fresh ticket's look notes every pair by one bound (`ApartBound`: until its own threshold relaxes,
 * or a neighbour's, whichever is later): such notes (`noteApart`) keep the bound, not a time per
 * pair, and each pair's time is read from the neighbour's arrival only when the note is read (a look
 * at hundreds of fresh arrivals a tick then reads none of their neighbours' tickets).
 */

/** What a note reads of the neighbour it names: its arrival, for notes kept as one bound. */
export interface Noted {
  readonly scored: { readonly enqueuedAtMs: number };
}

export class PairNotes<T extends Noted> {
  /** The notes are the first `length` of each array: the arrays keep their room when cleared. */
  readonly others: T[] = [];
  /** Per note, when not kept as one bound (`apart`). */
  private readonly acceptMs: number[] = [];
  private readonly validUntilMs: number[] = [];
  private count = 0;
  /**
   * No note holds at or after this time (at least the latest time written since the last `clear`):
   * a ticket looking when its threshold relaxes finds every note of its last look run out, and need
   * not search them pair by pair.
   */
  private latestValidUntilMs = Number.NEGATIVE_INFINITY;
  /**
   * Every note is the bound's: the pair with `other` accepts from, and its note holds until, the later
   * of `apartFromMs` and `other`'s arrival plus `apartWaitMs`.
   */
  private apart = false;
  private apartFromMs = Number.NaN;
  private apartWaitMs = Number.NaN;

  get length(): number {
    return this.count;
  }

  /** No earlier than this time can the pair of the note at `index` pass. */
  acceptAt(index: number): number {
    return this.apart ? this.apartTimeOf(this.others[index] as T) : (this.acceptMs[index] as number);
  }

  /** Until this time the note at `index` holds. */
  validUntilAt(index: number): number {
    return this.apart ? this.apartTimeOf(this.others[index] as T) : (this.validUntilMs[index] as number);
  }

  private apartTimeOf(other: T): number {
    return Math.max(this.apartFromMs, other.scored.enqueuedAtMs + this.apartWaitMs);
  }

  /**
   * Index of the note of the pair with `other` if it still holds at `nowMs`, else -1; looked for at
   * `hint` first (a look meets its neighbours in about the order of the last one), then from the
   * start. Only the first note of `other` counts.
   */
  holding(other: T, nowMs: number, hint: number): number {
    if (!(nowMs < this.latestValidUntilMs)) return -1;
    let index = hint < this.count && this.others[hint] === other ? hint : this.indexAmong(other, this.count);
    if (index >= 0 && !(nowMs < this.validUntilAt(index))) index = -1;
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
    this.writePerPair();
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
    this.writePerPair();
    if (validUntilMs > this.latestValidUntilMs) this.latestValidUntilMs = validUntilMs;
    this.others[index] = other;
    this.acceptMs[index] = acceptMs;
    this.validUntilMs[index] = validUntilMs;
  }

  /**
   * Replaces every note by the notes of the pairs with `others`' first `count`, each kept back by one
   * bound (`ApartBound.withOther` without the `force` policy): until the later of `fromMs` and the
   * neighbour's arrival plus `waitMs`. No neighbour arrived after `latestArrivalMs`.
   */
  noteApart(
    others: readonly T[],
    count: number,
    fromMs: number,
    waitMs: number,
    latestArrivalMs: number,
  ): void {
    this.clear();
    const kept = this.others;
    for (let i = 0; i < count; i++) {
      const other = others[i] as T;
      if (i < kept.length) kept[i] = other;
      else kept.push(other);
    }
    this.count = count;
    if (count === 0) return;
    this.apart = true;
    this.apartFromMs = fromMs;
    this.apartWaitMs = waitMs;
    this.latestValidUntilMs = Math.max(fromMs, latestArrivalMs + waitMs);
  }

  /** Notes kept as one bound are written out per pair before one of them changes or another joins. */
  private writePerPair(): void {
    if (!this.apart) return;
    for (let i = 0; i < this.count; i++) {
      const time = this.apartTimeOf(this.others[i] as T);
      this.acceptMs[i] = time;
      this.validUntilMs[i] = time;
    }
    this.apart = false;
  }

  /** Forgets every note (and the neighbours they name, which may have left the pool since). */
  clear(): void {
    const others = this.others as (T | undefined)[];
    for (let i = 0; i < this.count; i++) others[i] = undefined;
    this.count = 0;
    this.latestValidUntilMs = Number.NEGATIVE_INFINITY;
    this.apart = false;
  }
}
