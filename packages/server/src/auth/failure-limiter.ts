/**
 * Limits failed authentications per client address: past `perMinute` failures in a minute, every
 * request from that address is refused (MM_ERR_RATE_LIMITED) before its credential is even checked,
 * until the minute ends. Guessing keys or tokens gets no faster than that; the general per-key rate
 * limit only counts requests that authenticated.
 */
import { ErrorCodes, MatchdError } from '@matchd/engine';

/** Failure counts per address, in fixed one-minute windows. */
export class AuthFailureLimiter {
  readonly #perMinute: number;
  readonly #windows = new Map<string, { startMs: number; failures: number }>();

  constructor(perMinute: number) {
    this.#perMinute = perMinute;
  }

  /** Throws MM_ERR_RATE_LIMITED when `address` used up its failures for this minute. */
  check(address: string, nowMs: number): void {
    const window = this.#windows.get(address);
    if (window === undefined || nowMs - window.startMs >= 60_000) return;
    if (window.failures >= this.#perMinute) {
      throw new MatchdError(
        ErrorCodes.RATE_LIMITED,
        `too many failed authentications from this address; retry in ${Math.ceil((window.startMs + 60_000 - nowMs) / 1000)} s`,
        { retryAfterMs: window.startMs + 60_000 - nowMs },
      );
    }
  }

  /** Counts a failure of `address`. */
  failed(address: string, nowMs: number): void {
    const window = this.#windows.get(address);
    if (window === undefined || nowMs - window.startMs >= 60_000) {
      // Forget finished windows now and then, so the map stays as small as the attackers.
      if (this.#windows.size > 10_000) {
        for (const [key, old] of this.#windows) if (nowMs - old.startMs >= 60_000) this.#windows.delete(key);
      }
      this.#windows.set(address, { startMs: nowMs, failures: 1 });
    } else window.failures += 1;
  }
}
