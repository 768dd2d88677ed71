/**
 * `sim rating-convergence`: Kreimeier ("Rising from the Ranks", 2000) measured rating systems by how
 * fast they sort a population whose skills are known: the sum of squared differences between each
 * player's true rank and estimated rank, against games played. Here Kreimeier's ladder, Elo,
 * Glicko-2 and Weng-Lin (Plackett-Luce) see the same games: every round pairs the population at
 * random and each game's winner is drawn from the true skills (Bradley-Terry on the Elo scale).
 */
import {
  createElo,
  createGlicko2,
  createPlackettLuce,
  emptyLadder,
  type Ladder,
  ladderJoin,
  ladderRecord,
  Random,
  type RatingModel,
} from '@matchd/engine';
import { type Experiment, intFlag, numberFlag } from '../../experiment.ts';
import { lineChart } from '../../report/svg-chart.ts';

/** The systems compared. */
export const CONVERGENCE_SYSTEMS = ['ladder', 'elo', 'glicko2', 'weng-lin'] as const;
export type ConvergenceSystem = (typeof CONVERGENCE_SYSTEMS)[number];

/** Sum over players of (true rank - estimated rank)^2; ranks 0-based, ties broken by index. */
export function rankError(trueSkills: ArrayLike<number>, estimates: ArrayLike<number>): number {
  const n = trueSkills.length;
  const rankOf = (values: ArrayLike<number>) => {
    const order = Array.from({ length: n }, (_, i) => i).sort(
      (a, b) => (values[b] as number) - (values[a] as number) || a - b,
    );
    const rank = new Array<number>(n);
    order.forEach((player, r) => {
      rank[player] = r;
    });
    return rank;
  };
  const t = rankOf(trueSkills);
  const e = rankOf(estimates);
  let total = 0;
  for (let i = 0; i < n; i++) total += ((t[i] as number) - (e[i] as number)) ** 2;
  return total;
}

/** A system as the simulation drives it: record a game, read every player's score (higher = better). */
interface Tracker {
  record(winner: number, loser: number): void;
  scores(): number[];
}

function modelTracker<T>(model: RatingModel<T>, players: number): Tracker {
  const ratings = Array.from({ length: players }, () => model.initial());
  return {
    record(winner, loser) {
      const [[w], [l]] = model.update(
        { teams: [[ratings[winner] as T], [ratings[loser] as T]] },
        { ranks: [1, 2] },
      ) as [[T], [T]];
      ratings[winner] = w;
      ratings[loser] = l;
    },
    scores: () => ratings.map((r) => model.estimate(r).mean),
  };
}

function ladderTracker(players: number, random: Random): Tracker {
  // Players join from the bottom, in random order (Kreimeier).
  let ladder: Ladder = random
    .shuffle(Array.from({ length: players }, (_, i) => `p${i}`))
    .reduce(ladderJoin, emptyLadder());
  return {
    record(winner, loser) {
      ladder = ladderRecord(ladder, { winner: `p${winner}`, loser: `p${loser}` });
    },
    scores() {
      const score = new Array<number>(players).fill(0);
      ladder.order.forEach((id, place) => {
        score[Number(id.slice(1))] = -place;
      });
      return score;
    },
  };
}

function createTracker(system: ConvergenceSystem, players: number, random: Random): Tracker {
  switch (system) {
    case 'ladder':
      return ladderTracker(players, random);
    case 'elo':
      return modelTracker(createElo(), players);
    case 'glicko2':
      return modelTracker(createGlicko2(), players);
    case 'weng-lin':
      return modelTracker(createPlackettLuce(), players);
  }
}

/** Mean rank error per system after each round (games per player), over repeats. */
export function runRatingConvergence(input: {
  readonly players: number;
  readonly games: number;
  readonly repeats: number;
  /** SD of true skill on the Elo scale (P(i beats j) = 1 / (1 + 10^((s_j - s_i) / 400))). */
  readonly skillSd: number;
  readonly seed: number;
  readonly onProgress?: (done: number, total: number) => void;
}): Record<ConvergenceSystem, number[]> {
  const errors = Object.fromEntries(
    CONVERGENCE_SYSTEMS.map((s) => [s, new Array<number>(input.games + 1).fill(0)]),
  ) as Record<ConvergenceSystem, number[]>;
  const n = input.players;
  for (let repeat = 0; repeat < input.repeats; repeat++) {
    const random = Random.fromSeed(input.seed * 7919 + repeat);
    const skills = Array.from({ length: n }, () => random.normal(1500, input.skillSd));
    const trackers = CONVERGENCE_SYSTEMS.map((system) => createTracker(system, n, random.fork()));
    CONVERGENCE_SYSTEMS.forEach((system, s) => {
      (errors[system] as number[])[0] =
        ((errors[system] as number[])[0] as number) +
        rankError(skills, (trackers[s] as Tracker).scores()) / input.repeats;
    });
    for (let game = 1; game <= input.games; game++) {
      const order = random.shuffle(Array.from({ length: n }, (_, i) => i));
      for (let k = 0; k + 1 < n; k += 2) {
        const a = order[k] as number;
        const b = order[k + 1] as number;
        const pa = 1 / (1 + 10 ** (((skills[b] as number) - (skills[a] as number)) / 400));
        const [winner, loser] = random.bernoulli(pa) ? [a, b] : [b, a];
        for (const tracker of trackers) tracker.record(winner, loser);
      }
      CONVERGENCE_SYSTEMS.forEach((system, s) => {
        (errors[system] as number[])[game] =
          ((errors[system] as number[])[game] as number) +
          rankError(skills, (trackers[s] as Tracker).scores()) / input.repeats;
      });
    }
    input.onProgress?.(repeat + 1, input.repeats);
  }
  return errors;
}

export const ratingConvergenceExperiment: Experiment = {
  name: 'rating-convergence',
  summary: "Kreimeier's rank error against games played: ladder vs Elo vs Glicko-2 vs Weng-Lin",
  flags: {
    players: { type: 'string', description: 'players with known skills', default: '200' },
    games: { type: 'string', description: 'games per player', default: '100' },
    repeats: { type: 'string', description: 'independent populations', default: '5' },
    'skill-sd': { type: 'string', description: 'SD of true skill, Elo points', default: '200' },
    seed: { type: 'string', description: 'seed', default: '1' },
  },
  async run(context) {
    const players = intFlag(context, 'players', 200, 4, 100000);
    const games = intFlag(context, 'games', 100, 1, 100000);
    const repeats = intFlag(context, 'repeats', 5, 1, 10000);
    const skillSd = numberFlag(context, 'skill-sd', 200, 1, 5000);
    const seed = intFlag(context, 'seed', 1, 0, 2 ** 31 - 1);
    const errors = runRatingConvergence({
      players,
      games,
      repeats,
      skillSd,
      seed,
      onProgress: context.progress,
    });
    // Spearman's rho follows from the same sum: 1 - 6 sum d^2 / (n (n^2 - 1)).
    const rho = (error: number) => 1 - (6 * error) / (players * (players * players - 1));
    const checkpoints = [0, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000].filter((g) => g <= games);
    if (!checkpoints.includes(games)) checkpoints.push(games);
    const json = {
      experiment: 'rating-convergence',
      seed,
      players,
      games,
      repeats,
      skillSd,
      rankError: errors,
    };
    const markdown = [
      "# Rating convergence (Kreimeier's rank error)",
      '',
      `Seed ${seed}: ${repeats} populations of ${players} players, true skill ~ Normal(1500, ${skillSd}) on the Elo scale, random pairings, ${games} games per player.`,
      'Rank error = sum over players of (true rank - estimated rank)^2, mean over populations (Spearman rho in brackets).',
      '',
      `| games per player | ${CONVERGENCE_SYSTEMS.join(' | ')} |`,
      `| ---: | ${CONVERGENCE_SYSTEMS.map(() => '---:').join(' | ')} |`,
      ...checkpoints.map(
        (g) =>
          `| ${g} | ${CONVERGENCE_SYSTEMS.map((s) => `${Math.round(errors[s][g] as number)} (${rho(errors[s][g] as number).toFixed(3)})`).join(' | ')} |`,
      ),
      '',
    ].join('\n');
    const chart = lineChart({
      title: 'Rank error against games played',
      xLabel: 'games per player',
      yLabel: 'sum of squared rank differences',
      xScale: 'log',
      series: CONVERGENCE_SYSTEMS.map((s) => ({
        name: s,
        points: errors[s].map((e, g) => [g, e] as const).filter((p) => p[0] > 0),
      })),
    });
    return { json, markdown, charts: { 'rank-error.svg': chart } };
  },
};
