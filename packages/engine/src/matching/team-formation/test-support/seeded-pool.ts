import { Random } from '../../../random.ts';
import type { FormationTicket } from '../types.ts';

/** A seeded pool: party sizes 1..maxParty (solos most common), sort keys like ratings. */
export function seededPool(seed: number, players: number, maxParty: number): FormationTicket[] {
  const random = Random.fromSeed(seed);
  const tickets: FormationTicket[] = [];
  let left = players;
  while (left > 0) {
    const size = Math.min(left, 1 + random.weightedIndex([6, 3, 2, 1].slice(0, maxParty)));
    tickets.push({ size, sortKey: random.normal(1500, 300) });
    left -= size;
  }
  return tickets;
}
