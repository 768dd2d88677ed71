/**
 * Ready policies for the five seed games, by name: a queue config says `"policy": "dota-ranked"`
 * and needs nothing in the service config. Each is a plain declaration (docs/ratings-policy.md has
 * them with the source's words); a deployment's own `ratingPolicies` may add names or replace these.
 */
import { DOMINATIONS_SEASON_RESET } from '@matchd/engine';
import type { RatingPolicyDeclaration } from './policy-declaration.ts';

/** Dota 2's MMR with its uncertainty: calibration, re-opening, performance while uncertain. */
const dotaMmr = {
  model: { kind: 'glicko2', initialRating: 2250, initialRd: 350 },
  calibration: {
    games: 10,
    show: 'hidden',
    // "we may need to reactivate calibration, if we think the MMR is inaccurate"
    reopen: { windowGames: 20, maxMeanSurprise: 1.0 },
    reopenAfterIdleDays: 180,
  },
  inactivity: { deviationGrowthPerSqrtDay: 10 },
  display: { kind: 'linear', offset: 0, scale: 1 },
  // "individual performance also plays a role, especially when our uncertainty about your MMR is high"
  performance: { weight: 30, relativeTo: 'team', uncertaintyScale: 350 },
} as const satisfies RatingPolicyDeclaration;

/** The presets, by name. */
export const policyPresets: Readonly<Record<string, RatingPolicyDeclaration>> = {
  // Ranked MMR: visible to the player and their friends.
  'dota-ranked': { ...dotaMmr, visibility: 'friends' },
  // Normal MMR: never shown.
  'dota-normal': { ...dotaMmr, visibility: 'hidden' },
  // DOM MMR: Elo, K for new alliances, streaks and the high-Glory band; seasons pull toward 12,000.
  dominations: {
    model: {
      kind: 'elo',
      initialRating: 12_000,
      scale: 2_000,
      kPolicy: {
        kind: 'dominations',
        baseK: 160,
        newPlayerK: 320,
        newPlayerGames: 10,
        streakLength: 3,
        streakMultiplier: 1.5,
        highRatingThreshold: 18_000,
        highRatingK: 80,
      },
    },
    calibration: { games: 0 },
    seasonReset: DOMINATIONS_SEASON_RESET,
    display: { kind: 'linear', offset: 0, scale: 1 },
    visibility: 'public',
  },
  // Kreimeier: zero-sum Fermi rating from 0, T = max_gain = 1, decay toward the mean, 0..10,000 shown.
  kreimeier: {
    model: { kind: 'fermi', temperature: 1, maxGain: 1, mean: 0 },
    calibration: { games: 5, show: 'provisional' },
    inactivity: { decay: { perPeriod: 0.1, periodDays: 30 } },
    display: { kind: 'fixed-range', mean: 0, width: 2, max: 10_000 },
    visibility: 'public',
    ladder: true,
  },
  // EOMM's skill side: TrueSkill with the paper's 20% draws between any two players.
  eomm: {
    model: { kind: 'trueskill', drawProbability: 0.2 },
    terms: { draw: { kind: 'eomm', drawProbability: 0.2 } },
    calibration: { games: 10 },
    visibility: 'public',
  },
  // Awesomenauts: "some kind of skill system in your game, like ELO or Trueskill": Elo, teams by
  // their mean, on the 1500 scale its example queue's skillRange (1000..2400) is written in.
  awesomenauts: {
    model: { kind: 'elo', initialRating: 1500, kPolicy: { kind: 'constant', k: 32 } },
    calibration: { games: 10 },
    visibility: 'public',
  },
};
