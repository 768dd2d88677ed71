/**
 * A queue of named teams over the API (FlexMatch's "Hunters vs Monster"): `PUT /v1/admin/queues/:id`
 * accepts teams declared one by one, a bad declaration is refused naming its path, and a match
 * formed over HTTP names its teams in its record, its hand-off to game servers and its tickets'
 * view, so that the game server knows who plays the monster. Ratings on PGlite: the record's team
 * names are stored and read back.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { keys, startTestServer, type TestServer } from './support/harness.ts';

const monsterQueue = {
  id: 'monster-hunt',
  teams: [
    { name: 'hunters', minPlayers: { start: 5, steps: [{ afterMs: 30_000, value: 4 }] }, maxPlayers: 5 },
    { name: 'monster', minPlayers: 1, maxPlayers: 1 },
  ],
  rating: { track: 'monster-hunt' },
  criteria: [{ kind: 'wait-time', weight: 1 }],
  threshold: { start: 0 },
  mode: { kind: 'continuous', maxWaitMs: 60_000 },
  attributes: { wantsToBeMonster: { type: 'number', default: 0 } },
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
  ],
} as const;

let server: TestServer;
before(async () => {
  server = await startTestServer({ ratings: 'pglite', pool: 'memory', worker: true });
});
after(() => server.dispose());

test('a named-teams queue is accepted by PUT; a bad team declaration is refused naming its path', async () => {
  const admin = server.api(keys.admin);
  const put = await admin.putQueue(monsterQueue);
  assert.deepEqual(put.config.teams, monsterQueue.teams);
  const reply = await server.client.request('PUT', '/v1/admin/queues/monster-bad', {
    credential: keys.admin,
    body: {
      ...monsterQueue,
      id: 'monster-bad',
      teams: [
        { name: 'hunters', minPlayers: 5, maxPlayers: 5 },
        { name: 'hunters', minPlayers: 1, maxPlayers: 1 },
      ],
    },
  });
  const error = (reply.body as { error: { code: string; details: { path?: string } } }).error;
  assert.equal(reply.status, 400, JSON.stringify(reply.body));
  assert.equal(error.code, 'MM_ERR_INVALID_QUEUE_CONFIG');
  assert.equal(error.details.path, 'teams[1].name');
});

test('a match formed over HTTP names its teams: the willing player is the monster', async () => {
  const game = server.api(keys.server);
  const create = (playerId: string, wantsToBeMonster: number) =>
    game.createTicket({ queueId: 'monster-hunt', players: [{ playerId, attributes: { wantsToBeMonster } }] });
  const monster = await create('nt-monster', 1);
  const hunters = [];
  for (const id of ['nt-h1', 'nt-h2', 'nt-h3', 'nt-h4', 'nt-h5']) hunters.push(await create(id, 0));
  const match = await game.waitForMatch(monster.ticketId, { timeoutMs: 15_000 });
  assert.deepEqual(match.teamNames, ['hunters', 'monster']);
  const monsterSeats = match.teams[1]?.map((seat) => seat.playerId);
  assert.deepEqual(monsterSeats, ['nt-monster']);
  assert.deepEqual(match.teams[0]?.map((seat) => seat.playerId).sort(), [
    'nt-h1',
    'nt-h2',
    'nt-h3',
    'nt-h4',
    'nt-h5',
  ]);
  for (const hunter of hunters) assert.equal((await game.getTicket(hunter.ticketId)).matchId, match.matchId);
  // The game server's view of the running match.
  const handoff = await game.getMatchHandoff(match.matchId);
  const teams = handoff.teams;
  assert.deepEqual(
    teams.map((team) => team.name),
    ['hunters', 'monster'],
  );
  assert.deepEqual(teams[1]?.playerIds, ['nt-monster']);
});
