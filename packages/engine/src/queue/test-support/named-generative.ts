/**
 * Random queues of named teams (asymmetric sizes, floors relaxing with the wait, rules on one team
 * and one team against another) for the named-teams properties: every other part of the config is
 * drawn as in `generative.ts` (criteria, thresholds, both modes, regions, gates, acceptance, expiry),
 * so `replay` and its audit check the same invariants plus each named team's own range and floor.
 */

import fc from 'fast-check';
import type { Rule } from '../../rules/types.ts';
import type { NamedTeamConfig } from '../types.ts';
import { validateQueueConfig } from '../validate-config.ts';
import { type GeneratedQueue, queueArb, RULE_ATTRIBUTES } from './generative.ts';

/** A named team's floor: a fixed number, or one that steps down with the wait. */
const floorArb = (min: number): fc.Arbitrary<NamedTeamConfig['minPlayers']> =>
  fc.oneof(
    fc.constant(min),
    fc
      .record({ drop: fc.integer({ min: 1, max: 3 }), afterMs: fc.integer({ min: 500, max: 20_000 }) })
      .map(({ drop, afterMs }) =>
        min - drop < 1 ? min : { start: min, steps: [{ afterMs, value: min - drop }] },
      ),
  );

/** Two to four named teams, each of 1..6 players (a range or a fixed size), no two alike required. */
const namedTeamsArb: fc.Arbitrary<NamedTeamConfig[]> = fc
  .array(fc.record({ min: fc.integer({ min: 1, max: 6 }), extra: fc.integer({ min: 0, max: 3 }) }), {
    minLength: 2,
    maxLength: 4,
  })
  .chain((sizes) =>
    fc.tuple(...sizes.map(({ min }) => floorArb(min))).map((floors) =>
      sizes.map(({ min, extra }, i) => ({
        name: ['hunters', 'monster', 'scouts', 'boss'][i] as string,
        minPlayers: floors[i] as NamedTeamConfig['minPlayers'],
        maxPlayers: min + extra,
      })),
    ),
  );

/** Rules that name one team, or compare one team with another, over the rule attributes. */
const namedRulesArb = (teams: readonly string[]): fc.Arbitrary<Rule[]> => {
  const team = fc.constantFrom(...teams);
  const hard = fc.oneof(
    { weight: 3, arbitrary: fc.constant(true) },
    { weight: 1, arbitrary: fc.constant(false) },
  );
  const rule = (i: number): fc.Arbitrary<Rule> =>
    fc.oneof(
      // Every player of one team within a level (FlexMatch's PlayerSelection); levels run 0..9.
      fc
        .record({
          team,
          hard,
          bound: fc.oneof(
            fc.record({ operator: fc.constant('<=' as const), value: fc.integer({ min: 5, max: 9 }) }),
            fc.record({ operator: fc.constant('>=' as const), value: fc.integer({ min: 0, max: 4 }) }),
          ),
        })
        .map(
          ({ team: on, hard: isHard, bound }): Rule => ({
            name: `N${i}`,
            kind: 'comparison',
            team: on,
            hard: isHard,
            scope: 'player',
            attribute: 'level',
            operator: bound.operator,
            value: bound.value,
          }),
        ),
      // One team's average level against another's highest (FlexMatch's MonsterSkill).
      fc
        .record({
          on: team,
          other: team,
          hard,
          aggregate: fc.constantFrom('max', 'min', 'avg'),
          operator: fc.constantFrom('>=', '<=', '>'),
        })
        .map(
          ({ on, other, hard: isHard, aggregate, operator }): Rule => ({
            name: `N${i}`,
            kind: 'comparison',
            team: on,
            hard: isHard,
            scope: 'team',
            aggregate: 'avg',
            attribute: 'level',
            operator,
            against: { team: other, aggregate, attribute: 'level' },
          }),
        ),
      // At most one medic on one team.
      fc.record({ team, hard }).map(
        ({ team: on, hard: isHard }): Rule => ({
          name: `N${i}`,
          kind: 'composition',
          team: on,
          hard: isHard,
          scope: 'team',
          attribute: 'role',
          value: 'medic',
          max: 1,
        }),
      ),
    );
  return fc
    .integer({ min: 1, max: 3 })
    .chain((count) =>
      fc.tuple(...Array.from({ length: count }, (_, i) => rule(i))).map((rules) => [...rules]),
    );
};

/** Random valid configs of named teams with rules on them; every ticket expires by 60 s. */
export const namedQueueArb: fc.Arbitrary<GeneratedQueue> = fc
  .tuple(queueArb, namedTeamsArb)
  .chain(([queue, teams]) =>
    namedRulesArb(teams.map((item) => item.name)).map((rules): GeneratedQueue => {
      const largest = Math.max(...teams.map((item) => item.maxPlayers));
      const matchPlayers = teams.reduce((sum, item) => sum + item.maxPlayers, 0);
      const cap = queue.config.gates?.maxPartySize;
      const maxParty = Math.min(largest, cap ?? largest);
      const { objective: _objective, ...rest } = queue.config;
      return {
        config: {
          ...rest,
          teams,
          gates: { ...queue.config.gates, ...(cap === undefined ? {} : { maxPartySize: maxParty }) },
          attributes: RULE_ATTRIBUTES,
          rules,
          expireAfterMs: Math.min(queue.config.expireAfterMs ?? 60_000, 60_000),
        },
        maxParty,
        matchPlayers,
      };
    }),
  )
  .filter((queue) => {
    try {
      validateQueueConfig(queue.config);
      return true;
    } catch {
      return false;
    }
  });
