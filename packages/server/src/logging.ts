/**
 * The service's log output: one JSON object a line (pino's format, for log collectors) by
 * default, or pino-pretty's coloured lines when `logFormat` is `pretty` (MATCHD_LOG_FORMAT=pretty).
 */
import type { FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';
import type { ServerConfig } from './config.ts';

/** fastify's logger option for a config. */
export function loggerOptions(
  config: Pick<ServerConfig, 'logLevel' | 'logFormat'>,
): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  if (config.logFormat === 'json') return { level: config.logLevel };
  return {
    level: config.logLevel,
    stream: pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', sync: true }),
  };
}

/** A fatal line in the same JSON shape, for failures before the logger exists. */
export function fatalLine(message: string): string {
  return `${JSON.stringify({ level: 60, time: Date.now(), msg: message })}\n`;
}
