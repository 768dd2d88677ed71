import assert from 'node:assert/strict';
import { test } from 'node:test';
import { outcomeOf } from '../src/service/recent-outcomes.ts';
import type { MatchRecord } from '../src/store/records.ts';

const seat = (playerId: string) => ({ playerId, ticketId: `t-${playerId}`, track: 'eomm' });

function reported(teams: string[][], ranks?: number[]): MatchRecord {
  return {
    matchId: 'm',
    queueId: 'q',
    createdAtMs: 1,
    teams: teams.map((team) => team.map(seat)),
    ...(ranks === undefined ? {} : { outcome: { reportedAtMs: 2, result: { ranks }, changes: [] } }),
  };
}

test('a match outcome per player: first alone wins, shared first draws, the rest lose', () => {
  const duel = reported([['a'], ['b']], [1, 2]);
  assert.equal(outcomeOf(duel, 'a'), 'W');
  assert.equal(outcomeOf(duel, 'b'), 'L');
  const tie = reported([['a'], ['b']], [1, 1]);
  assert.equal(outcomeOf(tie, 'a'), 'D');
  assert.equal(outcomeOf(tie, 'b'), 'D');
  const threeWay = reported([['a', 'x'], ['b'], ['c']], [2, 1, 2]);
  assert.equal(outcomeOf(threeWay, 'x'), 'L');
  assert.equal(outcomeOf(threeWay, 'b'), 'W');
  const sharedFirst = reported([['a'], ['b'], ['c']], [1, 1, 3]);
  assert.equal(outcomeOf(sharedFirst, 'a'), 'D');
  assert.equal(outcomeOf(sharedFirst, 'c'), 'L');
  assert.equal(outcomeOf(reported([['a'], ['b']]), 'a'), undefined, 'no result yet');
  assert.equal(outcomeOf(duel, 'stranger'), undefined);
});
