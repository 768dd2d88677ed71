/**
 * `@matchd/client` against the live service: its generated types are what the OpenAPI document
 * gives today, its route table is the document's, every operation has a method, the queue schema
 * keeps every field of the example queues, and the event stream reconnects and resumes.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { MatchdClient, routes, type TicketEvent } from '@matchd/client';
import { openApiTypes } from '../../client/scripts/openapi-types.ts';
import { readQueueFolder } from '../src/service/queues.ts';
import { exampleQueuesDir } from '../src/start.ts';
import { eventually, keys, openSocket, startTestServer, type TestServer } from './support/harness.ts';

type OpenApi = { paths: Record<string, Record<string, { operationId: string }>> };

/** Client methods named otherwise than their operation. */
const aliases: Record<string, string> = { getTrackLeaderboard: 'getLeaderboard' };

describe('@matchd/client against the OpenAPI document', () => {
  let server: TestServer;
  let document: Record<string, unknown>;
  before(async () => {
    server = await startTestServer({ ratings: 'memory', pool: 'memory' }, readQueueFolder(exampleQueuesDir), {
      queuesDir: undefined,
    });
    document = await server.api(keys.admin).openApiDocument();
  });
  after(() => server.dispose());

  test('src/openapi.ts is what openapi-typescript makes of the live document (npm run generate -w @matchd/client)', async () => {
    const committed = readFileSync(
      join(import.meta.dirname, '..', '..', 'client', 'src', 'openapi.ts'),
      'utf8',
    );
    assert.ok(committed === (await openApiTypes(document)), 'the client types are stale: regenerate them');
  });

  test('the route table is the document’s, and every operation has a method', () => {
    const operations = Object.entries((document as OpenApi).paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => [
        operation.operationId,
        [method.toUpperCase(), path],
      ]),
    );
    assert.deepEqual(
      Object.fromEntries(operations),
      Object.fromEntries(Object.entries(routes).map(([id, route]) => [id, [...route]])),
    );
    const client = new MatchdClient({ baseUrl: server.server.address }) as unknown as Record<string, unknown>;
    for (const [operationId] of operations) {
      const method = aliases[operationId as string] ?? (operationId as string);
      assert.equal(typeof client[method], 'function', `a method for ${operationId}`);
    }
  });

  test('every example queue reads back unchanged (the queue schema drops no field)', async () => {
    const game = server.api(keys.server);
    for (const config of readQueueFolder(exampleQueuesDir)) {
      assert.deepEqual((await game.getQueue(config.id)).config, config, config.id);
    }
  });

  test('the event stream reconnects after a drop and delivers each event once', async () => {
    const game = server.api(keys.server);
    const reconnects: number[] = [];
    const states: string[] = [];
    const first = await game.createTicket({ queueId: 'eomm-1v1', players: [{ playerId: 'stream-a' }] });
    const admin = new MatchdClient({ baseUrl: server.server.address, credential: keys.admin });
    const stream = admin.watchTicket(first.ticketId, {
      openSocket,
      retryDelayMs: 20,
      onReconnect: (attempt) => reconnects.push(attempt),
      onState: (ticket) => states.push(ticket.state),
    });
    await eventually(async () => (states.length > 0 ? true : undefined), 5000, 'the first state');
    stream.interrupt();
    await eventually(
      async () => (states.length > 1 ? true : undefined),
      5000,
      'the state after reconnecting',
    );
    assert.deepEqual(reconnects, [1]);
    await game.cancelTicket(first.ticketId);
    const final = await stream.done;
    assert.equal(final.type, 'cancelled');
    // A late watcher gets the state and the final event again; it is delivered once.
    const late = admin.watchTicket(first.ticketId, { openSocket });
    const replay: TicketEvent = await late.done;
    assert.equal(replay.type, 'cancelled');
    assert.deepEqual(
      late.events.map((event) => event.type),
      ['cancelled'],
    );
    assert.equal(stream.events.filter((event) => event.type === 'cancelled').length, 1);
  });
});
