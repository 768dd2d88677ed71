/**
 * One log line per request, at info, when it is answered: method, URL (with secrets blanked by the
 * logger's request serializer), client address, status and time. fastify's own request logging
 * (a line when a request arrives and another when it is answered) is turned off in `buildServer`.
 */
import type { TypedApp } from './typed-app.ts';

export function logRequests(app: TypedApp): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime },
      'request completed',
    );
  });
}
