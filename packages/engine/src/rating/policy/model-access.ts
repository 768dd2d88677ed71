/**
 * Ready `RatingAccess` adapters for the project's models, so callers of the policy do not write
 * their own: Elo (no deviation), Glicko-2 (rating, RD; volatility and lastPlayedMs kept) and the
 * Gaussian ratings of Weng-Lin and TrueSkill (mu, sigma).
 */
import type { EloRating } from '../elo/index.ts';
import type { Glicko2Rating } from '../glicko2/index.ts';
import type { GaussianRating } from '../weng-lin/index.ts';
import type { RatingAccess } from './rating-access.ts';

/** Elo: the mean is the rating; there is no deviation (games and streak are kept). */
export const eloRatingAccess: RatingAccess<EloRating> = {
  estimate: (rating) => ({ mean: rating.rating, deviation: 0 }),
  withEstimate: (rating, estimate) => ({ ...rating, rating: estimate.mean }),
  hasDeviation: false,
};

/** Glicko-2: mean = rating, deviation = RD (volatility and lastPlayedMs are kept). */
export const glicko2RatingAccess: RatingAccess<Glicko2Rating> = {
  estimate: (rating) => ({ mean: rating.rating, deviation: rating.rd }),
  withEstimate: (rating, estimate) => ({ ...rating, rating: estimate.mean, rd: estimate.deviation }),
  hasDeviation: true,
};

/** Weng-Lin and TrueSkill: mean = mu, deviation = sigma. */
export const gaussianRatingAccess: RatingAccess<GaussianRating> = {
  estimate: (rating) => ({ mean: rating.mu, deviation: rating.sigma }),
  withEstimate: (rating, estimate) => ({ ...rating, mu: estimate.mean, sigma: estimate.deviation }),
  hasDeviation: true,
};
