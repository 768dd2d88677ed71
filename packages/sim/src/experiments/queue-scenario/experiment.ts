/**
 * `sim queue`: one queue config (a scenario, picked by `--config`, e.g. the examples in
 * examples/queues/) run over a virtual clock through the real matchmaker, with players arriving from
 * several regions on daily curves, parties, languages, churn and rejoining; reports every metric of
 * the simulator (waits, quality, balance, retention, repeat opponents, ping).
 */
import { createChurnTable, ErrorCodes, MatchdError, type QueueConfig } from '@matchd/engine';
import { choiceFlag, type Experiment, intFlag, stringFlag } from '../../experiment.ts';
import { DEFAULT_REGIONS, type RegionSpec } from '../../world/population.ts';
import { simulateQueue } from '../../world/queue-sim.ts';
import { readJsonFile } from '../eomm-table2/experiment.ts';

/**
 * The arrival regions: the config's own region names when it has them (each gets the arrival rate,
 * languages and peak hour of the default region at the same position, 35 ms to its own servers and
 * 110 ms more per step of distance to the others), else the default eu / na / oce.
 */
export function scenarioRegions(config: QueueConfig): RegionSpec[] {
  const names = config.regions?.names;
  if (names === undefined) return [...DEFAULT_REGIONS];
  return names.map((name, i) => {
    const template = DEFAULT_REGIONS[i % DEFAULT_REGIONS.length] as RegionSpec;
    const pingMs: Record<string, number> = {};
    names.forEach((other, j) => {
      pingMs[other] = 35 + 110 * Math.abs(i - j);
    });
    return { ...template, name, pingMs };
  });
}

export const queueScenarioExperiment: Experiment = {
  name: 'queue',
  summary:
    'A queue config (scenario) through the real matchmaker: waits, quality, balance, retention, repeats, ping',
  flags: {
    config: {
      type: 'string',
      description: 'queue config (JSON)',
      default: 'examples/queues/awesomenauts-3v3.json',
    },
    skills: {
      type: 'string',
      description: "skill distribution: 'normal' (1700 +- 300) or 'dota' (Dota 2's percentiles)",
      default: 'normal',
    },
    churn: {
      type: 'string',
      description: "parameter file whose churn table decides who comes back, or 'none'",
      default: 'examples/eomm-table2.json',
    },
    minutes: { type: 'string', description: 'virtual minutes', default: '30' },
    seed: { type: 'string', description: 'seed', default: '1' },
  },
  async run(context) {
    const configPath = stringFlag(context, 'config', 'examples/queues/awesomenauts-3v3.json');
    const config = readJsonFile(configPath, 'config') as QueueConfig;
    const skills = choiceFlag(context, 'skills', 'normal', ['normal', 'dota'] as const);
    const churnPath = stringFlag(context, 'churn', 'examples/eomm-table2.json');
    let churn: ReturnType<typeof createChurnTable> | undefined;
    if (churnPath !== 'none') {
      const params = readJsonFile(churnPath, 'churn') as { churn?: Record<string, unknown> };
      if (typeof params.churn !== 'object' || params.churn === null) {
        throw new MatchdError(ErrorCodes.INVALID_OPTION, `--churn: ${churnPath} has no "churn" table`, {
          path: 'churn',
        });
      }
      churn = createChurnTable(params.churn);
    }
    const minutes = intFlag(context, 'minutes', 30, 1, 100000);
    const seed = intFlag(context, 'seed', 1, 0, 2 ** 31 - 1);
    const regions = scenarioRegions(config);
    context.progress(0, 1);
    const metrics = simulateQueue({
      config,
      regions,
      skills: skills === 'dota' ? { kind: 'dota' } : { kind: 'normal', mean: 1700, sd: 300 },
      durationMs: minutes * 60_000,
      startMs: 18 * 3_600_000,
      tickMs: 1000,
      seed,
      ...(churn === undefined ? {} : { churn }),
    });
    context.progress(1, 1);
    const s = (ms: number) => (Number.isNaN(ms) ? 'n/a' : `${(ms / 1000).toFixed(1)} s`);
    const markdown = [
      `# Queue scenario: ${config.name ?? config.id}`,
      '',
      `Seed ${seed}: ${minutes} virtual minutes from 18:00 UTC, config \`${configPath}\`, skills ${skills}, churn ${churnPath}.`,
      `Regions: ${regions.map((r) => `${r.name} (${r.arrivalsPerSecond} tickets/s at the daily mean)`).join(', ')}.`,
      '',
      '| metric | value |',
      '| --- | ---: |',
      `| tickets | ${metrics.tickets} |`,
      `| refused by gates | ${metrics.rejected} |`,
      `| matches | ${metrics.matches} |`,
      `| expired | ${metrics.expired} |`,
      `| wait p50 / p90 / p99 | ${s(metrics.waitMs.p50)} / ${s(metrics.waitMs.p90)} / ${s(metrics.waitMs.p99)} |`,
      `| mean match quality | ${metrics.meanQuality.toFixed(4)} |`,
      `| mean favourite edge, P(favourite) - 0.5 | ${metrics.meanFavouriteEdge.toFixed(4)} |`,
      `| retention (queued again after a match) | ${(100 * metrics.retention).toFixed(1)}% |`,
      `| repeat-opponent rate | ${(100 * metrics.repeatOpponentRate).toFixed(1)}% |`,
      `| mean highest ping per match | ${metrics.meanMaxPingMs.toFixed(0)} ms |`,
      '',
    ].join('\n');
    return {
      json: { experiment: 'queue', seed, config: configPath, skills, minutes, regions, metrics },
      markdown,
      charts: {},
    };
  },
};
