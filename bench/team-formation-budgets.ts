/**
 * Team formation: quality reached against time budget, restarts vs annealing, on seeded synthetic
 * pools (see team-formation-pool.ts), measured against the best objective of the long reference runs
 * (team-formation-reference.ts) and of every run here.
 *
 *   flock /tmp/bench.lock node --import tsx bench/team-formation-budgets.ts --players 300 --team-size 3
 *
 * Options: --budgets 50,100,250,500,1000 --seeds 7 --variants restarts,post,annealing,one-stage --clock cpu|wall
 * --scorer incremental|full (incremental, the default: splits scored through the pool's split scorer,
 * the same score from running team sums; full: every split through scoreMatch from scratch).
 *
 * Prints one Markdown table: per variant and budget, the objective over search seeds (median, worst)
 * and the median gap to the best known objective, with starts/proposals and score evaluations; and
 * beside each, the pool's certified upper bound (team-formation-bound.ts, when it has been run) and
 * the median's proven gap to the optimum (at most objective-to-bound).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type FormationMethod, formMatches, Random } from '@matchd/engine';
import { fillableMatchCount } from '../packages/engine/src/matching/team-formation/packing.ts';
import { benchPool } from './team-formation-pool.ts';
import { relaxationBound } from './team-formation-relaxation.ts';

const { values } = parseArgs({
  options: {
    players: { type: 'string', default: '300' },
    'team-size': { type: 'string', default: '3' },
    budgets: { type: 'string', default: '50,100,250,500,1000' },
    seeds: { type: 'string', default: '7' },
    variants: { type: 'string', default: 'restarts,post,annealing' },
    clock: { type: 'string', default: 'cpu' },
    scorer: { type: 'string', default: 'incremental' },
  },
});
const players = Number(values.players);
const teamSize = Number(values['team-size']);
const budgets = values.budgets.split(',').map(Number);
const seeds = Number(values.seeds);
/**
 * `restarts`: the defaults (kicks of the best round, first-pair improvement); `post`: the Awesomenauts
 * post's procedure as written (fresh perturbed starts, best-improvement); `annealing`.
 */
const VARIANTS = {
  restarts: { method: 'restarts' },
  post: { method: 'restarts', perturbation: 'fresh-start', improvement: 'best' },
  annealing: { method: 'annealing' },
  /** The defaults before the wider second stage (every descent in `neighbourMatches`), for comparison. */
  'one-stage': { method: 'restarts', widerNeighbourMatches: 1 },
} as const satisfies Record<
  string,
  { method: FormationMethod; perturbation?: string; improvement?: string; widerNeighbourMatches?: number }
>;
type Variant = keyof typeof VARIANTS;
const variants = values.variants.split(',') as Variant[];
if (values.scorer !== 'incremental' && values.scorer !== 'full')
  throw new Error('--scorer: incremental or full');
const incremental = values.scorer === 'incremental';
const pool = benchPool({ players, teamSize, seed: 1 });
/**
 * `cpu`: the process's CPU time (user + system), so that a budget means the same work on a shared,
 * loaded machine (the search is single-threaded; GC threads count too); `wall`: performance.now().
 */
const clock =
  values.clock === 'wall'
    ? () => performance.now()
    : () => {
        const { user, system } = process.cpuUsage();
        return (user + system) / 1000;
      };

/** The best objective of the reference runs for this pool, if any were made. */
function referenceBest(): { objective: number; sources: string[] } {
  const directory = join(import.meta.dirname, 'results', 'team-formation-reference');
  let objective = Number.NEGATIVE_INFINITY;
  const sources: string[] = [];
  if (!existsSync(directory)) return { objective, sources };
  for (const file of readdirSync(directory)) {
    if (!file.startsWith(`${players}p-${teamSize}v${teamSize}-`)) continue;
    const summary = JSON.parse(readFileSync(join(directory, file), 'utf8')) as {
      objective: number;
      budgetMs: number;
      method: string;
      perturbation?: string;
      improvement?: string;
    };
    sources.push(
      `${[summary.method, summary.perturbation, summary.improvement].filter(Boolean).join(' ')} ${Math.round(summary.budgetMs / 60_000)} min: ${summary.objective.toFixed(5)}`,
    );
    objective = Math.max(objective, summary.objective);
  }
  return { objective, sources };
}

/** The pool's certified upper bound, if team-formation-bound.ts was run for it. */
function certifiedBound(): { upperBound: number; rounds: number } | undefined {
  const file = join(
    import.meta.dirname,
    'results',
    'team-formation-bound',
    `${players}p-${teamSize}v${teamSize}.json`,
  );
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as { upperBound: number; rounds: number };
}

interface Row {
  variant: Variant;
  budgetMs: number;
  objectives: number[];
  restarts: number[];
  steps: number[];
  evaluations: number[];
  elapsedMs: number[];
  wallMs: number[];
}

// Warm-up: one untimed search on another pool of the same shape, so that the timed budgets measure
// the search, not V8's first compilations (a live matchmaker runs warm).
const warmPool = benchPool({ players, teamSize, seed: 2 });
for (const variant of variants) {
  formMatches({
    tickets: warmPool.tickets,
    teamCount: 2,
    teamSize,
    scoreMatch: warmPool.scoreMatch,
    ...(incremental ? { splitScorer: warmPool.createSplitScorer() } : {}),
    random: Random.fromSeed(99),
    clock,
    budgetMs: 500,
    ...VARIANTS[variant],
  });
}

const loadAtStart = loadavg();
const rows: Row[] = [];
let bestSeen = Number.NEGATIVE_INFINITY;
for (const variant of variants) {
  for (const budgetMs of budgets) {
    const row: Row = {
      variant,
      budgetMs,
      objectives: [],
      restarts: [],
      steps: [],
      evaluations: [],
      elapsedMs: [],
      wallMs: [],
    };
    for (let seed = 1; seed <= seeds; seed++) {
      const wallStart = performance.now();
      const result = formMatches({
        tickets: pool.tickets,
        teamCount: 2,
        teamSize,
        scoreMatch: pool.scoreMatch,
        ...(incremental ? { splitScorer: pool.createSplitScorer() } : {}),
        random: Random.fromSeed(seed),
        clock,
        budgetMs,
        ...VARIANTS[variant],
      });
      row.objectives.push(result.objective);
      row.restarts.push(result.restarts);
      row.steps.push(result.steps);
      row.evaluations.push(result.evaluations);
      row.elapsedMs.push(result.elapsedMs);
      row.wallMs.push(performance.now() - wallStart);
      bestSeen = Math.max(bestSeen, result.objective);
    }
    rows.push(row);
  }
}

const median = (list: number[]) => {
  const sorted = list.slice().sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] as number;
};
const reference = referenceBest();
const best = Math.max(reference.objective, bestSeen);
/**
 * The bench score is a weighted mean of parts in [0, 1], so 1 bounds every round too: a computed bound
 * above it (a pricing search cut short) is replaced by 1.
 */
const computedBound = certifiedBound();
/**
 * The per-player relaxation (team-formation-relaxation.ts) needs no search, so it is computed here for
 * every pool; the least of the certified bounds is printed.
 */
const matchTotal = fillableMatchCount(
  pool.tickets.map((ticket) => ticket.size),
  2,
  teamSize,
);
const relaxation = relaxationBound(pool.structure, matchTotal).upperBound;
const lpBound = computedBound === undefined ? Number.POSITIVE_INFINITY : computedBound.upperBound;
const bound = {
  upperBound: Math.min(1, lpBound, relaxation),
  source:
    lpBound <= relaxation
      ? `the set-partitioning LP by column generation, bench/results/team-formation-bound/, ${computedBound?.rounds} rounds`
      : `the per-player relaxation, bench/team-formation-relaxation.ts${computedBound === undefined ? '' : `; the column generation's ${lpBound.toFixed(5)} is above it`}`,
};
console.log(
  `### ${pool.name} (${pool.tickets.length} tickets), ${seeds} search seeds per line, budgets in ${values.clock === 'wall' ? 'wall-clock' : 'process CPU'} ms, ${incremental ? 'incremental split scorer' : 'full scoreMatch per split'}`,
);
console.log('');
console.log(
  `Best known objective: ${best.toFixed(5)} (reference runs: ${reference.sources.join('; ') || 'none'}; best of this run: ${bestSeen.toFixed(5)})`,
);
console.log('');
console.log(
  `Certified upper bound: ${bound.upperBound.toFixed(5)} (${bound.source}): no round of this pool scores more; the best known is within ${((100 * (bound.upperBound - best)) / bound.upperBound).toFixed(2)}% of it.`,
);
console.log('');
console.log(
  '| variant | budget ms | used ms (median) | wall ms (median) | objective median | objective worst | gap to best known (median) | certified bound | proven gap to optimum, at most (median) | starts / proposals (median) | score evaluations (median) |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const row of rows) {
  const objective = median(row.objectives);
  const gapPercent = (100 * (best - objective)) / Math.abs(best);
  const work =
    row.variant === 'annealing'
      ? `${median(row.steps)} proposals`
      : `${median(row.restarts)} starts, ${median(row.steps)} exchanges`;
  const boundCells = `${bound.upperBound.toFixed(5)} | ${((100 * (bound.upperBound - objective)) / bound.upperBound).toFixed(2)}%`;
  console.log(
    `| ${row.variant} | ${row.budgetMs} | ${median(row.elapsedMs).toFixed(0)} | ${median(row.wallMs).toFixed(0)} | ${objective.toFixed(5)} | ${Math.min(...row.objectives).toFixed(5)} | ${gapPercent.toFixed(2)}% | ${boundCells} | ${work} | ${median(row.evaluations)} |`,
  );
}
const loads = (list: number[]) => list.map((load) => load.toFixed(2)).join(', ');
console.log('');
console.log(`Load average at start: ${loads(loadAtStart)}; at the end: ${loads(loadavg())}.`);
