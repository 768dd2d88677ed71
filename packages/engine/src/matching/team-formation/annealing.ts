/**
 * Simulated annealing over the same exchanges as the descent (suggested by the Awesomenauts post's
 * readers): a random exchange between a ticket and a sort-key neighbour in another container is
 * proposed, both matches are re-split exhaustively, and the exchange is kept if it improves the
 * objective or, if it worsens it by d, with probability exp(-d / temperature). The temperature falls
 * geometrically with progress (the larger of elapsed/budget and proposals/maxIterations).
 */
import type { Random } from '../../random.ts';
import type { ExchangeContext } from './exchanges.ts';
import { ExchangeSearch } from './exchanges.ts';
import { INFEASIBLE } from './match-evaluator.ts';
import type { Exchange } from './round-state.ts';

/** Samples used to calibrate the start temperature. */
const CALIBRATION_SAMPLES = 200;

/** One annealing run's options. */
export interface AnnealOptions {
  readonly context: ExchangeContext;
  readonly random: Random;
  /** Tickets ordered by sort key (the neighbourhood of proposals). */
  readonly byKey: readonly number[];
  /** Half-width, in tickets, of the sort-key window partners are drawn from. */
  readonly windowTickets: number;
  readonly initialTemperature: number | undefined;
  readonly finalTemperatureRatio: number;
  /** Progress in [0, 1] of this run; the run ends at 1. */
  readonly progress: (proposals: number) => number;
  /** Called before a worsening exchange is applied (the last chance to keep the current state). */
  readonly beforeWorsening: () => void;
  /** Called after an accepted exchange, with the proposals so far. */
  readonly onAccept: (proposals: number) => void;
}

/** Proposes a random exchange of the current state, or undefined when the draw fits nothing. */
function propose(search: ExchangeSearch, options: AnnealOptions, rankOf: Int32Array): Exchange | undefined {
  const { context, random, byKey, windowTickets } = options;
  const { state, sizes } = context;
  const ticket = random.int(byKey.length);
  const first = byKey[ticket] as number;
  const rank = rankOf[first] as number;
  // Mostly a sort-key neighbour, sometimes anyone, so that far exchanges (regions, parties) happen too.
  const partnerRank =
    random.next() < 0.1
      ? random.int(byKey.length)
      : Math.min(byKey.length - 1, Math.max(0, rank + random.int(2 * windowTickets + 1) - windowTickets));
  const second = byKey[partnerRank] as number;
  const from = state.where[first] as number;
  const to = state.where[second] as number;
  if (from === to) return undefined;
  // The larger ticket is the single side; the other side is a unit containing the smaller ticket.
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
  const { evaluator } = context;
  const gain = (container: number, score: number): number =>
    container === bench ? 0 : evaluator.value(score) - (state.value[container] as number);
  return {
    from: otherContainer,
    to: singleContainer,
    outgoing: unit,
    incoming: [single],
    fromScore: otherScore,
    toScore: singleScore,
    delta: gain(otherContainer, otherScore) + gain(singleContainer, singleScore),
  };
}

/** Mean |delta| of random exchanges from the current state: the scale of one move. */
function calibrate(search: ExchangeSearch, options: AnnealOptions, rankOf: Int32Array): number {
  let total = 0;
  let count = 0;
  for (let sample = 0; sample < CALIBRATION_SAMPLES * 5 && count < CALIBRATION_SAMPLES; sample++) {
    const exchange = propose(search, options, rankOf);
    if (exchange === undefined || exchange.delta === 0) continue;
    total += Math.abs(exchange.delta);
    count += 1;
  }
  return count === 0 ? 1e-9 : total / count;
}

/** Runs one annealing schedule on `context.state`; returns the proposals made. */
export function anneal(options: AnnealOptions): number {
  const { context, random, byKey, finalTemperatureRatio, progress, onAccept } = options;
  const { state } = context;
  const rankOf = new Int32Array(byKey.length);
  byKey.forEach((ticket, rank) => {
    rankOf[ticket] = rank;
  });
  // Units are rebuilt per container version; gains are not used (every proposal is fresh).
  const search = new ExchangeSearch(context);
  // At the start temperature a move of average size is accepted with probability 1/3.
  const startTemperature = options.initialTemperature ?? calibrate(search, options, rankOf) / Math.log(3);
  let proposals = 0;
  for (;;) {
    const done = progress(proposals);
    if (done >= 1) break;
    proposals += 1;
    const exchange = propose(search, options, rankOf);
    if (exchange === undefined) continue;
    const temperature = startTemperature * finalTemperatureRatio ** done;
    if (exchange.delta >= 0 || random.next() < Math.exp(exchange.delta / temperature)) {
      if (exchange.delta < 0) options.beforeWorsening();
      state.apply(exchange);
      onAccept(proposals);
    }
  }
  return proposals;
}
