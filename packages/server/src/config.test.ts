import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isMatchdError } from '@matchd/engine';
import { configFrom, defaultConfig, loadConfig, parseApiKeys } from './config.ts';

test('the embedded default needs no configuration', () => {
  const config = loadConfig({});
  assert.equal(config.ratingsBackend, 'pglite');
  assert.equal(config.poolBackend, 'memory');
  assert.equal(config.port, defaultConfig.port);
  assert.deepEqual(config.apiKeys, []);
});

test('DATABASE_URL and REDIS_URL switch the backends unless named explicitly', () => {
  const config = loadConfig({ DATABASE_URL: 'postgres://x@h/db', REDIS_URL: 'redis://h:6379', PORT: '9000' });
  assert.equal(config.ratingsBackend, 'postgres');
  assert.equal(config.poolBackend, 'redis');
  assert.equal(config.port, 9000);
  const explicit = loadConfig({ DATABASE_URL: 'postgres://x@h/db', MATCHD_RATINGS_BACKEND: 'memory' });
  assert.equal(explicit.ratingsBackend, 'memory');
});

test('API keys parse from role:name:key lists and refuse weak or unknown roles', () => {
  assert.deepEqual(parseApiKeys('admin:ops:0123456789abcdef0,server:eu:fedcba9876543210f'), [
    { role: 'admin', name: 'ops', key: '0123456789abcdef0' },
    { role: 'server', name: 'eu', key: 'fedcba9876543210f' },
  ]);
  assert.throws(
    () => parseApiKeys('root:ops:0123456789abcdef0'),
    (error) => isMatchdError(error, 'MM_ERR_INVALID_OPTION'),
  );
  assert.throws(
    () => parseApiKeys('admin:ops:short'),
    (error) => isMatchdError(error, 'MM_ERR_INVALID_OPTION'),
  );
});

test('bad values are refused naming the key', () => {
  const refuses = (raw: Record<string, unknown>, path: string) =>
    assert.throws(
      () => configFrom(raw),
      (error) => isMatchdError(error, 'MM_ERR_INVALID_OPTION') && error.details['path'] === path,
    );
  refuses({ port: 'eighty' }, 'port');
  refuses({ port: 70_000 }, 'port');
  refuses({ tickIntervalMs: 'NaN' }, 'tickIntervalMs');
  refuses({ ratingsBackend: 'mysql' }, 'ratingsBackend');
  refuses({ ratingsBackend: 'postgres' }, 'databaseUrl');
  refuses({ poolBackend: 'redis' }, 'redisUrl');
  refuses({ tokenSecret: 'short' }, 'tokenSecret');
  refuses({ ratingModel: 'trueskill2' }, 'ratingModel');
  refuses({ colour: 'blue' }, 'colour');
});
