/**
 * Simulated annealing over the same exchanges as the descent (suggested by the Awesomenauts post's
 * readers): a random exchange between a ticket and a sort-key neighbour in another container is
 * proposed, both matches are re-split exhaustively, and the exchange is kept if it improves the
 * objective or, if it worsens it by d, with probability exp(-d / temperature). The temperature falls
 * geometrically with progress (the larger of elapsed/budget and proposals/maxIterations).
 */
import type { Random } from '../../random.ts';
import { type ExchangeContext, ExchangeSearch } from './exchanges.ts';
import { RandomExchanges } from './random-exchange.ts';

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

/** Mean |delta| of random exchanges from the current state: the scale of one move. */
function calibrate(proposals: RandomExchanges): number {
  let total = 0;
  let count = 0;
  for (let sample = 0; sample < CALIBRATION_SAMPLES * 5 && count < CALIBRATION_SAMPLES; sample++) {
    const exchange = proposals.propose();
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
  // Units are rebuilt per container version; gains are not used (every proposal is fresh).
  const moves = new RandomExchanges({
    search: new ExchangeSearch(context),
    random,
    byKey,
    windowTickets: options.windowTickets,
  });
  // At the start temperature a move of average size is accepted with probability 1/3.
  const startTemperature = options.initialTemperature ?? calibrate(moves) / Math.log(3);
  let proposals = 0;
  for (;;) {
    const done = progress(proposals);
    if (done >= 1) break;
    proposals += 1;
    const exchange = moves.propose();
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
