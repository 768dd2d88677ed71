/** Ticket routes: create, read, cancel, accept/decline, and the WebSocket event stream. */
import { finalEventTypes, type TicketEvent } from '../runtime/ticket-events.ts';
import type { ServiceContext } from '../service/context.ts';
import { answerProposal, cancelTicket, createTicket, readTicket, ticketFor } from '../service/tickets.ts';
import { principalOf } from './request-context.ts';
import { errorResponses, IdParams } from './schema-common.ts';
import { AnswerRequest, EventsQuery, TicketRequest, TicketView } from './schema-tickets.ts';
import type { TypedApp } from './typed-app.ts';

const ticketParams = IdParams('ticketId', 't_1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed');

/** Registers the ticket routes. */
export function ticketRoutes(app: TypedApp, context: ServiceContext): void {
  app.post(
    '/v1/tickets',
    {
      config: { role: 'server' },
      schema: {
        operationId: 'createTicket',
        tags: ['tickets'],
        summary: 'Create a ticket for one player or a party',
        description:
          'The service looks the players’ ratings up on the queue’s solo or party track; the engine validates the ticket ' +
          'against the queue (gates, party size, regions) before it is stored. The ticket then waits for a tick.',
        body: TicketRequest,
        response: { 201: TicketView, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await createTicket(context, request.body)),
  );

  app.get(
    '/v1/tickets/:ticketId',
    {
      config: { role: 'player' },
      schema: {
        operationId: 'getTicket',
        tags: ['tickets'],
        summary: 'State, wait, ETA and why it has not matched yet',
        params: ticketParams,
        response: { 200: TicketView, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => readTicket(context, request.params.ticketId, principalOf(request)),
  );

  app.delete(
    '/v1/tickets/:ticketId',
    {
      config: { role: 'player' },
      schema: {
        operationId: 'cancelTicket',
        tags: ['tickets'],
        summary: 'Cancel a searching or proposed ticket',
        params: ticketParams,
        response: { 200: TicketView, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => cancelTicket(context, request.params.ticketId, principalOf(request)),
  );

  for (const action of ['accept', 'decline'] as const) {
    app.post(
      `/v1/tickets/:ticketId/${action}`,
      {
        config: { role: 'player' },
        schema: {
          operationId: `${action}Match`,
          tags: ['tickets'],
          summary:
            action === 'accept'
              ? 'Accept the proposed match (queues with an acceptance step)'
              : 'Decline the proposed match: the ticket leaves, the others search again',
          params: ticketParams,
          body: AnswerRequest,
          response: { 200: TicketView, ...errorResponses(400, 403, 404, 409) },
        },
      },
      async (request) =>
        answerProposal(context, {
          ticketId: request.params.ticketId,
          playerId: request.body.playerId,
          accept: action === 'accept',
          principal: principalOf(request),
        }),
    );
  }

  app.get(
    '/v1/tickets/:ticketId/events',
    {
      websocket: true,
      config: { role: 'player' },
      // Refuse (403/404) before the upgrade, so a client gets an HTTP status, not a closed socket.
      preHandler: async (request) => {
        ticketFor(context, request.params.ticketId, principalOf(request));
      },
      schema: {
        operationId: 'ticketEvents',
        tags: ['tickets'],
        summary: 'WebSocket: the ticket now, then each event until a final one',
        description:
          'Upgrade to a WebSocket. The first message is `{"type":"state","ticket":…}`; then one message per event ' +
          '(searching, proposed, matched, returned, expired, cancelled). The server closes the stream after a final ' +
          'event (matched, expired, cancelled). Described in the AsyncAPI document at /asyncapi.json (WebSocket ' +
          'routes are not HTTP operations, so @fastify/websocket leaves them out of OpenAPI).',
        params: ticketParams,
        querystring: EventsQuery,
      },
    },
    (socket, request) => {
      const entry = ticketFor(context, request.params.ticketId, principalOf(request));
      const send = (message: { type: 'state'; ticket: unknown } | TicketEvent): void => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
      };
      const unsubscribe = context.bus.subscribe(entry.ticketId, (event) => {
        send(event);
        if (finalEventTypes.has(event.type)) socket.close(1000, event.type);
      });
      socket.on('close', unsubscribe);
      // The current state first, so a client that connects late misses nothing it needs.
      void readTicket(context, entry.ticketId, principalOf(request))
        .then((ticket) => {
          send({ type: 'state', ticket });
          if (entry.lastEvent !== undefined && finalEventTypes.has(entry.lastEvent.type)) {
            send(entry.lastEvent);
            socket.close(1000, entry.lastEvent.type);
          }
        })
        .catch(() => socket.close(1011, 'state unavailable'));
    },
  );
}
