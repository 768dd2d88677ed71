/**
 * A margin-of-victory multiplier whose autocorrelation correction is learned from the data rather
 * than copied.
 *
 * Why a correction: a favourite wins by more than an underdog, so a multiplier that grows with the
 * margin gives favourites' wins more weight than their losses, and ratings inflate at the top
 * (the rating change no longer has zero mean given the gap). FiveThirtyEight's NFL Elo divides
 * ln(margin + 1) by (winner's gap * 0.001 + 2.2), constants fitted by hand to the NFL.
 *
 * Here the form follows from that reason: the multiplier is ln(1 + max(margin, 1)) divided by its
 * expected value for a winner with that gap, relative to an even game. That expectation is close to
 * linear in the winner's gap, E[ln(1 + margin) | winner's gap g] ~ a + b g, so the multiplier is
 * ln(1 + margin) / (1 + (b / a) g). `MarginCorrectionFit` estimates a and b by least squares over
 * past decisive games (each observed after the prediction it did not see), and `gapRatio()` is
 * b / a: a deployment that wants a fixed value reads it from `matchd ratings eval` and declares it
 * with `marginMultiplier({ gapRatio })`. On English league football the fit gives ~0.0006 per Elo
 * point and on 1920-2018 NFL games ~0.0006, against FiveThirtyEight's 1 / 2200 = 0.00045.
 */
import { requireFiniteOption } from '../../errors.ts';
import { rejectUnknownOptions } from '../elo/pairwise.ts';
import type { MarginMultiplier } from './margin-of-victory.ts';

/** The margin's weight before the correction: ln(1 + max(margin, 1)) (a draw counts as margin 1). */
export function marginWeight(margin: number): number {
  return Math.log1p(Math.max(Math.abs(margin), 1));
}

/** The correction 1 / (1 + gapRatio * winnerGap), floored at 1/10 for extreme upsets. */
function corrected(margin: number, winnerGap: number, gapRatio: number): number {
  return marginWeight(margin) / Math.max(1 + gapRatio * winnerGap, 0.1);
}

/**
 * The multiplier ln(1 + margin) / (1 + gapRatio * winnerGap) with a declared `gapRatio` (per rating
 * point of the winner's gap, >= 0; 0 turns the correction off).
 * @example marginMultiplier({ gapRatio: 0.0006 })(7, 100) // ln 8 / 1.06 = 1.962
 */
export function marginMultiplier(options: { readonly gapRatio: number }): MarginMultiplier {
  rejectUnknownOptions(options, ['gapRatio'], 'marginMultiplier');
  const gapRatio = requireFiniteOption('marginMultiplier.gapRatio', options.gapRatio, 0);
  return (margin, winnerGap) => corrected(margin, winnerGap, gapRatio);
}

/**
 * The online least-squares fit of ln(1 + margin) on the winner's gap (see the file comment).
 * `priorGames` pseudo-games at ratio 0 keep the first estimates from swinging; the ratio is
 * clamped to [0, maxRatio] (a negative ratio would reward favourites' blowouts).
 */
export class MarginCorrectionFit {
  private count = 0;
  private sumGap = 0;
  private sumGapSquared = 0;
  private sumWeight = 0;
  private sumGapWeight = 0;
  private readonly priorGames: number;
  private readonly maxRatio: number;

  constructor(options: { readonly priorGames?: number; readonly maxRatio?: number } = {}) {
    rejectUnknownOptions(options, ['priorGames', 'maxRatio'], 'MarginCorrectionFit');
    this.priorGames = requireFiniteOption('priorGames', options.priorGames ?? 100, 0);
    this.maxRatio = requireFiniteOption('maxRatio', options.maxRatio ?? 0.01, 0);
  }

  /** Counts one decisive game: its margin and the winner's pre-game gap (home advantage included). */
  observe(margin: number, winnerGap: number): void {
    if (!(Number.isFinite(margin) && Number.isFinite(winnerGap)) || margin === 0) return;
    const weight = marginWeight(margin);
    this.count += 1;
    this.sumGap += winnerGap;
    this.sumGapSquared += winnerGap * winnerGap;
    this.sumWeight += weight;
    this.sumGapWeight += winnerGap * weight;
  }

  /** Decisive games observed so far. */
  get games(): number {
    return this.count;
  }

  /** b / a of the fit E[ln(1 + margin) | g] = a + b g; 0 before any game. */
  gapRatio(): number {
    if (this.count < 2) return 0;
    const n = this.count;
    const meanGap = this.sumGap / n;
    const meanWeight = this.sumWeight / n;
    const variance = this.sumGapSquared / n - meanGap * meanGap;
    const covariance = this.sumGapWeight / n - meanGap * meanWeight;
    if (!(variance > 0)) return 0;
    // Shrink the slope toward 0 by priorGames pseudo-games that carry no slope.
    const slope = (covariance * n) / (variance * (n + this.priorGames));
    const intercept = meanWeight - slope * meanGap;
    if (!(intercept > 0)) return 0;
    return Math.min(this.maxRatio, Math.max(0, slope / intercept));
  }

  /** The multiplier with the current ratio (read at every call, so it follows the fit). */
  multiplier(): MarginMultiplier {
    return (margin, winnerGap) => corrected(margin, winnerGap, this.gapRatio());
  }
}
