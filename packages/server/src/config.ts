/**
 * The service's configuration: one typed object, built from an optional YAML file and the
 * environment. Only `main.ts` reads `process.env`; it hands the variables here as a plain record,
 * so tests build configs without touching the process.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ErrorCodes, MatchdError } from '@matchd/engine';
import { parse as parseYaml } from 'yaml';
import { configVariables, refuseUnknownVariables } from './config-variables.ts';
import { type RatingModelName, type RatingTerms, ratingModelNames } from './rating/rating-system.ts';
import { checkPoliciesConfig, type TrackPoliciesData } from './rating/track-policies.ts';

/** Where ratings, history and queue configs live. */
export type RatingsBackend = 'memory' | 'pglite' | 'postgres';
/** Where waiting tickets live. */
export type PoolBackend = 'memory' | 'redis';

/** An API key as configured: the secret itself and its role. */
export interface ApiKeyConfig {
  readonly key: string;
  readonly role: 'server' | 'admin';
  /** A label for logs and metrics; never the key itself. */
  readonly name: string;
}

/** Everything the service needs to start. Every field has a documented default (docs/server.md). */
export interface ServerConfig {
  readonly host: string;
  readonly port: number;
  /** Folder for the embedded database and the generated local admin key. */
  readonly dataDir: string;
  readonly ratingsBackend: RatingsBackend;
  readonly poolBackend: PoolBackend;
  readonly databaseUrl?: string;
  readonly redisUrl?: string;
  /** Prefix of every Redis key, so several deployments (or test runs) can share one Redis. */
  readonly redisPrefix: string;
  readonly apiKeys: readonly ApiKeyConfig[];
  /** HMAC secret for player tokens; generated into dataDir when absent. */
  readonly tokenSecret?: string;
  readonly tokenTtlSeconds: number;
  /** HMAC-SHA256 secret that signs webhook deliveries (docs/handoff.md); without it no webhook is sent. */
  readonly webhookSecret?: string;
  /** First retry of a failed webhook after this long, doubling each attempt up to a minute. */
  readonly webhookRetryBaseMs: number;
  /** Attempts per webhook event before it is given up (and counted as dropped). */
  readonly webhookMaxAttempts: number;
  /** Origins whose pages may call the API from a browser (CORS), or `*`; none by default. */
  readonly corsOrigins: readonly string[];
  /** Folder of queue configs (YAML or JSON) loaded at start. */
  readonly queuesDir?: string;
  /**
   * A churn table (JSON: `{ "churn": { "WWL": 0.57, ... } }`, keyed by recent outcomes) for
   * engagement (EOMM) queues; without one those queues are refused.
   */
  readonly churnTableFile?: string;
  /**
   * Folder the fit commands (`matchd ratings fit-party`, `matchd engagement fit`, `matchd models
   * export`) write model files to; queues read models from the shared store. Default `<dataDir>/models`.
   */
  readonly modelsDir?: string;
  /**
   * How often the service refits every churn model a queue names from its own match history and
   * publishes it to every node (in a fitting thread), ms; 0 (default) = never (fit on demand with
   * POST /v1/admin/models/{name}/fit or `matchd engagement fit`).
   */
  readonly churnRefitIntervalMs: number;
  /** The churn window of scheduled refits, ms (EOMM: 8 hours). */
  readonly churnWindowMs: number;
  readonly tickIntervalMs: number;
  /**
   * How long a node holds a queue's lease without renewing it: when the node dies, another takes the
   * queue within about this time. Renewed every third of it.
   */
  readonly leaseMs: number;
  /** Live (searching or proposed) tickets one queue holds at most; more get 503 MM_ERR_QUEUE_FULL. */
  readonly queueCapacity: number;
  /** Failed authentications per client address and minute; then 429 until the minute ends. */
  readonly authFailuresPerMinute: number;
  readonly bodyLimitBytes: number;
  readonly rateLimitPerMinute: number;
  /** Run the matchmaker in a worker thread (default) or in the API thread. */
  readonly matchWorker: boolean;
  /** The rating model of every track: `weng-lin` (default), `glicko2` or `elo`. */
  readonly ratingModel: RatingModelName;
  /** Games a player calibrates on each track before their rating is shown (Dota: 10). */
  readonly calibrationGames: number;
  /**
   * Team-sport rating terms (home advantage, margin of victory, season regression; see
   * docs/ratings.md): `{ "homeAdvantage": 65, "marginGapRatio": 0.0006, "seasonKeep": 0.67 }`.
   */
  readonly ratingTerms?: RatingTerms;
  /**
   * Named rating policies queues may reference (`rating.policy`), beside the presets
   * (docs/ratings-policy.md): `{ "my-ranked": { "model": { "kind": "trueskill" }, ... } }`.
   */
  readonly ratingPolicies?: TrackPoliciesData['named'];
  /** Track -> policy name, for queues whose config names no policy: `{ "ranked": "dota-ranked" }`. */
  readonly tracks?: TrackPoliciesData['tracks'];
  /** Seed of the matchmakers' Random, so a deployment's matching is reproducible from its inputs. */
  readonly seed: number;
  readonly logLevel: string;
  /** `json` (one JSON object a line, the default) or `pretty` (for people at a terminal). */
  readonly logFormat: 'json' | 'pretty';
}

/** Defaults of every field; the embedded start needs nothing else. */
export const defaultConfig: ServerConfig = {
  host: '127.0.0.1',
  port: 8080,
  dataDir: './data',
  ratingsBackend: 'pglite',
  poolBackend: 'memory',
  redisPrefix: 'matchd:',
  apiKeys: [],
  tokenTtlSeconds: 3600,
  webhookRetryBaseMs: 1000,
  webhookMaxAttempts: 12,
  corsOrigins: [],
  churnRefitIntervalMs: 0,
  churnWindowMs: 8 * 3600 * 1000,
  tickIntervalMs: 1000,
  leaseMs: 3000,
  queueCapacity: 100_000,
  authFailuresPerMinute: 30,
  bodyLimitBytes: 64 * 1024,
  rateLimitPerMinute: 60_000,
  matchWorker: true,
  ratingModel: 'weng-lin',
  calibrationGames: 10,
  seed: 1,
  logLevel: 'info',
  logFormat: 'json',
};

/** `ratingTerms` from the config file (an object) or MATCHD_RATING_TERMS (its JSON). */
function parseRatingTerms(value: unknown): RatingTerms | undefined {
  if (value === undefined) return undefined;
  let terms: unknown = value;
  if (typeof value === 'string') {
    try {
      terms = JSON.parse(value);
    } catch {
      throw invalid('ratingTerms', 'must be a JSON object');
    }
  }
  if (typeof terms !== 'object' || terms === null || Array.isArray(terms))
    throw invalid('ratingTerms', 'must be an object');
  const limits = { homeAdvantage: [-1e6, 1e6], marginGapRatio: [0, 1], seasonKeep: [0, 1] } as const;
  const out: Record<string, number> = {};
  for (const [key, raw] of Object.entries(terms)) {
    const range = limits[key as keyof typeof limits];
    if (range === undefined) throw invalid(`ratingTerms.${key}`, 'is not a rating term');
    if (typeof raw !== 'number' || !Number.isFinite(raw) || raw < range[0] || raw > range[1]) {
      throw invalid(`ratingTerms.${key}`, `must be a number in [${range[0]}, ${range[1]}]`);
    }
    out[key] = raw;
  }
  return out as RatingTerms;
}

/** A JSON value from the config file as is, or from an environment variable's JSON text. */
function jsonOf(key: string, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    throw invalid(key, 'must be JSON');
  }
}

function invalid(path: string, message: string): MatchdError {
  return new MatchdError(ErrorCodes.INVALID_OPTION, `config ${path}: ${message}`, { path });
}

function integerIn(path: string, value: unknown, min: number, max: number): number {
  const number = typeof value === 'string' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < min || number > max) {
    throw invalid(path, `must be an integer in [${min}, ${max}], got ${String(value)}`);
  }
  return number;
}

function booleanOf(path: string, value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw invalid(path, `must be true or false, got ${String(value)}`);
}

function oneOf<T extends string>(path: string, value: unknown, allowed: readonly T[]): T {
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw invalid(path, `must be one of ${allowed.join(', ')}, got ${String(value)}`);
}

/**
 * `MATCHD_CORS_ORIGINS` (comma-separated) or the file's list: each an origin as a browser sends it
 * (`https://game.example.com`, `http://localhost:5173`: scheme, host and port, no path), or `*`.
 */
export function parseOrigins(value: unknown): string[] {
  const list = typeof value === 'string' ? value.split(',') : value;
  if (!Array.isArray(list))
    throw invalid('corsOrigins', 'must be a list of origins or a comma-separated string');
  return list
    .map((entry: unknown) => String(entry).trim())
    .filter((entry) => entry.length > 0)
    .map((entry, index) => {
      if (entry === '*') return entry;
      let origin: string | undefined;
      try {
        origin = new URL(entry).origin;
      } catch {
        origin = undefined;
      }
      if (origin !== entry) {
        throw invalid(
          `corsOrigins[${index}]`,
          `"${entry}" is not an origin (scheme://host[:port], no path or trailing slash)${origin === undefined || origin === 'null' ? '' : `: did you mean ${origin}?`}`,
        );
      }
      return entry;
    });
}

/**
 * Parses `MATCHD_API_KEYS`: comma-separated `role:name:key` triples (e.g.
 * `admin:ops:9f3...,server:eu-game:1ab...`). Keys shorter than 16 characters are refused.
 */
export function parseApiKeys(text: string): ApiKeyConfig[] {
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0)
    .map((entry, index) => {
      const [role, name, key] = entry.split(':');
      if (role !== 'server' && role !== 'admin')
        throw invalid(`apiKeys[${index}].role`, 'must be server or admin');
      if (name === undefined || name.length === 0) throw invalid(`apiKeys[${index}].name`, 'is empty');
      if (key === undefined || key.length < 16)
        throw invalid(`apiKeys[${index}].key`, 'needs 16+ characters');
      return { role, name, key };
    });
}

type Raw = Record<string, unknown>;

/** Reads a YAML (or JSON) config file into a raw record of config keys. */
export function readConfigFile(path: string): Raw {
  const parsed: unknown = parseYaml(readFileSync(path, 'utf8'));
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw invalid(path, 'the config file must hold a mapping of keys');
  }
  return parsed as Raw;
}

/** The environment variables the service reads, and the config key each one sets. */
export const environmentKeys: Readonly<Record<string, string>> = Object.fromEntries(
  configVariables.map((variable) => [variable.name, variable.key]),
);

/**
 * Builds the config: defaults, then the file named by `MATCHD_CONFIG` (if any), then single
 * environment variables. Setting `DATABASE_URL` switches ratings to PostgreSQL and `REDIS_URL`
 * switches the pool to Redis unless the backend is named explicitly.
 */
export function loadConfig(environment: Readonly<Record<string, string | undefined>>): ServerConfig {
  refuseUnknownVariables(environment, Object.keys(environmentKeys));
  const raw: Raw = {};
  const file = environment['MATCHD_CONFIG'];
  if (file !== undefined && file.length > 0) Object.assign(raw, readConfigFile(file));
  for (const [variable, key] of Object.entries(environmentKeys)) {
    const value = environment[variable];
    if (value !== undefined && value.length > 0) raw[key] = value;
  }
  if (raw['ratingsBackend'] === undefined && raw['databaseUrl'] !== undefined)
    raw['ratingsBackend'] = 'postgres';
  if (raw['poolBackend'] === undefined && raw['redisUrl'] !== undefined) raw['poolBackend'] = 'redis';
  return configFrom(raw);
}

/** Validates a raw record of config keys (from a file, the environment or a test) into a ServerConfig. */
export function configFrom(raw: Raw): ServerConfig {
  const known = new Set<string>(
    Object.keys(defaultConfig).concat([
      'databaseUrl',
      'redisUrl',
      'tokenSecret',
      'webhookSecret',
      'queuesDir',
      'churnTableFile',
      'ratingPolicies',
      'tracks',
      'modelsDir',
    ]),
  );
  for (const key of Object.keys(raw)) if (!known.has(key)) throw invalid(key, 'is not a config key');
  const pick = <K extends keyof ServerConfig>(key: K): unknown => raw[key] ?? defaultConfig[key];
  const apiKeysRaw = pick('apiKeys');
  const apiKeys =
    typeof apiKeysRaw === 'string'
      ? parseApiKeys(apiKeysRaw)
      : Array.isArray(apiKeysRaw)
        ? parseApiKeys(
            apiKeysRaw
              .map((entry: unknown) => {
                const record = (entry ?? {}) as Raw;
                return `${String(record['role'])}:${String(record['name'])}:${String(record['key'])}`;
              })
              .join(','),
          )
        : (() => {
            throw invalid('apiKeys', 'must be a list of {role, name, key} or a role:name:key string');
          })();
  const ratingsBackend = oneOf('ratingsBackend', pick('ratingsBackend'), [
    'memory',
    'pglite',
    'postgres',
  ] as const);
  const poolBackend = oneOf('poolBackend', pick('poolBackend'), ['memory', 'redis'] as const);
  const optionalString = (
    key:
      | 'databaseUrl'
      | 'redisUrl'
      | 'tokenSecret'
      | 'webhookSecret'
      | 'queuesDir'
      | 'churnTableFile'
      | 'modelsDir',
  ): string | undefined => {
    const value = raw[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || value.length === 0) throw invalid(key, 'must be a non-empty string');
    return value;
  };
  const databaseUrl = optionalString('databaseUrl');
  const redisUrl = optionalString('redisUrl');
  if (ratingsBackend === 'postgres' && databaseUrl === undefined)
    throw invalid('databaseUrl', 'is required for postgres');
  if (poolBackend === 'redis' && redisUrl === undefined) throw invalid('redisUrl', 'is required for redis');
  const tokenSecret = optionalString('tokenSecret');
  if (tokenSecret !== undefined && tokenSecret.length < 32)
    throw invalid('tokenSecret', 'needs 32+ characters');
  const webhookSecret = optionalString('webhookSecret');
  if (webhookSecret !== undefined && webhookSecret.length < 32)
    throw invalid('webhookSecret', 'needs 32+ characters');
  const ratingTerms = parseRatingTerms(raw['ratingTerms']);
  const policies = checkPoliciesConfig(
    jsonOf('ratingPolicies', raw['ratingPolicies']),
    jsonOf('tracks', raw['tracks']),
  );
  const queuesDir = optionalString('queuesDir');
  const churnTableFile = optionalString('churnTableFile');
  const modelsDir = optionalString('modelsDir');
  const dataDir = resolve(String(pick('dataDir')));
  return {
    host: String(pick('host')),
    port: integerIn('port', pick('port'), 0, 65535),
    dataDir,
    ratingsBackend,
    poolBackend,
    ...(databaseUrl === undefined ? {} : { databaseUrl }),
    ...(redisUrl === undefined ? {} : { redisUrl }),
    redisPrefix: String(pick('redisPrefix')),
    apiKeys,
    ...(tokenSecret === undefined ? {} : { tokenSecret }),
    tokenTtlSeconds: integerIn('tokenTtlSeconds', pick('tokenTtlSeconds'), 10, 7 * 24 * 3600),
    ...(webhookSecret === undefined ? {} : { webhookSecret }),
    webhookRetryBaseMs: integerIn('webhookRetryBaseMs', pick('webhookRetryBaseMs'), 1, 600_000),
    webhookMaxAttempts: integerIn('webhookMaxAttempts', pick('webhookMaxAttempts'), 1, 100),
    corsOrigins: parseOrigins(pick('corsOrigins')),
    ...(queuesDir === undefined ? {} : { queuesDir: resolve(queuesDir) }),
    ...(churnTableFile === undefined ? {} : { churnTableFile: resolve(churnTableFile) }),
    modelsDir: modelsDir === undefined ? join(dataDir, 'models') : resolve(modelsDir),
    churnRefitIntervalMs: integerIn(
      'churnRefitIntervalMs',
      pick('churnRefitIntervalMs'),
      0,
      30 * 24 * 3600 * 1000,
    ),
    churnWindowMs: integerIn('churnWindowMs', pick('churnWindowMs'), 1, 365 * 24 * 3600 * 1000),
    tickIntervalMs: integerIn('tickIntervalMs', pick('tickIntervalMs'), 10, 60_000),
    leaseMs: integerIn('leaseMs', pick('leaseMs'), 300, 600_000),
    queueCapacity: integerIn('queueCapacity', pick('queueCapacity'), 1, 10_000_000),
    authFailuresPerMinute: integerIn('authFailuresPerMinute', pick('authFailuresPerMinute'), 1, 1_000_000),
    bodyLimitBytes: integerIn('bodyLimitBytes', pick('bodyLimitBytes'), 1024, 16 * 1024 * 1024),
    rateLimitPerMinute: integerIn('rateLimitPerMinute', pick('rateLimitPerMinute'), 1, 10_000_000),
    matchWorker: booleanOf('matchWorker', pick('matchWorker')),
    ratingModel: oneOf('ratingModel', pick('ratingModel'), ratingModelNames),
    calibrationGames: integerIn('calibrationGames', pick('calibrationGames'), 0, 1000),
    ...(ratingTerms === undefined ? {} : { ratingTerms }),
    ...(policies.named === undefined ? {} : { ratingPolicies: policies.named }),
    ...(policies.tracks === undefined ? {} : { tracks: policies.tracks }),
    seed: integerIn('seed', pick('seed'), 0, 2 ** 31 - 1),
    logLevel: oneOf('logLevel', pick('logLevel'), [
      'fatal',
      'error',
      'warn',
      'info',
      'debug',
      'trace',
      'silent',
    ] as const),
    logFormat: oneOf('logFormat', pick('logFormat'), ['json', 'pretty'] as const),
  };
}
