import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isMatchdError } from '../errors.ts';
import {
  churnTableKeys,
  createChurnTable,
  estimateChurnTable,
  tableChurn,
  tableOutcomeChurn,
} from './churn-table.ts';
import { type HistoryEntry, labelChurn } from './history-log.ts';

const HOUR = 3600 * 1000;

describe('churn tables', () => {
  it('lists all 3^K keys in W, D, L order', () => {
    const keys = churnTableKeys(3);
    assert.equal(keys.length, 27);
    assert.deepEqual(keys.slice(0, 4), ['WWW', 'WWD', 'WWL', 'WDW']);
    assert.equal(new Set(keys).size, 27);
  });

  it('looks up the last K-1 outcomes plus the upcoming one', () => {
    const churn = Object.fromEntries(churnTableKeys(2).map((key, i) => [key, i / 10]));
    const table = createChurnTable(churn);
    assert.equal(tableChurn(table, ['L', 'L', 'W'], 'L'), churn['WL']);
    assert.deepEqual(tableOutcomeChurn(table, ['D']), {
      win: churn['DW'],
      draw: churn['DD'],
      loss: churn['DL'],
    });
    assert.throws(
      () =>
        tableChurn(createChurnTable(Object.fromEntries(churnTableKeys(3).map((k) => [k, 0.5]))), ['W'], 'L'),
      (error) => isMatchdError(error, 'MM_ERR_INVALID_DATA'),
    );
  });

  it('rejects incomplete tables and non-probabilities', () => {
    const full = Object.fromEntries(churnTableKeys(3).map((key) => [key, 0.4]));
    const { WWW: _dropped, ...missing } = full;
    assert.throws(
      () => createChurnTable(missing),
      (error) => isMatchdError(error, 'MM_ERR_INVALID_OPTION'),
    );
    assert.throws(
      () => createChurnTable({ ...full, WWW: 1.5 }),
      (error) => isMatchdError(error, 'MM_ERR_INVALID_OPTION'),
    );
    assert.throws(
      () => createChurnTable({ ...full, WWW: Number.NaN }),
      (error) => isMatchdError(error, 'MM_ERR_INVALID_OPTION'),
    );
    assert.throws(
      () => createChurnTable({}),
      (error) => isMatchdError(error, 'MM_ERR_INVALID_OPTION'),
    );
  });

  it('estimates each key as the share of churned matches, from a log', () => {
    // Player a: W, L (churns: next match 10 h later), L, then the log ends 9 h after the last match.
    const log: HistoryEntry[] = [
      { playerId: 'a', timeMs: 0, outcome: 'W' },
      { playerId: 'a', timeMs: 1 * HOUR, outcome: 'L' },
      { playerId: 'a', timeMs: 11 * HOUR, outcome: 'L' },
      { playerId: 'b', timeMs: 0, outcome: 'W' },
      { playerId: 'b', timeMs: 2 * HOUR, outcome: 'L' },
      { playerId: 'b', timeMs: 3 * HOUR, outcome: 'D' },
    ];
    const labelled = labelChurn(log, { churnWindowMs: 8 * HOUR, logEndMs: 20 * HOUR });
    const estimate = estimateChurnTable(labelled, { keyLength: 2 });
    const cell = (key: string) => estimate.cells.find((c) => c.key === key);
    assert.deepEqual(cell('WL'), { key: 'WL', matches: 2, churned: 1, churn: 0.5 });
    assert.deepEqual(cell('LL'), { key: 'LL', matches: 1, churned: 1, churn: 1 });
    assert.deepEqual(cell('LD'), { key: 'LD', matches: 1, churned: 1, churn: 1 });
    // A key never seen takes the overall rate; a prior pulls rare keys towards it.
    assert.equal(estimate.table.churn['WW'], estimate.overallChurn);
    const smoothed = estimateChurnTable(labelled, { keyLength: 2, priorMatches: 2 });
    assert.ok(
      (smoothed.table.churn['LL'] as number) < 1 &&
        (smoothed.table.churn['LL'] as number) > smoothed.overallChurn,
    );
  });
});
