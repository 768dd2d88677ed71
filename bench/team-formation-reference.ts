/**
 * The long reference run of a team-formation benchmark pool: one search with a long budget (10
 * minutes by default) whose best objective is the yardstick of the budget benchmark. Quality only, so
 * it does not need the bench lock (the machine is shared: say so in the results).
 *
 *   node --import tsx bench/team-formation-reference.ts --players 300 --team-size 3 --method annealing --minutes 10
 *
 * Writes bench/results/team-formation-reference/<players>p-<S>v<S>-<method>[-<perturbation>-<improvement>].json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { formMatches, Random } from '@matchd/engine';
import { benchPool } from './team-formation-pool.ts';

const { values } = parseArgs({
  options: {
    players: { type: 'string', default: '300' },
    'team-size': { type: 'string', default: '3' },
    method: { type: 'string', default: 'annealing' },
    minutes: { type: 'string', default: '10' },
    seed: { type: 'string', default: '1' },
    'pool-seed': { type: 'string', default: '1' },
    perturbation: { type: 'string', default: 'kick' },
    improvement: { type: 'string', default: 'first-pair' },
  },
});
const players = Number(values.players);
const teamSize = Number(values['team-size']);
const method = values.method === 'restarts' ? 'restarts' : 'annealing';
const budgetMs = Number(values.minutes) * 60_000;
const pool = benchPool({ players, teamSize, seed: Number(values['pool-seed']) });
const result = formMatches({
  tickets: pool.tickets,
  teamCount: 2,
  teamSize,
  scoreMatch: pool.scoreMatch,
  random: Random.fromSeed(Number(values.seed)),
  clock: () => performance.now(),
  budgetMs,
  method,
  perturbation: values.perturbation === 'fresh-start' ? 'fresh-start' : 'kick',
  improvement: values.improvement === 'best' ? 'best' : 'first-pair',
});
const directory = join(import.meta.dirname, 'results', 'team-formation-reference');
mkdirSync(directory, { recursive: true });
const variant = method === 'restarts' ? `-${values.perturbation}-${values.improvement}` : '';
const file = join(directory, `${players}p-${teamSize}v${teamSize}-${method}${variant}.json`);
const summary = {
  pool: pool.name,
  poolSeed: Number(values['pool-seed']),
  method,
  ...(method === 'restarts' ? { perturbation: values.perturbation, improvement: values.improvement } : {}),
  seed: Number(values.seed),
  budgetMs,
  objective: result.objective,
  restarts: result.restarts,
  steps: result.steps,
  evaluations: result.evaluations,
  elapsedMs: Math.round(result.elapsedMs),
  date: new Date().toISOString(),
  node: process.version,
  // When the best was reached: how much of the long budget the yardstick actually needed.
  bestFoundAtMs: Math.round(result.trace.at(-1)?.elapsedMs ?? 0),
};
writeFileSync(file, `${JSON.stringify(summary, null, 2)}\n`);
console.log(JSON.stringify(summary));
