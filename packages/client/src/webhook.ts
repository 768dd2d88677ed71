/**
 * Checking a matchd webhook (docs/handoff.md): the `matchd-signature` header is
 * `t=<epoch ms>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` under the deployment's webhook secret.
 * Verify the raw body as received (before any JSON parsing), and refuse old timestamps so a
 * captured delivery cannot be replayed later. Deduplicate on `matchd-idempotency-key` (also the
 * body's `id`): a retry or a delivery resumed by another node carries the same key.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Options of `verifyWebhookSignature`. */
export interface VerifyOptions {
  /** Oldest accepted signature time, ms before `nowMs`. Default 5 minutes. */
  readonly toleranceMs?: number;
  /** Default Date.now(). */
  readonly nowMs?: number;
}

/** True when `header` signs `rawBody` under `secret`, within the time tolerance. */
export function verifyWebhookSignature(
  secret: string,
  rawBody: string | Uint8Array,
  header: string | undefined,
  options: VerifyOptions = {},
): boolean {
  if (header === undefined) return false;
  const parts = new Map<string, string>();
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at > 0) parts.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isFinite(timestamp) || !/^[0-9a-f]{64}$/.test(given)) return false;
  const nowMs = options.nowMs ?? Date.now();
  if (Math.abs(nowMs - timestamp) > (options.toleranceMs ?? 5 * 60_000)) return false;
  const body = typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody).toString('utf8');
  const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}
