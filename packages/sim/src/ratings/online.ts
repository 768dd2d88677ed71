/**
 * The online protocol of `ratings eval` (../shared/datasets/README.md): for each match in file
 * order, predict P(team 0 wins) from the current ratings, score it (from `scoreFrom` on), then
 * update. A draw counts as y = 0.5. "Warm" matches are those where every participant has at least
 * `warmGames` earlier matches in the file (counted from the start, scored or not).
 * Runners that learn terms from the past (the margin model's moments, a learned draw rate) see each
 * match only after it was predicted and scored.
 */

/** Draws seen before the first match, as a share of `DRAW_PRIOR_GAMES` pseudo-matches (learned draw term). */
const DRAW_PRIOR_RATE = 0.25;
const DRAW_PRIOR_GAMES = 20;

import {
  applyInactivity,
  ErrorCodes,
  isNewSeason,
  MatchdError,
  orderedLogitDraw,
  orderedLogitThreshold,
  regressTowardMean,
  sigmoid,
} from '@matchd/engine';
import type { EvalRunner } from './eval-models.ts';
import type { MatchFile } from './match-file.ts';
import { type CalibrationRow, ScoreAccumulator, type ScoreSummary } from './metrics.ts';

/** Options of one online run. */
export interface OnlineOptions {
  /** First match index that is scored (default 0). */
  readonly scoreFrom?: number;
  /** Stop before this match index (default: the end of the file). */
  readonly stopAt?: number;
  /** Earlier matches every participant needs for a match to count as warm (default 10). */
  readonly warmGames?: number;
  /**
   * Splits the scored matches into this many consecutive blocks and reports each block's log-loss
   * (time-ordered folds: each block is predicted from everything before it).
   */
  readonly folds?: number;
  /** Called every `progressEvery` matches with the number processed since the last call. */
  readonly onProgress?: (matches: number) => void;
  readonly progressEvery?: number;
}

/** Scores of one run. */
export interface OnlineResult {
  readonly all: ScoreSummary;
  readonly warm: ScoreSummary;
  readonly calibration: CalibrationRow[];
  /** The learned side term (log-odds for the side team), when the runner has one. */
  readonly sideLogOdds?: number;
  /** The learned slope on the model's log-odds, when the runner has one. */
  readonly slope?: number;
  /** Log-loss per fold, with `folds`. */
  readonly foldLogLoss?: number[];
}

function observedScore(ranks: readonly number[]): number {
  const [a = 0, b = 0] = ranks;
  return a < b ? 1 : a === b ? 0.5 : 0;
}

/** Runs the protocol over a file (see the file comment). */
export function runOnline(file: MatchFile, runner: EvalRunner, options: OnlineOptions = {}): OnlineResult {
  const scoreFrom = options.scoreFrom ?? 0;
  const stopAt = Math.min(options.stopAt ?? file.matches.length, file.matches.length);
  const warmGames = options.warmGames ?? 10;
  const progressEvery = options.progressEvery ?? 2000;
  const { access, sideRate, slopeRate } = runner;
  const ratings: unknown[] = new Array(file.playerCount);
  const seasons: (string | undefined)[] = new Array(file.playerCount);
  let draws = 0;
  let decided = 0;
  const games = new Int32Array(file.playerCount);
  const lastPlayedMs = new Float64Array(file.playerCount).fill(Number.NaN);
  const all = new ScoreAccumulator();
  const warm = new ScoreAccumulator();
  const foldCount = options.folds ?? 0;
  const folds = Array.from({ length: foldCount }, () => new ScoreAccumulator());
  const foldOf = (index: number) =>
    Math.min(foldCount - 1, Math.floor(((index - scoreFrom) * foldCount) / Math.max(1, stopAt - scoreFrom)));
  let side = 0;
  let slope = 1;
  let sinceProgress = 0;
  for (let index = 0; index < stopAt; index++) {
    const match = file.matches[index] as MatchFile['matches'][number];
    if (match.teams.length !== 2) {
      throw new MatchdError(ErrorCodes.INVALID_DATA, 'ratings eval scores two-team matches only', {
        match: index,
        teams: match.teams.length,
      });
    }
    const nowMs = match.timeMs;
    const model = runner.current?.() ?? runner.model;
    const initial = model.initial();
    const inactivity = typeof runner.inactivity === 'function' ? runner.inactivity() : runner.inactivity;
    const regression = match.season === undefined ? undefined : runner.seasonRegression?.();
    let isWarm = true;
    const teams = match.teams.map((team) =>
      team.map((player) => {
        if ((games[player] as number) < warmGames) isWarm = false;
        let rating = ratings[player] ?? initial;
        if (regression !== undefined && access !== undefined && isNewSeason(seasons[player], match.season)) {
          rating = regressTowardMean(rating, regression, access);
        }
        const last = lastPlayedMs[player] as number;
        if (inactivity === undefined || access === undefined || nowMs === undefined || Number.isNaN(last))
          return rating;
        return applyInactivity(rating, { lastPlayedMs: last, nowMs }, inactivity, access);
      }),
    );
    const context = {
      ...(nowMs === undefined ? {} : { nowMs }),
      ...(match.homeTeam === undefined ? {} : { homeTeam: match.homeTeam }),
      ...(match.neutral === true ? { neutral: true } : {}),
    };
    const prediction = model.predict({ teams }, context);
    // A game with draws is scored on the expected score; a game without them (tennis, LoL) on
    // P(team 0 wins | decisive), so a model's draw mass (Weng-Lin's predictDraw) does not count
    // against it where draws cannot happen.
    const win0 = prediction.win[0] as number;
    const decisive = win0 / (win0 + (prediction.win[1] as number));
    let p = file.hasDraws ? win0 + prediction.draw / 2 : decisive;
    if (runner.drawTerm === true && file.hasDraws) {
      // The ordered logit's threshold from the draw rate of past matches (a prior of 25% over 20).
      const rate = (draws + DRAW_PRIOR_RATE * DRAW_PRIOR_GAMES) / (decided + DRAW_PRIOR_GAMES);
      const split = orderedLogitDraw({ threshold: orderedLogitThreshold(rate) }).split(decisive);
      p = split.win + split.draw / 2;
    }
    const y = observedScore(match.ranks);
    decided += 1;
    if (y === 0.5) draws += 1;
    const useSide = sideRate !== undefined && match.homeTeam !== undefined;
    if (useSide || slopeRate !== undefined) {
      // p' = sigmoid(slope * logit(p) + side * direction); both terms take one SGD step on this
      // match's log-loss after it was predicted (and scored), so they only ever use the past.
      const direction = match.homeTeam === 0 ? 1 : -1;
      const clamped = Math.min(1 - 1e-12, Math.max(1e-12, p));
      const logit = Math.log(clamped / (1 - clamped));
      p = sigmoid(slope * logit + (useSide ? direction * side : 0));
      if (useSide) side -= (sideRate as number) * (p - y) * direction;
      if (slopeRate !== undefined) slope -= slopeRate * (p - y) * logit;
    }
    if (index >= scoreFrom) {
      all.add(p, y);
      if (isWarm) warm.add(p, y);
      if (foldCount > 0) folds[foldOf(index)]?.add(p, y);
    }
    const result = {
      ranks: match.ranks,
      ...(match.homeTeam === undefined ? {} : { homeTeam: match.homeTeam }),
      ...(match.scores === undefined ? {} : { scores: match.scores }),
      ...(match.neutral === true ? { neutral: true } : {}),
    };
    runner.observe?.({ teams, context, result, timeMs: nowMs });
    const updated = (runner.current?.() ?? model).update({ teams }, result, context);
    match.teams.forEach((team, t) => {
      team.forEach((player, i) => {
        ratings[player] = updated[t]?.[i];
        seasons[player] = match.season ?? seasons[player];
        games[player] = (games[player] as number) + 1;
        if (nowMs !== undefined) lastPlayedMs[player] = nowMs;
      });
    });
    if (options.onProgress !== undefined && ++sinceProgress === progressEvery) {
      options.onProgress(sinceProgress);
      sinceProgress = 0;
    }
  }
  if (options.onProgress !== undefined && sinceProgress > 0) options.onProgress(sinceProgress);
  return {
    all: all.summary(),
    warm: warm.summary(),
    calibration: all.calibration(),
    ...(sideRate === undefined ? {} : { sideLogOdds: side }),
    ...(slopeRate === undefined ? {} : { slope }),
    ...(foldCount > 0 ? { foldLogLoss: folds.map((fold) => fold.meanLogLoss()) } : {}),
  };
}
