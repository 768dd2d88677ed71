/**
 * The certified upper bound of a team-formation bench pool (formationBound: the set-partitioning LP's
 * dual, by column generation, with the pool's structured pricing search, team-formation-pricing.ts).
 * No round of the pool can score above it, so `bound - objective` is a proven gap to the optimum.
 * The budget benchmark prints it beside each result.
 *
 *   flock /tmp/bench.lock node --import tsx bench/team-formation-bound.ts --players 300 --team-size 3 --rounds 150
 *
 * Writes bench/results/team-formation-bound/<players>p-<S>v<S>.json (and prints each round: the
 * bound so far, the LP over the pool, nodes of the pricing search, CPU seconds).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { formMatches, Random } from '@matchd/engine';
import { formationBound } from '../packages/engine/src/matching/team-formation/formation-bound.ts';
import { benchPool } from './team-formation-pool.ts';
import { structuredPricing } from './team-formation-pricing.ts';

const { values } = parseArgs({
  options: {
    players: { type: 'string', default: '300' },
    'team-size': { type: 'string', default: '3' },
    rounds: { type: 'string', default: '150' },
    'max-nodes': { type: 'string', default: '5000000' },
    'max-nodes-per-anchor': { type: 'string', default: 'Infinity' },
    explore: { type: 'boolean', default: false },
    /** Nodes of one last, longer search at the best prices (0: none). */
    'certify-nodes': { type: 'string', default: '0' },
    'start-ms': { type: 'string', default: '2000' },
  },
});
const players = Number(values.players);
const teamSize = Number(values['team-size']);
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const pool = benchPool({ players, teamSize, seed: 1 });
const started = cpuMs();
// A good round to start the prices from (any round would do; a good one converges sooner).
const start = formMatches({
  tickets: pool.tickets,
  teamCount: 2,
  teamSize,
  scoreMatch: pool.scoreMatch,
  random: Random.fromSeed(1),
  clock: cpuMs,
  budgetMs: Number(values['start-ms']),
});
const bound = formationBound({
  tickets: pool.tickets,
  teamCount: 2,
  teamSize,
  scoreMatch: pool.scoreMatch,
  pricing: structuredPricing(pool.structure, {
    maxNodes: Number(values['max-nodes']),
    maxNodesPerAnchor: Number(values['max-nodes-per-anchor']),
    explore: values.explore,
  }),
  matches: start.matches.map((match) => match.teams.flat()),
  pricingRounds: Number(values.rounds),
  onRound: (round) =>
    console.log(
      `round ${round.round}: bound ${round.upperBound.toFixed(5)}, LP over the pool ${round.poolBound.toFixed(5)}, ` +
        `${round.columns} columns, ${round.nodes} nodes${round.complete ? '' : ' (cut short)'}, ${((cpuMs() - started) / 1000).toFixed(0)} s CPU`,
    ),
});
// One last search at the best prices with a larger budget: a certified bound of its own.
let certified = bound.upperBound;
let certifySearch: { mu: number; nodes: number; complete: boolean; upperBound: number } | undefined;
const certifyNodes = Number(values['certify-nodes']);
if (certifyNodes > 0) {
  const found = structuredPricing(pool.structure, { maxNodes: certifyNodes })(bound.prices, 0);
  let priceSum = 0;
  for (const price of bound.prices) priceSum += price;
  const upperBound = (priceSum + bound.matchTotal * Math.max(0, found.mu)) / bound.matchTotal;
  certifySearch = { mu: found.mu, nodes: found.nodes, complete: found.complete, upperBound };
  certified = Math.min(certified, upperBound);
  console.log(
    `last search: mu ${found.mu.toFixed(5)}, ${found.nodes} nodes${found.complete ? '' : ' (cut short)'}, bound ${upperBound.toFixed(5)}`,
  );
}
const directory = join(import.meta.dirname, 'results', 'team-formation-bound');
mkdirSync(directory, { recursive: true });
const last = bound.rounds.at(-1);
const summary = {
  pool: pool.name,
  poolSeed: 1,
  command: `node --import tsx bench/team-formation-bound.ts ${process.argv.slice(2).join(' ')}`.trim(),
  upperBound: certified,
  columnGenerationBound: bound.upperBound,
  certifySearch,
  lpOverPool: last?.poolBound,
  startObjective: start.objective,
  rounds: bound.rounds.length,
  columns: last?.columns,
  everySearchComplete: bound.rounds.every((round) => round.complete),
  // The last search was complete and found nothing above the LP over the pool: the bound is the LP
  // relaxation's optimum over every possible match, not only a bound on it.
  lpOptimumProven: last?.complete === true && Math.abs(bound.upperBound - (last.poolBound ?? 0)) <= 1e-9,
  cpuSeconds: Math.round((cpuMs() - started) / 1000),
  date: new Date().toISOString(),
  node: process.version,
};
writeFileSync(
  join(directory, `${players}p-${teamSize}v${teamSize}.json`),
  `${JSON.stringify(summary, null, 2)}\n`,
);
console.log(JSON.stringify(summary));
