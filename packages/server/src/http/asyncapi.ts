/**
 * The AsyncAPI 3.0 document of the WebSocket event stream, built from the same TypeBox schemas
 * the server sends (schema-tickets.ts), so the description cannot drift from the messages.
 */
import { TicketMessages } from './schema-tickets.ts';

/** The AsyncAPI document, with `host` (e.g. `127.0.0.1:8080`) as its server. */
export function asyncApiDocument(host: string, version: string): Record<string, unknown> {
  const names = Object.keys(TicketMessages) as (keyof typeof TicketMessages)[];
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
      title: 'matchd ticket events',
      version,
      description:
        'The WebSocket stream of one ticket: the ticket now, then every event of its life until a final one ' +
        '(matched, expired, cancelled), after which the server closes the socket. The HTTP API is described in ' +
        '/openapi.json.',
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
    },
    operations: {
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
      messages,
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
