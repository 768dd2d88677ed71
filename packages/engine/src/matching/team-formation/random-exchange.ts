/**
 * Random exchanges, for annealing proposals and for the kicks of perturbed restarts: a random ticket
 * and, mostly, a sort-key neighbour of it in another container (sometimes anyone, so that far
 * exchanges between regions or party structures happen too), both re-split exhaustively.
 */
import type { Random } from '../../random.ts';
import type { ExchangeContext, ExchangeSearch } from './exchanges.ts';
import { INFEASIBLE } from './match-evaluator.ts';
import type { Exchange } from './round-state.ts';

/** Share of proposals whose partner is drawn from the whole pool instead of the key window. */
const FAR_PARTNER_SHARE = 0.1;

export class RandomExchanges {
  private readonly search: ExchangeSearch;
  private readonly context: ExchangeContext;
  private readonly random: Random;
  private readonly byKey: readonly number[];
  private readonly rankOf: Int32Array;
  private readonly windowTickets: number;

  constructor(options: {
    readonly search: ExchangeSearch;
    readonly random: Random;
    /** Tickets ordered by sort key. */
    readonly byKey: readonly number[];
    /** Half-width, in tickets, of the sort-key window partners are drawn from. */
    readonly windowTickets: number;
  }) {
    this.search = options.search;
    this.context = options.search.context;
    this.random = options.random;
    this.byKey = options.byKey;
    this.windowTickets = options.windowTickets;
    this.rankOf = new Int32Array(options.byKey.length);
    options.byKey.forEach((ticket, rank) => {
      this.rankOf[ticket] = rank;
    });
  }

  /** A uniformly random position in sort-key order (the centre of a concentrated kick). */
  randomRank(): number {
    return this.random.int(this.byKey.length);
  }

  /**
   * A random feasible exchange of the current state with its exact delta, or undefined. With
   * `aroundRank`, both tickets come from the key window around that rank (a kick stays local, so
   * the descent after it re-scores few matches).
   */
  propose(aroundRank?: number): Exchange | undefined {
    const { random, byKey, windowTickets, search } = this;
    const { state, sizes, evaluator } = this.context;
    const near = (rank: number) =>
      Math.min(byKey.length - 1, Math.max(0, rank + random.int(2 * windowTickets + 1) - windowTickets));
    const first = byKey[aroundRank === undefined ? random.int(byKey.length) : near(aroundRank)] as number;
    const rank = this.rankOf[first] as number;
    const partnerRank =
      aroundRank === undefined && random.next() < FAR_PARTNER_SHARE ? random.int(byKey.length) : near(rank);
    const second = byKey[partnerRank] as number;
    const from = state.where[first] as number;
    const to = state.where[second] as number;
    if (from === to) return undefined;
    // The larger ticket is the single side; the other side is a unit holding the smaller ticket.
    const [single, other, singleContainer, otherContainer] =
      (sizes[first] as number) >= (sizes[second] as number)
        ? [first, second, from, to]
        : [second, first, to, from];
    const units = (search.unitsOf(otherContainer).bySize[sizes[single] as number] ?? []).filter((unit) =>
      unit.includes(other),
    );
    if (units.length === 0) return undefined;
    const unit = random.pick(units);
    if (!search.allowed(otherContainer, singleContainer, unit, [single])) return undefined;
    const bench = state.bench;
    const otherScore = otherContainer === bench ? 0 : search.scoreWith(otherContainer, unit, [single]);
    if (otherScore === INFEASIBLE) return undefined;
    const singleScore = singleContainer === bench ? 0 : search.scoreWith(singleContainer, [single], unit);
    if (singleScore === INFEASIBLE) return undefined;
    const otherGain =
      otherContainer === bench ? 0 : evaluator.value(otherScore) - (state.value[otherContainer] as number);
    const singleGain =
      singleContainer === bench ? 0 : evaluator.value(singleScore) - (state.value[singleContainer] as number);
    return {
      from: otherContainer,
      to: singleContainer,
      outgoing: unit,
      incoming: [single],
      fromScore: otherScore,
      toScore: singleScore,
      delta: otherGain + singleGain,
    };
  }
}
