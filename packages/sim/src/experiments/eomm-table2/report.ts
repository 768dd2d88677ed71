/**
 * The EOMM Table 2 report: per pool and method the mean and sd of retained players and the
 * expected retained count, Welch's t-test between every pair of methods, the paper's numbers beside
 * ours, as JSON, Markdown and SVG.
 */
import { barChart } from '../../report/svg-chart.ts';
import { mean, sampleSd } from '../../stats/summary.ts';
import { type WelchTest, welchTTest } from '../../stats/welch.ts';
import type { Table2Method } from './round.ts';
import type { Table2Samples } from './run.ts';

/** Chen et al. 2017, Table 2: mean retained players per round (10,000 rounds). */
export const PAPER_TABLE2: Readonly<Record<number, Readonly<Record<Table2Method, number>>>> = {
  100: { WorstMM: 51.5, SkillMM: 52.52, RandomMM: 51.81, EOMM: 51.9 },
  200: { WorstMM: 103.39, SkillMM: 103.96, RandomMM: 103.97, EOMM: 104.24 },
  300: { WorstMM: 154.57, SkillMM: 156.05, RandomMM: 156.09, EOMM: 157.5 },
  400: { WorstMM: 206.65, SkillMM: 207.43, RandomMM: 207.09, EOMM: 209.37 },
  500: { WorstMM: 258.21, SkillMM: 259.24, RandomMM: 259.65, EOMM: 261.19 },
};

/** One method at one pool size. */
export interface Table2Row {
  readonly method: Table2Method;
  readonly meanRetained: number;
  readonly sdRetained: number;
  readonly meanExpectedRetained: number;
  readonly sdExpectedRetained: number;
  readonly paperRetained?: number;
}

/** Welch's test of method a minus method b. */
export interface Table2Comparison extends WelchTest {
  readonly a: Table2Method;
  readonly b: Table2Method;
}

/** The report of one pool size. */
export interface Table2PoolReport {
  readonly poolSize: number;
  readonly rounds: number;
  readonly rows: readonly Table2Row[];
  /** Welch's tests on the sampled retained counts (the paper's test). */
  readonly comparisons: readonly Table2Comparison[];
  /** The same tests on the expected retained counts (pool-to-pool variation only: far less noise). */
  readonly expectedComparisons: readonly Table2Comparison[];
}

/** The whole report. */
export interface Table2Report {
  readonly experiment: 'eomm-table2';
  readonly seed: number;
  readonly rounds: number;
  readonly workers: number;
  readonly elapsedSeconds: number;
  readonly params: unknown;
  readonly pools: readonly Table2PoolReport[];
}

/** Summarises the samples. */
export function summarizeTable2(samples: readonly Table2Samples[]): Table2PoolReport[] {
  return samples.map(({ poolSize, byMethod }) => {
    const methods = Object.keys(byMethod) as Table2Method[];
    const rows = methods.map((method) => {
      const { retained, expected } = byMethod[method];
      const paper = PAPER_TABLE2[poolSize]?.[method];
      return {
        method,
        meanRetained: mean(retained),
        sdRetained: sampleSd(retained),
        meanExpectedRetained: mean(expected),
        sdExpectedRetained: sampleSd(expected),
        ...(paper === undefined ? {} : { paperRetained: paper }),
      };
    });
    const comparisons: Table2Comparison[] = [];
    const expectedComparisons: Table2Comparison[] = [];
    for (let x = 0; x < methods.length; x++) {
      for (let y = x + 1; y < methods.length; y++) {
        const a = methods[x] as Table2Method;
        const b = methods[y] as Table2Method;
        comparisons.push({ a, b, ...welchTTest(byMethod[a].retained, byMethod[b].retained) });
        expectedComparisons.push({ a, b, ...welchTTest(byMethod[a].expected, byMethod[b].expected) });
      }
    }
    return {
      poolSize,
      rounds: byMethod[methods[0] as Table2Method].retained.length,
      rows,
      comparisons,
      expectedComparisons,
    };
  });
}

function formatP(p: number): string {
  return p < 1e-300 ? '< 1e-300' : p < 1e-4 ? p.toExponential(1) : p.toFixed(4);
}

/** The report as Markdown. */
export function table2Markdown(report: Table2Report): string {
  const lines = [
    '# EOMM Table 2: retained players per round',
    '',
    `Seed ${report.seed}, ${report.rounds} rounds per pool size, ${report.workers} worker thread(s), ${report.elapsedSeconds.toFixed(1)} s.`,
    'Retained = players of the pool who do not churn after their match (sampled outcome and churn);',
    'expected = sum over the pairing of 1 - churn probability (no sampling). Paper: Chen et al. 2017, Table 2.',
    '',
    '| pool | method | mean retained | sd | expected retained | paper |',
    '| ---: | --- | ---: | ---: | ---: | ---: |',
  ];
  for (const pool of report.pools) {
    for (const row of pool.rows) {
      lines.push(
        `| ${pool.poolSize} | ${row.method} | ${row.meanRetained.toFixed(2)} | ${row.sdRetained.toFixed(2)} | ${row.meanExpectedRetained.toFixed(2)} | ${row.paperRetained?.toFixed(2) ?? ''} |`,
      );
    }
  }
  lines.push(
    '',
    "## Welch's t-tests (retained, a minus b)",
    '',
    '| pool | a | b | difference | t | df | p |',
    '| ---: | --- | --- | ---: | ---: | ---: | ---: |',
  );
  for (const pool of report.pools) {
    for (const c of pool.comparisons) {
      lines.push(
        `| ${pool.poolSize} | ${c.a} | ${c.b} | ${c.meanDifference.toFixed(3)} | ${c.t.toFixed(2)} | ${c.df.toFixed(0)} | ${formatP(c.p)} |`,
      );
    }
  }
  lines.push(
    '',
    "## Welch's t-tests on the expected retained counts (a minus b)",
    '',
    '| pool | a | b | difference | t | p |',
    '| ---: | --- | --- | ---: | ---: | ---: |',
  );
  for (const pool of report.pools) {
    for (const c of pool.expectedComparisons) {
      lines.push(
        `| ${pool.poolSize} | ${c.a} | ${c.b} | ${c.meanDifference.toFixed(3)} | ${c.t.toFixed(2)} | ${formatP(c.p)} |`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Gain over RandomMM per pool and method (sampled, with a 95% interval; and expected) as SVG charts. */
export function table2Charts(report: Table2Report): Record<string, string> {
  const groups = report.pools.map((pool) => `P=${pool.poolSize}`);
  const methods = report.pools[0]?.rows.map((row) => row.method) ?? [];
  const gain = (expected: boolean) =>
    methods.map((method) => ({
      name: method,
      values: report.pools.map((pool) => {
        const row = pool.rows.find((r) => r.method === method) as Table2Row;
        const base = pool.rows.find((r) => r.method === 'RandomMM') ?? row;
        if (expected) return { value: row.meanExpectedRetained - base.meanExpectedRetained };
        const error = 1.96 * Math.sqrt((row.sdRetained ** 2 + base.sdRetained ** 2) / pool.rounds);
        return { value: row.meanRetained - base.meanRetained, error: row === base ? 0 : error };
      }),
    }));
  return {
    'retained-gain.svg': barChart({
      title: 'Retained players per round, minus RandomMM (sampled, 95% CI)',
      xLabel: 'pool size',
      yLabel: 'players',
      groups,
      series: gain(false),
    }),
    'expected-gain.svg': barChart({
      title: 'Expected retained players per round, minus RandomMM',
      xLabel: 'pool size',
      yLabel: 'players',
      groups,
      series: gain(true),
    }),
  };
}
