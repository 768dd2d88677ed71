/**
 * Scores of probabilistic predictions of two-team matches: p = P(team 0 wins), y = 1 (team 0 won),
 * 0.5 (draw) or 0 (lost).
 * - log-loss: -(y ln p + (1 - y) ln(1 - p)), natural log, p clamped to [1e-15, 1 - 1e-15];
 * - Brier: (p - y)^2;
 * - accuracy: over decided matches, 1 when the favourite won, 1/2 when p = 1/2 exactly (a coin
 *   flip; draws are left out);
 * - calibration by decile (EOMM's Figure 2): every match counts from both sides, (p, y) and
 *   (1 - p, 1 - y), so the table does not depend on which team a file lists first (in the ATP
 *   files team 0 is always the winner).
 */

/** The three scores over a set of matches. */
export interface ScoreSummary {
  readonly matches: number;
  readonly logLoss: number;
  readonly brier: number;
  readonly accuracy: number;
}

/** One decile of the calibration table. */
export interface CalibrationRow {
  /** The bin's lower edge (0, 0.1, ..., 0.9). */
  readonly from: number;
  readonly to: number;
  readonly count: number;
  /** Mean predicted win probability in the bin (NaN when empty). */
  readonly predicted: number;
  /** Observed win rate (draws count 1/2) in the bin (NaN when empty). */
  readonly observed: number;
}

const CLAMP = 1e-15;

/** Accumulates scores and the calibration table. */
export class ScoreAccumulator {
  private count = 0;
  private logLossSum = 0;
  private brierSum = 0;
  private decided = 0;
  private correct = 0;
  private readonly binCount = new Float64Array(10);
  private readonly binPredicted = new Float64Array(10);
  private readonly binObserved = new Float64Array(10);

  /** Adds one match. */
  add(p: number, y: number): void {
    const clamped = Math.min(1 - CLAMP, Math.max(CLAMP, p));
    this.count++;
    this.logLossSum -= y * Math.log(clamped) + (1 - y) * Math.log(1 - clamped);
    this.brierSum += (p - y) * (p - y);
    if (y !== 0.5) {
      this.decided++;
      if (p === 0.5) this.correct += 0.5;
      else if (p > 0.5 === (y === 1)) this.correct += 1;
    }
    this.addBin(p, y);
    this.addBin(1 - p, 1 - y);
  }

  private addBin(p: number, y: number): void {
    const bin = Math.min(9, Math.max(0, Math.floor(p * 10)));
    this.binCount[bin] = (this.binCount[bin] as number) + 1;
    this.binPredicted[bin] = (this.binPredicted[bin] as number) + p;
    this.binObserved[bin] = (this.binObserved[bin] as number) + y;
  }

  /** The scores so far (NaN for empty sets). */
  summary(): ScoreSummary {
    return {
      matches: this.count,
      logLoss: this.logLossSum / this.count,
      brier: this.brierSum / this.count,
      accuracy: this.correct / this.decided,
    };
  }

  /** The calibration table by decile of predicted probability. */
  calibration(): CalibrationRow[] {
    return Array.from({ length: 10 }, (_, bin) => {
      const count = this.binCount[bin] as number;
      return {
        from: bin / 10,
        to: (bin + 1) / 10,
        count,
        predicted: (this.binPredicted[bin] as number) / count,
        observed: (this.binObserved[bin] as number) / count,
      };
    });
  }

  /** The running mean log-loss (cheap; used while tuning). */
  meanLogLoss(): number {
    return this.logLossSum / this.count;
  }
}
