import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { after, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { Random } from '@matchd/engine';
import { main } from './cli.ts';
import { allModels } from './eval-models.ts';
import { evaluate } from './evaluate.ts';
import { readMatchFile } from './match-file.ts';
import { ScoreAccumulator } from './metrics.ts';
import { runOnline } from './online.ts';
import { numberParam } from './params.ts';

const dir = mkdtempSync(join(tmpdir(), 'matchd-ratings-eval-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** A population with known true skills (log-odds units) and its match history. */
interface Population {
  readonly skills: number[];
  /** True P(listed team 0 wins) of every match, in file order. */
  readonly truth: number[];
}

function dateOf(day: number): string {
  return new Date(Date.UTC(2020, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
}

/** 1v1 file: the winner is listed first (as in the ATP file). */
function writeSingles(name: string, matches: number, seed: number): { path: string; population: Population } {
  const random = Random.fromSeed(seed);
  const skills = Array.from({ length: 80 }, () => random.normal(0, 1));
  const truth: number[] = [];
  const lines = ['date,tourney_id,round,winner_id,loser_id'];
  for (let i = 0; i < matches; i++) {
    const a = random.int(skills.length);
    let b = random.int(skills.length - 1);
    if (b >= a) b++;
    const pA = sigmoid((skills[a] as number) - (skills[b] as number));
    const aWins = random.bernoulli(pA);
    truth.push(aWins ? pA : 1 - pA);
    lines.push(
      `${dateOf(Math.floor(i / 20))},t${Math.floor(i / 20)},R32,p${aWins ? a : b},p${aWins ? b : a}`,
    );
  }
  const path = join(dir, name);
  writeFileSync(path, gzipSync(`${lines.join('\n')}\n`));
  return { path, population: { skills, truth } };
}

/** 2v2 (dated) or 5v5 (sided, blue side gets `sideLogOdds`) long-format file. */
function writeTeams(
  name: string,
  options: { matches: number; teamSize: number; sided: boolean; sideLogOdds: number; seed: number },
): { path: string; population: Population } {
  const random = Random.fromSeed(options.seed);
  const skills = Array.from({ length: 100 }, () => random.normal(0, 1));
  const truth: number[] = [];
  const lines = [
    options.sided ? 'match_id,period,league,team,player_id,rank' : 'match_id,date,team,player_id,rank',
  ];
  for (let m = 0; m < options.matches; m++) {
    const players = random
      .shuffle(Array.from({ length: skills.length }, (_, i) => i))
      .slice(0, 2 * options.teamSize);
    const teams = [players.slice(0, options.teamSize), players.slice(options.teamSize)];
    const strength = (team: number[]) =>
      team.reduce((sum, p) => sum + (skills[p] as number), 0) / team.length;
    const p0 = sigmoid(
      3 * (strength(teams[0] ?? []) - strength(teams[1] ?? [])) + (options.sided ? options.sideLogOdds : 0),
    );
    const won0 = random.bernoulli(p0);
    truth.push(p0);
    teams.forEach((team, t) => {
      const rank = (t === 0) === won0 ? 1 : 2;
      for (const player of team) {
        const second = options.sided ? `2020-1Spring-1Season,LEC` : dateOf(Math.floor(m / 10));
        lines.push(`${m},${second},${t},p${player},${rank}`);
      }
    });
  }
  const path = join(dir, name);
  writeFileSync(path, gzipSync(`${lines.join('\n')}\n`));
  return { path, population: { skills, truth } };
}

/** Captures a command's output. */
async function run(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text), isTTY: false },
  });
  return { code, stdout, stderr };
}

function oracleLogLoss(truth: readonly number[], from = 0): number {
  const part = truth.slice(from);
  return part.reduce((sum, p) => sum - Math.log(p), 0) / part.length;
}

test('scores: log-loss, Brier, accuracy and the two-sided calibration table', () => {
  const scores = new ScoreAccumulator();
  scores.add(0.8, 1);
  scores.add(0.3, 1);
  scores.add(0.5, 0);
  scores.add(0.6, 0.5);
  const summary = scores.summary();
  assert.equal(summary.matches, 4);
  const ll = -(Math.log(0.8) + Math.log(0.3) + Math.log(0.5) + Math.log(0.6) / 2 + Math.log(0.4) / 2) / 4;
  assert.ok(Math.abs(summary.logLoss - ll) < 1e-12);
  assert.ok(Math.abs(summary.brier - (0.04 + 0.49 + 0.25 + 0.01) / 4) < 1e-12);
  assert.ok(Math.abs(summary.accuracy - 1.5 / 3) < 1e-12, 'the draw is left out, the coin flip counts half');
  const table = scores.calibration();
  assert.equal(table.length, 10);
  assert.equal(
    table.reduce((sum, row) => sum + row.count, 0),
    8,
  );
  assert.equal(table[8]?.count, 1);
  assert.ok(Math.abs((table[8]?.predicted ?? 0) - 0.8) < 1e-12);
  assert.equal(table[8]?.observed, 1);
});

test('reads all three formats by their header, gzip-compressed', async () => {
  const singles = await readMatchFile(writeSingles('singles.csv.gz', 50, 1).path);
  assert.equal(singles.format, 'singles');
  assert.equal(singles.matches.length, 50);
  assert.deepEqual(singles.matches[0]?.ranks, [1, 2]);
  assert.equal(singles.matches[0]?.timeMs, Date.UTC(2020, 0, 1));
  const doubles = await readMatchFile(
    writeTeams('doubles.csv.gz', { matches: 30, teamSize: 2, sided: false, sideLogOdds: 0, seed: 2 }).path,
  );
  assert.equal(doubles.format, 'teams-dated');
  assert.equal(doubles.matches.length, 30);
  assert.equal(doubles.matches[0]?.teams[1]?.length, 2);
  const lol = await readMatchFile(
    writeTeams('lol.csv.gz', { matches: 20, teamSize: 5, sided: true, sideLogOdds: 0, seed: 3 }).path,
  );
  assert.equal(lol.format, 'teams-sided');
  assert.equal(lol.hasSides, true);
  assert.equal(lol.hasDates, false);
  assert.equal(lol.matches[0]?.homeTeam, 0);
  assert.equal(lol.matches[0]?.teams[0]?.length, 5);
});

test('eval learns a population with known skills: Elo comes close to the true probabilities', async () => {
  const { path, population } = writeSingles('learn.csv.gz', 6000, 4);
  const { code, stdout, stderr } = await run(['eval', path, '--json', '--models', 'elo,elo-newcomer']);
  assert.equal(code, 0, stderr);
  assert.equal(stderr, '', 'no progress bar without a TTY');
  const report = JSON.parse(stdout);
  assert.deepEqual(
    report.models.map((m: { model: string }) => m.model),
    ['elo', 'elo-newcomer'],
  );
  const oracle = oracleLogLoss(population.truth);
  for (const model of report.models) {
    assert.ok(model.logLoss < Math.LN2 - 0.05, `${model.model} learns something: ${model.logLoss}`);
    assert.ok(
      model.logLoss > oracle - 0.02,
      `${model.model} cannot beat the truth by much: ${model.logLoss} vs ${oracle}`,
    );
    assert.ok(model.warm.logLoss <= model.logLoss, 'warm matches are predicted better');
    assert.equal(typeof model.params.k, 'number');
    assert.ok(model.brier > 0 && model.brier < 0.25);
    assert.ok(model.accuracy > 0.6);
  }
});

test('--tune chooses parameters on the first part only: flipping later results does not change them', async () => {
  const { path } = writeSingles('tune.csv.gz', 3000, 5);
  const file = await readMatchFile(path);
  const tuned = evaluate(file, { models: ['elo'], tune: true, tuneFraction: 0.7 });
  assert.deepEqual(tuned.scored, { from: 2100, to: 3000 });
  const model = tuned.models[0];
  assert.ok(model !== undefined);
  assert.equal(model.all.matches, 900, 'only the later part is scored');
  assert.notEqual(numberParam(model.params, 'k'), 32);
  // Flip every result after the tuning part: the chosen K must not move, the scores must.
  const flipped = {
    ...file,
    matches: file.matches.map((match, i) =>
      i < 2100 ? match : { ...match, ranks: [match.ranks[1] ?? 2, match.ranks[0] ?? 1] },
    ),
  };
  const again = evaluate(flipped, { models: ['elo'], tune: true, tuneFraction: 0.7 });
  assert.deepEqual(again.models[0]?.params, model.params);
  assert.ok((again.models[0]?.all.logLoss ?? 0) > model.all.logLoss + 0.2);
});

test('a side term learned online picks up a blue-side advantage', async () => {
  const { path } = writeTeams('side.csv.gz', {
    matches: 4000,
    teamSize: 5,
    sided: true,
    sideLogOdds: 0.5,
    seed: 6,
  });
  const { code, stdout } = await run(['eval', path, '--json', '--models', 'elo,elo+side']);
  assert.equal(code, 0);
  const [plain, sided] = JSON.parse(stdout).models;
  assert.ok(sided.logLoss < plain.logLoss - 0.01, `${sided.logLoss} vs ${plain.logLoss}`);
  assert.ok(Math.abs(sided.sideLogOdds - 0.5) < 0.25, `learned side ${sided.sideLogOdds}`);
});

test('text output has the score table and a calibration table per model', async () => {
  const { path } = writeSingles('text.csv.gz', 500, 7);
  const { code, stdout } = await run(['eval', path, '--models', 'elo']);
  assert.equal(code, 0);
  assert.match(stdout, /model\s+log-loss\s+brier\s+accuracy/);
  assert.match(stdout, /calibration of elo/);
  assert.equal(stdout.match(/^0\.\d-\d\.\d /gm)?.length, 10);
});

test('bad input: stable codes and non-zero exits', async () => {
  const missing = await run(['eval', join(dir, 'nope.csv.gz')]);
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /MM_ERR_INVALID_DATA/);

  const unknown = join(dir, 'unknown.csv');
  writeFileSync(unknown, 'a,b,c\n1,2,3\n');
  const unknownFormat = await run(['eval', unknown, '--json']);
  assert.equal(unknownFormat.code, 1);
  assert.equal(JSON.parse(unknownFormat.stdout).error.code, 'MM_ERR_INVALID_DATA');
  assert.equal(JSON.parse(unknownFormat.stdout).error.details.reason, 'unknown-format');

  const malformed = join(dir, 'malformed.csv');
  writeFileSync(
    malformed,
    'date,tourney_id,round,winner_id,loser_id\n2020-01-01,t,R32,a,b\n2020-13-45,t,R32,a,b\n',
  );
  const badRow = await run(['eval', malformed, '--json']);
  assert.equal(badRow.code, 1);
  assert.equal(JSON.parse(badRow.stdout).error.details.line, 3);

  const shortRow = join(dir, 'short.csv');
  writeFileSync(shortRow, 'match_id,date,team,player_id,rank\n0,2020-01-01,0,a\n');
  assert.equal((await run(['eval', shortRow])).code, 1);

  const good = writeSingles('good.csv.gz', 20, 8).path;
  const badModel = await run(['eval', good, '--models', 'elo,nope', '--json']);
  assert.equal(badModel.code, 2);
  assert.equal(JSON.parse(badModel.stdout).error.code, 'MM_ERR_INVALID_OPTION');
  assert.equal((await run(['eval', good, '--frobnicate'])).code, 2);
  assert.equal((await run(['eval', good, '--models', 'elo+side'])).code, 2, 'no sides in a singles file');
  assert.equal((await run(['eval', good, '--tune', '--tune-fraction', '1.5'])).code, 2);
  assert.equal((await run(['frobnicate'])).code, 2);
});

test('match files are read as CSV: a quoted "Smith, John" is one player, and every error names its line', async () => {
  const quoted = join(dir, 'quoted.csv');
  writeFileSync(
    quoted,
    [
      'date,tourney_id,round,winner_id,loser_id',
      '2020-01-01,t1,R32,"Smith, John","Bo ""The Bolt"", Jr"',
      '2020-01-02,t1,R16,"Bo ""The Bolt"", Jr","Smith, John"\r',
      '',
      '2020-01-03,t1,QF,"Smith, John",Ann',
    ].join('\n'),
  );
  const file = await readMatchFile(quoted);
  assert.equal(file.matches.length, 3);
  assert.equal(file.playerCount, 3, 'Smith, John and Bo "The Bolt", Jr are one player each');
  assert.deepEqual(file.matches[1]?.teams, [[1], [0]]);

  const malformed = join(dir, 'malformed-line.csv');
  writeFileSync(
    malformed,
    'date,tourney_id,round,winner_id,loser_id\n2020-01-01,t,R32,a,b\n2020-01-02,t,R32,a,b,c\n',
  );
  const plain = await run(['eval', malformed]);
  assert.equal(plain.code, 1);
  assert.match(plain.stderr, /malformed-line\.csv:3: expected 5 columns, found 6/);
  const unclosed = join(dir, 'unclosed.csv');
  writeFileSync(
    unclosed,
    'date,tourney_id,round,winner_id,loser_id\n2020-01-01,t,R32,a,b\n2020-01-02,t,R32,"a,b\n',
  );
  const open = await run(['eval', unclosed]);
  assert.equal(open.code, 1);
  assert.match(open.stderr, /unclosed\.csv:\d+: cannot read match file: .*quote/i);
});

test('a progress bar goes to stderr when it is a terminal, and never with --json', async () => {
  const { path } = writeSingles('progress.csv.gz', 3000, 9);
  const capture = async (argv: string[]) => {
    const stderr = Object.assign(new PassThrough(), { isTTY: true, columns: 100 });
    let written = '';
    stderr.on('data', (chunk: Buffer) => {
      written += chunk.toString();
    });
    let stdout = '';
    const code = await main(argv, { stdout: { write: (text: string) => (stdout += text) }, stderr });
    return { code, written, stdout };
  };
  const text = await capture(['eval', path, '--models', 'elo']);
  assert.equal(text.code, 0);
  assert.match(text.written, /ratings eval/);
  assert.match(text.stdout, /calibration of elo/);
  const json = await capture(['eval', path, '--models', 'elo', '--json']);
  assert.equal(json.written, '');
  assert.equal(JSON.parse(json.stdout).models[0].model, 'elo');
});

test('the online slope cannot learn which team a file lists first, and corrects an overconfident model', async () => {
  const { path } = writeSingles('slope.csv.gz', 4000, 10);
  const file = await readMatchFile(path);
  // The same matches with the loser listed first.
  const swapped = {
    ...file,
    matches: file.matches.map((match) => ({
      ...match,
      teams: [match.teams[1] ?? [], match.teams[0] ?? []],
      ranks: [match.ranks[1] ?? 2, match.ranks[0] ?? 1],
    })),
  };
  const models = ['elo', 'elo+slope'];
  const a = evaluate(file, { models });
  const b = evaluate(swapped, { models });
  assert.ok(Math.abs((a.models[1]?.all.logLoss ?? 0) - (b.models[1]?.all.logLoss ?? 1)) < 1e-9);
  assert.ok(Math.abs((a.models[1]?.slope ?? 0) - (b.models[1]?.slope ?? 1)) < 1e-9);
  // K = 150 swings ratings too far (overconfident): the slope learns to shrink the log-odds.
  const spec = allModels().find((model) => model.name === 'elo+slope');
  assert.ok(spec !== undefined);
  const plain = runOnline(file, spec.create({ k: 150, slopeRate: 0 }));
  const sloped = runOnline(file, spec.create({ k: 150, slopeRate: 0.002 }));
  assert.equal(plain.slope, 1);
  assert.ok((sloped.slope ?? 1) < 0.9, `slope ${sloped.slope}`);
  assert.ok(sloped.all.logLoss < plain.all.logLoss - 0.005, `${sloped.all.logLoss} vs ${plain.all.logLoss}`);
});
