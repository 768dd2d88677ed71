/** Ticket routes: create, read, cancel, accept/decline, and the WebSocket event stream. */
import type { ServiceContext } from '../service/context.ts';
import { streamTicket } from '../service/ticket-stream.ts';
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
      config: { role: 'player', queryToken: true },
      // Refuse (403/404) before the upgrade, so a client gets an HTTP status, not a closed socket.
      preHandler: async (request) => {
        await ticketFor(context, request.params.ticketId, principalOf(request));
      },
      schema: {
        operationId: 'ticketEvents',
        tags: ['tickets'],
        summary: 'WebSocket: the ticket now, then each event until a final one; `after=<eventId>` resumes',
        description:
          'Upgrade to a WebSocket. The first message is `{"type":"state","ticket":…}`; unless the ticket is searching, ' +
          'its latest event follows again (a stream opened after a proposal or a match still gets it); then one message per event ' +
          '(searching, proposed, matched, returned, expired, cancelled), each with its `eventId`. The server closes the ' +
          'stream after a final event (matched, expired, cancelled). A client that lost the stream reconnects with ' +
          '`after=<the last eventId it saw>` and gets what it missed, in order. Any node serves any ticket. Described ' +
          'in the AsyncAPI document at /asyncapi.json (WebSocket routes are not HTTP operations, so @fastify/websocket ' +
          'leaves them out of OpenAPI).',
        params: ticketParams,
        querystring: EventsQuery,
      },
    },
    (socket, request) => {
      void streamTicket(
        context,
        {
          send: (message) => {
            if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
          },
          close: (code, reason) => socket.close(code, reason),
          onClose: (listener) => socket.on('close', listener),
        },
        {
          ticketId: request.params.ticketId,
          principal: principalOf(request),
          ...(request.query.after === undefined ? {} : { after: request.query.after }),
        },
      );
    },
  );
}
