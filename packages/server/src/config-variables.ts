/**
 * The service's environment variables, in one table: the config key each one sets, its default
 * as shown to people, and what it means. `loadConfig` reads the variables named here, `matchd serve
 * --help` lists them, and the README's configuration table is generated from it (a test holds the
 * README to it). A mistyped `MATCHD_*` variable must not pass silently (a server started with the
 * defaults the operator meant to change): every `MATCHD_*` variable is either one the service
 * reads or one the project's tests read, and anything else is refused with the closest known name.
 */
import { ErrorCodes, MatchdError } from '@matchd/engine';

/** One environment variable of the service. */
export interface ConfigVariable {
  readonly name: string;
  /** The config file's key it sets. */
  readonly key: string;
  /** The default as people read it; without one, the config's default value (`defaultConfig`). */
  readonly shownDefault?: string;
  readonly meaning: string;
}

/** Every variable the service reads, in the order `--help` and the README list them. */
export const configVariables = [
  { name: 'MATCHD_HOST', key: 'host', meaning: 'listen address (`0.0.0.0` in a container)' },
  { name: 'PORT', key: 'port', meaning: 'listen port (0 = any free port); `MATCHD_PORT` wins' },
  { name: 'MATCHD_PORT', key: 'port', meaning: 'listen port (0 = any free port)' },
  { name: 'MATCHD_DATA_DIR', key: 'dataDir', meaning: 'PGlite folder, generated admin key and token secret' },
  {
    name: 'MATCHD_RATINGS_BACKEND',
    key: 'ratingsBackend',
    meaning: '`pglite`, `postgres` or `memory` (ratings, history, queue configs)',
  },
  {
    name: 'MATCHD_POOL_BACKEND',
    key: 'poolBackend',
    meaning: '`memory` (one process) or `redis` (a fleet): the shared tickets, queue logs and leases',
  },
  {
    name: 'DATABASE_URL',
    key: 'databaseUrl',
    meaning:
      'PostgreSQL URL, e.g. `postgres://postgres@127.0.0.1:5432/matchd` (switches ratings to postgres)',
  },
  {
    name: 'REDIS_URL',
    key: 'redisUrl',
    meaning:
      'Redis URL, e.g. `redis://127.0.0.1:6379`; any node of a Redis Cluster (detected; switches the pool to redis)',
  },
  {
    name: 'MATCHD_REDIS_PREFIX',
    key: 'redisPrefix',
    meaning: 'prefix of every Redis key (several deployments per Redis)',
  },
  {
    name: 'MATCHD_API_KEYS',
    key: 'apiKeys',
    shownDefault: '– (a local admin key is generated)',
    meaning:
      '`role:name:key,…`, role `server` or `admin`, keys 16+ characters; in a file: a list of `{role, name, key}`',
  },
  {
    name: 'MATCHD_TOKEN_SECRET',
    key: 'tokenSecret',
    shownDefault: 'generated in `dataDir`',
    meaning: 'HS256 secret of player tokens (JWTs), 32+ characters; the same on every process',
  },
  {
    name: 'MATCHD_TOKEN_TTL_SECONDS',
    key: 'tokenTtlSeconds',
    meaning: 'lifetime (and the maximum asked lifetime) of player tokens',
  },
  {
    name: 'MATCHD_WEBHOOK_SECRET',
    key: 'webhookSecret',
    shownDefault: '– (no webhook is sent)',
    meaning:
      'HMAC-SHA256 secret that signs webhooks (docs/handoff.md), 32+ characters; the same on every process',
  },
  {
    name: 'MATCHD_WEBHOOK_RETRY_BASE_MS',
    key: 'webhookRetryBaseMs',
    meaning: 'first retry of a failed webhook, doubling each attempt up to a minute',
  },
  {
    name: 'MATCHD_WEBHOOK_MAX_ATTEMPTS',
    key: 'webhookMaxAttempts',
    meaning: 'attempts per webhook event before it is given up (counted as dropped)',
  },
  {
    name: 'MATCHD_CORS_ORIGINS',
    key: 'corsOrigins',
    shownDefault: '– (no cross-origin access)',
    meaning:
      'origins whose pages may call the API from a browser, comma-separated (`https://game.example.com,…`), or `*` for any; their preflights are answered, others get none',
  },
  {
    name: 'MATCHD_QUEUES_DIR',
    key: 'queuesDir',
    shownDefault: '`examples/queues`',
    meaning: 'folder of queue configs (`.json`, `.yaml`) created on first start; stored configs win',
  },
  {
    name: 'MATCHD_CHURN_TABLE',
    key: 'churnTableFile',
    shownDefault: '`examples/eomm-table2.json` with the example queues, else none',
    meaning:
      'churn table (`{"churn": {"WWL": 0.57, …}}`, keyed by recent outcomes) for engagement (EOMM) queues; without one they are refused',
  },
  {
    name: 'MATCHD_MODELS_DIR',
    key: 'modelsDir',
    shownDefault: '`<dataDir>/models`',
    meaning: 'folder the fit commands write model files to (queues read models from the shared store)',
  },
  {
    name: 'MATCHD_CHURN_REFIT_INTERVAL_MS',
    key: 'churnRefitIntervalMs',
    meaning:
      'refit every churn model a queue names from its own history this often, and publish it to every node; 0 = never (docs/server.md)',
  },
  {
    name: 'MATCHD_CHURN_WINDOW_MS',
    key: 'churnWindowMs',
    meaning: 'the churn window of those refits (EOMM: 8 hours)',
  },
  {
    name: 'MATCHD_TICK_INTERVAL_MS',
    key: 'tickIntervalMs',
    meaning: "time between two ticks of a queue's matchmaker",
  },
  {
    name: 'MATCHD_LEASE_MS',
    key: 'leaseMs',
    meaning:
      "a queue's lease: when the node running it dies, another takes the queue within about this (docs/server.md)",
  },
  {
    name: 'MATCHD_QUEUE_CAPACITY',
    key: 'queueCapacity',
    meaning: 'live tickets one queue holds; more get 503 `MM_ERR_QUEUE_FULL`',
  },
  {
    name: 'MATCHD_AUTH_FAILURES_PER_MINUTE',
    key: 'authFailuresPerMinute',
    meaning: 'failed authentications per address and minute, then 429 for the rest of the minute',
  },
  { name: 'MATCHD_BODY_LIMIT_BYTES', key: 'bodyLimitBytes', meaning: 'largest request body' },
  {
    name: 'MATCHD_RATE_LIMIT_PER_MINUTE',
    key: 'rateLimitPerMinute',
    meaning: 'requests per minute per key / player / IP',
  },
  { name: 'MATCHD_MATCH_WORKER', key: 'matchWorker', meaning: 'run the matchmakers in a worker thread' },
  {
    name: 'MATCHD_RATING_MODEL',
    key: 'ratingModel',
    meaning: '`weng-lin` (Plackett-Luce), `glicko2` or `elo`',
  },
  {
    name: 'MATCHD_CALIBRATION_GAMES',
    key: 'calibrationGames',
    meaning: 'games per track before a rating is shown (and ranked; Dota)',
  },
  {
    name: 'MATCHD_RATING_TERMS',
    key: 'ratingTerms',
    meaning:
      'team-sport rating terms as JSON: `{"homeAdvantage": 65, "marginGapRatio": 0.0006, "seasonKeep": 0.67}` (docs/ratings.md)',
  },
  {
    name: 'MATCHD_RATING_POLICIES',
    key: 'ratingPolicies',
    meaning: 'named rating policies queues may reference, as JSON (docs/ratings-policy.md)',
  },
  {
    name: 'MATCHD_TRACKS',
    key: 'tracks',
    meaning: 'track → policy name for queues whose config names none, as JSON: `{"ranked": "dota-ranked"}`',
  },
  {
    name: 'MATCHD_SEED',
    key: 'seed',
    meaning: "seed of the matchmakers' Random (mixed with each queue id)",
  },
  {
    name: 'MATCHD_LOG_LEVEL',
    key: 'logLevel',
    meaning: 'pino level: `fatal` … `trace`, or `silent`; `info` logs one line per request',
  },
  {
    name: 'MATCHD_LOG_FORMAT',
    key: 'logFormat',
    meaning: '`json` (one JSON object a line) or `pretty` (for people at a terminal)',
  },
] as const satisfies readonly ConfigVariable[];

/** The variable that names the config file (read before the others). */
export const configFileVariable = {
  name: 'MATCHD_CONFIG',
  meaning: 'path of a YAML/JSON config file (keys as in the second column)',
} as const;

/** `MATCHD_*` variables that are not server settings but are known (tests, the config file path). */
export const otherVariables = [
  configFileVariable.name,
  'MATCHD_TEST_POSTGRES_URL',
  'MATCHD_TEST_REDIS_URL',
  'MATCHD_FUZZ_SEED',
  'MATCHD_FC_SEED',
] as const;

/** Levenshtein distance (insertions, deletions, substitutions). */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** The candidate nearest to `name`. */
export function closestName(name: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const distance = editDistance(name, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Throws MM_ERR_INVALID_OPTION for the first unknown `MATCHD_*` variable, naming the closest known one. */
export function refuseUnknownVariables(
  environment: Readonly<Record<string, string | undefined>>,
  serverVariables: readonly string[],
): void {
  const known = [...serverVariables.filter((name) => name.startsWith('MATCHD_')), ...otherVariables];
  for (const name of Object.keys(environment).sort()) {
    if (!name.startsWith('MATCHD_') || known.includes(name)) continue;
    const closest = closestName(name, known);
    throw new MatchdError(
      ErrorCodes.INVALID_OPTION,
      `unknown environment variable ${name}${closest === undefined ? '' : `: did you mean ${closest}?`} ` +
        '(every MATCHD_* variable must be a known one; see `matchd serve --help`)',
      { path: name, ...(closest === undefined ? {} : { closest }) },
    );
  }
}
