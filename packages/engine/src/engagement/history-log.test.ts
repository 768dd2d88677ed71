import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isMatchdError } from '../errors.ts';
import { type HistoryEntry, labelChurn } from './history-log.ts';

const HOUR = 3600 * 1000;

describe('labelChurn', () => {
  const log: HistoryEntry[] = [
    { playerId: 'p', timeMs: 5 * HOUR, outcome: 'L', scoreDifference: -2 },
    { playerId: 'p', timeMs: 0, outcome: 'W', scoreDifference: 1 },
    { playerId: 'p', timeMs: 14 * HOUR, outcome: 'D' },
    { playerId: 'q', timeMs: 1 * HOUR, outcome: 'W' },
  ];

  it('labels a match churned when the next one comes after the window, and censors the tail', () => {
    const labelled = labelChurn(log, { churnWindowMs: 8 * HOUR, logEndMs: 16 * HOUR });
    const p = labelled.filter((m) => m.playerId === 'p');
    assert.deepEqual(
      p.map((m) => [m.match.timeMs / HOUR, m.churned, m.previous.length]),
      [
        [0, false, 0],
        [5, true, 1],
      ],
    );
    // q's only match is 15 h before the end of the log: no match within 8 h, so churned.
    assert.deepEqual(
      labelled.filter((m) => m.playerId === 'q').map((m) => m.churned),
      [true],
    );
    assert.equal(p[1]?.previous[0]?.scoreDifference, 1);
  });

  it('rejects malformed entries and options before labelling anything', () => {
    const bad = [
      () => labelChurn([{ playerId: '', timeMs: 0, outcome: 'W' }], { churnWindowMs: HOUR }),
      () => labelChurn([{ playerId: 'a', timeMs: Number.NaN, outcome: 'W' }], { churnWindowMs: HOUR }),
      () => labelChurn([{ playerId: 'a', timeMs: 0, outcome: 'X' as 'W' }], { churnWindowMs: HOUR }),
      () =>
        labelChurn([{ playerId: 'a', timeMs: 0, outcome: 'W', scoreDifference: Infinity }], {
          churnWindowMs: HOUR,
        }),
      () => labelChurn(log, { churnWindowMs: 0 }),
    ];
    for (const call of bad) assert.throws(call, (error) => isMatchdError(error));
  });
});
