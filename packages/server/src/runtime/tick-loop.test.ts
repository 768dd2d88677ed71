import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startTickLoop } from './tick-loop.ts';

test('stop lets the running tick finish, and no tick starts afterwards', async () => {
  const events: string[] = [];
  let release: () => void = () => {};
  let ticks = 0;
  const loop = startTickLoop({
    intervalMs: 5,
    tick: async () => {
      ticks += 1;
      events.push('tick started');
      // The tick holds until released: the shutdown must wait for it.
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      events.push('tick finished');
    },
    onError: () => events.push('error'),
  });
  while (ticks === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  let stopped = false;
  const stopping = loop.stop().then(() => {
    stopped = true;
    events.push('stopped');
  });
  await new Promise((resolve) => setTimeout(resolve, 30));
  assert.equal(stopped, false, 'stop waits for the tick in progress');
  release();
  await stopping;
  await new Promise((resolve) => setTimeout(resolve, 30));
  assert.deepEqual(events, ['tick started', 'tick finished', 'stopped']);
  assert.equal(ticks, 1);
});

test('a failing tick is reported and the loop goes on', async () => {
  const errors: unknown[] = [];
  let ticks = 0;
  const loop = startTickLoop({
    intervalMs: 2,
    tick: async () => {
      ticks += 1;
      if (ticks === 1) throw new Error('store down');
    },
    onError: (error) => errors.push(error),
  });
  while (ticks < 3) await new Promise((resolve) => setTimeout(resolve, 5));
  await loop.stop();
  assert.equal(errors.length, 1);
});
