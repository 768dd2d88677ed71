/** Ticket routes: create, read, cancel, accept/decline, and the WebSocket event stream. */
import type { FastifyInstance } from 'fastify';
import { finalEventTypes, type TicketEvent } from '../runtime/ticket-events.ts';
import type { ServiceContext } from '../service/context.ts';
import {
  answerProposal,
  cancelTicket,
  createTicket,
  readTicket,
  type TicketRequest,
  ticketFor,
} from '../service/tickets.ts';
import { principalOf } from './request-context.ts';
import { answerSchema, idParams, ticketRequestSchema } from './schemas.ts';

type TicketParams = { ticketId: string };

/** Registers the ticket routes. */
export function ticketRoutes(app: FastifyInstance, context: ServiceContext): void {
  app.post<{ Body: TicketRequest }>(
    '/v1/tickets',
    {
      config: { role: 'server' },
      schema: {
        tags: ['tickets'],
        summary: 'Create a ticket for one player or a party',
        body: ticketRequestSchema,
      },
    },
    async (request, reply) => reply.status(201).send(await createTicket(context, request.body)),
  );

  app.get<{ Params: TicketParams }>(
    '/v1/tickets/:ticketId',
    {
      config: { role: 'player' },
      schema: {
        tags: ['tickets'],
        summary: 'State, wait, ETA and why it has not matched yet',
        params: idParams('ticketId'),
      },
    },
    async (request) => readTicket(context, request.params.ticketId, principalOf(request)),
  );

  app.delete<{ Params: TicketParams }>(
    '/v1/tickets/:ticketId',
    {
      config: { role: 'player' },
      schema: { tags: ['tickets'], summary: 'Cancel a ticket', params: idParams('ticketId') },
    },
    async (request) => cancelTicket(context, request.params.ticketId, principalOf(request)),
  );

  for (const action of ['accept', 'decline'] as const) {
    app.post<{ Params: TicketParams; Body: { playerId: string } }>(
      `/v1/tickets/:ticketId/${action}`,
      {
        config: { role: 'player' },
        schema: {
          tags: ['tickets'],
          summary: `${action} a proposed match`,
          params: idParams('ticketId'),
          body: answerSchema,
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

  app.get<{ Params: TicketParams }>(
    '/v1/tickets/:ticketId/events',
    {
      websocket: true,
      config: { role: 'player' },
      // Refuse (403/404) before the upgrade, so a client gets an HTTP status, not a closed socket.
      preHandler: async (request) => {
        ticketFor(context, request.params.ticketId, principalOf(request));
      },
      schema: {
        tags: ['tickets'],
        summary:
          'WebSocket: the ticket now, then each event (searching, proposed, matched, returned, expired, cancelled)',
        params: idParams('ticketId'),
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
