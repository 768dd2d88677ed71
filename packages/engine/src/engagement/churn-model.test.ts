import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isMatchdError } from '../errors.ts';
import { Random } from '../random.ts';
import { CHURN_FEATURE_RECENT_MATCHES, churnFeatureNames, churnFeatures } from './churn-features.ts';
import { predictOutcomeChurn, trainChurnModel } from './churn-model.ts';
import type { HistoryEntry } from './history-log.ts';
import { MATCH_OUTCOMES } from './outcomes.ts';

const HOUR = 3600 * 1000;

describe('churn features', () => {
  it('describe the last 10 matches, the upcoming outcome and the activity counts', () => {
    const previous = Array.from({ length: 12 }, (_, i) => ({
      timeMs: i * 2 * HOUR,
      outcome: MATCH_OUTCOMES[i % 3] as 'W',
      scoreDifference: i,
    }));
    const features = churnFeatures({ previous, nowMs: 24 * HOUR }, 'D');
    const names = churnFeatureNames();
    assert.equal(features.length, names.length);
    assert.equal(features.length, CHURN_FEATURE_RECENT_MATCHES * 5 + 3 + 4);
    const get = (name: string) => features[names.indexOf(name)];
    assert.equal(get('recent1.scoreDifference'), 11);
    assert.equal(get('recent1.log1pHoursToNext'), Math.log1p(2));
    assert.equal(get('upcoming.draw'), 1);
    assert.equal(get('log1pMatches8h'), Math.log1p(4)); // matches at 16, 18, 20, 22 h
    assert.equal(get('log1pMatches30d'), Math.log1p(12));
    const empty = churnFeatures({ previous: [], nowMs: 0 }, 'W');
    assert.equal(empty.filter((x) => x !== 0).length, 1);
  });
});

describe('trainChurnModel', () => {
  it('learns that losses raise churn when they do', () => {
    // Each player plays until they churn; churn after a loss 0.5, otherwise 0.2.
    const random = Random.fromSeed(9);
    const log: HistoryEntry[] = [];
    for (let p = 0; p < 400; p++) {
      let timeMs = random.uniform(0, 24 * HOUR);
      for (let m = 0; m < 12; m++) {
        const outcome = random.pick(MATCH_OUTCOMES);
        log.push({ playerId: `p${p}`, timeMs, outcome });
        const churned = random.bernoulli(outcome === 'L' ? 0.5 : 0.2);
        timeMs += churned ? 9 * HOUR + random.exponential(24 * HOUR) : random.uniform(0.2, 7.5) * HOUR;
      }
    }
    const model = trainChurnModel(log, {
      churnWindowMs: 8 * HOUR,
      random: Random.fromSeed(1),
      l2Grid: [0.1, 10, 1000],
    });
    const churn = predictOutcomeChurn(model, {
      previous: [{ timeMs: 0, outcome: 'W', scoreDifference: 0 }],
      nowMs: HOUR,
    });
    assert.ok(churn.loss > churn.win + 0.15, `loss ${churn.loss} win ${churn.win}`);
    assert.ok(Math.abs(churn.win - churn.draw) < 0.08);
    assert.equal(model.crossValidation.length, 3);
  });

  it('rejects a log with a single kind of label', () => {
    const log: HistoryEntry[] = Array.from({ length: 10 }, (_, i) => ({
      playerId: 'a',
      timeMs: i * HOUR,
      outcome: 'W',
    }));
    assert.throws(
      () => trainChurnModel(log, { churnWindowMs: 8 * HOUR, random: Random.fromSeed(1) }),
      (error) => isMatchdError(error, 'MM_ERR_INVALID_DATA'),
    );
  });
});
