/** `matchd serve --help` (also `npm start -- --help`): what the server reads and where. */
import { defaultConfig, environmentKeys, type ServerConfig } from './config.ts';

/** One line per variable: what it sets. Variables without a line here point to docs/server.md. */
const meanings: Readonly<Record<string, string>> = {
  MATCHD_HOST: 'listen address (0.0.0.0 in a container)',
  PORT: 'listen port (0 = any free port)',
  MATCHD_PORT: 'listen port (0 = any free port)',
  MATCHD_DATA_DIR: 'PGlite folder, generated admin key and token secret',
  MATCHD_RATINGS_BACKEND: 'pglite, postgres or memory (ratings, history, queue configs)',
  MATCHD_POOL_BACKEND: 'memory or redis (waiting tickets)',
  DATABASE_URL: 'PostgreSQL URL (switches ratings to postgres)',
  REDIS_URL: 'Redis URL (switches the pool to redis)',
  MATCHD_REDIS_PREFIX: 'prefix of every Redis key',
  MATCHD_API_KEYS: 'role:name:key,… (role server or admin, keys of 16+ characters)',
  MATCHD_TOKEN_SECRET: 'HMAC secret of player tokens (32+ characters)',
  MATCHD_TOKEN_TTL_SECONDS: 'lifetime of player tokens',
  MATCHD_WEBHOOK_SECRET: 'HMAC secret that signs webhooks (32+ characters; none sent without it)',
  MATCHD_WEBHOOK_RETRY_BASE_MS: 'first webhook retry delay, doubling up to a minute',
  MATCHD_WEBHOOK_MAX_ATTEMPTS: 'webhook attempts per event before it is given up',
  MATCHD_QUEUES_DIR: 'folder of queue configs created on first start',
  MATCHD_CHURN_TABLE: 'churn table for engagement (EOMM) queues',
  MATCHD_TICK_INTERVAL_MS: 'time between ticks',
  MATCHD_BODY_LIMIT_BYTES: 'largest request body',
  MATCHD_RATE_LIMIT_PER_MINUTE: 'requests per minute per key / player / IP',
  MATCHD_MATCH_WORKER: 'run the matchmakers in a worker thread',
  MATCHD_RATING_MODEL: 'weng-lin, glicko2 or elo',
  MATCHD_CALIBRATION_GAMES: 'games per track before a rating is shown (and ranked)',
  MATCHD_SEED: "seed of the matchmakers' Random",
  MATCHD_LOG_LEVEL: 'fatal, error, warn, info, debug, trace or silent',
  MATCHD_LOG_FORMAT: 'json (one object a line) or pretty (for a terminal)',
};

/** The usage text. */
export function serveUsage(): string {
  const rows = Object.entries(environmentKeys).map(([variable, key]) => {
    const fallback = defaultConfig[key as keyof ServerConfig];
    const shown =
      fallback === undefined || (Array.isArray(fallback) && fallback.length === 0)
        ? ''
        : ` [${String(fallback)}]`;
    return `  ${variable.padEnd(30)} ${meanings[variable] ?? 'see docs/server.md'}${shown}`;
  });
  return [
    'usage: matchd serve [--help]        (or: npm start)',
    '',
    'Starts the matchd service: the HTTP and WebSocket API, the dashboard at /, the API reference',
    'at /docs. Settings come from defaults, then a YAML/JSON file named by MATCHD_CONFIG, then these',
    'environment variables (an unknown MATCHD_* variable is refused):',
    '',
    `  ${'MATCHD_CONFIG'.padEnd(30)} path of a YAML/JSON config file`,
    ...rows,
    '',
    'Logs are JSON lines on stdout; MATCHD_LOG_FORMAT=pretty for people. SIGINT/SIGTERM finish the',
    'current tick and in-flight requests, then stop.',
    '',
  ].join('\n');
}
