/**
 * The dashboard's data: an `@matchd/client` signed in with an admin key, and a hook that polls a
 * read every few seconds. The key is kept for this tab only (sessionStorage): it is gone when the
 * tab closes, and no other tab or later visit finds it on the disk.
 */
import { MatchdApiError, MatchdClient, type Success } from '@matchd/client';
import { useEffect, useState } from 'preact/hooks';

export type QueueInsights = Success<'getQueueInsights'>;
export type QueueInsight = QueueInsights['queues'][number];
export type RecentMatches = Success<'getRecentMatches'>;
export type RecentMatch = RecentMatches['matches'][number];
export type RatingDistributions = Success<'getRatingDistributions'>;
export type Leaderboard = Success<'getLeaderboard'>;
export type Ticket = Success<'getTicket'>;
export type ExperimentPlots = Success<'listExperimentPlots'>;

const keyName = 'matchd.adminKey';

/** The stored admin key, if any. */
export function storedKey(): string | undefined {
  return sessionStorage.getItem(keyName) ?? undefined;
}

export function storeKey(key: string | undefined): void {
  if (key === undefined) sessionStorage.removeItem(keyName);
  else sessionStorage.setItem(keyName, key);
}

/** A client of the server that served this page. */
export function clientFor(key: string): MatchdClient {
  return new MatchdClient({ baseUrl: window.location.origin, credential: key });
}

/** What a poll holds: the latest value, or the error of the latest attempt. */
export interface Polled<T> {
  readonly value?: T;
  readonly error?: string;
  readonly updatedAtMs?: number;
}

/** A readable message for a failed call. */
export function messageOf(error: unknown): string {
  if (error instanceof MatchdApiError) return `${error.code}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

/** Calls `read` now and every `intervalMs`, while mounted; `deps` restart it. */
export function usePoll<T>(read: () => Promise<T>, intervalMs: number, deps: readonly unknown[]): Polled<T> {
  const [state, setState] = useState<Polled<T>>({});
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = async (): Promise<void> => {
      try {
        const value = await read();
        if (live) setState({ value, updatedAtMs: Date.now() });
      } catch (error) {
        if (live) setState((previous) => ({ ...previous, error: messageOf(error) }));
      }
      if (live) timer = setTimeout(run, intervalMs);
    };
    void run();
    return () => {
      live = false;
      if (timer !== undefined) clearTimeout(timer);
    };
  }, deps);
  return state;
}

/** `1234` ms as `1.2 s`, `95000` as `1m 35s`. */
export function formatMs(ms: number | undefined): string {
  if (ms === undefined) return '–';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes}m ${Math.round((ms % 60_000) / 1000)}s`;
}

/** Clock time of an epoch ms. */
export function clock(atMs: number): string {
  return new Date(atMs).toLocaleTimeString([], {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
}
