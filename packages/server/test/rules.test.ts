/**
 * A queue with rules over the API: tickets carry player attributes (refused with the path when they
 * do not fit the queue's declarations), the matchmaker keeps the hard rule, and a waiting ticket's
 * explanation names the rule that holds it back.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { QueueConfig } from '@matchd/engine';
import { eventually, keys, startTestServer, type TestServer } from './support/harness.ts';

const sameBuild: QueueConfig = {
  id: 'same-build',
  teams: { count: 2, size: 1 },
  rating: { track: 'same-build' },
  criteria: [{ kind: 'team-balance', weight: 1 }],
  threshold: { start: 0 },
  mode: { kind: 'continuous', maxWaitMs: 60_000 },
  attributes: { build: { type: 'string' }, modes: { type: 'string_list', default: ['ctf'] } },
  rules: [{ name: 'SameBuild', kind: 'string-equality', attribute: 'build' }],
};

let server: TestServer;
before(async () => {
  server = await startTestServer({ ratings: 'memory', pool: 'memory', worker: true }, [sameBuild]);
});
after(() => server.dispose());

test('an attribute the queue does not declare, or of another type, is refused naming its path', async () => {
  for (const [attributes, path] of [
    [{ colour: 'red' }, 'players[0].attributes.colour'],
    [{ build: 7 }, 'players[0].attributes.build'],
  ] as const) {
    const reply = await server.client.request('POST', '/v1/tickets', {
      credential: keys.server,
      body: { queueId: 'same-build', players: [{ playerId: 'bad', attributes }] },
    });
    const error = (reply.body as { error: { code: string; details: { path?: string } } }).error;
    assert.equal(reply.status, 400, JSON.stringify(reply.body));
    assert.equal(error.code, 'MM_ERR_INVALID_TICKET');
    assert.equal(error.details.path, path);
  }
});

test('only players of the same build meet; the other waits, and its explanation names the rule', async () => {
  const game = server.api(keys.server);
  const create = (playerId: string, build: string) =>
    game.createTicket({ queueId: 'same-build', players: [{ playerId, attributes: { build } }] });
  const a = await create('build-a', '1.0.4');
  const b = await create('build-b', '1.0.5');
  const c = await create('build-c', '1.0.4');
  const matchId = await eventually(
    async () => (await game.getTicket(a.ticketId)).matchId,
    10_000,
    'a and c matched',
  );
  assert.equal((await game.getTicket(c.ticketId)).matchId, matchId);
  const waiting = await game.getTicket(b.ticketId);
  assert.equal(waiting.state, 'searching');
  // Another build arrives: nobody waiting can play with b, and the rule is named as the reason.
  await create('build-d', '1.0.6');
  const summary = await eventually(
    async () => {
      const text = (await game.getTicket(b.ticketId)).explanation?.summary ?? '';
      return text.includes('SameBuild') ? text : undefined;
    },
    10_000,
    'b explained by SameBuild',
  );
  assert.match(summary, /rule SameBuild keeps 1 waiting ticket\(s\) from playing with yours/);
});
