/**
 * The LP relaxation of choosing matches from a pool of candidate matches (columns): maximise
 * sum v_m x_m subject to sum_{m holds t} x_m <= 1 for every ticket t, sum x_m <= M, x >= 0. Its duals
 * (one price per ticket, one for the match count) are the prices of formation-bound.ts.
 *
 * A revised primal simplex with an explicit basis inverse (the LP has one row per ticket: a few
 * hundred), warm across added columns, so that column generation re-solves from the last basis.
 * Set-packing LPs are very degenerate: after a run of degenerate pivots it switches to Bland's rule,
 * which cannot cycle, until the objective moves again. The inverse is recomputed from the basis every
 * REINVERT_EVERY pivots to keep rounding errors from piling up.
 */

const EPSILON = 1e-9;
/** Smallest pivot element accepted: smaller ones would blow the inverse up. */
const PIVOT_TOLERANCE = 1e-7;
const REINVERT_EVERY = 200;
const DEGENERATE_BEFORE_BLAND = 30;

export interface SetPackingSolution {
  /** The LP optimum over the pool. */
  readonly value: number;
  /** Dual price of each ticket's row (>= 0). */
  readonly prices: Float64Array;
  /** Dual price of the match-count row (>= 0). */
  readonly matchPrice: number;
  readonly pivots: number;
}

export class SetPackingLp {
  private readonly rows: number;
  private readonly tickets: number;
  /** Columns: members (rows) and values; slack of row i is column -(i + 1). */
  private readonly members: Int32Array[] = [];
  private readonly values: number[] = [];
  /** basis[i]: the column basic in row i (>= 0 structural, < 0 slack). */
  private readonly basis: Int32Array;
  private readonly inverse: Float64Array;
  private readonly basic: Float64Array;
  private readonly rhs: Float64Array;
  private pivotsSinceInversion = 0;

  constructor(tickets: number, matchTotal: number) {
    this.tickets = tickets;
    this.rows = tickets + 1;
    const rows = this.rows;
    this.basis = Int32Array.from({ length: rows }, (_, row) => -(row + 1));
    this.inverse = new Float64Array(rows * rows);
    for (let row = 0; row < rows; row++) this.inverse[row * rows + row] = 1;
    this.rhs = new Float64Array(rows).fill(1);
    this.rhs[tickets] = matchTotal;
    this.basic = Float64Array.from(this.rhs);
  }

  get columnCount(): number {
    return this.members.length;
  }

  /** Adds a candidate match (its ticket rows and value); nonbasic at 0. */
  addColumn(members: ArrayLike<number>, value: number): void {
    this.members.push(Int32Array.from(members));
    this.values.push(value);
  }

  /** Solves from the current basis and returns the optimum with its duals. */
  solve(maxPivots = 1_000_000): SetPackingSolution {
    const { rows } = this;
    const prices = new Float64Array(rows);
    const direction = new Float64Array(rows);
    let pivots = 0;
    let degenerate = 0;
    for (; pivots < maxPivots; pivots++) {
      this.duals(prices);
      const bland = degenerate >= DEGENERATE_BEFORE_BLAND;
      const entering = this.entering(prices, bland);
      if (entering === undefined) break;
      this.column(entering, direction);
      // Ratio test; ties to the smallest basic column under Bland's rule.
      let leaving = -1;
      let ratio = Number.POSITIVE_INFINITY;
      for (let row = 0; row < rows; row++) {
        const step = direction[row] as number;
        if (step <= PIVOT_TOLERANCE) continue;
        const candidate = Math.max(0, this.basic[row] as number) / step;
        if (
          candidate < ratio - EPSILON ||
          (candidate <= ratio + EPSILON &&
            leaving >= 0 &&
            this.blandIndex(this.basis[row] as number) < this.blandIndex(this.basis[leaving] as number))
        ) {
          ratio = candidate;
          leaving = row;
        }
      }
      // Every column has a positive entry in the match-count row, so the LP is bounded.
      if (leaving < 0) throw new Error('set-packing LP: unbounded direction');
      degenerate = ratio <= EPSILON ? degenerate + 1 : 0;
      this.pivot(entering, leaving, direction);
    }
    this.duals(prices);
    let value = 0;
    for (let row = 0; row < rows; row++) {
      const column = this.basis[row] as number;
      if (column >= 0) value += (this.values[column] as number) * (this.basic[row] as number);
    }
    const ticketPrices = new Float64Array(this.tickets);
    for (let ticket = 0; ticket < this.tickets; ticket++)
      ticketPrices[ticket] = Math.max(0, prices[ticket] as number);
    return { value, prices: ticketPrices, matchPrice: Math.max(0, prices[this.tickets] as number), pivots };
  }

  /** y = c_B B^-1. */
  private duals(out: Float64Array): void {
    const { rows, inverse } = this;
    out.fill(0);
    for (let row = 0; row < rows; row++) {
      const column = this.basis[row] as number;
      if (column < 0) continue;
      const cost = this.values[column] as number;
      if (cost === 0) continue;
      const offset = row * rows;
      for (let k = 0; k < rows; k++) out[k] = (out[k] as number) + cost * (inverse[offset + k] as number);
    }
  }

  /** A column with positive reduced cost (the largest, or the first under Bland), or undefined. */
  private entering(prices: Float64Array, bland: boolean): number | undefined {
    const matchRow = this.tickets;
    let best: number | undefined;
    let bestReduced = EPSILON;
    // Slack columns: reduced cost -y_row.
    for (let row = 0; row < this.rows; row++) {
      const reduced = -(prices[row] as number);
      if (reduced > bestReduced && !this.isBasic(-(row + 1))) {
        if (bland) return -(row + 1);
        best = -(row + 1);
        bestReduced = reduced;
      }
    }
    for (let column = 0; column < this.members.length; column++) {
      let reduced = (this.values[column] as number) - (prices[matchRow] as number);
      for (const ticket of this.members[column] as Int32Array) reduced -= prices[ticket] as number;
      if (reduced > bestReduced) {
        if (this.isBasic(column)) continue;
        if (bland) return column;
        best = column;
        bestReduced = reduced;
      }
    }
    return best;
  }

  /** One order over all columns for Bland's rule: slacks by row, then the candidate matches. */
  private blandIndex(column: number): number {
    return column < 0 ? -column - 1 : this.rows + column;
  }

  private isBasic(column: number): boolean {
    return this.basis.includes(column);
  }

  /** d = B^-1 a_column. */
  private column(column: number, out: Float64Array): void {
    const { rows, inverse } = this;
    out.fill(0);
    if (column < 0) {
      const k = -column - 1;
      for (let row = 0; row < rows; row++) out[row] = inverse[row * rows + k] as number;
      return;
    }
    const matchRow = this.tickets;
    const members = this.members[column] as Int32Array;
    for (let row = 0; row < rows; row++) {
      const offset = row * rows;
      let sum = inverse[offset + matchRow] as number;
      for (const ticket of members) sum += inverse[offset + ticket] as number;
      out[row] = sum;
    }
  }

  private pivot(entering: number, leaving: number, direction: Float64Array): void {
    const { rows, inverse, basic } = this;
    const pivotValue = direction[leaving] as number;
    const leavingOffset = leaving * rows;
    for (let k = 0; k < rows; k++)
      inverse[leavingOffset + k] = (inverse[leavingOffset + k] as number) / pivotValue;
    const theta = (basic[leaving] as number) / pivotValue;
    for (let row = 0; row < rows; row++) {
      if (row === leaving) continue;
      const factor = direction[row] as number;
      if (factor === 0) continue;
      const offset = row * rows;
      for (let k = 0; k < rows; k++) {
        inverse[offset + k] =
          (inverse[offset + k] as number) - factor * (inverse[leavingOffset + k] as number);
      }
      basic[row] = (basic[row] as number) - factor * theta;
    }
    basic[leaving] = theta;
    this.basis[leaving] = entering;
    if (++this.pivotsSinceInversion >= REINVERT_EVERY) this.reinvert();
  }

  /** Recomputes B^-1 and the basic values from the basis (Gauss-Jordan with partial pivoting). */
  private reinvert(): void {
    const { rows } = this;
    this.pivotsSinceInversion = 0;
    // B's columns, row-major: matrix[r * rows + c] = entry of basic column c in row r.
    const matrix = new Float64Array(rows * rows);
    for (let position = 0; position < rows; position++) {
      const column = this.basis[position] as number;
      if (column < 0) matrix[(-column - 1) * rows + position] = 1;
      else {
        matrix[this.tickets * rows + position] = 1;
        for (const ticket of this.members[column] as Int32Array) matrix[ticket * rows + position] = 1;
      }
    }
    // Solve B X = I: X = B^-1, whose row `position` belongs to the basic column at `position`.
    const inverse = new Float64Array(rows * rows);
    for (let row = 0; row < rows; row++) inverse[row * rows + row] = 1;
    for (let pivotColumn = 0; pivotColumn < rows; pivotColumn++) {
      let pivotRow = pivotColumn;
      for (let row = pivotColumn + 1; row < rows; row++) {
        if (
          Math.abs(matrix[row * rows + pivotColumn] as number) >
          Math.abs(matrix[pivotRow * rows + pivotColumn] as number)
        )
          pivotRow = row;
      }
      if (pivotRow !== pivotColumn) {
        for (let k = 0; k < rows; k++) {
          const a = pivotRow * rows + k;
          const b = pivotColumn * rows + k;
          [matrix[a], matrix[b]] = [matrix[b] as number, matrix[a] as number];
          [inverse[a], inverse[b]] = [inverse[b] as number, inverse[a] as number];
        }
      }
      const scale = matrix[pivotColumn * rows + pivotColumn] as number;
      for (let k = 0; k < rows; k++) {
        matrix[pivotColumn * rows + k] = (matrix[pivotColumn * rows + k] as number) / scale;
        inverse[pivotColumn * rows + k] = (inverse[pivotColumn * rows + k] as number) / scale;
      }
      for (let row = 0; row < rows; row++) {
        if (row === pivotColumn) continue;
        const factor = matrix[row * rows + pivotColumn] as number;
        if (factor === 0) continue;
        for (let k = 0; k < rows; k++) {
          matrix[row * rows + k] =
            (matrix[row * rows + k] as number) - factor * (matrix[pivotColumn * rows + k] as number);
          inverse[row * rows + k] =
            (inverse[row * rows + k] as number) - factor * (inverse[pivotColumn * rows + k] as number);
        }
      }
    }
    this.inverse.set(inverse);
    for (let row = 0; row < rows; row++) {
      let sum = 0;
      for (let k = 0; k < rows; k++) sum += (inverse[row * rows + k] as number) * (this.rhs[k] as number);
      this.basic[row] = sum;
    }
  }
}
