/**
 * Probe behind a finding in bench/results/ratings-eval.md: Weng-Lin Plackett-Luce updates with a
 * logistic likelihood over c = sqrt(sigma_a^2 + sigma_b^2 + 2 beta^2) but predicts with openskill's
 * predictWin, a normal CDF. Same ratings, same protocol (online, file order, last 30% scored, no
 * draws in the file), two predictions: predictWin, and the logistic the update itself assumes.
 * Usage: node --import tsx bench/ratings-pl-predict-consistency.ts <singles file> [sigma beta tau]
 */
import { createPlackettLuce, type GaussianRating, sigmoid } from '@matchd/engine';
import { readMatchFile } from '../packages/sim/src/ratings/match-file.ts';
import { ScoreAccumulator } from '../packages/sim/src/ratings/metrics.ts';

const [path, sigmaText = '6.062', betaText = '5.553', tauText = '0.3769'] = process.argv.slice(2);
if (path === undefined) throw new Error('usage: ratings-pl-predict-consistency.ts <file> [sigma beta tau]');
const beta = Number(betaText);
const file = await readMatchFile(path);
const from = Math.floor(file.matches.length * 0.7);
const model = createPlackettLuce({ sigma: Number(sigmaText), beta, tau: Number(tauText) });
const ratings: (GaussianRating | undefined)[] = [];
const probit = new ScoreAccumulator();
const logistic = new ScoreAccumulator();
for (let i = 0; i < file.matches.length; i++) {
  const match = file.matches[i] as (typeof file.matches)[number];
  if (match.teams.length !== 2 || match.teams.some((team) => team.length !== 1))
    throw new Error('1v1 files only');
  const teams = match.teams.map((team) => team.map((player) => ratings[player] ?? model.initial()));
  const prediction = model.predict({ teams });
  const p = (prediction.win[0] as number) / ((prediction.win[0] as number) + (prediction.win[1] as number));
  const a = teams[0]?.[0] as GaussianRating;
  const b = teams[1]?.[0] as GaussianRating;
  const q = sigmoid((a.mu - b.mu) / Math.sqrt(a.sigma ** 2 + b.sigma ** 2 + 2 * beta ** 2));
  const y = (match.ranks[0] as number) < (match.ranks[1] as number) ? 1 : 0;
  if (i >= from) {
    probit.add(p, y);
    logistic.add(q, y);
  }
  const updated = model.update({ teams }, { ranks: match.ranks });
  match.teams.forEach((team, t) => {
    team.forEach((player, j) => {
      ratings[player] = updated[t]?.[j];
    });
  });
}
console.log(`| prediction | log-loss (last 30%) |`);
console.log(`|---|---|`);
console.log(`| openskill predictWin (normal CDF) | ${probit.summary().logLoss.toFixed(4)} |`);
console.log(`| logistic over c (the update's own likelihood) | ${logistic.summary().logLoss.toFixed(4)} |`);
