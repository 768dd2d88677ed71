/**
 * Turns players and tickets into the precomputed form the criteria read (skill from the rating
 * model, clamped to the queue's workable range; experience on a log scale; calibration bands), once
 * per ticket rather than once per candidate.
 */

import { experience } from '../rating/policy/experience.ts';
import type { RatingModel } from '../rating/types.ts';
import type { PlayerProfile, ScoredPlayer, ScoredTicket } from './types.ts';

/** How skills are read. */
export interface SkillReading<TRating> {
  readonly ratingModel: RatingModel<TRating>;
  /** Skills are clamped into this range (Awesomenauts caps the top to a workable range). */
  readonly skillRange?: { readonly min: number; readonly max: number };
  /** Players with fewer games are calibrating: their deviation becomes a band around their skill. */
  readonly calibrationGames?: number;
  /** Numbers region names for ping vectors; shared by every ticket of one pool (one per matchmaker). */
  readonly regionIndex?: RegionIndex;
}

/** Region names to dense indices, in order of first appearance (owned by one matchmaker). */
export class RegionIndex {
  private readonly indexOf = new Map<string, number>();

  /** The index of `region`, assigned on first sight. */
  index(region: string): number {
    let index = this.indexOf.get(region);
    if (index === undefined) {
      index = this.indexOf.size;
      this.indexOf.set(region, index);
    }
    return index;
  }

  /** A ping vector for a player's pings (Infinity where the player has none). */
  vector(pings: Readonly<Record<string, number>>): Float64Array {
    // Own keys in `Object.keys` order, without making the key and entry arrays (one vector per player).
    for (const region in pings) if (Object.hasOwn(pings, region)) this.index(region);
    const vector = new Float64Array(this.indexOf.size).fill(Number.POSITIVE_INFINITY);
    for (const region in pings)
      if (Object.hasOwn(pings, region)) vector[this.index(region)] = pings[region] as number;
    return vector;
  }
}

/**
 * Dota's experience: ln(games + 40), the seed's "40 -> 120 games is about the same step as 120 ->
 * 280" made exact (rating/policy/experience.ts derives the offset). A player with no games given
 * counts as new (0 games).
 */
export function experienceOf(gamesPlayed: number | undefined): number {
  return experience(Math.max(0, gamesPlayed ?? 0));
}

/**
 * A scored player. Its ping vector is built on first read: only the enemy-ping criterion reads it,
 * while a waiting pool keeps every player it scored (a typed array each, most never read). Built
 * later from the same shared index, it holds the same ping for every region: region numbers never
 * change once given, and a region numbered since lies past its end, where it has no ping either.
 */
class LazyPingPlayer<TRating> implements ScoredPlayer<TRating> {
  readonly profile: PlayerProfile<TRating>;
  readonly skill: number;
  readonly skillBand: number;
  readonly experience: number;
  /** The index the vector is to be built with; undefined once built. */
  private regionIndex: RegionIndex | undefined;
  private vector: Float64Array | undefined;

  constructor(
    profile: PlayerProfile<TRating>,
    skill: number,
    skillBand: number,
    experience: number,
    regionIndex: RegionIndex,
  ) {
    this.profile = profile;
    this.skill = skill;
    this.skillBand = skillBand;
    this.experience = experience;
    this.regionIndex = regionIndex;
    this.vector = undefined;
  }

  get pingVector(): Float64Array {
    if (this.vector === undefined) {
      this.vector = (this.regionIndex as RegionIndex).vector(
        this.profile.pingMsByRegion as Readonly<Record<string, number>>,
      );
      this.regionIndex = undefined;
    }
    return this.vector;
  }
}

/** A player with skill, band and experience precomputed. */
export function scorePlayer<TRating>(
  profile: PlayerProfile<TRating>,
  reading: SkillReading<TRating>,
): ScoredPlayer<TRating> {
  const estimate = reading.ratingModel.estimate(profile.rating);
  let skill = estimate.mean;
  if (reading.skillRange !== undefined) {
    skill = Math.min(reading.skillRange.max, Math.max(reading.skillRange.min, skill));
  }
  const calibrating =
    reading.calibrationGames !== undefined && (profile.gamesPlayed ?? 0) < reading.calibrationGames;
  const skillBand = calibrating ? estimate.deviation : 0;
  const experience = experienceOf(profile.gamesPlayed);
  return profile.pingMsByRegion === undefined || reading.regionIndex === undefined
    ? { profile, skill, skillBand, experience }
    : new LazyPingPlayer(profile, skill, skillBand, experience, reading.regionIndex);
}

/** A ticket (player or party) with its members scored and the party's aggregate skill and experience. */
export function scoreTicket<TRating>(
  ticket: { readonly ticketId: string; readonly players: readonly PlayerProfile<TRating>[] },
  enqueuedAtMs: number,
  reading: SkillReading<TRating>,
): ScoredTicket<TRating> {
  // Mapped, not pushed: the array is kept while the ticket waits, at its exact length.
  const players = ticket.players.map((profile) => scorePlayer(profile, reading));
  let skill = 0;
  let skillBand = 0;
  let experience = 0;
  for (const player of players) {
    skill += player.skill;
    skillBand += player.skillBand;
    experience += player.experience;
  }
  return {
    ticketId: ticket.ticketId,
    players,
    skill: skill / players.length,
    skillBand: skillBand / players.length,
    experience: experience / players.length,
    enqueuedAtMs,
  };
}
