import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { after, test } from 'node:test';
import { isMatchdError, Random } from '@matchd/engine';
import { main } from './cli.ts';
import { evaluate } from './evaluate.ts';
import { readMatchFile } from './match-file.ts';

const dir = mkdtempSync(join(tmpdir(), 'matchd-ratings-scores-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function dateOf(day: number): string {
  return new Date(Date.UTC(2000, 7, 1) + day * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A league of 20 teams over `seasons` seasons (a round each week, 38 games per team), goals drawn
 * as Poisson with means exp(0.25 + strength gap / 2 + 0.25 at home): a football-like file with
 * about a quarter of games drawn. Strengths drift between seasons.
 */
function writeLeague(name: string, seasons: number, seed: number): string {
  const random = Random.fromSeed(seed);
  const teams = 20;
  const strength = Array.from({ length: teams }, () => random.normal(0, 0.4));
  const poisson = (mean: number) => {
    let k = 0;
    let product = random.next();
    const limit = Math.exp(-mean);
    while (product > limit) {
      k++;
      product *= random.next();
    }
    return k;
  };
  const lines = ['date,season,neutral,home,away,home_score,away_score'];
  let day = 0;
  for (let season = 0; season < seasons; season++) {
    for (let t = 0; t < teams; t++) strength[t] = 0.7 * (strength[t] as number) + random.normal(0, 0.25);
    for (let round = 0; round < 2 * (teams - 1); round++) {
      const order = random.shuffle(Array.from({ length: teams }, (_, i) => i));
      for (let g = 0; g < teams / 2; g++) {
        const home = order[2 * g] as number;
        const away = order[2 * g + 1] as number;
        const gap = (strength[home] as number) - (strength[away] as number);
        const neutral = round === 0 && g === 0 ? 1 : 0;
        const h = poisson(Math.exp(0.25 + gap / 2 + (neutral ? 0 : 0.25)));
        const a = poisson(Math.exp(0.25 - gap / 2));
        lines.push(`${dateOf(day)},${2000 + season},${neutral},T${home},T${away},${h},${a}`);
      }
      day += 7;
    }
    day += 90;
  }
  const path = join(dir, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

function io() {
  const out = new PassThrough();
  const err = new PassThrough();
  let stdout = '';
  let stderr = '';
  out.on('data', (chunk) => {
    stdout += chunk;
  });
  err.on('data', (chunk) => {
    stderr += chunk;
  });
  return { io: { stdout: out, stderr: err }, text: () => ({ stdout, stderr }) };
}

test('the scores format: season and neutral optional, a neutral site has no home side, scores kept', async () => {
  const full = join(dir, 'full.csv');
  writeFileSync(
    full,
    'date,season,neutral,home,away,home_score,away_score\n2020-01-01,2019,0,A,B,3,1\n2020-01-02,,1,B,C,0,0\n',
  );
  const file = await readMatchFile(full);
  assert.equal(file.format, 'scores');
  assert.deepEqual(file.matches[0], {
    teams: [[0], [1]],
    ranks: [1, 2],
    timeMs: Date.UTC(2020, 0, 1),
    scores: [3, 1],
    homeTeam: 0,
    season: '2019',
  });
  assert.equal(file.matches[1]?.neutral, true);
  assert.equal(file.matches[1]?.homeTeam, undefined);
  assert.deepEqual(file.matches[1]?.ranks, [1, 1]);
  assert.ok(file.hasDraws && file.hasScores && file.hasSeasons && file.hasSides);
  const bare = join(dir, 'bare.csv');
  writeFileSync(bare, 'date,home,away,home_score,away_score\n2020-01-01,A,B,0,2\n');
  const short = await readMatchFile(bare);
  assert.deepEqual(short.matches[0]?.ranks, [2, 1]);
  assert.equal(short.hasSeasons, false);
});

test('a bad scores row is MM_ERR_INVALID_DATA naming its line', async () => {
  const cases = [
    '2020-01-02,2019,0,A,B,1,0\n2020-01-01,2019,0,A,B,1,0', // dates out of order
    '2020-01-01,2019,2,A,B,1,0', // neutral must be 0 or 1
    '2020-01-01,2019,0,A,B,-1,0', // negative score
    '2020-01-01,2019,0,A,A,1,0', // a team against itself
  ];
  for (const [i, rows] of cases.entries()) {
    const path = join(dir, `bad-${i}.csv`);
    writeFileSync(path, `date,season,neutral,home,away,home_score,away_score\n${rows}\n`);
    await assert.rejects(readMatchFile(path), (error: unknown) => {
      assert.ok(isMatchdError(error) && error.code === 'MM_ERR_INVALID_DATA');
      assert.ok(typeof error.details['line'] === 'number');
      return true;
    });
  }
});

test('the margin model learns the home advantage and uses margins: home and margin terms gain on a football-like league', async () => {
  const file = await readMatchFile(writeLeague('league.csv', 12, 3));
  const run = (params?: Record<string, string | number>) =>
    evaluate(file, { models: ['margin-kalman'], ...(params === undefined ? {} : { params }) }).models[0]?.all
      .logLoss as number;
  const full = run();
  assert.ok(full < run({ home: 'off' }), 'home advantage');
  assert.ok(full < run({ margins: 'ignore' }), 'margins');
  const elo = evaluate(file, { models: ['elo', 'elo+home+margin+season+draw'] }).models;
  assert.ok((elo[1]?.all.logLoss as number) < (elo[0]?.all.logLoss as number));
});

test('--tune on a file with draws: TrueSkill does not crash the run; folds, whole-file figures and warnings are reported', async () => {
  const path = writeLeague('tune.csv', 4, 5);
  const { io: streams, text } = io();
  const code = await main(
    ['eval', path, '--models', 'trueskill,elo+home+margin+season+draw,margin-kalman', '--tune', '--json'],
    streams,
  );
  assert.equal(code, 0);
  const report = JSON.parse(text().stdout);
  assert.deepEqual(
    report.models.map((model: { model: string }) => model.model),
    ['trueskill', 'elo+home+margin+season+draw', 'margin-kalman'],
  );
  for (const model of report.models) {
    assert.equal(model.tuning.foldLogLoss.length, 4);
    assert.ok(Number.isFinite(model.whole.logLoss) && Number.isFinite(model.defaults.whole.logLoss));
    assert.equal(model.whole.matches, report.matches);
  }
  assert.ok(Array.isArray(report.warnings));
});

test('a model that cannot run on the file is skipped with a warning; the others are reported', async () => {
  const file = await readMatchFile(writeLeague('skip.csv', 1, 9));
  const report = evaluate(file, { models: ['elo', 'margin-kalman'], params: { halfLifeDays: -5 } });
  assert.deepEqual(
    report.models.map((model) => model.model),
    ['elo'],
  );
  assert.match(report.warnings[0] ?? '', /margin-kalman skipped: .*halfLifeDays/);
});

test('ratings eval --help prints the formats and exits 0 without reading anything', async () => {
  const { io: streams, text } = io();
  assert.equal(await main(['eval', '--help'], streams), 0);
  assert.match(text().stdout, /date,season,neutral,home,away,home_score,away_score/);
  assert.equal(text().stderr, '');
  const bad = io();
  assert.equal(await main(['eval', 'x.csv', '--params', 'k'], bad.io), 2);
});
