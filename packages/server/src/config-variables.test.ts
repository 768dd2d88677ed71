import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadConfig } from './config.ts';
import { closestName, editDistance } from './config-variables.ts';

test('edit distance and the closest name', () => {
  assert.equal(editDistance('kitten', 'sitting'), 3);
  assert.equal(editDistance('', 'abc'), 3);
  assert.equal(
    closestName('MATCHD_TICK_INTERVAL', ['MATCHD_SEED', 'MATCHD_TICK_INTERVAL_MS']),
    'MATCHD_TICK_INTERVAL_MS',
  );
});

test('an unknown MATCHD_* variable is refused, naming the closest known one; others pass', () => {
  assert.throws(
    () => loadConfig({ MATCHD_LOG_LEVL: 'debug' }),
    (error: Error & { code?: string; details?: Record<string, unknown> }) =>
      error.code === 'MM_ERR_INVALID_OPTION' &&
      /MATCHD_LOG_LEVL: did you mean MATCHD_LOG_LEVEL\?/.test(error.message) &&
      error.details?.['closest'] === 'MATCHD_LOG_LEVEL',
  );
  assert.throws(
    () => loadConfig({ MATCHD_RATINGS_BACKENDS: 'memory' }),
    /did you mean MATCHD_RATINGS_BACKEND\?/,
  );
  // Known variables, the tests' own, and other programs' variables are fine.
  const config = loadConfig({
    MATCHD_LOG_FORMAT: 'pretty',
    MATCHD_FC_SEED: '3',
    MATCHD_TEST_REDIS_URL: 'redis://127.0.0.1:6379',
    HOME: '/root',
  });
  assert.equal(config.logFormat, 'pretty');
  assert.throws(() => loadConfig({ MATCHD_LOG_FORMAT: 'colour' }), /logFormat: must be one of json, pretty/);
});
