/**
 * One candidate round: matches 0 .. matchTotal-1 plus the left-out set (the "bench", container
 * `matchTotal`), with each match's best-split score kept current as tickets are exchanged.
 */
import type { MatchEvaluator } from './match-evaluator.ts';

/** An exchange of `outgoing` (in container `from`) against `incoming` (in container `to`). */
export interface Exchange {
  readonly from: number;
  readonly to: number;
  readonly outgoing: readonly number[];
  readonly incoming: readonly number[];
  /** Raw best-split scores of the two containers after the exchange (ignored for the bench). */
  readonly fromScore: number;
  readonly toScore: number;
  /** Change of the sum of match values (the objective times matchTotal). */
  readonly delta: number;
}

/** splitmix32's output function: a well-mixed 32-bit word per input, the same in every run. */
function mix(input: number): number {
  let z = Math.imul(input, 0x9e3779b9) >>> 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) | 0;
}

export class RoundState {
  readonly matchTotal: number;
  /** Container index of the left-out set. */
  readonly bench: number;
  readonly members: number[][];
  /** Container of each ticket. */
  readonly where: Int32Array;
  readonly score: Float64Array;
  readonly value: Float64Array;
  /**
   * A hash of each container's member set (Zobrist: XOR of per-ticket random words, 53 bits), so
   * that caches keyed on it stay valid while the members do, and become valid again when an undo
   * brings the same members back.
   */
  readonly version: Float64Array;
  private readonly hashHigh: Int32Array;
  private readonly hashLow: Int32Array;
  valueSum = 0;
  private readonly evaluator: MatchEvaluator;

  constructor(options: {
    readonly matches: readonly (readonly number[])[];
    readonly leftOut: readonly number[];
    readonly ticketTotal: number;
    readonly evaluator: MatchEvaluator;
  }) {
    const { matches, leftOut, ticketTotal, evaluator } = options;
    this.evaluator = evaluator;
    this.matchTotal = matches.length;
    this.bench = matches.length;
    this.members = [...matches.map((match) => match.slice()), leftOut.slice()];
    this.where = new Int32Array(ticketTotal).fill(-1);
    this.members.forEach((list, container) => {
      for (const ticket of list) this.where[ticket] = container;
    });
    this.score = new Float64Array(this.matchTotal);
    this.value = new Float64Array(this.matchTotal);
    this.version = new Float64Array(this.matchTotal + 1);
    this.hashHigh = new Int32Array(this.matchTotal + 1);
    this.hashLow = new Int32Array(this.matchTotal + 1);
    this.members.forEach((list, container) => {
      for (const ticket of list) this.toggle(container, ticket);
    });
    for (let match = 0; match < this.matchTotal; match++) {
      const list = this.members[match] as number[];
      const score = evaluator.best(list, list.length);
      if (score === Number.NEGATIVE_INFINITY) throw new Error('RoundState: a start match cannot be split');
      this.score[match] = score;
      this.value[match] = evaluator.value(score);
      this.valueSum += this.value[match] as number;
    }
  }

  /** The round's objective: the mean of the match values. */
  objective(): number {
    return this.matchTotal === 0 ? 0 : this.valueSum / this.matchTotal;
  }

  /** Mean sort key of a match, weighted by players. */
  meanKey(match: number, sizes: ArrayLike<number>, keys: ArrayLike<number>): number {
    let weighted = 0;
    let players = 0;
    for (const ticket of this.members[match] as number[]) {
      const size = sizes[ticket] as number;
      weighted += size * (keys[ticket] as number);
      players += size;
    }
    return players === 0 ? 0 : weighted / players;
  }

  /** Applies an exchange whose scores were computed on the current state. */
  apply(exchange: Exchange): void {
    const { from, to, outgoing, incoming } = exchange;
    this.replace(from, outgoing, incoming);
    this.replace(to, incoming, outgoing);
    this.setScore(from, exchange.fromScore);
    this.setScore(to, exchange.toScore);
  }

  /** A copy of the matches and the bench, to restore or report the best round. */
  snapshot(): number[][] {
    return this.members.map((list) => list.slice());
  }

  private replace(container: number, leaving: readonly number[], arriving: readonly number[]): void {
    const list = (this.members[container] as number[]).filter((ticket) => !leaving.includes(ticket));
    for (const ticket of leaving) this.toggle(container, ticket);
    for (const ticket of arriving) {
      list.push(ticket);
      this.where[ticket] = container;
      this.toggle(container, ticket);
    }
    this.members[container] = list;
  }

  /** Adds or removes a ticket in the container's hash. */
  private toggle(container: number, ticket: number): void {
    this.hashHigh[container] = (this.hashHigh[container] as number) ^ mix(ticket * 2 + 1);
    this.hashLow[container] = (this.hashLow[container] as number) ^ mix(ticket * 2 + 2);
    this.version[container] =
      ((this.hashHigh[container] as number) >>> 0) * 2 ** 21 + ((this.hashLow[container] as number) >>> 11);
  }

  private setScore(container: number, score: number): void {
    if (container === this.bench) return;
    const value = this.evaluator.value(score);
    this.valueSum += value - (this.value[container] as number);
    this.score[container] = score;
    this.value[container] = value;
  }
}
