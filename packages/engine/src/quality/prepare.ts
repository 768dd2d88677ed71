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
  const pings = profile.pingMsByRegion;
  const skillBand = calibrating ? estimate.deviation : 0;
  const experience = experienceOf(profile.gamesPlayed);
  // Two literals rather than a spread (no intermediate object per player).
  return pings === undefined || reading.regionIndex === undefined
    ? { profile, skill, skillBand, experience }
    : { profile, skill, skillBand, experience, pingVector: reading.regionIndex.vector(pings) };
}

/** A ticket (player or party) with its members scored and the party's aggregate skill and experience. */
export function scoreTicket<TRating>(
  ticket: { readonly ticketId: string; readonly players: readonly PlayerProfile<TRating>[] },
  enqueuedAtMs: number,
  reading: SkillReading<TRating>,
): ScoredTicket<TRating> {
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
