/**
 * Synthetic players: skill from a normal or from Dota 2's published MMR percentiles (2013 post:
 * 5% 1100, 10% 1500, 25% 2000, 50% 2250, 75% 2731, 90% 3200, 95% 3900, 99% 4100), experience in
 * games played, a home region with a ping to every region, languages, and party sizes.
 */
import type { Random } from '@matchd/engine';

/** Dota 2's MMR percentiles (normal matchmaking, 2013). */
export const DOTA_MMR_PERCENTILES: readonly (readonly [number, number])[] = [
  [0.05, 1100],
  [0.1, 1500],
  [0.25, 2000],
  [0.5, 2250],
  [0.75, 2731],
  [0.9, 3200],
  [0.95, 3900],
  [0.99, 4100],
];

/**
 * Inverse CDF through the percentile points, linear between them. The tails are not published:
 * below 5% and above 99% the first and last segments' slopes are continued to 0% and 100%
 * (0% -> 300, 100% -> 4140), which keeps every skill finite and the table's points exact.
 */
export function dotaSkillAt(u: number): number {
  const points = DOTA_MMR_PERCENTILES;
  const [p0, v0] = points[0] as readonly [number, number];
  const [p1, v1] = points[1] as readonly [number, number];
  if (u <= p0) return v0 - ((p0 - u) * (v1 - v0)) / (p1 - p0);
  for (let k = 1; k < points.length; k++) {
    const [pa, va] = points[k - 1] as readonly [number, number];
    const [pb, vb] = points[k] as readonly [number, number];
    if (u <= pb) return va + ((u - pa) * (vb - va)) / (pb - pa);
  }
  const [pa, va] = points[points.length - 2] as readonly [number, number];
  const [pb, vb] = points[points.length - 1] as readonly [number, number];
  return vb + ((u - pb) * (vb - va)) / (pb - pa);
}

/** How skills are drawn. */
export type SkillDistribution =
  | { readonly kind: 'normal'; readonly mean: number; readonly sd: number }
  | { readonly kind: 'dota' };

/** Draws one skill. */
export function drawSkill(distribution: SkillDistribution, random: Random): number {
  return distribution.kind === 'normal'
    ? random.normal(distribution.mean, distribution.sd)
    : dotaSkillAt(random.next());
}

/** A region: its share of players, base pings to every region, languages and daily peak hour. */
export interface RegionSpec {
  readonly name: string;
  /** Mean arrivals per second at the daily mean. */
  readonly arrivalsPerSecond: number;
  /** Round-trip ms from this region's players to each region's servers. */
  readonly pingMs: Readonly<Record<string, number>>;
  readonly languages: readonly string[];
  /** Local hour (UTC) of the daily arrival peak. */
  readonly peakHourUtc: number;
}

/** Three regions of very different sizes, after Awesomenauts' remark that small regions starve. */
export const DEFAULT_REGIONS: readonly RegionSpec[] = [
  {
    name: 'eu',
    arrivalsPerSecond: 1.5,
    pingMs: { eu: 35, na: 110, oce: 290 },
    languages: ['en', 'de', 'fr'],
    peakHourUtc: 19,
  },
  {
    name: 'na',
    arrivalsPerSecond: 0.6,
    pingMs: { eu: 110, na: 45, oce: 180 },
    languages: ['en', 'es'],
    peakHourUtc: 2,
  },
  {
    name: 'oce',
    arrivalsPerSecond: 0.1,
    pingMs: { eu: 290, na: 180, oce: 40 },
    languages: ['en'],
    peakHourUtc: 9,
  },
];

/** Arrival rate of a region at `timeMs` (virtual clock from midnight UTC): cosine daily curve. */
export function arrivalRate(region: RegionSpec, timeMs: number, amplitude = 0.6): number {
  const hour = (timeMs / 3_600_000) % 24;
  return (
    region.arrivalsPerSecond * (1 + amplitude * Math.cos((2 * Math.PI * (hour - region.peakHourUtc)) / 24))
  );
}

/** One synthetic player. */
export interface SimPlayer {
  readonly playerId: string;
  readonly region: string;
  readonly skill: number;
  readonly gamesPlayed: number;
  readonly languages: readonly string[];
  readonly pingMsByRegion: Readonly<Record<string, number>>;
}

/** Draws a player of a region: ping = base + 0..30 ms of last-mile jitter; 1-2 of the region's languages. */
export function drawPlayer(input: {
  readonly playerId: string;
  readonly region: RegionSpec;
  readonly skills: SkillDistribution;
  readonly random: Random;
}): SimPlayer {
  const { region, random } = input;
  const pingMsByRegion: Record<string, number> = {};
  for (const [name, base] of Object.entries(region.pingMs))
    pingMsByRegion[name] = base + random.uniform(0, 30);
  const languages = [region.languages[0] as string];
  const second = random.pick(region.languages);
  if (second !== languages[0] && random.bernoulli(0.4)) languages.push(second);
  return {
    playerId: input.playerId,
    region: region.name,
    skill: drawSkill(input.skills, random),
    // Experience: log-normal games played (median ~150, Dota's ranked unlock).
    gamesPlayed: Math.round(Math.exp(random.normal(Math.log(150), 1))),
    languages,
    pingMsByRegion,
  };
}

/** Party size of a new ticket: solo most often, then duos and trios (capped by the team size). */
export function drawPartySize(random: Random, teamSize: number): number {
  const size = [1, 1, 1, 1, 1, 2, 2, 3][random.int(8)] as number;
  return Math.min(size, teamSize);
}
