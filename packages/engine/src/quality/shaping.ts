/**
 * Shaping (Awesomenauts): a raw value becomes a score in [0, 1] through a floor (everything at or
 * below it is perfect), a cap (everything at or above it is equally bad) and a power (> 1 stresses
 * big gaps, < 1 small ones). Costs fall from 1 to 0 between floor and cap; benefits rise from 0 to 1.
 */

import type { CriterionKind, Shaping } from './types.ts';

/** A shaping with every field set. */
export interface ResolvedShaping {
  readonly floor: number;
  readonly cap: number;
  readonly power: number;
}

/** Score in [0, 1] of a cost: 1 at or below `floor`, 0 at or above `cap`. */
export function shapeCost(raw: number, shaping: ResolvedShaping): number {
  return 1 - shapedFraction(raw, shaping);
}

/** Score in [0, 1] of a benefit: 0 at or below `floor`, 1 at or above `cap`. */
export function shapeBenefit(raw: number, shaping: ResolvedShaping): number {
  return shapedFraction(raw, shaping);
}

function shapedFraction(raw: number, { floor, cap, power }: ResolvedShaping): number {
  if (raw <= floor) return 0;
  if (raw >= cap) return 1;
  const fraction = (raw - floor) / (cap - floor);
  return power === 1 ? fraction : fraction ** power;
}

/**
 * Per-kind default floor and cap; `skillScale` is the rating model's typical skill difference (the
 * queue's `rating.skillScale`), so that defaults fit Elo's hundreds and Weng-Lin's tens alike.
 */
export function defaultShaping(kind: CriterionKind, skillScale: number): ResolvedShaping {
  switch (kind) {
    case 'team-balance':
      // |p - 1/teams|: a 75% favourite in a 1v1 already scores 0.
      return { floor: 0, cap: 0.25, power: 1 };
    case 'skill-spread':
      return { floor: 0, cap: 2 * skillScale, power: 1 };
    case 'top-player-parity':
    case 'team-skill-gap':
    case 'player-skill-gap':
      return { floor: 0, cap: skillScale, power: 1 };
    case 'experience-spread':
      // ln(games + 40): a factor of ten in games + 40 (0 against 360 games) scores 0.
      return { floor: 0, cap: Math.log(10), power: 1 };
    case 'party-balance':
    case 'common-language':
    case 'premades':
    case 'hosts':
    case 'engagement':
      return { floor: 0, cap: 1, power: 1 };
    case 'wait-time':
      return { floor: 0, cap: 300_000, power: 1 };
    case 'enemy-ping':
      return { floor: 50, cap: 250, power: 1 };
    case 'opponent-variation':
      return { floor: 0, cap: 3, power: 1 };
    case 'offense-defense':
      // DomiNations: a 10% defence edge is already a 60% favourite, not "a good match".
      return { floor: 0.02, cap: 0.15, power: 1 };
    case 'variance-rating':
      return { floor: 0, cap: 0.3, power: 1 };
    default:
      return kind satisfies never;
  }
}

/** The criterion's shaping with the defaults filled in. */
export function resolveShaping(
  kind: CriterionKind,
  shaping: Shaping | undefined,
  skillScale: number,
): ResolvedShaping {
  const base = defaultShaping(kind, skillScale);
  return {
    floor: shaping?.floor ?? base.floor,
    cap: shaping?.cap ?? base.cap,
    power: shaping?.power ?? base.power,
  };
}
