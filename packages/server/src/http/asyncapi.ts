/**
 * The AsyncAPI 3.0 document of the WebSocket event stream, built from the same TypeBox schemas
 * the server sends (schema-tickets.ts), so the description cannot drift from the messages.
 */
import { MatchMessages } from './schema-handoff.ts';
import { TicketMessages } from './schema-tickets.ts';

/** The AsyncAPI document, with `host` (e.g. `127.0.0.1:8080`) as its server. */
export function asyncApiDocument(host: string, version: string): Record<string, unknown> {
  const names = Object.keys(TicketMessages) as (keyof typeof TicketMessages)[];
  const matchNames = Object.keys(MatchMessages) as (keyof typeof MatchMessages)[];
  const subscribed = {
    type: 'object',
    description: 'Sent first on every connection: the stream is live',
    properties: {
      type: { const: 'subscribed' },
      queueId: { type: 'string' },
      after: {
        type: 'string',
        description:
          'Where the stream starts: the `after` asked for, or for a new stream the last event id of the log then; ' +
          'a client cut before its first event reconnects with `after=` this',
      },
    },
    required: ['type', 'queueId', 'after'],
  };
  const matchMessages = Object.fromEntries(
    [
      ...matchNames.map((name) => [name, MatchMessages[name]] as const),
      ['subscribed', subscribed] as const,
    ].map(([name, schema]) => [
      `match-${name}`,
      {
        name: `match-${name}`,
        title: `match ${name}`,
        summary: String((schema as { description?: string }).description ?? name),
        contentType: 'application/json',
        payload: schema,
      },
    ]),
  );
  const messages = Object.fromEntries(
    names.map((name) => {
      const schema = TicketMessages[name];
      return [
        name,
        {
          name,
          title: name,
          summary: String((schema as { description?: string }).description ?? name),
          contentType: 'application/json',
          payload: schema,
        },
      ];
    }),
  );
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'matchd ticket and match events',
      version,
      description:
        'The WebSocket stream of one ticket: the ticket now, then every event of its life until a final one ' +
        '(matched, expired, cancelled; assigned or allocation-failed when the queue allocates servers), after which ' +
        'the server closes the socket; and the match stream of a queue for game servers (server key), whose ' +
        'messages are also the `event` of each signed webhook body (docs/handoff.md). The HTTP API is described ' +
        'in /openapi.json.',
    },
    servers: {
      local: {
        host,
        protocol: 'ws',
        description: 'This server',
        security: [
          { $ref: '#/components/securitySchemes/bearer' },
          { $ref: '#/components/securitySchemes/accessToken' },
        ],
      },
    },
    channels: {
      ticketEvents: {
        address: '/v1/tickets/{ticketId}/events',
        title: 'A ticket’s events',
        parameters: { ticketId: { description: 'The ticket id (`t_…`)' } },
        messages: Object.fromEntries(names.map((name) => [name, { $ref: `#/components/messages/${name}` }])),
      },
      matchEvents: {
        address: '/v1/queues/{queueId}/match-events',
        title: 'A queue’s match events (game servers)',
        parameters: { queueId: { description: 'The queue id' } },
        messages: Object.fromEntries(
          Object.keys(matchMessages).map((name) => [name, { $ref: `#/components/messages/${name}` }]),
        ),
      },
    },
    operations: {
      receiveMatchEvents: {
        action: 'receive',
        title: 'Watch a queue’s matches',
        summary: 'Connect with a server key; `after=<eventId>` resumes after the last event seen',
        channel: { $ref: '#/channels/matchEvents' },
        messages: Object.keys(matchMessages).map((name) => ({
          $ref: `#/channels/matchEvents/messages/${name}`,
        })),
      },
      receiveTicketEvents: {
        action: 'receive',
        title: 'Watch a ticket',
        summary:
          'Connect (a player token for their own tickets, a server or admin key) and receive its events',
        channel: { $ref: '#/channels/ticketEvents' },
        messages: names.map((name) => ({ $ref: `#/channels/ticketEvents/messages/${name}` })),
      },
    },
    components: {
      messages: { ...messages, ...matchMessages },
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'Authorization: Bearer <key or player token>',
        },
        accessToken: {
          type: 'httpApiKey',
          in: 'query',
          name: 'access_token',
          description: 'For browsers, which cannot set headers on a WebSocket',
        },
      },
    },
  };
}
