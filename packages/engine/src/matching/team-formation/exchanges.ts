/**
 * The exchange neighbourhood and the best-improvement descent (Awesomenauts: "we simply try all swaps
 * and then perform the best one", re-splitting both matches exhaustively for each).
 *
 * An exchange moves a unit of tickets from one container to another and a unit of equal player count
 * back, where one of the two units is a single ticket (a duo for two solos, a trio for a duo and a
 * solo, ...): so every match stays full and parties stay whole. The left-out set is a container too.
 *
 * Cost: the delta of an exchange is gain(A, X -> y) + gain(B, y -> X). For a single incoming ticket the
 * gain depends only on the receiving match and the ticket, so it is cached per (match version,
 * ticket) and survives changes elsewhere; after an exchange only the two touched matches are
 * re-scored against their neighbours. The best exchange of each pair of containers is cached by the
 * pair's versions.
 */
import { INFEASIBLE, type MatchEvaluator } from './match-evaluator.ts';
import type { Exchange, RoundState } from './round-state.ts';

/** Above this many left-out tickets, groups from the left-out set are not enumerated (singles are). */
const BENCH_GROUP_LIMIT = 24;

/** Contents remembered per container: enough for the matches a kick touched to come back. */
const VERSIONS_KEPT = 4;

/** The container's cache by content version, dropping the oldest contents beyond VERSIONS_KEPT. */
function recent<T>(caches: Map<number, Map<number, T>>, container: number): Map<number, T> {
  let byVersion = caches.get(container);
  if (byVersion === undefined) {
    byVersion = new Map();
    caches.set(container, byVersion);
  }
  if (byVersion.size > VERSIONS_KEPT) {
    const oldest = byVersion.keys().next().value as number;
    byVersion.delete(oldest);
  }
  return byVersion;
}

/** The best exchange seen so far in a scan. */
interface MutableBest {
  delta: number;
  exchange: Exchange | undefined;
}

/** A container's units (subsets of up to maxGroupSize tickets), by total size. */
interface Units {
  readonly version: number;
  /** bySize[size]: units of that total size; single tickets first. */
  readonly bySize: (readonly number[])[][];
  /** Position of each single ticket in bySize[its size]. */
  readonly singleAt: Map<number, number>;
}

export interface ExchangeContext {
  readonly state: RoundState;
  readonly evaluator: MatchEvaluator;
  readonly sizes: ArrayLike<number>;
  readonly priorities: ArrayLike<number>;
  /** False when every ticket has the same priority (then the left-out set is chosen freely). */
  readonly prioritiesDiffer: boolean;
  readonly maxGroupSize: number;
  readonly teamSize: number;
}

/** Caches of one descent (valid for one RoundState). */
export class ExchangeSearch {
  readonly context: ExchangeContext;
  /** Per container: units by content version (the last few contents are kept, for undone kicks). */
  private readonly units = new Map<number, Map<number, Units>>();
  private readonly gains = new Map<number, Map<number, Map<number, number[]>>>();
  private readonly pairBest = new Map<
    number,
    { versionA: number; versionB: number; best: Exchange | undefined }[]
  >();
  private readonly scratch: number[] = [];
  private readonly incomingUnit: number[] = [0];
  private readonly arrivingOne: number[] = [0];

  constructor(context: ExchangeContext) {
    this.context = context;
  }

  /** The container's units, rebuilt when its members changed. */
  unitsOf(container: number): Units {
    const { state, sizes, maxGroupSize, teamSize } = this.context;
    const version = state.version[container] as number;
    const byVersion = recent(this.units, container);
    const cached = byVersion.get(version);
    if (cached !== undefined) return cached;
    // Canonical order: the same members always give the same unit positions, which the cached gains
    // of this content index into (a content can come back in another order after an undo).
    const members = (state.members[container] as number[]).slice().sort((a, b) => a - b);
    const bySize: (readonly number[])[][] = Array.from({ length: teamSize + 1 }, () => []);
    const singleAt = new Map<number, number>();
    for (const ticket of members) {
      const list = bySize[sizes[ticket] as number] as (readonly number[])[];
      singleAt.set(ticket, list.length);
      list.push([ticket]);
    }
    const groupLimit = container === state.bench && members.length > BENCH_GROUP_LIMIT ? 1 : maxGroupSize;
    const chosen: number[] = [];
    const visit = (start: number, total: number): void => {
      if (chosen.length >= 2) (bySize[total] as (readonly number[])[]).push(chosen.slice());
      if (chosen.length === groupLimit) return;
      for (let k = start; k < members.length; k++) {
        const ticket = members[k] as number;
        const next = total + (sizes[ticket] as number);
        // A group stands in for one ticket, so it is never larger than a team.
        if (next > teamSize) continue;
        chosen.push(ticket);
        visit(k + 1, next);
        chosen.pop();
      }
    };
    visit(0, 0);
    const units: Units = { version, bySize, singleAt };
    byVersion.set(version, units);
    return units;
  }

  /**
   * Value gain of match `container` when ticket `incoming` replaces each of its units of the same size
   * (INFEASIBLE where the parties no longer split); zeros for the bench.
   */
  gainsOf(container: number, incoming: number): readonly number[] {
    const { state, evaluator, sizes } = this.context;
    const version = state.version[container] as number;
    const byVersion = recent(this.gains, container);
    let byTicket = byVersion.get(version);
    if (byTicket === undefined) {
      byTicket = new Map();
      byVersion.set(version, byTicket);
    }
    let gains = byTicket.get(incoming);
    if (gains !== undefined) return gains;
    const units = this.unitsOf(container).bySize[sizes[incoming] as number] as (readonly number[])[];
    // A plain array: small typed arrays cost more to allocate, and kicks make new ones all the time.
    const fresh: number[] = [];
    if (container !== state.bench) {
      const base = state.value[container] as number;
      // Its own one-ticket array: singleInto's is in use while it asks for gains.
      const arriving = this.arrivingOne;
      arriving[0] = incoming;
      for (const unit of units) {
        const score = this.scoreWith(container, unit, arriving);
        fresh.push(score === INFEASIBLE ? INFEASIBLE : evaluator.value(score) - base);
      }
    } else {
      for (let k = 0; k < units.length; k++) fresh.push(0);
    }
    gains = fresh;
    byTicket.set(incoming, gains);
    return gains;
  }

  /** Raw best-split score of `container` with `leaving` replaced by `arriving`. */
  scoreWith(container: number, leaving: readonly number[], arriving: readonly number[]): number {
    const scratch = this.scratch;
    const members = this.context.state.members[container] as number[];
    let length = 0;
    for (const ticket of members) {
      // Units hold at most a few tickets: a linear scan beats a set here.
      let leaves = false;
      for (const out of leaving) if (out === ticket) leaves = true;
      if (!leaves) scratch[length++] = ticket;
    }
    for (const ticket of arriving) scratch[length++] = ticket;
    return this.context.evaluator.best(scratch, length);
  }

  /** Value gain of `container` for the exchange (0 for the bench, INFEASIBLE if it no longer splits). */
  private freshGain(container: number, leaving: readonly number[], arriving: readonly number[]): number {
    const { state, evaluator } = this.context;
    if (container === state.bench) return 0;
    const score = this.scoreWith(container, leaving, arriving);
    if (score === INFEASIBLE) return INFEASIBLE;
    return evaluator.value(score) - (state.value[container] as number);
  }

  /**
   * True when the exchange keeps priorities in force: when they differ, a kept ticket may trade places
   * with a left-out one only one-for-one and at equal priority, so that the multiset of kept (size,
   * priority) never changes and nobody left out outranks a kept ticket of their size.
   */
  allowed(from: number, to: number, outgoing: readonly number[], incoming: readonly number[]): boolean {
    const { state, priorities, prioritiesDiffer } = this.context;
    if (!prioritiesDiffer || (from !== state.bench && to !== state.bench)) return true;
    if (outgoing.length !== 1 || incoming.length !== 1) return false;
    return priorities[outgoing[0] as number] === priorities[incoming[0] as number];
  }

  /** The best exchange between containers a and b (a < b), cached by both contents. */
  bestBetween(a: number, b: number): Exchange | undefined {
    const { state } = this.context;
    const key = a * (state.matchTotal + 1) + b;
    const versionA = state.version[a] as number;
    const versionB = state.version[b] as number;
    let entries = this.pairBest.get(key);
    if (entries === undefined) {
      entries = [];
      this.pairBest.set(key, entries);
    }
    for (const entry of entries) {
      if (entry.versionA === versionA && entry.versionB === versionB) return entry.best;
    }
    const best = this.computeBestBetween(a, b);
    if (entries.length >= VERSIONS_KEPT) entries.shift();
    entries.push({ versionA, versionB, best });
    return best;
  }

  private computeBestBetween(a: number, b: number): Exchange | undefined {
    const best: MutableBest = { delta: Number.NEGATIVE_INFINITY, exchange: undefined };
    this.singleInto(a, b, best);
    this.singleInto(b, a, best);
    return best.exchange;
  }

  /**
   * Every exchange in which a single ticket y of `source` enters `target` for a unit X of `target`
   * (one-for-one, or a group X for y). One-for-one exchanges are seen from both sides; a duplicate
   * changes nothing but time, so only the `target < source` side keeps them. Only an exchange better
   * than `best` is materialised (the scan sees thousands).
   */
  private singleInto(target: number, source: number, best: MutableBest): void {
    const { state, sizes } = this.context;
    const targetUnitsBySize = this.unitsOf(target).bySize;
    const sourceUnits = this.unitsOf(source);
    // One array for every incoming ticket of every scan (the scan sees thousands); an exchange that
    // is kept gets its own.
    const incomingUnit = this.incomingUnit;
    for (const incoming of state.members[source] as number[]) {
      const size = sizes[incoming] as number;
      incomingUnit[0] = incoming;
      const targetUnits = targetUnitsBySize[size] as (readonly number[])[];
      if (targetUnits.length === 0) continue;
      const targetGains = this.gainsOf(target, incoming);
      for (let k = 0; k < targetUnits.length; k++) {
        const targetGain = targetGains[k] as number;
        if (targetGain === INFEASIBLE) continue;
        const unit = targetUnits[k] as readonly number[];
        if (unit.length === 1 && target > source) continue;
        if (!this.allowed(target, source, unit, incomingUnit)) continue;
        let sourceGain: number;
        if (unit.length === 1) {
          const back = this.gainsOf(source, unit[0] as number);
          sourceGain = back[sourceUnits.singleAt.get(incoming) as number] as number;
        } else {
          sourceGain = this.freshGain(source, incomingUnit, unit);
        }
        if (sourceGain === INFEASIBLE || targetGain + sourceGain <= best.delta) continue;
        best.delta = targetGain + sourceGain;
        best.exchange = {
          from: target,
          to: source,
          outgoing: unit,
          incoming: [incoming],
          fromScore: Number.NaN,
          toScore: Number.NaN,
          delta: best.delta,
        };
      }
    }
  }

  /** Fills in the raw scores of an exchange chosen from cached gains (which keep values only). */
  complete(exchange: Exchange): Exchange {
    const { state } = this.context;
    const fromScore =
      exchange.from === state.bench ? 0 : this.scoreWith(exchange.from, exchange.outgoing, exchange.incoming);
    const toScore =
      exchange.to === state.bench ? 0 : this.scoreWith(exchange.to, exchange.incoming, exchange.outgoing);
    return { ...exchange, fromScore, toScore };
  }
}

/** Options of a best-improvement descent. */
export interface DescentOptions {
  readonly search: ExchangeSearch;
  readonly keys: ArrayLike<number>;
  /** Matches on each side (in mean-key order) that a match exchanges with; >= matchTotal means all. */
  readonly neighbourMatches: number;
}

/**
 * Best-improvement descent on one RoundState, keeping its caches between calls (so that a descent
 * after a small perturbation only re-scores what the perturbation touched) and a log of applied
 * exchanges, so that a perturbation that led nowhere can be undone exactly.
 */
export class Descent {
  private readonly options: DescentOptions;
  private readonly state: RoundState;
  /** Applied exchanges with the scores they replaced, newest last, since the last `commit`. */
  private readonly log: { exchange: Exchange; fromScore: number; toScore: number }[] = [];

  constructor(options: DescentOptions) {
    this.options = options;
    this.state = options.search.context.state;
  }

  /** Applies an exchange (scores filled in) and logs it for `undo`. */
  apply(exchange: Exchange): void {
    const { state } = this;
    const scoreOf = (container: number) =>
      container === state.bench ? 0 : (state.score[container] as number);
    this.log.push({ exchange, fromScore: scoreOf(exchange.from), toScore: scoreOf(exchange.to) });
    state.apply(exchange);
  }

  /** Forgets the log: the current state is the new point to return to. */
  commit(): void {
    this.log.length = 0;
  }

  /** Reverts every exchange since the last `commit`, newest first. */
  undo(): void {
    for (let k = this.log.length - 1; k >= 0; k--) {
      const { exchange, fromScore, toScore } = this.log[k] as (typeof this.log)[number];
      this.state.apply({
        from: exchange.from,
        to: exchange.to,
        outgoing: exchange.incoming,
        incoming: exchange.outgoing,
        fromScore,
        toScore,
        delta: -exchange.delta,
      });
    }
    this.log.length = 0;
  }

  /** The pairs of containers that exchange: neighbours in mean-key order, and every match with the bench. */
  private pairs(): number[] {
    const { search, keys, neighbourMatches } = this.options;
    const { state } = this;
    const { sizes } = search.context;
    const matchTotal = state.matchTotal;
    const pairs: number[] = [];
    if (neighbourMatches >= matchTotal - 1) {
      for (let a = 0; a < matchTotal; a++) for (let b = a + 1; b < matchTotal; b++) pairs.push(a, b);
    } else {
      const order = Array.from({ length: matchTotal }, (_, match) => match);
      const meanKeys = order.map((match) => state.meanKey(match, sizes, keys));
      order.sort((x, y) => (meanKeys[x] as number) - (meanKeys[y] as number) || x - y);
      for (let rank = 0; rank < matchTotal; rank++) {
        for (let offset = 1; offset <= neighbourMatches && rank + offset < matchTotal; offset++) {
          const x = order[rank] as number;
          const y = order[rank + offset] as number;
          pairs.push(Math.min(x, y), Math.max(x, y));
        }
      }
    }
    if ((state.members[state.bench] as number[]).length > 0) {
      for (let match = 0; match < matchTotal; match++) pairs.push(match, state.bench);
    }
    return pairs;
  }

  private improves(exchange: Exchange | undefined): exchange is Exchange {
    return exchange !== undefined && exchange.delta > 1e-12 * (1 + Math.abs(this.state.valueSum));
  }

  /**
   * Runs improving exchanges until none is left or `shouldStop`; returns exchanges applied.
   * `best`: each step applies the best exchange of the whole neighbourhood (Awesomenauts).
   * `first-pair`: pairs of matches are visited in turn and each pair's best exchange is applied as
   * soon as it improves: the same local optima certificate at the end, far fewer re-scorings on the way.
   */
  run(shouldStop: () => boolean, onStep: () => void, improvement: 'best' | 'first-pair' = 'best'): number {
    const { search } = this.options;
    let steps = 0;
    if (improvement === 'first-pair') {
      let pairs = this.pairs();
      let sinceImprovement = 0;
      let cursor = 0;
      while (!shouldStop() && sinceImprovement < pairs.length / 2) {
        if (cursor >= pairs.length) {
          pairs = this.pairs();
          cursor = 0;
        }
        const candidate = search.bestBetween(pairs[cursor] as number, pairs[cursor + 1] as number);
        cursor += 2;
        sinceImprovement += 1;
        if (!this.improves(candidate)) continue;
        this.apply(search.complete(candidate));
        steps += 1;
        sinceImprovement = 0;
        onStep();
      }
      return steps;
    }
    while (!shouldStop()) {
      const pairs = this.pairs();
      let best: Exchange | undefined;
      for (let k = 0; k < pairs.length; k += 2) {
        const candidate = search.bestBetween(pairs[k] as number, pairs[k + 1] as number);
        if (candidate !== undefined && (best === undefined || candidate.delta > best.delta)) best = candidate;
      }
      if (!this.improves(best)) break;
      this.apply(search.complete(best));
      steps += 1;
      onStep();
    }
    return steps;
  }
}
