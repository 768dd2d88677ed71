/**
 * `sim compounding`: the EOMM paper's compounding argument (section 5.4: "for players who play 20
 * rounds of matchmaking games within eight hours, there will be 15% more players retained
 * (1.007^20 ~ 1.15)"). A constant population (same players, same fixed skills, as in the paper's
 * stationary simulation) is matched for `rounds` rounds by each method; histories move on with each
 * sampled outcome, and each player's probability of having stayed through round t is the product of
 * (1 - churn probability) over their first t matches. The report sets the measured survival ratio
 * EOMM / SkillMM against the compounding of the first round's ratio.
 */
import { Random } from '@matchd/engine';
import { type Experiment, intFlag, stringFlag } from '../../experiment.ts';
import { lineChart } from '../../report/svg-chart.ts';
import { readJsonFile } from '../eomm-table2/experiment.ts';
import { parseEommTable2Params } from '../eomm-table2/params.ts';
import {
  drawTable2Pool,
  eommReducedProblem,
  flattenChurn,
  winProbabilityMatrix,
} from '../eomm-table2/pool.ts';
import { pairByMethod, roundSeed, TABLE2_METHODS, type Table2Method } from '../eomm-table2/round.ts';

/** Mean survival per method and round, averaged over repeats. */
export interface CompoundingResult {
  /** survival[method][t] = mean over players and repeats of P(still playing after t + 1 matches). */
  readonly survival: Readonly<Record<Table2Method, number[]>>;
  /** retention[method][t] = mean over players and repeats of 1 - churn probability of match t + 1. */
  readonly retention: Readonly<Record<Table2Method, number[]>>;
}

/** Runs the constant-population simulation. */
export function runCompounding(input: {
  readonly params: unknown;
  readonly poolSize: number;
  readonly rounds: number;
  readonly repeats: number;
  readonly seed: number;
  readonly onProgress?: (done: number, total: number) => void;
}): CompoundingResult {
  const params = parseEommTable2Params(input.params);
  const churn = flattenChurn(params);
  const d = params.drawProbability;
  const n = input.poolSize;
  const survival = Object.fromEntries(
    TABLE2_METHODS.map((m) => [m, new Array<number>(input.rounds).fill(0)]),
  ) as Record<Table2Method, number[]>;
  const retention = Object.fromEntries(
    TABLE2_METHODS.map((m) => [m, new Array<number>(input.rounds).fill(0)]),
  ) as Record<Table2Method, number[]>;
  for (let repeat = 0; repeat < input.repeats; repeat++) {
    const initial = drawTable2Pool(params, n, Random.fromSeed(roundSeed(input.seed, n, repeat, 0)));
    const p = winProbabilityMatrix(initial);
    TABLE2_METHODS.forEach((method, m) => {
      const random = Random.fromSeed(roundSeed(input.seed, n, repeat, m + 1));
      const pool = { ...initial, historyState: initial.historyState.slice() };
      const alive = new Float64Array(n).fill(1);
      for (let t = 0; t < input.rounds; t++) {
        const reduced = eommReducedProblem(pool, p, churn, d);
        const pairing = pairByMethod({
          method,
          reducedProblem: { size: n, ...reduced },
          ratings: pool.ratings,
          random,
        });
        let retained = 0;
        for (const [i, j] of pairing.pairs) {
          const u = random.next();
          const pij = p[i * n + j] as number;
          const oi = u < (1 - d) * pij ? 0 : u < (1 - d) * pij + d ? 1 : 2;
          for (const [player, outcome] of [
            [i, oi],
            [j, 2 - oi],
          ] as const) {
            const state = pool.historyState[player] as number;
            const stay = 1 - (churn[state * 3 + outcome] as number);
            retained += stay;
            alive[player] = (alive[player] as number) * stay;
            pool.historyState[player] = (state % 3) * 3 + outcome;
          }
        }
        let survivors = 0;
        for (let i = 0; i < n; i++) survivors += alive[i] as number;
        (survival[method] as number[])[t] =
          ((survival[method] as number[])[t] as number) + survivors / n / input.repeats;
        (retention[method] as number[])[t] =
          ((retention[method] as number[])[t] as number) +
          retained / (2 * pairing.pairs.length) / input.repeats;
      }
    });
    input.onProgress?.(repeat + 1, input.repeats);
  }
  return { survival, retention };
}

export const compoundingExperiment: Experiment = {
  name: 'compounding',
  summary: "EOMM's compounding argument: a constant population matched for 20 rounds (1.007^20)",
  flags: {
    params: {
      type: 'string',
      description: 'parameter file (as eomm-table2)',
      default: 'examples/eomm-table2.json',
    },
    pool: { type: 'string', description: 'players in the population', default: '200' },
    rounds: { type: 'string', description: 'rounds of matchmaking', default: '20' },
    repeats: { type: 'string', description: 'independent populations', default: '10' },
    seed: { type: 'string', description: 'seed', default: '1' },
  },
  async run(context) {
    const params = readJsonFile(stringFlag(context, 'params', 'examples/eomm-table2.json'), 'params');
    const poolSize = intFlag(context, 'pool', 200, 2, 5000);
    const rounds = intFlag(context, 'rounds', 20, 1, 1000);
    const repeats = intFlag(context, 'repeats', 10, 1, 100000);
    const seed = intFlag(context, 'seed', 1, 0, 2 ** 31 - 1);
    const result = runCompounding({ params, poolSize, rounds, repeats, seed, onProgress: context.progress });
    const eomm = result.survival.EOMM;
    const skill = result.survival.SkillMM;
    const firstRatio = (result.retention.EOMM[0] as number) / (result.retention.SkillMM[0] as number);
    const meanRatio =
      result.retention.EOMM.reduce(
        (a, r, t) => a + Math.log(r / (result.retention.SkillMM[t] as number)),
        0,
      ) / rounds;
    const rows = eomm.map((e, t) => ({
      round: t + 1,
      survival: Object.fromEntries(TABLE2_METHODS.map((m) => [m, result.survival[m][t] as number])),
      ratioEommOverSkill: e / (skill[t] as number),
      compoundedFirstRoundRatio: firstRatio ** (t + 1),
    }));
    const json = {
      experiment: 'compounding',
      seed,
      poolSize,
      rounds,
      repeats,
      firstRoundRatio: firstRatio,
      meanPerRoundRatio: Math.exp(meanRatio),
      rows,
      retention: result.retention,
    };
    const markdown = [
      '# Compounding retention (EOMM section 5.4)',
      '',
      `Seed ${seed}: ${repeats} populations of ${poolSize} players, ${rounds} rounds each, the same players every round.`,
      `Per-round retention ratio EOMM / SkillMM: ${firstRatio.toFixed(4)} in round 1, geometric mean ${Math.exp(meanRatio).toFixed(4)} over all rounds (the paper: 1.007).`,
      `After ${rounds} rounds the survival ratio is ${(rows.at(-1)?.ratioEommOverSkill ?? Number.NaN).toFixed(3)} (compounding round 1: ${(firstRatio ** rounds).toFixed(3)}; the paper: 1.007^20 = ${(1.007 ** 20).toFixed(3)}).`,
      '',
      `| round | ${TABLE2_METHODS.join(' | ')} | EOMM / SkillMM | round-1 ratio ^ round |`,
      `| ---: | ${TABLE2_METHODS.map(() => '---:').join(' | ')} | ---: | ---: |`,
      ...rows.map(
        (r) =>
          `| ${r.round} | ${TABLE2_METHODS.map((m) => (r.survival[m] as number).toExponential(3)).join(' | ')} | ${r.ratioEommOverSkill.toFixed(4)} | ${r.compoundedFirstRoundRatio.toFixed(4)} |`,
      ),
      '',
      'Survival = mean over players of the product of (1 - churn probability) over their matches so far.',
      '',
    ].join('\n');
    const chart = lineChart({
      title: 'Survival ratio EOMM / SkillMM in a constant population',
      xLabel: 'rounds played',
      yLabel: 'ratio',
      markers: true,
      series: [
        { name: 'measured', points: rows.map((r) => [r.round, r.ratioEommOverSkill] as const) },
        {
          name: 'round-1 ratio ^ t',
          points: rows.map((r) => [r.round, r.compoundedFirstRoundRatio] as const),
        },
        { name: '1.007 ^ t (paper)', points: rows.map((r) => [r.round, 1.007 ** r.round] as const) },
      ],
    });
    return { json, markdown, charts: { 'survival-ratio.svg': chart } };
  },
};
