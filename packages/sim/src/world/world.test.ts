import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Random } from '@matchd/engine';
import { continuousConfig, roundsConfig } from '../experiments/rounds-vs-continuous/experiment.ts';
import { quantile } from '../stats/summary.ts';
import { arrivalRate, DEFAULT_REGIONS, DOTA_MMR_PERCENTILES, dotaSkillAt, drawSkill } from './population.ts';
import { simulateQueue } from './queue-sim.ts';

describe('synthetic population', () => {
  it("reproduces Dota's published MMR percentiles", () => {
    for (const [p, mmr] of DOTA_MMR_PERCENTILES) assert.equal(dotaSkillAt(p), mmr);
    const random = Random.fromSeed(1);
    const skills = Array.from({ length: 40000 }, () => drawSkill({ kind: 'dota' }, random));
    for (const [p, mmr] of DOTA_MMR_PERCENTILES) {
      assert.ok(Math.abs(quantile(skills, p) - mmr) < 40, `p${p}: ${quantile(skills, p)} vs ${mmr}`);
    }
  });

  it('peaks each region at its peak hour', () => {
    const eu = DEFAULT_REGIONS[0];
    assert.ok(eu !== undefined);
    assert.ok(
      arrivalRate(eu, eu.peakHourUtc * 3_600_000) >
        arrivalRate(eu, ((eu.peakHourUtc + 12) % 24) * 3_600_000) * 2,
    );
  });
});

describe('queue simulation through the real matchmaker', () => {
  const region = DEFAULT_REGIONS[1];
  assert.ok(region !== undefined);
  const base = {
    regions: [region],
    skills: { kind: 'normal', mean: 1700, sd: 300 } as const,
    durationMs: 8 * 60_000,
    startMs: 0,
    tickMs: 1000,
    seed: 2,
  };

  it('forms matches in both modes, deterministically, with waits bounded by the longest wait', () => {
    const rounds = simulateQueue({ ...base, config: roundsConfig(60, 300_000) });
    const continuous = simulateQueue({ ...base, config: continuousConfig(0.002, 300_000) });
    for (const metrics of [rounds, continuous]) {
      assert.ok(metrics.matches > 5, `${metrics.matches} matches`);
      assert.ok(metrics.waitMs.p99 <= 300_000 + 1000);
      assert.ok(metrics.meanQuality > 0 && metrics.meanQuality <= 1);
      assert.ok(metrics.meanFavouriteEdge >= 0 && metrics.meanFavouriteEdge < 0.5);
      assert.ok(metrics.meanMaxPingMs >= 45);
    }
    assert.deepEqual(simulateQueue({ ...base, config: roundsConfig(60, 300_000) }), rounds);
  });

  it('measures retention and repeat opponents when players churn by a table and come back', () => {
    const churn = { keyLength: 1, churn: { W: 0.2, D: 0.3, L: 0.4 } };
    const metrics = simulateQueue({
      ...base,
      config: continuousConfig(0.005, 300_000),
      churn,
      returnAfterMs: 30_000,
    });
    assert.ok(metrics.retention > 0.55 && metrics.retention < 0.85, `retention ${metrics.retention}`);
    assert.ok(metrics.repeatOpponentRate >= 0 && metrics.repeatOpponentRate < 1);
  });
});
