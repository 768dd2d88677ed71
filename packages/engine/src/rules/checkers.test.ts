/**
 * The independent checkers (written from FlexMatch's and PlayFab's documentation) against hand-made
 * matches that keep and that break each rule of every documentation example matchd imports; and
 * matchd's own evaluation of the imported queue agreeing with the checker on each of them.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { matchShapeOf, teamFloorsAt, teamsFit } from '../queue/shape.ts';
import type { QueueConfig } from '../queue/types.ts';
import { evaluateRules } from './evaluate.ts';
import { importFlexMatch } from './import/flexmatch.ts';
import { importPlayFab } from './import/playfab.ts';
import { atWait, match, player, solo, ticket } from './test-support/candidates.ts';
import { readFixture } from './test-support/fixtures.ts';
import { asFlexMatch, type CheckedTicket, checkFlexMatch } from './test-support/flexmatch-checker.ts';
import { checkPlayFab } from './test-support/playfab-checker.ts';
import type { PlayerAttributes, RuleCandidate, RuleTicket } from './types.ts';

/**
 * matchd's own verdict on a candidate's teams: within the shape and, for named teams, each at or
 * above its floor at the newest ticket's wait.
 */
function keepsTeams(config: QueueConfig, candidate: RuleCandidate): boolean {
  const shape = matchShapeOf(config);
  if (shape.named === undefined) return true;
  const sizes = candidate.teams.map((team) => team.reduce((sum, t) => sum + t.players.length, 0));
  const newest = Math.min(...candidate.teams.flatMap((team) => team.map((t) => t.waitMs)));
  const floors = teamFloorsAt(shape.named, newest);
  return teamsFit(shape, sizes) && sizes.every((size, t) => size >= (floors[t] as number));
}

interface Case {
  readonly label: string;
  readonly candidate: RuleCandidate;
  /** The rules the case breaks (empty: it keeps them all). */
  readonly breaks: readonly string[];
}

interface Scenario {
  readonly vendor: 'flexmatch' | 'playfab';
  readonly file: string;
  readonly cases: readonly Case[];
}

const keeps = (label: string, candidate: RuleCandidate): Case => ({ label, candidate, breaks: [] });
const breaks = (rules: string | string[], candidate: RuleCandidate): Case => ({
  label: `breaks ${rules}`,
  candidate,
  breaks: typeof rules === 'string' ? [rules] : rules,
});

/** `count` one-player tickets named `prefix0..`, attributes by index. */
function solos(
  prefix: string,
  count: number,
  attributes: (i: number) => PlayerAttributes = () => ({}),
  pings?: (i: number) => Record<string, number>,
): RuleTicket[] {
  return Array.from({ length: count }, (_, i) => solo(`${prefix}${i}`, attributes(i), 0, pings?.(i)));
}

function checked(candidate: RuleCandidate): (readonly CheckedTicket[])[] {
  return candidate.teams.map((team) =>
    team.map((t) => ({
      ticketId: t.ticketId,
      waitSeconds: t.waitMs / 1000,
      players: t.players.map((p) => ({
        playerId: p.playerId,
        attributes: p.attributes ?? {},
        ...(p.pingMsByRegion !== undefined ? { latencyMs: p.pingMsByRegion } : {}),
      })),
    })),
  );
}

const eu = (ms: number) => ({ eu: ms, us: 300 });

/** `count` players with no attributes and a 30 ms ping to eu. */
const plain = (prefix: string, count = 5) =>
  solos(
    prefix,
    count,
    () => ({}),
    () => eu(30),
  );

/** A party of six with the given skill, 80 ms to eu. */
const premade = (id: string, skill: number) =>
  ticket(
    id,
    Array.from({ length: 6 }, (_, i) => player(`${id}${i}`, { Skill: skill }, eu(80))),
  );

/** A candidate of named teams (in the rule set's order) whose tickets have all waited `waitMs`. */
const named = (
  teams: readonly (readonly [string, readonly RuleTicket[]])[],
  waitMs = 0,
  region?: string,
): RuleCandidate => ({
  ...atWait(
    match(
      teams.map(([, tickets]) => tickets),
      region,
    ),
    waitMs,
  ),
  teamNames: teams.map(([name]) => name),
});

/** FlexMatch example 2: five hunters (`wantsToBeMonster` 0) and one monster (1). */
const hunters = (count: number, desired = 10) =>
  solos('h', count, () => ({ wantsToBeMonster: 0, skill: 10, desiredSkillOfMonster: desired }));
const monster = (skill = 20, wants = 1) => solos('m', 1, () => ({ wantsToBeMonster: wants, skill }));

/** FlexMatch example 8: ten hunter teams of `size` and five monsters, 40 ms to eu. */
const hunterTeams = (size: number, first = size) =>
  Array.from(
    { length: 10 },
    (_, k) =>
      [
        `Hunters_${k + 1}`,
        solos(
          `h${k}-`,
          k === 0 ? first : size,
          () => ({}),
          () => eu(40),
        ),
      ] as const,
  );
const monsters = (count = 5, ping = 40) =>
  [
    'Monsters',
    solos(
      'm',
      count,
      () => ({}),
      () => eu(ping),
    ),
  ] as const;

const SCENARIOS: readonly Scenario[] = [
  {
    // "Only users that request playing as monster are assigned to the monster team"; "Do not place
    // people who want to be monsters in the players team"; "Monsters must meet the skill requested
    // by all players"; the players team takes 4 after 30 s, 3 after 60 s.
    vendor: 'flexmatch',
    file: '02-players-vs-monster.json',
    cases: [
      keeps(
        'five hunters, a willing monster of enough skill',
        named([
          ['players', hunters(5)],
          ['monster', monster()],
        ]),
      ),
      breaks(
        'MonsterSelection',
        named([
          ['players', hunters(5)],
          ['monster', monster(20, 0)],
        ]),
      ),
      breaks(
        'PlayerSelection',
        named([
          ['players', [...hunters(4), ...solos('x', 1, () => ({ wantsToBeMonster: 1 }))]],
          ['monster', monster()],
        ]),
      ),
      breaks(
        'MonsterSkill',
        named([
          ['players', hunters(5, 25)],
          ['monster', monster(20)],
        ]),
      ),
      keeps(
        'the monster meets the highest request exactly',
        named([
          ['players', hunters(5, 20)],
          ['monster', monster(20)],
        ]),
      ),
      breaks(
        'teams',
        named(
          [
            ['players', hunters(4)],
            ['monster', monster()],
          ],
          10_000,
        ),
      ),
      keeps(
        'four hunters after 30 s',
        named(
          [
            ['players', hunters(4)],
            ['monster', monster()],
          ],
          30_000,
        ),
      ),
      breaks(
        'teams',
        named(
          [
            ['players', hunters(2)],
            ['monster', monster()],
          ],
          90_000,
        ),
      ),
    ],
  },
  {
    // "Create ten identical hunter teams with up to 15 players, and one monster team with exactly 5
    // players"; "After 15 seconds, accept teams with 10 players. After 20 seconds, accept teams with
    // 8 players"; the latency rule's JSON: at most 150 ms.
    vendor: 'flexmatch',
    file: '08-monster-hunters.json',
    cases: [
      keeps('ten full hunter teams and five monsters', named([monsters(), ...hunterTeams(15)], 0, 'eu')),
      keeps('hunter teams of 12 at once', named([monsters(), ...hunterTeams(12)], 0, 'eu')),
      breaks('teams', named([monsters(), ...hunterTeams(12, 10)], 10_000, 'eu')),
      keeps('a hunter team of 10 after 15 s', named([monsters(), ...hunterTeams(12, 10)], 15_000, 'eu')),
      keeps('hunter teams of 8 after 20 s', named([monsters(), ...hunterTeams(8)], 20_000, 'eu')),
      breaks('teams', named([monsters(4), ...hunterTeams(12)], 0, 'eu')),
      breaks('latency-catchall', named([monsters(5, 160), ...hunterTeams(12)], 0, 'eu')),
    ],
  },
  {
    vendor: 'flexmatch',
    file: '01-aliens-vs-cowboys.json',
    cases: [
      keeps(
        'close team averages',
        match([solos('a', 8, () => ({ skill: 10 })), solos('b', 8, () => ({ skill: 12 }))]),
      ),
      keeps(
        'a player without skill takes the default 10',
        match([solos('a', 8), solos('b', 8, () => ({ skill: 12 }))]),
      ),
      breaks(
        'FairTeamSkill',
        match([solos('a', 8, () => ({ skill: 10 })), solos('b', 8, () => ({ skill: 40 }))]),
      ),
      keeps(
        'the same after 5 s (within 50)',
        atWait(match([solos('a', 8, () => ({ skill: 10 })), solos('b', 8, () => ({ skill: 40 }))]), 5_000),
      ),
      breaks(
        'EqualTeamSizes',
        match([solos('a', 8, () => ({ skill: 10 })), solos('b', 7, () => ({ skill: 10 }))]),
      ),
    ],
  },
  {
    vendor: 'flexmatch',
    file: '03-three-team-game.json',
    cases: [
      keeps(
        'three even teams, two medics, fast pings',
        match(
          [
            solos(
              'a',
              5,
              (i) => (i === 0 ? { character: ['medic'] } : {}),
              () => eu(30),
            ),
            solos(
              'b',
              5,
              (i) => (i === 0 ? { character: ['medic', 'sniper'] } : {}),
              () => eu(40),
            ),
            solos(
              'c',
              5,
              () => ({}),
              () => eu(50),
            ),
          ],
          'eu',
        ),
      ),
      breaks(
        'FairTeamSkill',
        match(
          [
            plain('a'),
            plain('b'),
            solos(
              'c',
              5,
              () => ({ skill: 40 }),
              () => eu(30),
            ),
          ],
          'eu',
        ),
      ),
      breaks('CloseTeamSizes', match([plain('a'), plain('b'), plain('c', 3)], 'eu')),
      breaks(
        'OverallMedicLimit',
        match(
          [
            solos(
              'a',
              5,
              (i) => ({ character: i < 3 ? ['medic'] : ['peasant'] }),
              () => eu(30),
            ),
            solos(
              'b',
              5,
              (i) => ({ character: i < 3 ? ['medic'] : ['peasant'] }),
              () => eu(30),
            ),
            plain('c'),
          ],
          'eu',
        ),
      ),
      breaks(
        'FastConnection',
        match(
          [
            solos(
              'a',
              5,
              () => ({}),
              (i) => eu(i === 0 ? 70 : 30),
            ),
            plain('b'),
            plain('c'),
          ],
          'eu',
        ),
      ),
      keeps(
        'a 70 ms player after 10 s (limit 100)',
        atWait(
          match(
            [
              solos(
                'a',
                5,
                () => ({}),
                (i) => eu(i === 0 ? 70 : 30),
              ),
              plain('b'),
              plain('c'),
            ],
            'eu',
          ),
          10_000,
        ),
      ),
      breaks(
        'OverallMedicLimit',
        match(
          [
            [
              ticket('party', [
                player('m1', { character: ['medic'] }, eu(30)),
                player('m2', {}, eu(30)),
                player('m3', {}, eu(30)),
              ]),
              ...solos(
                'a',
                2,
                () => ({ character: ['medic'] }),
                () => eu(30),
              ),
            ],
            solos(
              'b',
              5,
              (i) => ({ character: i === 0 ? ['medic'] : ['peasant'] }),
              () => eu(30),
            ),
            plain('c'),
          ],
          'eu',
        ),
      ),
    ],
  },
  {
    vendor: 'flexmatch',
    file: '04-multi-map-game.json',
    cases: [
      keeps(
        'a mode and a map in common',
        match([
          solos('a', 3, (i) => ({
            gameMode: i === 0 ? ['coop'] : ['coop', 'deathmatch'],
            acceptableMaps: ['dust', 'mirage'],
          })),
          solos('b', 3, () => ({ gameMode: ['coop'], acceptableMaps: ['dust'] })),
        ]),
      ),
      keeps('defaults: coop and deathmatch, defaultMap', match([solos('a', 3), solos('b', 3)])),
      breaks(
        'SharedMode',
        match([solos('a', 3, (i) => ({ gameMode: i === 0 ? ['ctf'] : ['coop'] })), solos('b', 3)]),
      ),
      breaks(
        'MapOverlap',
        match([
          solos('a', 3, (i) => ({ acceptableMaps: i === 0 ? ['nuke'] : ['dust'] })),
          solos('b', 3, () => ({ acceptableMaps: ['dust'] })),
        ]),
      ),
    ],
  },
  {
    vendor: 'flexmatch',
    file: '05-preferred-characters.json',
    cases: [
      keeps(
        'every character on every opponents list',
        match(
          solos('p', 5, (i) => ({
            myCharacter: [['orc', 'elf', 'imp'][i % 3] as string],
            preferredOpponents: ['orc', 'elf', 'imp'],
          })).map((t) => [t]),
        ),
      ),
      breaks(
        'OpponentMatch',
        match(
          solos('p', 5, (i) => ({
            myCharacter: [i === 0 ? 'troll' : 'orc'],
            preferredOpponents: ['orc', 'elf'],
          })).map((t) => [t]),
        ),
      ),
      keeps(
        'after 15 s any characters',
        atWait(
          match(
            solos('p', 5, (i) => ({
              myCharacter: [i === 0 ? 'troll' : 'orc'],
              preferredOpponents: ['orc', 'elf'],
            })).map((t) => [t]),
          ),
          15_000,
        ),
      ),
    ],
  },
  {
    vendor: 'flexmatch',
    file: '06-compare-attributes.json',
    cases: [
      keeps(
        'same mode and map, different characters',
        match([
          [solo('a', { gameMode: 'turn-based', gameMap: 2, character: 1 })],
          [solo('b', { gameMap: 2, character: 2 })],
        ]),
      ),
      breaks(
        'SameGameMode',
        match([[solo('a', { gameMode: 'real-time', character: 1 })], [solo('b', { character: 2 })]]),
      ),
      breaks(
        'SameGameMap',
        match([[solo('a', { gameMap: 3, character: 1 })], [solo('b', { character: 2 })]]),
      ),
      breaks('DifferentCharacter', match([[solo('a', { character: 1 })], [solo('b', { character: 1 })]])),
    ],
  },
  {
    vendor: 'flexmatch',
    file: '10-compound.json',
    cases: [
      keeps(
        'same map and mode, far skills',
        match([
          solos('a', 20, (i) => ({ map: 'dust', mode: 'ctf', skill: i * 5, league: i })),
          solos('b', 20, (i) => ({ map: 'dust', mode: 'ctf', skill: i * 5, league: i })),
        ]),
      ),
      keeps(
        'other maps, close skill and league',
        match([
          solos('a', 20, (i) => ({
            map: i === 0 ? 'nuke' : 'dust',
            mode: 'ctf',
            skill: 50 + (i % 5),
            league: 3,
          })),
          solos('b', 20, () => ({ map: 'dust', mode: 'dm', skill: 52, league: 4 })),
        ]),
      ),
      breaks(
        'CompoundRuleMatchmaker',
        match([
          solos('a', 20, (i) => ({ map: i === 0 ? 'nuke' : 'dust', mode: 'ctf', skill: 50, league: 3 })),
          solos('b', 20, () => ({ map: 'dust', mode: 'ctf', skill: 75, league: 3 })),
        ]),
      ),
      keeps(
        'the skill spread of 25 after 20 s (within 40)',
        atWait(
          match([
            solos('a', 20, (i) => ({ map: i === 0 ? 'nuke' : 'dust', mode: 'ctf', skill: 50, league: 3 })),
            solos('b', 20, () => ({ map: 'dust', mode: 'ctf', skill: 75, league: 3 })),
          ]),
          20_000,
        ),
      ),
    ],
  },
  {
    vendor: 'flexmatch',
    file: '11-block-list.json',
    cases: [
      keeps(
        'nobody blocked',
        match([solos('a', 5, (i) => (i === 0 ? { BlockList: ['zed'] } : {})), solos('b', 5)]),
      ),
      breaks(
        'PlayerIdNotInBlockList',
        match([solos('a', 5, (i) => (i === 0 ? { BlockList: ['b3'] } : {})), solos('b', 5)]),
      ),
    ],
  },
  {
    vendor: 'playfab',
    file: 'free-for-all-queue.json',
    cases: [keeps('four players', match(solos('p', 4).map((t) => [t])))],
  },
  {
    vendor: 'playfab',
    file: 'capture-the-flag-queue.json',
    cases: [keeps('four players', match(solos('p', 4).map((t) => [t])))],
  },
  {
    vendor: 'playfab',
    file: 'statistics-enabled-queue.json',
    cases: [keeps('eight players', match(solos('p', 8).map((t) => [t])))],
  },
  {
    vendor: 'playfab',
    file: 'my-first-queue.json',
    cases: [
      keeps('same build', match([[solo('a', { Build: '1.0' })], [solo('b', { Build: '1.0' })]])),
      keeps('a ticket without a build matches any', match([[solo('a', { Build: '1.0' })], [solo('b')]])),
      breaks('BuildVersionRule', match([[solo('a', { Build: '1.0' })], [solo('b', { Build: '1.1' })]])),
    ],
  },
  {
    vendor: 'playfab',
    file: 'multi-game-mode-search-queue.json',
    cases: [
      keeps(
        'a mode in common',
        match(solos('p', 4, (i) => ({ GameMode: i === 0 ? ['ctf'] : ['ctf', 'dm'] })).map((t) => [t])),
      ),
      breaks(
        'GameModeRule',
        match(solos('p', 4, (i) => ({ GameMode: i === 0 ? ['koth'] : ['ctf', 'dm'] })).map((t) => [t])),
      ),
    ],
  },
  {
    vendor: 'playfab',
    file: 'skill-based-free-for-all-queue.json',
    cases: [
      keeps('skills within 0.2', match(solos('p', 4, (i) => ({ Skill: 0.45 + i * 0.05 })).map((t) => [t]))),
      keeps(
        'a ticket without skill counts 0.5',
        match(solos('p', 4, (i) => (i === 0 ? {} : { Skill: 0.6 })).map((t) => [t])),
      ),
      breaks('SkillRule', match(solos('p', 4, (i) => ({ Skill: i === 0 ? 0.2 : 0.55 })).map((t) => [t]))),
      keeps(
        '0.35 apart after 10 s (0.4)',
        atWait(match(solos('p', 4, (i) => ({ Skill: i === 0 ? 0.2 : 0.55 })).map((t) => [t])), 10_000),
      ),
      keeps(
        'anything after 30 s (optional)',
        atWait(match(solos('p', 4, (i) => ({ Skill: i === 0 ? 0 : 1 })).map((t) => [t])), 30_000),
      ),
    ],
  },
  {
    vendor: 'playfab',
    file: 'skill-based-free-for-all-custom-expansion-queue.json',
    cases: [
      keeps(
        'within 0.025 at once',
        match(solos('p', 4, (i) => ({ Skill: 0.5 + i * 0.005 })).map((t) => [t])),
      ),
      breaks('SkillRule', match(solos('p', 4, (i) => ({ Skill: 0.5 + i * 0.013 })).map((t) => [t]))),
      keeps(
        '0.039 apart after 5 s (0.05)',
        atWait(match(solos('p', 4, (i) => ({ Skill: 0.5 + i * 0.013 })).map((t) => [t])), 5_000),
      ),
    ],
  },
  {
    vendor: 'playfab',
    file: 'standard-4v4-teams-queue.json',
    cases: [
      keeps(
        'team averages 0.5 and 0.6',
        match([solos('a', 4, () => ({ Skill: 0.5 })), solos('b', 4, () => ({ Skill: 0.6 }))]),
      ),
      breaks(
        'TeamSkillRule',
        match([solos('a', 4, () => ({ Skill: 0.3 })), solos('b', 4, () => ({ Skill: 0.6 }))]),
      ),
      keeps(
        '0.3 apart after 5 s',
        atWait(match([solos('a', 4, () => ({ Skill: 0.3 })), solos('b', 4, () => ({ Skill: 0.6 }))]), 5_000),
      ),
    ],
  },
  {
    vendor: 'playfab',
    file: 'large-teams-queue.json',
    cases: [
      keeps(
        'a premade of 6 on each side',
        match(
          [
            [
              premade('pa', 0.5),
              ...solos(
                'a',
                6,
                () => ({ Skill: 0.5 }),
                () => eu(80),
              ),
            ],
            [
              premade('pb', 0.55),
              ...solos(
                'b',
                6,
                () => ({ Skill: 0.55 }),
                () => eu(80),
              ),
            ],
          ],
          'eu',
        ),
      ),
      breaks(
        'PreventLargePremadeVersusRandomsRule',
        match(
          [
            [
              premade('pa', 0.5),
              ...solos(
                'a',
                6,
                () => ({ Skill: 0.5 }),
                () => eu(80),
              ),
            ],
            solos(
              'b',
              12,
              () => ({ Skill: 0.5 }),
              () => eu(80),
            ),
          ],
          'eu',
        ),
      ),
      keeps(
        'premade against randoms after 20 s',
        atWait(
          match(
            [
              [
                premade('pa', 0.5),
                ...solos(
                  'a',
                  6,
                  () => ({ Skill: 0.5 }),
                  () => eu(80),
                ),
              ],
              solos(
                'b',
                12,
                () => ({ Skill: 0.5 }),
                () => eu(80),
              ),
            ],
            'eu',
          ),
          20_000,
        ),
      ),
      breaks(
        'TeamSkillRule',
        match(
          [
            solos(
              'a',
              12,
              () => ({ Skill: 0.3 }),
              () => eu(80),
            ),
            solos(
              'b',
              12,
              () => ({ Skill: 0.5 }),
              () => eu(80),
            ),
          ],
          'eu',
        ),
      ),
      breaks(
        'RegionSelectionRule',
        match(
          [
            solos(
              'a',
              12,
              () => ({}),
              (i) => eu(i === 0 ? 250 : 80),
            ),
            solos(
              'b',
              12,
              () => ({}),
              () => eu(80),
            ),
          ],
          'eu',
        ),
      ),
    ],
  },
  {
    vendor: 'playfab',
    file: 'battle-royale-style-queue-with-teams.json',
    cases: [
      keeps(
        'eight squads under 200 ms',
        match(
          Array.from({ length: 8 }, (_, t) =>
            solos(
              `t${t}p`,
              4,
              () => ({}),
              () => eu(150),
            ),
          ),
          'eu',
        ),
      ),
      breaks(
        'RegionSelectionRule',
        match(
          Array.from({ length: 8 }, (_, t) =>
            solos(
              `t${t}p`,
              4,
              () => ({}),
              (i) => eu(t === 7 && i === 3 ? 201 : 150),
            ),
          ),
          'eu',
        ),
      ),
    ],
  },
  {
    vendor: 'playfab',
    file: 'host-searcher-queue.json',
    cases: [
      keeps(
        'one host among searchers',
        match(solos('p', 8, (i) => (i === 0 ? { IsHost: 1 } : {})).map((t) => [t])),
      ),
      breaks(
        'OneHostRule',
        match(solos('p', 8, (i) => (i < 2 ? { IsHost: 1 } : { IsHost: 0 })).map((t) => [t])),
      ),
      breaks('OneHostRule', match(solos('p', 8).map((t) => [t]))),
    ],
  },
  {
    vendor: 'playfab',
    file: 'role-based-queue.json',
    cases: [
      keeps(
        'one tank, two dps, one support',
        match([
          [solo('t', { TankSelected: 1 })],
          [solo('d1', { DPSSelected: 1 })],
          [solo('d2', { DPSSelected: 1 })],
          [solo('s', { SupportSelected: 1 })],
        ]),
      ),
      breaks(
        ['TankRule', 'DPSRule'],
        match([
          [solo('t', { TankSelected: 1 })],
          [solo('t2', { TankSelected: 1 })],
          [solo('d2', { DPSSelected: 1 })],
          [solo('s', { SupportSelected: 1 })],
        ]),
      ),
      breaks(
        'SupportRule',
        match([
          [solo('t', { TankSelected: 1 })],
          [solo('d1', { DPSSelected: 1 })],
          [solo('d2', { DPSSelected: 1 })],
          [solo('x')],
        ]),
      ),
    ],
  },
  {
    vendor: 'playfab',
    file: 'weighting-queue.json',
    cases: [
      keeps(
        'close skill and experience',
        match(solos('p', 4, (i) => ({ skill: 10 + i * 0.3, experience: 50 + i })).map((t) => [t])),
      ),
      keeps(
        'tickets without values match any',
        match(solos('p', 4, (i) => (i === 0 ? {} : { skill: 10, experience: 50 })).map((t) => [t])),
      ),
      breaks('SkillRule', match(solos('p', 4, (i) => ({ skill: 10 + i, experience: 50 })).map((t) => [t]))),
      breaks(
        'ExperienceRule',
        match(solos('p', 4, (i) => ({ skill: 10, experience: 50 + i * 3 })).map((t) => [t])),
      ),
    ],
  },
  {
    vendor: 'playfab',
    file: 'dlc-queue.json',
    cases: [
      keeps(
        'a pack in common',
        match(solos('p', 4, (i) => ({ DlcPacks: i === 0 ? ['north'] : ['north', 'south'] })).map((t) => [t])),
      ),
      breaks(
        'DlcRule',
        match(solos('p', 4, (i) => ({ DlcPacks: i === 0 ? ['west'] : ['north', 'south'] })).map((t) => [t])),
      ),
      keeps(
        'no pack in common after 30 s',
        atWait(
          match(solos('p', 4, (i) => ({ DlcPacks: i === 0 ? ['west'] : ['north'] })).map((t) => [t])),
          30_000,
        ),
      ),
    ],
  },
];

describe('the checkers on hand-made matches, and matchd agreeing with them', () => {
  for (const scenario of SCENARIOS) {
    test(`${scenario.vendor}/${scenario.file}`, () => {
      const original = readFixture(scenario.vendor, scenario.file) as Record<string, unknown>;
      const options = { regions: ['eu', 'us'] };
      const { config } =
        scenario.vendor === 'flexmatch'
          ? importFlexMatch(original, options)
          : importPlayFab(original, options);
      for (const item of scenario.cases) {
        const tickets = checked(item.candidate);
        const violations =
          scenario.vendor === 'flexmatch'
            ? checkFlexMatch(
                original,
                asFlexMatch(original, tickets, item.candidate.region, item.candidate.teamNames),
              )
            : checkPlayFab(original, {
                teams: tickets,
                ...(item.candidate.region !== undefined ? { region: item.candidate.region } : {}),
              });
        assert.deepEqual(
          violations.map((violation) => violation.rule).sort(),
          [...item.breaks].sort(),
          `${item.label}: the checker found ${JSON.stringify(violations)}`,
        );
        const verdict = evaluateRules(config.rules ?? [], config.attributes, item.candidate);
        // Team sizes are the queue's shape in matchd, not a rule: its own check must agree too.
        const shapeKept = keepsTeams(config, item.candidate);
        assert.deepEqual(
          [...verdict.failed.map((outcome) => outcome.rule), ...(shapeKept ? [] : ['teams'])].sort(),
          [...item.breaks].sort(),
          `${item.label}: matchd found ${verdict.failed.map((outcome) => outcome.explanation).join(' | ')}`,
        );
        assert.equal(verdict.pass && shapeKept, violations.length === 0, item.label);
      }
    });
  }

  test('every documentation example that imports has a scenario', () => {
    const covered = new Set(SCENARIOS.map((scenario) => scenario.file));
    const expected = [
      '01-aliens-vs-cowboys.json',
      '02-players-vs-monster.json',
      '03-three-team-game.json',
      '04-multi-map-game.json',
      '05-preferred-characters.json',
      '06-compare-attributes.json',
      '08-monster-hunters.json',
      '10-compound.json',
      '11-block-list.json',
      'battle-royale-style-queue-with-teams.json',
      'capture-the-flag-queue.json',
      'dlc-queue.json',
      'free-for-all-queue.json',
      'host-searcher-queue.json',
      'large-teams-queue.json',
      'multi-game-mode-search-queue.json',
      'my-first-queue.json',
      'role-based-queue.json',
      'skill-based-free-for-all-custom-expansion-queue.json',
      'skill-based-free-for-all-queue.json',
      'standard-4v4-teams-queue.json',
      'statistics-enabled-queue.json',
      'weighting-queue.json',
    ];
    assert.deepEqual([...covered].sort(), expected);
  });
});
