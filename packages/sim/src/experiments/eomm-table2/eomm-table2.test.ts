import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { createGlicko2, eommPairCost, exactPairing, isMatchdError, Random } from '@matchd/engine';
import fc from 'fast-check';
import { parseEommTable2Params } from './params.ts';
import {
  drawTable2Pool,
  eommCostMatrix,
  eommReducedProblem,
  flattenChurn,
  winProbabilityMatrix,
} from './pool.ts';
import { summarizeTable2 } from './report.ts';
import { runTable2Round, sampleRetained } from './round.ts';
import { runEommTable2 } from './run.ts';

const exampleJson: unknown = JSON.parse(
  readFileSync(new URL('../../../../../examples/eomm-table2.json', import.meta.url), 'utf8'),
);
const params = parseEommTable2Params(exampleJson);

describe('EOMM Table 2 parameters', () => {
  it('accept the shipped example, shaped like the paper Table 1', () => {
    const c = params.churn.churn;
    const get = (key: string) => c[key] as number;
    // Losses raise churn, repeated losses and a broken win streak most of all.
    assert.ok(get('DDL') > get('DDD') && get('DDD') > get('DDW'));
    assert.ok(get('LLL') > get('DDL') && get('WWL') > get('DDL'));
    assert.ok(get('WWW') > get('DDW'));
    // The 8-hour churn level near 48%: the mean over states and outcomes of a fair match.
    let level = 0;
    const probs = { W: 0.4, D: 0.2, L: 0.4 } as const;
    for (const [key, value] of Object.entries(c)) {
      level += value * probs[key[0] as 'W'] * probs[key[1] as 'W'] * probs[key[2] as 'W'];
    }
    assert.ok(Math.abs(level - 0.48) < 0.01, `level ${level}`);
  });

  it('reject files that are not exactly of the issue form', () => {
    const base = exampleJson as Record<string, unknown>;
    const churn = base['churn'] as Record<string, number>;
    const { WWW: _w, ...short } = churn;
    const bad: unknown[] = [
      { ...base, extra: 1 },
      { ...base, rating_sd: -1 },
      { ...base, rd_max: 10 },
      { ...base, draw_probability: 1.5 },
      { ...base, history_probs: { W: 0.5, D: 0.2, L: 0.4 } },
      { ...base, churn: short },
      { ...base, churn: { ...churn, WWW: 'high' } },
      [],
    ];
    for (const input of bad)
      assert.throws(
        () => parseEommTable2Params(input),
        (e) => isMatchdError(e, 'MM_ERR_INVALID_OPTION'),
      );
  });
});

describe('EOMM Table 2 pool', () => {
  const pool = drawTable2Pool(params, 30, Random.fromSeed(4));
  const p = winProbabilityMatrix(pool);

  it("uses Glicko's expectation with the combined RD, as the Glicko-2 model predicts it", () => {
    const glicko = createGlicko2();
    const q = Math.log(10) / 400;
    for (const [i, j] of [
      [0, 1],
      [5, 17],
      [29, 3],
    ] as const) {
      const a = { rating: pool.ratings[i] as number, rd: pool.rds[i] as number, volatility: 0.06 };
      const b = { rating: pool.ratings[j] as number, rd: pool.rds[j] as number, volatility: 0.06 };
      assert.ok(Math.abs((p[i * 30 + j] as number) - glicko.winProbability(a, b)) < 1e-12);
      const rd = Math.sqrt(a.rd ** 2 + b.rd ** 2);
      const g = 1 / Math.sqrt(1 + (3 * q * q * rd * rd) / Math.PI ** 2);
      const expected = 1 / (1 + 10 ** ((-g * (a.rating - b.rating)) / 400));
      assert.ok(Math.abs((p[i * 30 + j] as number) - expected) < 1e-6);
    }
  });

  it("prices every pair with the engine's EOMM cost", () => {
    const churn = flattenChurn(params);
    const costs = eommCostMatrix(pool, p, churn, params.drawProbability);
    const outcomeChurn = (i: number) => {
      const s = (pool.historyState[i] as number) * 3;
      return { win: churn[s] as number, draw: churn[s + 1] as number, loss: churn[s + 2] as number };
    };
    for (const [i, j] of [
      [0, 1],
      [7, 22],
      [13, 28],
    ] as const) {
      const expected = eommPairCost({
        winProbability: p[i * 30 + j] as number,
        drawProbability: params.drawProbability,
        churnI: outcomeChurn(i),
        churnJ: outcomeChurn(j),
      });
      assert.ok(Math.abs((costs[i * 30 + j] as number) - expected) < 1e-12);
    }
  });

  it('moves per-player constants out of the costs without changing the optimum, odd pools included', () => {
    for (const size of [30, 31]) {
      const oddPool = drawTable2Pool(params, size, Random.fromSeed(size));
      const churn = flattenChurn(params);
      const wp = winProbabilityMatrix(oddPool);
      const costs = eommCostMatrix(oddPool, wp, churn, params.drawProbability);
      const reduced = eommReducedProblem(oddPool, wp, churn, params.drawProbability);
      const direct = exactPairing({ size, costs }, { method: 'dense' });
      const viaReduced = exactPairing({ size, ...reduced }, { method: 'dense' });
      let reducedTotal = 0;
      for (const [i, j] of viaReduced.pairs) reducedTotal += costs[i * size + j] as number;
      assert.ok(
        Math.abs(direct.pairCost - reducedTotal) < 1e-9,
        `size ${size}: ${direct.pairCost} vs ${reducedTotal}`,
      );
    }
  });
});

describe('EOMM Table 2 rounds', () => {
  it('EOMM retains the most players in expectation and WorstMM the fewest, in every round', () => {
    for (let round = 0; round < 4; round++) {
      const [worst, skill, random, eomm] = runTable2Round({ params, poolSize: 40, seed: 7, round }).map(
        (r) => r.expectedRetained,
      ) as [number, number, number, number];
      assert.ok(
        eomm >= Math.max(skill, random) - 1e-9 && worst <= Math.min(skill, random) + 1e-9,
        `${[worst, skill, random, eomm]}`,
      );
      assert.ok(eomm > worst);
    }
  });

  it('gives the same samples whatever the worker count, and the paper ordering at a small size', async () => {
    const options = { params: exampleJson, pools: [60], rounds: 24, seed: 3 };
    const inline = await runEommTable2({ ...options, workers: 1 });
    const threaded = await runEommTable2({ ...options, workers: 2 });
    assert.deepEqual(inline[0]?.byMethod.EOMM.retained, threaded[0]?.byMethod.EOMM.retained);
    assert.deepEqual(inline[0]?.byMethod.RandomMM.expected, threaded[0]?.byMethod.RandomMM.expected);
    const [report] = summarizeTable2(inline);
    const expected = (method: string) =>
      report?.rows.find((r) => r.method === method)?.meanExpectedRetained as number;
    assert.ok(expected('EOMM') > expected('SkillMM') && expected('EOMM') > expected('RandomMM'));
    assert.ok(expected('WorstMM') < expected('SkillMM') && expected('WorstMM') < expected('RandomMM'));
    assert.equal(report?.comparisons.length, 6);
  });
});

describe('EOMM Table 2 reproduces', () => {
  it("a round's sampled counts do not depend on the order or orientation in which a solver lists its pairs", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        (round, shuffle) => {
          const size = 30;
          const pool = drawTable2Pool(params, size, Random.fromSeed(round));
          const p = winProbabilityMatrix(pool);
          const churn = flattenChurn(params);
          const pairs = exactPairing({
            size,
            ...eommReducedProblem(pool, p, churn, params.drawProbability),
          }).pairs;
          const order = Random.fromSeed(shuffle);
          const listed = pairs
            .map(([i, j]): [number, number] => (order.next() < 0.5 ? [i, j] : [j, i]))
            .sort(() => order.next() - 0.5);
          const sample = (given: readonly (readonly [number, number])[]) =>
            sampleRetained({
              pool,
              p,
              churn,
              drawProbability: params.drawProbability,
              pairs: given,
              random: Random.fromSeed(round + 1),
            });
          assert.deepEqual(sample(listed), sample(pairs));
        },
      ),
    );
  });

  it('the recorded run (pools-100-200, seed 1, 1,000 rounds) gives the same figures when run again: pool 100', async () => {
    const recorded = JSON.parse(
      readFileSync(
        new URL('../../../../../docs/experiments/eomm-table2/pools-100-200/report.json', import.meta.url),
        'utf8',
      ),
    ) as {
      seed: number;
      rounds: number;
      pools: {
        poolSize: number;
        rows: { method: string; meanRetained: number; meanExpectedRetained: number }[];
      }[];
    };
    const samples = await runEommTable2({
      params: exampleJson,
      pools: [100],
      rounds: recorded.rounds,
      seed: recorded.seed,
      workers: 2,
    });
    const [report] = summarizeTable2(samples);
    const recordedRows = recorded.pools.find((pool) => pool.poolSize === 100)?.rows ?? [];
    assert.equal(recordedRows.length, 4);
    for (const row of recordedRows) {
      const again = report?.rows.find((candidate) => candidate.method === row.method);
      assert.equal(again?.meanRetained, row.meanRetained, `${row.method} retained`);
      assert.ok(
        Math.abs((again?.meanExpectedRetained ?? 0) - row.meanExpectedRetained) < 1e-9,
        `${row.method} expected`,
      );
    }
  });
});
