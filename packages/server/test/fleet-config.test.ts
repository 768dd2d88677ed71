/** The fleet's settings: read from the environment, with their defaults and bounds. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isMatchdError } from '@matchd/engine';
import { configFrom, loadConfig } from '../src/config.ts';

test('lease time, queue capacity and the failed-authentication limit come from the environment', () => {
  const defaults = loadConfig({});
  assert.deepEqual(
    [defaults.leaseMs, defaults.queueCapacity, defaults.authFailuresPerMinute],
    [3000, 100_000, 30],
  );
  const set = loadConfig({
    MATCHD_LEASE_MS: '1500',
    MATCHD_QUEUE_CAPACITY: '250',
    MATCHD_AUTH_FAILURES_PER_MINUTE: '5',
  });
  assert.deepEqual([set.leaseMs, set.queueCapacity, set.authFailuresPerMinute], [1500, 250, 5]);
  for (const [key, value] of [
    ['leaseMs', 100],
    ['leaseMs', 'soon'],
    ['queueCapacity', 0],
    ['authFailuresPerMinute', -1],
  ] as const) {
    assert.throws(
      () => configFrom({ [key]: value }),
      (error) => isMatchdError(error, 'MM_ERR_INVALID_OPTION') && error.details['path'] === key,
    );
  }
});
