import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createElo } from '../rating/elo/elo.ts';
import { createMatchmaker } from './matchmaker.ts';
import { decidesAlone } from './team-eligibility.ts';
import type { MatchmakerEffect, MatchSummary, QueueConfig } from './types.ts';

/** FlexMatch's "Hunters vs Monster": five hunters (four after 30 s) against one willing monster. */
function monsterQueue(mode: 'continuous' | 'rounds'): QueueConfig {
  return {
    id: 'monster',
    teams: [
      { name: 'hunters', minPlayers: { start: 5, steps: [{ afterMs: 30_000, value: 4 }] }, maxPlayers: 5 },
      { name: 'monster', minPlayers: 1, maxPlayers: 1 },
    ],
    rating: { track: 'monster' },
    criteria: [{ kind: 'wait-time', weight: 1 }],
    threshold: { start: 0 },
    mode:
      mode === 'continuous'
        ? { kind: 'continuous', maxWaitMs: 60_000 }
        : { kind: 'rounds', periodMs: 5_000, maxWaitMs: 60_000 },
    attributes: {
      wantsToBeMonster: { type: 'number', default: 0 },
      skill: { type: 'number', default: 10 },
      desiredSkillOfMonster: { type: 'number', default: 10 },
    },
    rules: [
      {
        name: 'MonsterSelection',
        kind: 'comparison',
        team: 'monster',
        scope: 'player',
        attribute: 'wantsToBeMonster',
        operator: '=',
        value: 1,
      },
      {
        name: 'PlayerSelection',
        kind: 'comparison',
        team: 'hunters',
        scope: 'player',
        attribute: 'wantsToBeMonster',
        operator: '=',
        value: 0,
      },
      {
        name: 'MonsterSkill',
        kind: 'comparison',
        team: 'monster',
        scope: 'team',
        aggregate: 'avg',
        attribute: 'skill',
        operator: '>=',
        against: { team: 'hunters', aggregate: 'max', attribute: 'desiredSkillOfMonster' },
      },
    ],
  };
}

const player = (id: string, attributes: Record<string, number>) => ({
  playerId: id,
  rating: { rating: 1500, games: 20, streak: 0 },
  attributes,
});

function run(
  config: QueueConfig,
  tickets: { id: string; players: ReturnType<typeof player>[] }[],
  untilMs: number,
) {
  const mm = createMatchmaker({ config, ratingModel: createElo(), seed: 7 });
  const effects: MatchmakerEffect[] = [];
  for (const ticket of tickets)
    effects.push(...mm.enqueue({ ticketId: ticket.id, players: ticket.players }, 0));
  for (let now = 0; now <= untilMs; now += 1_000) effects.push(...mm.tick(now));
  const matches = effects.flatMap((effect) => (effect.kind === 'matched' ? [effect] : []));
  return { mm, matches };
}

const solo = (id: string, attributes: Record<string, number>) => ({ id, players: [player(id, attributes)] });
const teamOf = (match: MatchSummary, name: string) => match.teams.find((team) => team.name === name);

for (const mode of ['continuous', 'rounds'] as const) {
  describe(`named teams in ${mode} mode`, () => {
    test('the willing, skilled enough player is the monster; the match names its teams in order', () => {
      const tickets = [
        solo('keen', { wantsToBeMonster: 1, skill: 30 }),
        solo('weak', { wantsToBeMonster: 1, skill: 5 }),
        ...['a', 'b', 'c', 'd', 'e'].map((id) =>
          solo(id, { wantsToBeMonster: 0, desiredSkillOfMonster: 20 }),
        ),
      ];
      const { matches } = run(monsterQueue(mode), tickets, 10_000);
      assert.equal(matches.length, 1);
      const match = (matches[0] as (typeof matches)[number]).match;
      assert.deepEqual(
        match.teams.map((team) => team.name),
        ['hunters', 'monster'],
      );
      assert.deepEqual(teamOf(match, 'monster')?.playerIds, ['keen']);
      assert.deepEqual([...(teamOf(match, 'hunters')?.playerIds ?? [])].sort(), ['a', 'b', 'c', 'd', 'e']);
    });

    test('four hunters wait for the floor to relax to 4 at 30 s; a hunters party stays whole', () => {
      const tickets = [
        solo('monster', { wantsToBeMonster: 1, skill: 30 }),
        {
          id: 'duo',
          players: [player('d1', { wantsToBeMonster: 0 }), player('d2', { wantsToBeMonster: 0 })],
        },
        solo('x', { wantsToBeMonster: 0 }),
        solo('y', { wantsToBeMonster: 0 }),
      ];
      const early = run(monsterQueue(mode), tickets, 25_000);
      assert.equal(early.matches.length, 0);
      const status = early.mm.status('x', 25_000);
      assert.equal(status.state, 'searching');
      const late = run(monsterQueue(mode), tickets, 40_000);
      assert.equal(late.matches.length, 1);
      const match = late.matches[0] as (typeof late.matches)[number];
      assert.ok(match.atMs >= 30_000, `formed at ${match.atMs}`);
      const hunters = teamOf(match.match, 'hunters');
      assert.deepEqual([...(hunters?.ticketIds ?? [])].sort(), ['duo', 'x', 'y']);
      assert.deepEqual(teamOf(match.match, 'monster')?.ticketIds, ['monster']);
    });

    test('no willing monster: nothing forms, and the explanation names the rule on the monster team', () => {
      const tickets = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => solo(id, { wantsToBeMonster: 0 }));
      const { mm, matches } = run(monsterQueue(mode), tickets, 10_000);
      assert.equal(matches.length, 0);
      const summary = JSON.stringify(mm.status('a', 10_000).explanation);
      assert.match(summary, /MonsterSelection/);
    });
  });
}

test('only hard rules on one team that a ticket breaks alone in every match decide where it may play', () => {
  const base = { name: 'R', team: 'monster', attribute: 'wantsToBeMonster' } as const;
  const perPlayer = { ...base, kind: 'comparison', scope: 'player', operator: '=', value: 1 } as const;
  assert.equal(decidesAlone(perPlayer), true);
  assert.equal(decidesAlone({ ...perPlayer, hard: false }), false);
  assert.equal(decidesAlone({ ...perPlayer, expansionAge: 'oldest' }), false);
  const { team: _team, ...everyTeam } = perPlayer;
  assert.equal(decidesAlone(everyTeam), false);
  // All equal to each other: no one ticket decides it.
  const { value: _value, ...together } = perPlayer;
  assert.equal(decidesAlone(together), false);
  const medics = {
    ...base,
    kind: 'composition',
    scope: 'team',
    attribute: 'role',
    value: 'medic',
    max: 1,
  } as const;
  assert.equal(decidesAlone(medics), true);
  assert.equal(decidesAlone({ ...medics, min: 1 }), false);
  const { value: _counted, ...total } = medics;
  assert.equal(decidesAlone(total), false);
});
