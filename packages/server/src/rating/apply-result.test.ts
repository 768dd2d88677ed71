import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isMatchdError } from '@matchd/engine';
import type { MatchRecord } from '../store/records.ts';
import { computeRatingUpdate } from './apply-result.ts';
import { createRatingSystem, ratingModelNames } from './rating-system.ts';

const match: MatchRecord = {
  matchId: 'm',
  queueId: 'q',
  createdAtMs: 0,
  teams: [
    [
      { playerId: 'a', ticketId: 't1', track: 'q/party' },
      { playerId: 'b', ticketId: 't1', track: 'q/party' },
    ],
    [
      { playerId: 'c', ticketId: 't2', track: 'q/solo' },
      { playerId: 'd', ticketId: 't3', track: 'q/solo' },
    ],
  ],
};

for (const name of ratingModelNames) {
  test(`${name}: winners go up, losers down, each on their own track; records count the game`, () => {
    const system = createRatingSystem(name, { calibrationGames: 1 });
    const { next, outcome } = computeRatingUpdate({
      system,
      match,
      current: [undefined, undefined, undefined, undefined],
      result: { ranks: [1, 2] },
      nowMs: 1000,
    });
    assert.deepEqual(
      next.map((record) => [record.playerId, record.track, record.games, record.wins, record.losses]),
      [
        ['a', 'q/party', 1, 1, 0],
        ['b', 'q/party', 1, 1, 0],
        ['c', 'q/solo', 1, 0, 1],
        ['d', 'q/solo', 1, 0, 1],
      ],
    );
    for (const change of outcome.changes) {
      const won = change.playerId === 'a' || change.playerId === 'b';
      assert.equal(change.after.mean > change.before.mean, won, `${change.playerId} moved the right way`);
    }
    // Calibrated after its one game: the display value appears.
    assert.ok(next.every((record) => typeof record.display === 'number'));
  });
}

test('a draw counts as a draw; partial play is passed to the model', () => {
  const system = createRatingSystem('weng-lin');
  const full = computeRatingUpdate({
    system,
    match,
    current: [undefined, undefined, undefined, undefined],
    result: { ranks: [1, 2] },
    nowMs: 1,
  });
  const partial = computeRatingUpdate({
    system,
    match,
    current: [undefined, undefined, undefined, undefined],
    result: {
      ranks: [1, 2],
      participation: [
        [1, 0.2],
        [1, 1],
      ],
    },
    nowMs: 1,
  });
  const gain = (result: typeof full, playerId: string) => {
    const change = result.outcome.changes.find((entry) => entry.playerId === playerId);
    return (change?.after.mean ?? 0) - (change?.before.mean ?? 0);
  };
  assert.ok(gain(partial, 'b') < gain(full, 'b'), 'who played a fifth of the match gains less');
  const draw = computeRatingUpdate({
    system,
    match,
    current: [undefined, undefined, undefined, undefined],
    result: { ranks: [1, 1] },
    nowMs: 1,
  });
  assert.ok(draw.next.every((record) => record.draws === 1 && record.wins === 0 && record.losses === 0));
});

test('results that do not fit the match are refused naming the field', () => {
  const system = createRatingSystem('elo');
  const refuses = (result: Parameters<typeof computeRatingUpdate>[0]['result'], path: string) =>
    assert.throws(
      () =>
        computeRatingUpdate({
          system,
          match,
          current: [undefined, undefined, undefined, undefined],
          result,
          nowMs: 1,
        }),
      (error) => isMatchdError(error, 'MM_ERR_INVALID_RESULT') && error.details['path'] === path,
    );
  refuses({ ranks: [1] }, 'ranks');
  refuses({ ranks: [1, 3] }, 'ranks.1');
  refuses({ ranks: [1, 2], scores: [1] }, 'scores');
  refuses({ ranks: [1, 2], scores: [1, Number.NaN] }, 'scores.1');
  refuses({ ranks: [1, 2], participation: [[1, 1], [1]] }, 'participation.1');
  refuses(
    {
      ranks: [1, 2],
      participation: [
        [1, 1.5],
        [1, 1],
      ],
    },
    'participation.0.1',
  );
});

test('declared team-sport terms: a home win moves less than a neutral-site win; a new season regresses; bad fields are refused', () => {
  const duel: MatchRecord = {
    matchId: 'd',
    queueId: 'q',
    createdAtMs: 0,
    teams: [
      [{ playerId: 'h', ticketId: 't1', track: 'q/solo' }],
      [{ playerId: 'a', ticketId: 't2', track: 'q/solo' }],
    ],
  };
  const system = createRatingSystem('elo', {
    calibrationGames: 0,
    terms: { homeAdvantage: 65, seasonKeep: 0.5 },
  });
  const rate = (
    result: Parameters<typeof computeRatingUpdate>[0]['result'],
    current = [undefined, undefined] as never,
  ) => computeRatingUpdate({ system, match: duel, current, result, nowMs: 1000 }).next;
  // Elo K 32 between equals: at home 32 (1 - 1 / (1 + 10^(-65/400))), at a neutral site 16.
  const home = rate({ ranks: [1, 2], homeTeam: 0, season: '2015' });
  assert.ok(Math.abs((home[0]?.mean ?? 0) - (1500 + 32 * (1 - 1 / (1 + 10 ** (-65 / 400))))) < 1e-9);
  assert.equal(rate({ ranks: [1, 2], homeTeam: 0, neutral: true })[0]?.mean, 1516);
  // Next season: 1516 keeps half of its 16 points before the result (K 0 would show 1508 alone).
  const next = rate(
    { ranks: [1, 1], season: '2016' },
    rate({ ranks: [1, 2], neutral: true, homeTeam: 0, season: '2015' }) as never,
  );
  assert.ok(
    Math.abs((next[0]?.mean ?? 0) - (1508 + 32 * (0.5 - 1 / (1 + 10 ** (-(1508 - 1492) / 400))))) < 1e-9,
  );
  for (const bad of [
    { ranks: [1, 2], homeTeam: 2 },
    { ranks: [1, 2], neutral: 1 },
    { ranks: [1, 2], season: '' },
  ]) {
    assert.throws(
      () => rate(bad as never),
      (error: unknown) => isMatchdError(error) && error.code === 'MM_ERR_INVALID_RESULT',
    );
  }
});
