/**
 * FiveThirtyEight's NFL games into the scores format of `matchd ratings eval`, and 538's own
 * published forecast (elo_prob1) scored over the same games, for the comparison in
 * bench/results/ratings-eval.md. The data is not in the repository (CC BY 4.0, FiveThirtyEight):
 *   git --git-dir=<fivethirtyeight/nfl-elo-game git dir> show 679637c:data/nfl_games.csv > nfl_games.csv
 *   node --import tsx bench/ratings-nfl538.ts nfl_games.csv nfl.csv   # prints 538's log-loss
 *   npm run ratings -- eval nfl.csv --models margin-kalman
 * Commit 679637c ("Update for 2019") holds the 16,274 games of the 1920-2018 seasons.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const [input, output] = process.argv.slice(2);
if (input === undefined || output === undefined) {
  process.stderr.write('usage: ratings-nfl538.ts <nfl_games.csv> <out.csv>\n');
  process.exit(2);
}
const [header = '', ...rows] = readFileSync(input, 'utf8').trim().split('\n');
const column = new Map(header.split(',').map((name, i) => [name, i]));
const cell = (cells: string[], name: string) => cells[column.get(name) ?? -1] ?? '';
const lines = ['date,season,neutral,home,away,home_score,away_score'];
let logLoss = 0;
for (const row of rows) {
  const cells = row.split(',');
  const [home, away] = [Number(cell(cells, 'score1')), Number(cell(cells, 'score2'))];
  lines.push(
    [
      cell(cells, 'date'),
      cell(cells, 'season'),
      cell(cells, 'neutral'),
      cell(cells, 'team1'),
      cell(cells, 'team2'),
      home,
      away,
    ].join(','),
  );
  const p = Number(cell(cells, 'elo_prob1'));
  const y = home > away ? 1 : home === away ? 0.5 : 0;
  logLoss -= y * Math.log(p) + (1 - y) * Math.log(1 - p);
}
writeFileSync(output, `${lines.join('\n')}\n`);
process.stdout.write(
  `${rows.length} games; FiveThirtyEight elo_prob1 log-loss ${(logLoss / rows.length).toFixed(4)}\n`,
);
