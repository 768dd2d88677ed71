/**
 * Learns the margin model's parameters (margin-kalman.ts) from past games, so that one set of
 * defaults serves any sport: points and their spread differ by a factor of ten between football
 * and American football, and every parameter here is measured in the sport's own points.
 *
 * After each game (its prediction already made) `observe` updates running means:
 * - home advantage: the mean residual of home games, added to the current estimate;
 * - observation variance: the mean of residual^2 - (variance of the two ratings), i.e. what the
 *   ratings' own uncertainty does not explain;
 * - margin variance V: the mean of (margin - home advantage)^2; the prior variance of a team is
 *   (V - observation variance) / 2 (a margin is the difference of two teams plus noise), floored
 *   at V / 40;
 * - draw rate: the share of drawn games.
 * Each running mean moves by 1 / max(games, warmupGames), so the first games do not swing it, and
 * past games fade with a half-life in days (`halfLifeDays`), so the estimates follow a sport whose
 * scoring or home advantage drifts over the decades.
 * Before any game the options are a unit scale with no home advantage: every team is new and even,
 * so the first prediction is 1/2 whatever the scale.
 */
import { requireFiniteOption } from '../../errors.ts';
import { rejectUnknownOptions } from '../elo/pairwise.ts';
import type { MarginModelOptions } from './margin-kalman.ts';

/** Options of the learner. */
export interface MarginMomentsOptions {
  /** Half-life of a past game's weight, in days; default 730 (two years). */
  readonly halfLifeDays?: number;
  /** The running means move by at most 1 / warmupGames per game; default 100. */
  readonly warmupGames?: number;
  /** Share of a margin's variance taken as the game's own noise before the first residual; default 0.7. */
  readonly initialNoiseShare?: number;
}

/** One observed game, as the model predicted it before the result. */
export interface MarginObservation {
  /** Team 0's score minus team 1's. */
  readonly margin: number;
  /** The predicted margin (home advantage included). */
  readonly predicted: number;
  /** Variance of the predicted team gap from the ratings alone (without the observation variance). */
  readonly ratingVariance: number;
  /** +1 when team 0 was at home, -1 when team 1 was, 0 at a neutral site or with no home side. */
  readonly homeSign: number;
  readonly timeMs: number;
}

/** The running estimates (see the file comment). */
export class MarginMoments {
  private readonly halfLifeDays: number;
  private readonly warmupGames: number;
  private readonly initialNoiseShare: number;
  private homeAdvantage = 0;
  private observationVariance = Number.NaN;
  private marginVariance = Number.NaN;
  private drawRate = 0;
  private homeWeight = 0;
  private weight = 0;
  private lastTimeMs: number | undefined;

  constructor(options: MarginMomentsOptions = {}) {
    rejectUnknownOptions(options, ['halfLifeDays', 'warmupGames', 'initialNoiseShare'], 'MarginMoments');
    this.halfLifeDays = requireFiniteOption('halfLifeDays', options.halfLifeDays ?? 730, Number.MIN_VALUE);
    this.warmupGames = requireFiniteOption('warmupGames', options.warmupGames ?? 100, 1);
    this.initialNoiseShare = requireFiniteOption(
      'initialNoiseShare',
      options.initialNoiseShare ?? 0.7,
      0.01,
      0.99,
    );
  }

  /** Games seen so far, faded by the half-life. */
  get games(): number {
    return this.weight;
  }

  /** The margin model's options from the games seen so far. */
  options(): Required<
    Pick<MarginModelOptions, 'observationVariance' | 'priorVariance' | 'homeAdvantage' | 'drawRate'>
  > {
    if (Number.isNaN(this.marginVariance)) {
      return { observationVariance: 1, priorVariance: 1, homeAdvantage: 0, drawRate: 0 };
    }
    const observationVariance = Math.max(this.observationVariance, this.marginVariance / 100);
    const priorVariance = Math.max(this.marginVariance - observationVariance, this.marginVariance / 20) / 2;
    return {
      observationVariance,
      priorVariance,
      homeAdvantage: this.homeAdvantage,
      drawRate: Math.min(this.drawRate, 0.9),
    };
  }

  /** Counts one game (after its prediction). Non-finite input is ignored. */
  observe(game: MarginObservation): void {
    const { margin, predicted, ratingVariance, homeSign, timeMs } = game;
    if (![margin, predicted, ratingVariance, homeSign, timeMs].every(Number.isFinite)) return;
    const fade =
      this.lastTimeMs === undefined || timeMs <= this.lastTimeMs
        ? 1
        : 0.5 ** ((timeMs - this.lastTimeMs) / 86_400_000 / this.halfLifeDays);
    this.lastTimeMs = Math.max(timeMs, this.lastTimeMs ?? timeMs);
    this.weight = this.weight * fade + 1;
    const step = 1 / Math.max(this.weight, this.warmupGames);
    const residual = margin - predicted;
    const centred = margin - homeSign * this.homeAdvantage;
    if (Number.isNaN(this.marginVariance)) {
      // The first game sets the scale.
      this.marginVariance = Math.max(centred * centred, 1e-6);
      this.observationVariance = this.initialNoiseShare * this.marginVariance;
    } else {
      this.marginVariance += (centred * centred - this.marginVariance) * step;
      this.observationVariance += (residual * residual - ratingVariance - this.observationVariance) * step;
      this.observationVariance = Math.max(this.observationVariance, 1e-9);
    }
    this.drawRate += ((margin === 0 ? 1 : 0) - this.drawRate) * step;
    if (homeSign !== 0) {
      this.homeWeight = this.homeWeight * fade + 1;
      this.homeAdvantage += homeSign * residual * (1 / Math.max(this.homeWeight, this.warmupGames));
    }
  }
}
