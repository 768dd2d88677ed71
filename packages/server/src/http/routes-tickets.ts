/** Ticket routes: create, read, cancel, accept/decline, and the WebSocket event stream. */
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../service/context.ts';
import { streamTicket } from '../service/ticket-stream.ts';
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

  app.get<{ Params: TicketParams; Querystring: { after?: string } }>(
    '/v1/tickets/:ticketId/events',
    {
      websocket: true,
      config: { role: 'player', queryToken: true },
      // Refuse (403/404) before the upgrade, so a client gets an HTTP status, not a closed socket.
      preHandler: async (request) => {
        await ticketFor(context, request.params.ticketId, principalOf(request));
      },
      schema: {
        tags: ['tickets'],
        summary:
          'WebSocket: the ticket now, then each event (searching, proposed, matched, returned, expired, cancelled); `after=<eventId>` resumes a lost stream',
        params: idParams('ticketId'),
        querystring: {
          type: 'object',
          properties: {
            after: { type: 'string', pattern: '^[0-9]{1,20}-[0-9]{1,20}$' },
            access_token: { type: 'string', maxLength: 4096 },
          },
        },
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
