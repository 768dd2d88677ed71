/**
 * Gives the young generation of the server's main thread back once the server goes quiet.
 *
 * V8 grows the young generation (two semi-spaces, up to 16 MB each) under bursts of allocation, as
 * start-up and a load of creations are, and shrinks it only in a collection made while allocation
 * is low, which a quiet server never triggers: an idle server kept 32 MB of it (of about 200 MB).
 * So while the event loop is nearly idle and the young generation is large, one full collection is
 * made, and V8 shrinks it; under load V8 grows it again, so creations keep a large one (a fixed
 * small one, `--max-semi-space-size`, cost 10-25% of creations).
 */
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

/** How the release decides; the defaults are the server's. */
export interface IdleMemoryOptions {
  /** How often the event loop's use is looked at. */
  readonly checkEveryMs?: number;
  /** Below this share of the last check's time spent working, the server counts as idle. */
  readonly idleUtilization?: number;
  /** A young generation at most this large is left alone (V8 starts it at 2 MB). */
  readonly youngBytesKept?: number;
}

/** The young generation's committed bytes. */
export function youngGenerationBytes(): number {
  return v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;
}

/**
 * A full collection on demand. `--expose-gc` only adds `gc` to contexts made after it is set, so a
 * fresh context hands it over, and the flag is unset again at once.
 */
function fullCollection(): () => void {
  v8.setFlagsFromString('--expose-gc');
  try {
    const collect: unknown = runInNewContext('gc');
    if (typeof collect !== 'function') throw new Error('V8 did not expose gc');
    return collect as () => void;
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
}

/** Starts watching; `stop()` ends it. The timer never keeps the process alive. */
export function startIdleMemoryRelease(options: IdleMemoryOptions = {}): { stop(): void } {
  const { checkEveryMs = 2000, idleUtilization = 0.05, youngBytesKept = 4 * 1024 * 1024 } = options;
  const collect = fullCollection();
  let last = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const quiet = performance.eventLoopUtilization(now, last).utilization < idleUtilization;
    last = now;
    if (quiet && youngGenerationBytes() > youngBytesKept) collect();
  }, checkEveryMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
