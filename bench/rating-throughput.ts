/**
 * Rating update throughput (matches per second, update only), ours against the npm peers, in one
 * process on the same pre-generated seeded matches: openskill 5 vs our five Weng-Lin models,
 * ts-trueskill vs our TrueSkill, glicko2 (npm) vs our Glicko-2, and our Elo, for 1v1 and 5v5.
 *
 * Method: a hand loop, not per-call timing (at well under a microsecond per update, a timer call
 * per iteration would be most of what is measured). Each sample times one pass of updates, cycling
 * over the matches, sized per contender to last about `--pass-ms`; contenders are interleaved pass
 * by pass so that machine load falls on all of them alike; the first `--warmup` passes are
 * discarded (JIT, and sizing the passes); the median pass is reported. Anything a
 * contender needs in its own format (ts-trueskill Rating objects, glicko2 Player objects, which it
 * mutates) is built before the timer starts, fresh for every pass. Every result feeds a checksum so
 * that no update can be optimised away.
 *
 * Usage: node --import tsx bench/rating-throughput.ts [--matches 20000] [--rounds 9] [--warmup 3]
 *        [--pass-ms 250] [--seed 1] [--only 1v1|5v5]
 */

import { createRequire } from 'node:module';
import {
  createBradleyTerryFull,
  createBradleyTerryPart,
  createElo,
  createGlicko2,
  createPlackettLuce,
  createThurstoneMostellerFull,
  createThurstoneMostellerPart,
  createTrueSkill,
  Random,
} from '@matchd/engine';
import { rate as openskillRate } from 'openskill';
import {
  bradleyTerryFull,
  bradleyTerryPart,
  plackettLuce,
  thurstoneMostellerFull,
  thurstoneMostellerPart,
} from 'openskill/models';
import { Rating as TsRating, TrueSkill as TsTrueSkill } from 'ts-trueskill';

/** The part of glicko2 1.2.2's (untyped, CommonJS) API this benchmark uses. */
interface Glicko2Player {
  getRating(): number;
}
interface Glicko2Ranking {
  makePlayer(rating: number, rd: number, vol: number): Glicko2Player;
  updateRatings(matches: [Glicko2Player, Glicko2Player, number][]): void;
}
const glicko2 = createRequire(import.meta.url)('glicko2') as {
  Glicko2: new (settings: { tau: number }) => Glicko2Ranking;
};

interface Player {
  mu: number;
  sigma: number;
  rating: number;
  rd: number;
  volatility: number;
  games: number;
  streak: number;
}

interface BenchMatch {
  players: Player[][];
  ranks: number[];
}

/** Seeded matches of two teams of `teamSize`: skills ~ N(25, 5), sigma in [1, 25/3], a random winner. */
function generateMatches(count: number, teamSize: number, seed: number): BenchMatch[] {
  const random = Random.fromSeed(seed);
  const player = (): Player => {
    const mu = random.normal(25, 5);
    const sigma = random.uniform(1, 25 / 3);
    return {
      mu,
      sigma,
      rating: 1500 + (mu - 25) * 40,
      rd: random.uniform(30, 350),
      volatility: 0.06,
      games: random.int(200),
      streak: 0,
    };
  };
  return Array.from({ length: count }, () => ({
    players: [Array.from({ length: teamSize }, player), Array.from({ length: teamSize }, player)],
    ranks: random.bernoulli(0.5) ? [1, 2] : [2, 1],
  }));
}

/** A contender: `prepare` builds its inputs (untimed) and returns the timed pass. */
interface Contender {
  readonly family: string;
  readonly name: string;
  /** The peer whose speed this contender is compared with (by name), if any. */
  readonly peer?: string;
  /** The aimed-for ratio to that peer. */
  readonly aim?: number;
  /** Builds the inputs (untimed); the returned pass runs `updates` updates, cycling over the matches. */
  readonly prepare: (matches: readonly BenchMatch[]) => (updates: number) => number;
}

type Gaussian = { mu: number; sigma: number };

function gaussianTeams(matches: readonly BenchMatch[]): { teams: Gaussian[][]; ranks: number[] }[] {
  return matches.map((m) => ({
    teams: m.players.map((team) => team.map((p) => ({ mu: p.mu, sigma: p.sigma }))),
    ranks: m.ranks,
  }));
}

function wengLinContenders(): Contender[] {
  const pairs = [
    ['Plackett-Luce', plackettLuce, createPlackettLuce()],
    ['Bradley-Terry full', bradleyTerryFull, createBradleyTerryFull()],
    ['Bradley-Terry part', bradleyTerryPart, createBradleyTerryPart()],
    ['Thurstone-Mosteller full', thurstoneMostellerFull, createThurstoneMostellerFull()],
    ['Thurstone-Mosteller part', thurstoneMostellerPart, createThurstoneMostellerPart()],
  ] as const;
  const contenders: Contender[] = [];
  for (const [label, reference, ours] of pairs) {
    const peer = `openskill ${label}`;
    contenders.push({
      family: 'Weng-Lin',
      name: peer,
      prepare: (matches) => {
        const input = gaussianTeams(matches);
        return (updates) => {
          let sum = 0;
          for (let i = 0; i < updates; i++) {
            const m = input[i % input.length] as (typeof input)[number];
            sum += openskillRate(m.teams, { model: reference, rank: m.ranks })[0]?.[0]?.mu ?? 0;
          }
          return sum;
        };
      },
    });
    contenders.push({
      family: 'Weng-Lin',
      name: `matchd ${label}`,
      peer,
      aim: 10,
      prepare: (matches) => {
        const input = gaussianTeams(matches).map((m) => ({
          match: { teams: m.teams },
          result: { ranks: m.ranks },
        }));
        return (updates) => {
          let sum = 0;
          for (let i = 0; i < updates; i++) {
            const m = input[i % input.length] as (typeof input)[number];
            sum += ours.update(m.match, m.result)[0]?.[0]?.mu ?? 0;
          }
          return sum;
        };
      },
    });
  }
  return contenders;
}

function trueSkillContenders(): Contender[] {
  const env = new TsTrueSkill();
  const ours = createTrueSkill();
  return [
    {
      family: 'TrueSkill',
      name: 'ts-trueskill',
      prepare: (matches) => {
        const input = matches.map((m) => ({
          groups: m.players.map((team) => team.map((p) => new TsRating(p.mu, p.sigma))),
          ranks: m.ranks,
        }));
        return (updates) => {
          let sum = 0;
          for (let i = 0; i < updates; i++) {
            const m = input[i % input.length] as (typeof input)[number];
            sum += env.rate(m.groups, m.ranks)[0]?.[0]?.mu ?? 0;
          }
          return sum;
        };
      },
    },
    {
      family: 'TrueSkill',
      name: 'matchd TrueSkill',
      peer: 'ts-trueskill',
      aim: 10,
      prepare: (matches) => {
        const input = gaussianTeams(matches).map((m) => ({
          match: { teams: m.teams },
          result: { ranks: m.ranks },
        }));
        return (updates) => {
          let sum = 0;
          for (let i = 0; i < updates; i++) {
            const m = input[i % input.length] as (typeof input)[number];
            sum += ours.update(m.match, m.result)[0]?.[0]?.mu ?? 0;
          }
          return sum;
        };
      },
    },
  ];
}

/** One of our Glicko-2 team reductions, timed on the same matches as the npm package. */
function ourGlicko2(name: string, model: ReturnType<typeof createGlicko2>): Contender {
  return {
    family: 'Glicko-2',
    name,
    peer: 'glicko2 (npm)',
    aim: 3,
    prepare: (matches) => {
      const input = matches.map((m) => ({
        match: {
          teams: m.players.map((team) =>
            team.map((p) => ({ rating: p.rating, rd: p.rd, volatility: p.volatility })),
          ),
        },
        result: { ranks: m.ranks },
      }));
      return (updates) => {
        let sum = 0;
        for (let i = 0; i < updates; i++) {
          const m = input[i % input.length] as (typeof input)[number];
          sum += model.update(m.match, m.result)[0]?.[0]?.rating ?? 0;
        }
        return sum;
      };
    },
  };
}

function glickoContenders(): Contender[] {
  const composite = createGlicko2();
  const pairwise = createGlicko2({ teamReduction: 'pairwise' });
  return [
    {
      family: 'Glicko-2',
      // One rating period per match, every player of one team against every player of the other.
      name: 'glicko2 (npm)',
      prepare: (matches) => {
        const input = matches.map((m) => {
          const ranking = new glicko2.Glicko2({ tau: 0.5 });
          const teams = m.players.map((team) =>
            team.map((p) => ranking.makePlayer(p.rating, p.rd, p.volatility)),
          );
          const first = m.ranks[0] === 1 ? 1 : 0;
          const games: [Glicko2Player, Glicko2Player, number][] = [];
          for (const a of teams[0] ?? []) for (const b of teams[1] ?? []) games.push([a, b, first]);
          return { ranking, teams, games };
        });
        return (updates) => {
          let sum = 0;
          for (let i = 0; i < updates; i++) {
            const m = input[i % input.length] as (typeof input)[number];
            m.ranking.updateRatings(m.games);
            sum += m.teams[0]?.[0]?.getRating() ?? 0;
          }
          return sum;
        };
      },
    },
    ourGlicko2('matchd Glicko-2 (composite)', composite),
    ourGlicko2('matchd Glicko-2 (pairwise: same games as npm)', pairwise),
  ];
}

function eloContenders(): Contender[] {
  const ours = createElo();
  return [
    {
      family: 'Elo',
      name: 'matchd Elo',
      prepare: (matches) => {
        const input = matches.map((m) => ({
          match: {
            teams: m.players.map((team) =>
              team.map((p) => ({ rating: p.rating, games: p.games, streak: p.streak })),
            ),
          },
          result: { ranks: m.ranks },
        }));
        return (updates) => {
          let sum = 0;
          for (let i = 0; i < updates; i++) {
            const m = input[i % input.length] as (typeof input)[number];
            sum += ours.update(m.match, m.result)[0]?.[0]?.rating ?? 0;
          }
          return sum;
        };
      },
    },
  ];
}

interface Row {
  readonly shape: string;
  readonly contender: Contender;
  readonly matchesPerSecond: number;
  readonly spread: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function measure(options: {
  shape: string;
  matches: readonly BenchMatch[];
  contenders: readonly Contender[];
  rounds: number;
  warmup: number;
  passMs: number;
}): Row[] {
  const { contenders, matches } = options;
  const samples = contenders.map(() => [] as number[]);
  // Updates per pass, per contender: sized from the warm-up passes so that every pass lasts about
  // passMs whatever the contender's speed (a fixed count would be 1 ms for some, minutes for others).
  const passUpdates = contenders.map(() => Math.min(matches.length, 200));
  let checksum = 0;
  for (let round = 0; round < options.warmup + options.rounds; round++) {
    contenders.forEach((contender, c) => {
      const run = contender.prepare(matches);
      const updates = passUpdates[c] as number;
      const start = performance.now();
      checksum += run(updates);
      const elapsedMs = performance.now() - start;
      const perSecond = (updates / elapsedMs) * 1000;
      if (round < options.warmup) {
        passUpdates[c] = Math.max(100, Math.round((perSecond * options.passMs) / 1000));
      } else {
        samples[c]?.push(perSecond);
      }
    });
  }
  if (!Number.isFinite(checksum)) throw new Error('a contender produced a non-finite rating');
  return contenders.map((contender, c) => {
    const values = samples[c] as number[];
    const mid = median(values);
    // Interquartile half-range relative to the median: how noisy this line is.
    const sorted = [...values].sort((a, b) => a - b);
    const q1 = sorted[Math.floor((sorted.length - 1) / 4)] as number;
    const q3 = sorted[Math.ceil(((sorted.length - 1) * 3) / 4)] as number;
    return { shape: options.shape, contender, matchesPerSecond: mid, spread: (q3 - q1) / 2 / mid };
  });
}

function parseArgs(argv: readonly string[]): Map<string, string> {
  const args = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i] as string;
    if (!key.startsWith('--')) continue;
    const next = argv[i + 1];
    if (next === undefined || next.startsWith('--')) args.set(key.slice(2), 'true');
    else {
      args.set(key.slice(2), next);
      i++;
    }
  }
  return args;
}

function formatRate(value: number): string {
  return value >= 1e6 ? `${(value / 1e6).toFixed(2)}M` : `${(value / 1e3).toFixed(1)}k`;
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const count = Number(args.get('matches') ?? 20000);
  const passMs = Number(args.get('pass-ms') ?? 250);
  const rounds = Number(args.get('rounds') ?? 9);
  const warmup = Number(args.get('warmup') ?? 3);
  const seed = Number(args.get('seed') ?? 1);
  const shapes = [
    { shape: '1v1', teamSize: 1 },
    { shape: '5v5', teamSize: 5 },
  ].filter((s) => args.get('only') === undefined || s.shape === args.get('only'));
  const contenders = [
    ...wengLinContenders(),
    ...trueSkillContenders(),
    ...glickoContenders(),
    ...eloContenders(),
  ];
  const rows: Row[] = [];
  for (const { shape, teamSize } of shapes) {
    const matches = generateMatches(count, teamSize, seed + teamSize);
    rows.push(...measure({ shape, matches, contenders, rounds, warmup, passMs }));
  }
  const lines = [
    '| shape | family | contender | matches/s | ± (IQR/2) | vs peer | aim |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: |',
  ];
  for (const row of rows) {
    const peer = rows.find((r) => r.shape === row.shape && r.contender.name === row.contender.peer);
    const ratio = peer === undefined ? '' : `${(row.matchesPerSecond / peer.matchesPerSecond).toFixed(1)}x`;
    const aim = row.contender.aim === undefined ? '' : `${row.contender.aim}x`;
    lines.push(
      `| ${row.shape} | ${row.contender.family} | ${row.contender.name} | ${formatRate(row.matchesPerSecond)} | ${(row.spread * 100).toFixed(0)}% | ${ratio} | ${aim} |`,
    );
  }
  process.stdout.write(
    `${lines.join('\n')}\n\n${count} distinct seeded matches per shape (seed ${seed}); passes of ~${passMs} ms per contender, interleaved; median of ${rounds} timed passes after ${warmup} warm-up; node ${process.version}\n`,
  );
}

main();
