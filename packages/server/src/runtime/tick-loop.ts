/**
 * The tick loop: every `intervalMs` it runs one tick (feed the engine the time, carry out its
 * effects). Ticks never overlap: the next is scheduled when the previous finishes. `stop` lets the
 * running tick finish, so a graceful shutdown never leaves a match half carried out.
 */

/** A started loop. */
export interface TickLoop {
  /** Stops scheduling and resolves once the tick in progress (if any) has finished. */
  stop(): Promise<void>;
}

/** Starts a loop that calls `tick` every `intervalMs`; errors go to `onError` and the loop continues. */
export function startTickLoop(options: {
  intervalMs: number;
  tick: () => Promise<void>;
  onError: (error: unknown) => void;
}): TickLoop {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const schedule = (): void => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = options.tick().catch(options.onError).finally(schedule);
    }, options.intervalMs);
    // The loop alone must not keep the process alive (tests, one-shot commands).
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      await running;
    },
  };
}
