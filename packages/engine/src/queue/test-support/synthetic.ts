/**
 * Synthetic tickets for tests and benchmarks (no real data in tests): skills from a normal
 * distribution, parties of configurable sizes with members near the party's skill, pings per region
 * (low to a home region, higher elsewhere), languages, NAT types, DomiNations base ratings and recent
 * outcomes, all from a seeded Random.
 */

import type { PlayerProfile } from '../../quality/types.ts';
import type { Random } from '../../random.ts';
import type { TicketInput } from '../types.ts';

/** What to generate. */
export interface SyntheticOptions<TRating> {
  readonly random: Random;
  readonly count: number;
  readonly prefix?: string;
  /** A rating for a skill on the 1500 +- 300 scale (and the player's games played). */
  readonly rating: (skill: number, gamesPlayed: number, random: Random) => TRating;
  /** Relative weights of party sizes 1, 2, 3, ...; default solo only. */
  readonly partySizeWeights?: readonly number[];
  readonly regions?: readonly string[];
  readonly languages?: readonly (readonly string[])[];
  readonly withNat?: boolean;
  /** DomiNations offense/defense ratings (sandbagging parties get a wide spread). */
  readonly withBaseRatings?: boolean;
  readonly withRecentOutcomes?: boolean;
  /** Games played range [min, max). Default [0, 1000). */
  readonly gamesPlayed?: readonly [number, number];
  readonly lowPriorityShare?: number;
}

/** `count` tickets. */
export function syntheticTickets<TRating>(options: SyntheticOptions<TRating>): TicketInput<TRating>[] {
  const { random, count } = options;
  const prefix = options.prefix ?? 't';
  const weights = options.partySizeWeights ?? [1];
  const [minGames, maxGames] = options.gamesPlayed ?? [0, 1000];
  const tickets: TicketInput<TRating>[] = [];
  for (let t = 0; t < count; t++) {
    const size = random.weightedIndex(weights) + 1;
    const partySkill = random.normal(1500, 300);
    const home = options.regions === undefined ? undefined : random.pick(options.regions);
    const lowPriority = random.bernoulli(options.lowPriorityShare ?? 0);
    const sandbag = random.bernoulli(0.2);
    const players: PlayerProfile<TRating>[] = [];
    for (let p = 0; p < size; p++) {
      const skill = partySkill + random.normal(0, 80);
      const gamesPlayed = Math.floor(random.uniform(minGames, maxGames));
      const profile: {
        -readonly [K in keyof PlayerProfile<TRating>]: PlayerProfile<TRating>[K];
      } = { playerId: `${prefix}${t}p${p}`, rating: options.rating(skill, gamesPlayed, random), gamesPlayed };
      if (options.regions !== undefined) {
        const pings: Record<string, number> = {};
        for (const region of options.regions) {
          pings[region] = Math.round(region === home ? random.uniform(15, 70) : random.uniform(90, 260));
        }
        profile.pingMsByRegion = pings;
      }
      if (options.languages !== undefined) profile.languages = random.pick(options.languages);
      if (options.withNat === true)
        profile.nat = random.pick(['open', 'open', 'moderate', 'moderate', 'strict'] as const);
      if (options.withBaseRatings === true) {
        const base = 1000 + (partySkill - 1500) * 0.5;
        const spread = sandbag ? random.uniform(0.3, 1.7) : random.uniform(0.85, 1.15);
        profile.offenseRating = Math.max(1, base * spread);
        profile.defenseRating = Math.max(1, base * spread * random.uniform(0.9, 1.1));
      }
      if (options.withRecentOutcomes === true) {
        profile.recentOutcomes = [0, 1, 2].map(() => random.pick(['W', 'L', 'D'] as const));
      }
      if (lowPriority) profile.lowPriority = true;
      players.push(profile);
    }
    tickets.push({ ticketId: `${prefix}${t}`, players });
  }
  return tickets;
}
