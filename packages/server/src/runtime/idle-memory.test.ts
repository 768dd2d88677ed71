import assert from 'node:assert/strict';
import { constants, type PerformanceEntry, PerformanceObserver } from 'node:perf_hooks';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { startIdleMemoryRelease, youngGenerationBytes } from './idle-memory.ts';

/** Allocation that survives young collections, as start-up's does: V8 grows the young generation. */
function allocationBurst(): number {
  let kept: { id: number; name: string }[] = [];
  let total = 0;
  for (let round = 0; round < 40; round += 1) {
    kept = Array.from({ length: 50_000 }, (_, id) => ({ id, name: `player-${round}-${id}` }));
    total += kept.length;
  }
  return total + kept.length;
}

test('a young generation grown by a burst is given back once the event loop goes quiet', async () => {
  allocationBurst();
  const grown = youngGenerationBytes();
  assert.ok(grown > 8 * 1024 * 1024, `the burst grew the young generation to ${grown} bytes`);
  const release = startIdleMemoryRelease({ checkEveryMs: 100 });
  try {
    let young = grown;
    for (let waited = 0; waited < 10_000 && young > 4 * 1024 * 1024; waited += 100) {
      await sleep(100);
      young = youngGenerationBytes();
    }
    assert.ok(young <= 4 * 1024 * 1024, `still ${young} bytes after the loop went quiet`);
  } finally {
    release.stop();
  }
});

test('a busy event loop is not paused by collections', async () => {
  allocationBurst();
  const forced: PerformanceEntry[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const { kind, flags } = (entry as PerformanceEntry & { detail: { kind: number; flags: number } })
        .detail;
      if (
        kind === constants.NODE_PERFORMANCE_GC_MAJOR &&
        (flags & constants.NODE_PERFORMANCE_GC_FLAGS_FORCED) !== 0
      )
        forced.push(entry);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  const release = startIdleMemoryRelease({ checkEveryMs: 100 });
  try {
    // Work in slices that leave the loop no quiet 100 ms, as a server under load does.
    const until = Date.now() + 1500;
    while (Date.now() < until) {
      const sliceEnd = Date.now() + 20;
      while (Date.now() < sliceEnd) {}
      await sleep(0);
    }
    await sleep(50);
    assert.equal(forced.length, 0, 'no full collection was forced while busy');
  } finally {
    release.stop();
    observer.disconnect();
  }
});
