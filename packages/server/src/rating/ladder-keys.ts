/**
 * Kreimeier's ladder kept beside a track's ratings (the engine's `ladderRecord` decides every
 * exchange). The ladder's order lives in one number per row, its key: lower is higher on the
 * ladder. A player joins at the bottom with a key from the time of their first game (later joiners
 * sit lower), and a duel whose lower-placed player wins swaps the two keys, so a result touches
 * only its own players' rows (no track-wide document, no lock beyond the result's own). A place is
 * 1 + the number of rows with a lower key (ties, joins in the same millisecond, by player id).
 */
import { ladderRecord } from '@matchd/engine';
import type { RatingRecord } from '../store/records.ts';

/**
 * The seats' keys after a match (same shape as `keys`): new players join at the bottom; a decided
 * duel swaps keys when the lower-placed player won (draws and team matches leave the order).
 */
export function ladderKeysAfter(
  keys: readonly (readonly (number | undefined)[])[],
  ranks: readonly number[],
  nowMs: number,
): number[][] {
  let seat = 0;
  // Seats joining together keep their seat order; 1000 seats per millisecond keeps keys exact.
  const joined = keys.map((team) => team.map((key) => key ?? nowMs * 1000 + seat++));
  const [first, second] = joined;
  if (joined.length !== 2 || first?.length !== 1 || second?.length !== 1 || ranks[0] === ranks[1])
    return joined;
  const [a, b] = [first[0] as number, second[0] as number];
  const winner = (ranks[0] as number) < (ranks[1] as number) ? 'a' : 'b';
  const ladder = { order: a <= b ? ['a', 'b'] : ['b', 'a'] };
  const after = ladderRecord(ladder, { winner, loser: winner === 'a' ? 'b' : 'a' });
  return after.order[0] === ladder.order[0] ? joined : [[b], [a]];
}

/** 1-based place of `record` among the track's rows (`trackRows`), by ladder key. */
export function ladderPlace(
  record: RatingRecord,
  trackRows: readonly RatingRecord[],
  keyOf: (row: RatingRecord) => number | undefined,
): number | undefined {
  const mine = keyOf(record);
  if (mine === undefined) return undefined;
  let above = 0;
  for (const row of trackRows) {
    const key = keyOf(row);
    if (key !== undefined && (key < mine || (key === mine && row.playerId < record.playerId))) above++;
  }
  return above + 1;
}
