/**
 * The search's view of its budget. The search asks "over budget?" at every pair of matches and every
 * annealing proposal, tens of thousands of times a second; a clock such as `process.cpuUsage` is a
 * system call, and reading it that often took a sixth of a 1 s search (CPU profile of the 300-player
 * bench pool). So the clock is read only once enough score evaluations have passed since the last
 * reading (a few hundred microseconds of work), and in between the last reading stands. The readings
 * still happen at points fixed by the work done, so the same seed and the same clock readings give the
 * same round.
 */

/**
 * Score evaluations between two clock readings: about 0.2 to 0.5 ms of search on the bench pools
 * (with an incremental split scorer a 5v5 search scores about 9 million splits a second; at 500 a
 * reading, `process.cpuUsage` took 7% of the search).
 */
const EVALUATIONS_PER_READING = 8000;
/**
 * Questions between two readings whatever the evaluations: work served from caches (a kick into
 * contents seen before) evaluates nothing, and must still end at the budget.
 */
const QUESTIONS_PER_READING = 4096;

export class BudgetClock {
  private readonly clock: (() => number) | undefined;
  private readonly budgetMs: number | undefined;
  private readonly evaluations: () => number;
  private readonly origin: number;
  private lastReading = 0;
  private readAtEvaluations = Number.NEGATIVE_INFINITY;
  private questionsSinceReading = 0;

  constructor(options: {
    clock: (() => number) | undefined;
    budgetMs: number | undefined;
    /** Score evaluations so far (the unit of work between readings). */
    evaluations: () => number;
  }) {
    this.clock = options.clock;
    this.budgetMs = options.budgetMs;
    this.evaluations = options.evaluations;
    this.origin = this.clock === undefined ? 0 : this.clock();
  }

  /** Milliseconds since the search began, read now (0 without a clock). */
  elapsed(): number {
    if (this.clock === undefined) return 0;
    this.lastReading = this.clock() - this.origin;
    this.readAtEvaluations = this.evaluations();
    this.questionsSinceReading = 0;
    return this.lastReading;
  }

  /** Milliseconds since the search began, as of the last reading unless enough work has passed since. */
  recentElapsed(): number {
    if (this.clock === undefined) return 0;
    this.questionsSinceReading += 1;
    if (
      this.questionsSinceReading >= QUESTIONS_PER_READING ||
      this.evaluations() - this.readAtEvaluations >= EVALUATIONS_PER_READING
    )
      return this.elapsed();
    return this.lastReading;
  }

  /** True once the budget is spent (by the recent reading); never without a budget. */
  overBudget(): boolean {
    return this.budgetMs !== undefined && this.recentElapsed() >= this.budgetMs;
  }
}
