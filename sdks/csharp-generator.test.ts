/**
 * The C# SDK's generator (scripts/csharp-sdk) on small documents: what C# 7.2 cannot say is made
 * plain as docs/sdk-csharp.md says, classes are named where they sit, and shapes equal to a
 * component are that component's class.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { csharpSdkFiles } from '../scripts/csharp-sdk/generate.ts';

type Json = Record<string, unknown>;

const errorBody = {
  type: 'object',
  properties: {
    error: {
      type: 'object',
      properties: { code: { type: 'string', enum: ['MM_ERR_TICKET_NOT_FOUND', 'MM_ERR_INVALID_REQUEST'] } },
    },
  },
};

function generate(
  schemas: Json,
  paths: Json = {},
  channels: Json = {},
  messages: Json = {},
): Map<string, string> {
  return csharpSdkFiles(
    { openapi: '3.1.0', paths, components: { schemas: { ErrorBody: errorBody, ...schemas } } },
    { asyncapi: '3.0.0', channels, components: { messages } },
  );
}

const models = (files: Map<string, string>) => files.get('Runtime/Generated/Models.g.cs') ?? '';
const client = (files: Map<string, string>) => files.get('Runtime/Generated/MatchdClient.g.cs') ?? '';
const messages = (files: Map<string, string>) => files.get('Runtime/Generated/Messages.g.cs') ?? '';

/** The `public <type> <name> { get; set; }` lines of a class. */
function properties(text: string, className: string): string[] {
  const start = text.search(new RegExp(`partial class ${className}( : \\w+)?\n`));
  assert.ok(start >= 0, `class ${className} in:\n${text}`);
  const end = text.indexOf('\n    }', start);
  return [...text.slice(start, end).matchAll(/public ([\w<>, ?]+) (\w+) \{ get; set; \}/g)].map(
    (match) => `${match[1]} ${match[2]}`,
  );
}

describe('the C# SDK generator', () => {
  test('a union of kind-tagged objects is one class with every kind’s members, optional unless every kind requires them; a member of two types is JSON', () => {
    const files = generate({
      Eta: {
        anyOf: [
          {
            type: 'object',
            required: ['kind', 'atMs'],
            properties: { kind: { const: 'round' }, atMs: { type: 'number' } },
          },
          {
            type: 'object',
            required: ['kind', 'samples', 'odd'],
            properties: {
              kind: { const: 'estimate' },
              samples: { type: 'integer' },
              odd: { type: 'string' },
            },
          },
          {
            type: 'object',
            required: ['kind'],
            properties: { kind: { enum: ['unknown'] }, odd: { type: 'number' } },
          },
        ],
      },
      Team: {
        anyOf: [
          { type: 'integer', minimum: 1, maximum: 100 },
          { type: 'object', properties: {} },
        ],
      },
    });
    assert.deepEqual(properties(models(files), 'Eta'), [
      'string Kind',
      'double? AtMs',
      'long? Samples',
      'JsonValue Odd',
      'JsonObject AdditionalMembers',
    ]);
    assert.match(models(files), /One of: <c>round<\/c>, <c>estimate<\/c>, <c>unknown<\/c>\./);
    assert.ok(!models(files).includes('class Team'), 'a union of a number and an object is JSON, no class');
  });

  test('an inline object equal to a component is its class (const as enum, patternProperties as additionalProperties); one of another shape is named where it sits', () => {
    const connection = {
      type: 'object',
      required: ['host'],
      properties: {
        host: { type: 'string' },
        properties: { type: 'object', additionalProperties: { type: 'string' } },
      },
    };
    const files = generate(
      {
        Connection: connection,
        Order: {
          type: 'object',
          properties: {
            players: {
              type: 'array',
              items: { type: 'object', properties: { playerId: { type: 'string' } } },
            },
            matches: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' } } } },
            server: {
              type: 'object',
              required: ['host'],
              properties: {
                host: { type: 'string' },
                properties: { type: 'object', patternProperties: { '^.*$': { type: 'string' } } },
              },
            },
            mode: { type: 'object', properties: { kind: { const: 'a' } } },
          },
        },
      },
      {
        '/v1/orders/{orderId}': {
          post: {
            operationId: 'placeOrder',
            parameters: [{ in: 'path', name: 'orderId', required: true, schema: { type: 'string' } }],
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: { type: 'object', properties: { count: { type: 'integer' } } },
                },
              },
            },
            responses: {
              '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Order' } } } },
              '201': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Order' } } } },
            },
          },
        },
      },
    );
    assert.deepEqual(properties(models(files), 'Order'), [
      'List<OrderPlayer> Players',
      'List<OrderMatch> Matches',
      'Connection Server',
      'OrderMode Mode',
      'JsonObject AdditionalMembers',
    ]);
    assert.deepEqual(properties(models(files), 'PlaceOrderRequest'), [
      'long? Count',
      'JsonObject AdditionalMembers',
    ]);
    assert.match(
      client(files),
      /public Task<Order> PlaceOrderAsync\(string orderId, PlaceOrderRequest body, CancellationToken cancellationToken = default\(CancellationToken\)\)/,
    );
  });

  test('Idempotency-Key is a parameter of createTicket and reportResult before the document declares it, and the same one after', () => {
    const operation = (operationId: string, parameters: unknown[]) => ({
      post: {
        operationId,
        parameters,
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: { type: 'object', properties: { a: { type: 'string' } } } },
          },
        },
        responses: {
          '201': { content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } },
        },
      },
    });
    const signature =
      /public Task<ErrorBody> CreateTicketAsync\(CreateTicketRequest body, string idempotencyKey = null, CancellationToken cancellationToken = default\(CancellationToken\)\)/;
    const before = client(generate({}, { '/v1/tickets': operation('createTicket', []) }));
    assert.match(before, signature);
    assert.match(before, /request\.SetHeader\("Idempotency-Key", idempotencyKey\);/);
    const declared = client(
      generate(
        {},
        {
          '/v1/tickets': operation('createTicket', [
            {
              in: 'header',
              name: 'idempotency-key',
              required: false,
              schema: { type: 'string' },
              description: 'Replays answer alike',
            },
          ]),
        },
      ),
    );
    assert.match(declared, signature);
    assert.match(declared, /<param name="idempotencyKey">Replays answer alike<\/param>/);
    assert.match(
      client(generate({}, { '/v1/results': operation('reportResult', []) })),
      /ReportResultAsync\(ReportResultRequest body, string idempotencyKey = null, CancellationToken/,
    );
    const other = client(
      generate(
        {},
        { '/v1/other': operation('other', [{ in: 'header', name: 'x-trace', schema: { type: 'string' } }]) },
      ),
    );
    assert.match(other, /OtherAsync\(OtherRequest body, string xTrace = null, CancellationToken/);
  });

  test('stream messages: a base class with what every event has, a class per type, and the message a connection starts with apart', () => {
    const event = (type: string, extra: Json, required: string[] = []) => ({
      name: type,
      payload: {
        type: 'object',
        required: ['type', 'eventId', 'ticketId', ...required],
        properties: {
          type: { const: type },
          eventId: { type: 'string' },
          ticketId: { type: 'string' },
          ...extra,
        },
      },
    });
    const files = generate(
      {},
      {},
      {
        ticketEvents: {
          title: 'A ticket’s events',
          messages: {
            state: { $ref: '#/components/messages/state' },
            matched: { $ref: '#/components/messages/matched' },
            expired: { $ref: '#/components/messages/expired' },
          },
        },
      },
      {
        state: {
          name: 'state',
          payload: {
            type: 'object',
            required: ['type'],
            properties: { type: { const: 'state' }, note: { type: 'string' } },
          },
        },
        matched: event('matched', { waitMs: { type: 'number' } }, ['waitMs']),
        expired: event('expired', { waitMs: { type: 'number' } }),
      },
    );
    const text = messages(files);
    assert.deepEqual(properties(text, 'TicketEvent'), [
      'string Type',
      'string EventId',
      'string TicketId',
      'JsonObject AdditionalMembers',
    ]);
    assert.match(text, /public sealed partial class TicketMatchedEvent : TicketEvent/);
    assert.deepEqual(properties(text, 'TicketMatchedEvent'), ['double WaitMs']);
    assert.deepEqual(properties(text, 'TicketExpiredEvent'), ['double? WaitMs']);
    assert.match(text, /case "matched":\n\s+return TicketMatchedEvent\.FromJson\(json\);/);
    assert.match(text, /default:\n\s+return ReadAsBase\(json\);/);
    assert.deepEqual(properties(text, 'TicketStateMessage'), [
      'string Type',
      'string Note',
      'JsonObject AdditionalMembers',
    ]);
  });

  test('the error codes are the error body’s enum', () => {
    const codes = generate({}).get('Runtime/Generated/MatchdErrorCodes.g.cs') ?? '';
    assert.match(codes, /public const string TicketNotFound = "MM_ERR_TICKET_NOT_FOUND";/);
    assert.match(codes, /public const string InvalidRequest = "MM_ERR_INVALID_REQUEST";/);
  });
});
