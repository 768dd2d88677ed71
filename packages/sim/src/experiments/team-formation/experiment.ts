/**
 * `sim team-formation`: the Awesomenauts matchmaker (2018 post) forms a round's 3v3 matches by
 * local search with restarts; its readers suggested forcing swaps when stuck, or simulated
 * annealing. Here E's `formMatches` runs all three on the same pools, scored by F's match scorer
 * with the Awesomenauts criteria (team skill gap, player skill gap, premades), under equal budgets
 * counted in match evaluations (an injected clock that ticks once per scoreMatch call, so the
 * comparison is deterministic and independent of machine load).
 *
 * restarts = method 'restarts' with 'fresh-start' perturbation (the post's "semi-randomly generate a
 * completely new match-up"); forced swaps = 'restarts' with 'kick' (random exchanges from the best
 * round, then descent); annealing = method 'annealing'.
 */
import {
  type CandidateMatch,
  type CriterionConfig,
  createElo,
  createMatchScorer,
  type EloRating,
  type FormationTicket,
  type FormMatchesOptions,
  formMatches,
  Random,
  type ScoredTicket,
  scoreTicket,
} from '@matchd/engine';
import { type Experiment, intFlag, intListFlag } from '../../experiment.ts';
import { lineChart } from '../../report/svg-chart.ts';
import { mean } from '../../stats/summary.ts';

export const FORMATION_STRATEGIES = ['restarts', 'forced-swaps', 'annealing'] as const;
export type FormationStrategy = (typeof FORMATION_STRATEGIES)[number];

const AWESOMENAUTS_CRITERIA: readonly CriterionConfig[] = [
  { kind: 'team-skill-gap', weight: 3 },
  { kind: 'player-skill-gap', weight: 2 },
  { kind: 'premades', weight: 1 },
];

/** A pool of solo players and parties of 2 and 3 with Elo ratings (skill ~ Normal(1500, 300)). */
export function drawFormationPool(players: number, random: Random): ScoredTicket<EloRating>[] {
  const elo = createElo();
  const tickets: ScoredTicket<EloRating>[] = [];
  let count = 0;
  while (count < players) {
    const size = Math.min(players - count, [1, 1, 1, 1, 2, 3][random.int(6)] as number);
    const base = random.normal(1500, 300);
    const profiles = Array.from({ length: size }, (_, k) => ({
      playerId: `p${count + k}`,
      rating: { ...elo.initial(), rating: size > 1 ? base + random.normal(0, 100) : base },
    }));
    tickets.push(scoreTicket({ ticketId: `t${tickets.length}`, players: profiles }, 0, { ratingModel: elo }));
    count += size;
  }
  return tickets;
}

/** Runs one strategy on one pool with a budget of `evaluations` match evaluations; returns the objective. */
export function formRound(input: {
  readonly pool: readonly ScoredTicket<EloRating>[];
  readonly strategy: FormationStrategy;
  readonly evaluations: number;
  readonly seed: number;
}): number {
  const scorer = createMatchScorer<EloRating>(AWESOMENAUTS_CRITERIA, {
    ratingModel: createElo(),
    teamSize: 3,
    skillScale: 200,
  });
  let evaluationCount = 0;
  const tickets: FormationTicket[] = input.pool.map((t) => ({ size: t.players.length, sortKey: t.skill }));
  const scoreMatch = (teams: readonly (readonly number[])[]) => {
    evaluationCount++;
    const match: CandidateMatch<EloRating> = {
      teams: teams.map((team) => team.map((i) => input.pool[i] as ScoredTicket<EloRating>)),
    };
    return scorer.evaluate(match, 0).score;
  };
  const common = {
    tickets,
    teamCount: 2,
    teamSize: 3,
    scoreMatch,
    random: Random.fromSeed(input.seed),
    // One "millisecond" per evaluation: equal budgets whatever the machine's load.
    clock: () => evaluationCount,
    budgetMs: input.evaluations,
  } satisfies Partial<FormMatchesOptions>;
  if (input.strategy !== 'annealing') {
    const perturbation = input.strategy === 'restarts' ? 'fresh-start' : 'kick';
    return formMatches({ ...common, method: 'restarts', perturbation }).objective;
  }
  // Annealing's cooling schedule is set in moves, and a move costs several evaluations: measure the
  // cost on a short schedule, then size the schedule so that it cools fully within the budget
  // (cutting a schedule by the budget would stop it while still hot).
  const probeMoves = 300;
  const probe = formMatches({
    ...common,
    method: 'annealing',
    maxIterations: probeMoves,
    budgetMs: Number.MAX_SAFE_INTEGER,
  });
  const evaluationsPerMove = Math.max(1, probe.evaluations / probeMoves);
  evaluationCount = 0;
  const maxIterations = Math.max(1, Math.floor(input.evaluations / evaluationsPerMove));
  const options: FormMatchesOptions = {
    ...common,
    random: Random.fromSeed(input.seed),
    method: 'annealing',
    maxIterations,
  };
  return formMatches(options).objective;
}

export const teamFormationExperiment: Experiment = {
  name: 'team-formation',
  summary: 'Awesomenauts 3v3 rounds: restarts vs forced swaps vs simulated annealing at equal budgets',
  flags: {
    players: { type: 'string', description: 'players per round pool', default: '300' },
    budgets: {
      type: 'string',
      description: 'budgets in match evaluations',
      default: '20000,200000,2000000',
    },
    repeats: { type: 'string', description: 'pools per budget', default: '5' },
    seed: { type: 'string', description: 'seed', default: '1' },
  },
  async run(context) {
    const players = intFlag(context, 'players', 300, 6, 100000);
    const budgets = intListFlag(context, 'budgets', '20000,200000,2000000', 1, 100_000_000);
    const repeats = intFlag(context, 'repeats', 5, 1, 10000);
    const seed = intFlag(context, 'seed', 1, 0, 2 ** 31 - 1);
    const pools = Array.from({ length: repeats }, (_, r) =>
      drawFormationPool(players, Random.fromSeed(seed * 1009 + r)),
    );
    const results: Record<FormationStrategy, number[]> = { restarts: [], 'forced-swaps': [], annealing: [] };
    const total = budgets.length * FORMATION_STRATEGIES.length;
    let done = 0;
    for (const budget of budgets) {
      for (const strategy of FORMATION_STRATEGIES) {
        results[strategy].push(
          mean(
            pools.map((pool, r) => formRound({ pool, strategy, evaluations: budget, seed: seed * 31 + r })),
          ),
        );
        context.progress(++done, total);
      }
    }
    const json = { experiment: 'team-formation', seed, players, repeats, budgets, meanObjective: results };
    const markdown = [
      '# Team formation: restarts vs forced swaps vs annealing (Awesomenauts)',
      '',
      `Seed ${seed}: ${repeats} pools of ${players} players (solo, duos, trios), 3v3, scored by the Awesomenauts criteria (team skill gap 3, player skill gap 2, premades 1); objective = mean match quality of the round.`,
      'Budgets count match evaluations (calls of scoreMatch), the same for every strategy.',
      '',
      `| budget (evaluations) | ${FORMATION_STRATEGIES.join(' | ')} |`,
      `| ---: | ${FORMATION_STRATEGIES.map(() => '---:').join(' | ')} |`,
      ...budgets.map(
        (b, i) =>
          `| ${b} | ${FORMATION_STRATEGIES.map((s) => (results[s][i] as number).toFixed(5)).join(' | ')} |`,
      ),
      '',
    ].join('\n');
    const chart = lineChart({
      title: 'Mean match quality of a round against search budget',
      xLabel: 'match evaluations',
      yLabel: 'mean quality',
      xScale: 'log',
      markers: true,
      series: FORMATION_STRATEGIES.map((s) => ({
        name: s,
        points: budgets.map((b, i) => [b, results[s][i] as number] as const),
      })),
    });
    return { json, markdown, charts: { 'quality-vs-budget.svg': chart } };
  },
};
