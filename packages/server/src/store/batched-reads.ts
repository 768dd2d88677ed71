/**
 * A decorator that coalesces the `getRatings` calls made in one turn of the event loop into one
 * store query (the DataLoader pattern). Every ticket creation reads its players' ratings; under load
 * dozens arrive together, and one `unnest` query for all of them costs little more than one for a
 * single player, which matters most for the embedded PGlite that runs in the API thread.
 */
import type { RatingsStore } from './ratings-store.ts';
import type { RatingRecord } from './records.ts';

type Key = { playerId: string; track: string };
type Waiter = {
  keys: readonly Key[];
  resolve: (records: RatingRecord[]) => void;
  reject: (error: unknown) => void;
};

const keyOf = (playerId: string, track: string): string => `${track}\u0000${playerId}`;

/** The store, with `getRatings` batched per event-loop turn; every other method is the store's own. */
export function batchRatingReads(store: RatingsStore): RatingsStore {
  let waiters: Waiter[] = [];
  const flush = async (): Promise<void> => {
    const batch = waiters;
    waiters = [];
    const unique = new Map<string, Key>();
    for (const waiter of batch)
      for (const key of waiter.keys) unique.set(keyOf(key.playerId, key.track), key);
    try {
      const found = new Map(
        (await store.getRatings([...unique.values()])).map((record) => [
          keyOf(record.playerId, record.track),
          record,
        ]),
      );
      for (const waiter of batch) {
        waiter.resolve(
          waiter.keys.flatMap((key) => {
            const record = found.get(keyOf(key.playerId, key.track));
            return record === undefined ? [] : [record];
          }),
        );
      }
    } catch (error) {
      for (const waiter of batch) waiter.reject(error);
    }
  };
  const getRatings = (keys: readonly Key[]): Promise<RatingRecord[]> =>
    new Promise((resolve, reject) => {
      // setImmediate, not a microtask: the requests already read from the sockets join the batch.
      if (waiters.length === 0) setImmediate(() => void flush());
      waiters.push({ keys, resolve, reject });
    });
  return new Proxy(store, {
    get(target, property, receiver) {
      return property === 'getRatings' ? getRatings : Reflect.get(target, property, receiver);
    },
  });
}
