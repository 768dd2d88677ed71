/**
 * A binary min-heap of wake-up times, so that a continuous tick touches only the tickets due now
 * (plus those an arrival woke) instead of scanning the pool. Stale entries (a ticket re-scheduled or
 * gone) are skipped when popped: each push carries the ticket's schedule version.
 */

interface Slot<T> {
  readonly atMs: number;
  readonly item: T;
  readonly version: number;
}

export class WakeHeap<T> {
  private readonly slots: Slot<T>[] = [];

  get size(): number {
    return this.slots.length;
  }

  push(atMs: number, item: T, version: number): void {
    const slots = this.slots;
    slots.push({ atMs, item, version });
    let i = slots.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((slots[parent] as Slot<T>).atMs <= (slots[i] as Slot<T>).atMs) break;
      [slots[parent], slots[i]] = [slots[i] as Slot<T>, slots[parent] as Slot<T>];
      i = parent;
    }
  }

  /** Removes and returns every slot due at or before `nowMs`. */
  popDue(nowMs: number): Slot<T>[] {
    const due: Slot<T>[] = [];
    const slots = this.slots;
    while (slots.length > 0 && (slots[0] as Slot<T>).atMs <= nowMs) {
      due.push(slots[0] as Slot<T>);
      const last = slots.pop() as Slot<T>;
      if (slots.length === 0) break;
      slots[0] = last;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let smallest = i;
        if (left < slots.length && (slots[left] as Slot<T>).atMs < (slots[smallest] as Slot<T>).atMs)
          smallest = left;
        if (right < slots.length && (slots[right] as Slot<T>).atMs < (slots[smallest] as Slot<T>).atMs)
          smallest = right;
        if (smallest === i) break;
        [slots[smallest], slots[i]] = [slots[i] as Slot<T>, slots[smallest] as Slot<T>];
        i = smallest;
      }
    }
    return due;
  }

  clear(): void {
    this.slots.length = 0;
  }
}
