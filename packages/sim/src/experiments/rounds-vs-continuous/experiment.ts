/**
 * `sim rounds-vs-continuous`: Awesomenauts (2018) matches everyone waiting at once in rounds and
 * claims quality keeps improving up to about 300 players per round, because small regions need that
 * many. Here each region runs its own queue through the real engine (F's matchmaker), once in rounds
 * mode per round size (a round starts when that many players wait, or when the oldest ticket has
 * waited `max-wait`) and once in continuous mode per relaxation speed (the threshold falls from
 * 0.95 at that many points per second); the report gives wait and quality per region and setting.
 */
import type { QueueConfig } from '@matchd/engine';
import { type Experiment, intFlag, intListFlag, numberListFlag } from '../../experiment.ts';
import { lineChart } from '../../report/svg-chart.ts';
import { DEFAULT_REGIONS } from '../../world/population.ts';
import { type QueueSimMetrics, simulateQueue } from '../../world/queue-sim.ts';

const CRITERIA: QueueConfig['criteria'] = [
  { kind: 'team-skill-gap', weight: 3 },
  { kind: 'player-skill-gap', weight: 2, shaping: { power: 1.5 } },
  { kind: 'premades', weight: 1 },
];

/** Rounds mode with `players` per round. */
export function roundsConfig(players: number, maxWaitMs: number): QueueConfig {
  return {
    id: `rounds-${players}`,
    teams: { count: 2, size: 3 },
    rating: { track: 'normal', skillRange: { min: 1000, max: 2400 } },
    criteria: CRITERIA,
    threshold: { start: 0 },
    mode: { kind: 'rounds', periodMs: 24 * 3_600_000, minPlayers: players, maxWaitMs },
    gates: { maxPartySize: 3 },
  };
}

/** Continuous mode whose threshold relaxes from 0.95 at `perSecond`. */
export function continuousConfig(perSecond: number, maxWaitMs: number): QueueConfig {
  return {
    id: `continuous-${perSecond}`,
    teams: { count: 2, size: 3 },
    rating: { track: 'normal', skillRange: { min: 1000, max: 2400 } },
    criteria: CRITERIA,
    threshold: { start: 0.95, linear: { perSecond, limit: 0 } },
    mode: { kind: 'continuous', maxWaitMs },
    gates: { maxPartySize: 3 },
  };
}

export const roundsVsContinuousExperiment: Experiment = {
  name: 'rounds-vs-continuous',
  summary: 'Awesomenauts: wait vs quality for rounds of 50..500 players and continuous matching, per region',
  flags: {
    rounds: { type: 'string', description: 'players per round', default: '50,100,200,300,500' },
    speeds: {
      type: 'string',
      description: 'continuous relaxation speeds, threshold points per second',
      default: '0.0005,0.001,0.002,0.005,0.02',
    },
    minutes: { type: 'string', description: 'virtual minutes simulated per setting', default: '30' },
    'max-wait-s': {
      type: 'string',
      description: 'longest wait before a round or a forced match, seconds',
      default: '600',
    },
    seed: { type: 'string', description: 'seed', default: '1' },
  },
  async run(context) {
    const roundSizes = intListFlag(context, 'rounds', '50,100,200,300,500', 6, 100000);
    const speeds = numberListFlag(context, 'speeds', '0.0005,0.001,0.002,0.005,0.02', 1e-6, 1);
    const minutes = intFlag(context, 'minutes', 30, 1, 100000);
    const maxWaitMs = intFlag(context, 'max-wait-s', 600, 1, 86400) * 1000;
    const seed = intFlag(context, 'seed', 1, 0, 2 ** 31 - 1);
    const settings = [
      ...roundSizes.map((n) => ({
        label: `rounds of ${n}`,
        mode: 'rounds' as const,
        value: n,
        config: roundsConfig(n, maxWaitMs),
      })),
      ...speeds.map((s) => ({
        label: `continuous ${s}/s`,
        mode: 'continuous' as const,
        value: s,
        config: continuousConfig(s, maxWaitMs),
      })),
    ];
    const rows: {
      region: string;
      label: string;
      mode: 'rounds' | 'continuous';
      value: number;
      metrics: QueueSimMetrics;
    }[] = [];
    const total = settings.length * DEFAULT_REGIONS.length;
    for (const region of DEFAULT_REGIONS) {
      for (const setting of settings) {
        const metrics = simulateQueue({
          config: setting.config,
          regions: [region],
          skills: { kind: 'normal', mean: 1700, sd: 300 },
          durationMs: minutes * 60_000,
          // Each region at its own evening peak minus two hours.
          startMs: ((region.peakHourUtc + 22) % 24) * 3_600_000,
          tickMs: 1000,
          seed,
        });
        rows.push({
          region: region.name,
          label: setting.label,
          mode: setting.mode,
          value: setting.value,
          metrics,
        });
        context.progress(rows.length, total);
      }
    }
    const json = {
      experiment: 'rounds-vs-continuous',
      seed,
      minutes,
      maxWaitMs,
      regions: DEFAULT_REGIONS,
      rows,
    };
    const fmt = (ms: number) => (Number.isNaN(ms) ? '' : (ms / 1000).toFixed(0));
    const markdown = [
      '# Rounds vs continuous matchmaking, per region (Awesomenauts)',
      '',
      `Seed ${seed}: ${minutes} virtual minutes per setting and region, 3v3, parties up to 3, skill ~ Normal(1700, 300), criteria team skill gap 3, player skill gap 2, premades 1; longest wait ${maxWaitMs / 1000} s.`,
      `Regions (mean arrivals of tickets per second): ${DEFAULT_REGIONS.map((r) => `${r.name} ${r.arrivalsPerSecond}`).join(', ')}.`,
      '',
      '| region | setting | matches | wait p50 s | p90 s | p99 s | mean quality | favourite edge |',
      '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...rows.map(
        (r) =>
          `| ${r.region} | ${r.label} | ${r.metrics.matches} | ${fmt(r.metrics.waitMs.p50)} | ${fmt(r.metrics.waitMs.p90)} | ${fmt(r.metrics.waitMs.p99)} | ${r.metrics.meanQuality.toFixed(4)} | ${r.metrics.meanFavouriteEdge.toFixed(4)} |`,
      ),
      '',
    ].join('\n');
    const charts: Record<string, string> = {};
    for (const region of DEFAULT_REGIONS) {
      const mine = rows.filter((r) => r.region === region.name);
      charts[`wait-vs-quality-${region.name}.svg`] = lineChart({
        title: `${region.name}: mean quality against median wait`,
        xLabel: 'median wait (s)',
        yLabel: 'mean match quality',
        markers: true,
        series: (['rounds', 'continuous'] as const).map((mode) => ({
          name: mode,
          points: mine
            .filter((r) => r.mode === mode)
            .map((r) => [r.metrics.waitMs.p50 / 1000, r.metrics.meanQuality] as const)
            .sort((a, b) => a[0] - b[0]),
        })),
      });
      charts[`quality-vs-round-size-${region.name}.svg`] = lineChart({
        title: `${region.name}: mean quality against players per round`,
        xLabel: 'players per round',
        yLabel: 'mean match quality',
        markers: true,
        series: [
          {
            name: 'rounds',
            points: mine
              .filter((r) => r.mode === 'rounds')
              .map((r) => [r.value, r.metrics.meanQuality] as const),
          },
        ],
      });
    }
    return { json, markdown, charts };
  },
};
