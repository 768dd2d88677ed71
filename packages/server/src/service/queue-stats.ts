/**
 * A queue's statistics of "now": wait p50/p90 and mean quality over its most recent matches, as the
 * fleet state keeps them (the same on every node).
 */
import type { QueueCounts } from '../store/fleet-state.ts';

/** Wait p50/p90 and mean quality of the recent matches (absent before the first). */
export function summarizeQueue(counts: QueueCounts): {
  matchesFormed: number;
  waitP50Ms?: number;
  waitP90Ms?: number;
  recentQualityMean?: number;
} {
  const sorted = counts.recentWaitsMs.filter(Number.isFinite).sort((a, b) => a - b);
  const quantile = (q: number): number | undefined =>
    sorted.length === 0 ? undefined : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const p50 = quantile(0.5);
  const p90 = quantile(0.9);
  const qualities = counts.recentQualities.filter(Number.isFinite);
  const quality =
    qualities.length === 0 ? undefined : qualities.reduce((sum, value) => sum + value, 0) / qualities.length;
  return {
    matchesFormed: counts.matchesFormed,
    ...(p50 === undefined ? {} : { waitP50Ms: p50 }),
    ...(p90 === undefined ? {} : { waitP90Ms: p90 }),
    ...(quality === undefined ? {} : { recentQualityMean: quality }),
  };
}
