/**
 * The waiting pool's indexes: per bucket (pool x home region) a list sorted by skill, one list
 * sorted by age, the set of tickets an arrival woke, and a heap of wake-up times. Continuous ticks
 * read only what is due from here, so their cost follows what changed, not the pool's size.
 */

import type { Entry } from './entry.ts';
import { ListCursor, SortedList } from './sorted-list.ts';
import { WakeHeap } from './wake-heap.ts';

/** Indexes of searching entries (`entry.listed`). */
export class PoolIndex<TRating> {
  readonly byAge = new SortedList<Entry<TRating>>((entry) => entry.scored.enqueuedAtMs);
  private readonly bySkill = new Map<string, SortedList<Entry<TRating>>>();
  private readonly woken = new Set<Entry<TRating>>();
  private readonly wakeHeap = new WakeHeap<Entry<TRating>>();
  /** Due entries postponed by a tick's evaluation limit, oldest first. */
  private backlog: Entry<TRating>[] = [];
  /** Positions on each side of an arrival whose tickets may have it in their candidate window. */
  private readonly wakeRadius: number;
  /** Only continuous mode keeps the woken set (rounds look at everyone anyway). */
  private readonly tracksWakeUps: boolean;
  /**
   * When set, an arrival wakes only itself: the neighbours whose window it enters are settled at the
   * next tick by the candidate search (`takeArrivals`), which wakes those whose pair with it could
   * form now and schedules the others for when it first could.
   */
  private defersWakes = false;
  /** Arrivals since the last `takeArrivals`, while wake-ups are deferred. */
  private arrivals: Entry<TRating>[] = [];
  /** Entries held since the last `releaseHolds`. */
  private held: Entry<TRating>[] = [];
  /** The two cursors of a walk, reused from walk to walk (walks do not nest). */
  private readonly lower = new ListCursor<Entry<TRating>>();
  private readonly higher = new ListCursor<Entry<TRating>>();
  /**
   * `wakeable`'s answer: its first entries, as many as it returns. Reused (and never shortened, which
   * would give up its room): the caller is done with it before the next call.
   */
  readonly found: Entry<TRating>[] = [];
  /** The arrival times of `found`'s tickets at the same indexes (read from the list). */
  readonly foundArrivals: number[] = [];
  /**
   * `wakeable`'s nearest live ticket in skill, in the arrival's bucket, whatever its reach: no ticket
   * `wakeable` returns is nearer (Infinity when there is none).
   */
  nearestDistance = Number.POSITIVE_INFINITY;
  /**
   * No ticket listed has a wider skill band (the widest ever listed: tickets leaving do not narrow
   * it, and a bound read from it stays one).
   */
  widestBand = 0;

  constructor(wakeRadius: number, tracksWakeUps: boolean) {
    this.wakeRadius = wakeRadius;
    this.tracksWakeUps = tracksWakeUps;
  }

  /** The skill-sorted list of a bucket. */
  list(bucket: string): SortedList<Entry<TRating>> {
    let list = this.bySkill.get(bucket);
    if (list === undefined) {
      // Beside each skill, the ticket's reach and arrival: a walk settling an arrival, or a fresh
      // ticket's look, reads no other ticket for them.
      list = new SortedList<Entry<TRating>>(
        (entry) => entry.scored.skill,
        (entry) => entry.reachSkill,
        (entry) => entry.scored.enqueuedAtMs,
      );
      this.bySkill.set(bucket, list);
    }
    return list;
  }

  /** Live entries of every bucket whose key starts with `prefix`. */
  liveWithPrefix(prefix: string): Entry<TRating>[] {
    return [...this.bySkill]
      .filter(([bucket]) => bucket.startsWith(prefix))
      .flatMap(([, list]) => [...list])
      .filter((entry) => entry.listed);
  }

  /** True when the bucket has live entries. */
  hasLive(bucket: string): boolean {
    return (this.bySkill.get(bucket)?.liveCount ?? 0) > 0;
  }

  /** Puts a searching entry into the lists and wakes the tickets whose window it enters. */
  index(entry: Entry<TRating>): void {
    const list = this.list(entry.bucket);
    list.insert(entry);
    this.byAge.insert(entry);
    entry.listed = true;
    if (entry.scored.skillBand > this.widestBand) this.widestBand = entry.scored.skillBand;
    this.wake(entry);
    if (this.defersWakes) this.arrivals.push(entry);
    else {
      const found = this.wakeable(entry);
      for (let i = 0; i < found; i++) this.wake(this.found[i] as Entry<TRating>);
    }
  }

  /** From now on arrivals wake only themselves; their neighbours wait for `takeArrivals`. */
  deferWakes(): void {
    this.defersWakes = true;
  }

  /** The arrivals whose neighbours are not settled yet, in arrival order; forgets them. */
  takeArrivals(): Entry<TRating>[] {
    const arrivals = this.arrivals;
    this.arrivals = [];
    return arrivals;
  }

  /**
   * The live tickets of `entry`'s bucket, itself excluded, whose candidate window it may enter: within
   * the wake radius of its position, and no farther in skill than their last look reached: their
   * number, the tickets in `found` (lower ones first, nearest first).
   */
  wakeable(entry: Entry<TRating>): number {
    const { lower, higher } = this;
    this.list(entry.bucket).placeAround(entry, lower, higher);
    const result = this.found;
    let count = 0;
    const skill = entry.scored.skill;
    let nearest = Number.POSITIVE_INFINITY;
    // Dead items are skipped and do not count: the radius is in live positions. Liveness, skills and
    // reaches are read from the list's chunks: only the tickets returned are read themselves.
    for (let seen = 0; seen < this.wakeRadius; seen++) {
      lower.skipDead();
      if (lower.done) break;
      const at = lower.offset;
      if (seen === 0) nearest = skill - (lower.keys[at] as number);
      if (skill - (lower.keys[at] as number) <= (lower.sides[at] as number)) {
        this.foundArrivals[count] = lower.stamps[at] as number;
        result[count++] = lower.items[at] as Entry<TRating>;
      }
      lower.skip();
    }
    for (let seen = 0; seen < this.wakeRadius; seen++) {
      higher.skipDead();
      if (higher.done) break;
      const at = higher.offset;
      if (seen === 0) nearest = Math.min(nearest, (higher.keys[at] as number) - skill);
      if ((higher.keys[at] as number) - skill <= (higher.sides[at] as number)) {
        this.foundArrivals[count] = higher.stamps[at] as number;
        result[count++] = higher.items[at] as Entry<TRating>;
      }
      higher.skip();
    }
    this.nearestDistance = nearest;
    // Those past the answer would keep tickets that may since have left.
    for (let i = count; i < result.length && result[i] !== undefined; i++)
      (result as (Entry<TRating> | undefined)[])[i] = undefined;
    return count;
  }

  /**
   * Takes an entry out (proposed or gone). Its neighbours are not woken: a departure removes
   * candidates but cannot make one pass; what it exposes at the edge of their windows is seen at
   * their next wake-up (a threshold step) or the next arrival nearby.
   */
  unindex(entry: Entry<TRating>): void {
    if (!entry.listed) return;
    entry.listed = false;
    this.list(entry.bucket).markRemoved(entry);
    this.byAge.markRemoved(entry);
  }

  /** Records how far in skill an entry's last look reached (see `wakeable`). */
  setReach(entry: Entry<TRating>, reachSkill: number): void {
    entry.reachSkill = reachSkill;
    if (entry.listed) this.list(entry.bucket).setSide(entry, reachSkill);
  }

  /**
   * Holds a listed entry for the rest of the tick's planning (taken by a planned match, or expiring
   * in the tick): `neighbours` passes it over, reading that from the list, not the entry.
   */
  hold(entry: Entry<TRating>): void {
    if (!entry.listed) return;
    this.list(entry.bucket).hold(entry);
    this.held.push(entry);
  }

  /** Ends every hold (those of entries unlisted since have ended with their removal). */
  releaseHolds(): void {
    for (const entry of this.held) if (entry.listed) this.list(entry.bucket).release(entry);
    this.held = [];
  }

  /** Marks an entry for evaluation at the next continuous tick. */
  wake(entry: Entry<TRating>): void {
    entry.dirty = true;
    if (this.tracksWakeUps) this.woken.add(entry);
  }

  /** Schedules an entry's next evaluation at `entry.sleepUntilMs` (a finite time). */
  sleep(entry: Entry<TRating>): void {
    entry.sleepVersion++;
    if (entry.sleepUntilMs !== Number.POSITIVE_INFINITY) {
      this.wakeHeap.push(entry.sleepUntilMs, entry, entry.sleepVersion);
    }
  }

  /**
   * The entries postponed earlier, woken since the last call, or whose wake-up time has come,
   * oldest first (the postponed backlog is already sorted: only the new ones are sorted and merged).
   */
  takeDue(nowMs: number): Entry<TRating>[] {
    // Each due entry once: the woken set names each once, and of an entry's slots in the heap only
    // the one of its current schedule is live (every `sleep` bumps the version it pushes).
    const fresh: Entry<TRating>[] = [];
    const woken = this.woken;
    for (const entry of woken) if (!entry.inBacklog) fresh.push(entry);
    this.wakeHeap.popDue(nowMs, (entry, version) => {
      if (version === entry.sleepVersion && !entry.inBacklog && !woken.has(entry)) fresh.push(entry);
    });
    woken.clear();
    const older = (a: Entry<TRating>, b: Entry<TRating>) =>
      a.scored.enqueuedAtMs - b.scored.enqueuedAtMs || a.seq - b.seq;
    fresh.sort(older);
    const backlog = this.backlog;
    this.backlog = [];
    const merged: Entry<TRating>[] = [];
    let i = 0;
    let j = 0;
    while (i < backlog.length || j < fresh.length) {
      const next =
        j >= fresh.length ||
        (i < backlog.length && older(backlog[i] as Entry<TRating>, fresh[j] as Entry<TRating>) <= 0)
          ? (backlog[i++] as Entry<TRating>)
          : (fresh[j++] as Entry<TRating>);
      next.inBacklog = false;
      merged.push(next);
    }
    return merged;
  }

  /** Keeps due entries (oldest first) for the next `takeDue`. */
  postpone(entries: readonly Entry<TRating>[]): void {
    for (const entry of entries) {
      if (!entry.listed) continue;
      entry.inBacklog = true;
      entry.dirty = true;
      this.backlog.push(entry);
    }
  }

  /**
   * Free neighbours of `entry` (listed and not held) in skill order in one bucket, nearest first,
   * that pass `allowed` when given; their skills go into `skills` and their arrival times into
   * `arrivals` at the same indexes when given. Written into `into` when given (its earlier contents
   * replaced), else into a new array.
   */
  neighbours(
    entry: Entry<TRating>,
    count: number,
    bucket: string,
    allowed?: (other: Entry<TRating>) => boolean,
    skills?: number[],
    into?: Entry<TRating>[],
    arrivals?: number[],
  ): Entry<TRating>[] {
    const { lower, higher } = this;
    this.list(bucket).placeAround(entry, lower, higher);
    const result: Entry<TRating>[] = into ?? [];
    let found = 0;
    const skill = entry.scored.skill;
    // Flags and skills are read from the list's chunks: only the tickets kept (or asked about by
    // `allowed`) are read themselves.
    while (found < count) {
      lower.skipUnfree();
      higher.skipUnfree();
      if (lower.done && higher.done) break;
      const takeLeft =
        higher.done ||
        (!lower.done &&
          skill - (lower.keys[lower.offset] as number) <= (higher.keys[higher.offset] as number) - skill);
      const cursor = takeLeft ? lower : higher;
      const next = cursor.items[cursor.offset] as Entry<TRating>;
      const nextSkill = cursor.keys[cursor.offset] as number;
      const nextArrival = cursor.stamps[cursor.offset] as number;
      cursor.skip();
      if (allowed !== undefined && !allowed(next)) continue;
      if (skills !== undefined) skills[found] = nextSkill;
      if (arrivals !== undefined) arrivals[found] = nextArrival;
      result[found++] = next;
    }
    // (Written by index and cut to length after: emptying a reused array first would give up its room.)
    if (result.length !== found) result.length = found;
    return result;
  }
}
