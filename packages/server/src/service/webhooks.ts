/**
 * Signed webhooks of a queue's match events (docs/handoff.md). The node that runs the queue's
 * matchmaker delivers them, in log order, from a cursor kept in the fleet state: when the node dies,
 * the next holder of the queue's lease resumes after the last event delivered, so no event is lost
 * (an event in flight at the death is sent again: delivery is at least once, and the idempotency
 * key, the same on every attempt, lets the receiver drop repeats).
 *
 * Each POST carries `matchd-signature: t=<epoch ms>,v1=<hex HMAC-SHA256 of "<t>.<body>">` under the
 * deployment's webhook secret, and `matchd-idempotency-key`. A delivery that fails (no 2xx in time)
 * is retried after `retryBaseMs`, doubling up to a minute, at most `maxAttempts` times; then it is
 * given up (logged, counted) and the next event goes.
 */
import { createHmac } from 'node:crypto';
import type { LogEntry } from '../store/fleet-state.ts';
import type { ServiceContext } from './context.ts';

/** Settings of webhook delivery. */
export interface WebhookOptions {
  readonly secret?: string;
  readonly retryBaseMs: number;
  readonly maxAttempts: number;
  /** One attempt's time limit; default 5 s. */
  readonly timeoutMs?: number;
  /** How often an idle sender looks for new events; default 200 ms. */
  readonly pollMs?: number;
}

/** The longest wait between two attempts. */
const maxBackoffMs = 60_000;
const pageSize = 500;

/** `t=<ms>,v1=<hex>`: the signature of a body at a time. */
export function signWebhook(secret: string, timestampMs: number, body: string): string {
  const digest = createHmac('sha256', secret).update(`${timestampMs}.${body}`).digest('hex');
  return `t=${timestampMs},v1=${digest}`;
}

/** The wait before attempt `attempt + 1` (attempt 1 failed: `baseMs`; doubling; at most a minute). */
export function backoffMs(baseMs: number, attempt: number): number {
  return Math.min(maxBackoffMs, baseMs * 2 ** Math.max(0, attempt - 1));
}

/** Delivers one queue's match events while this node runs the queue. */
export class WebhookSender {
  readonly #context: ServiceContext;
  readonly #queueId: string;
  readonly #options: WebhookOptions;
  #running: Promise<void> | undefined;
  #stopped = true;
  #wake: (() => void) | undefined;

  constructor(context: ServiceContext, queueId: string, options: WebhookOptions) {
    this.#context = context;
    this.#queueId = queueId;
    this.#options = options;
  }

  /** Starts delivering (the node took the queue). */
  start(): void {
    if (!this.#stopped || this.#options.secret === undefined) return;
    this.#stopped = false;
    this.#running = this.#loop().catch((error: unknown) => {
      this.#context.log.error({ err: error, queueId: this.#queueId }, 'webhook delivery stopped');
    });
  }

  /** Stops after the attempt in flight (the node gave the queue up); the cursor stays where it is. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#wake?.();
    await this.#running;
  }

  async #sleep(ms: number): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref();
      this.#wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.#wake = undefined;
  }

  async #loop(): Promise<void> {
    const { state } = this.#context;
    const pollMs = this.#options.pollMs ?? 200;
    while (!this.#stopped) {
      const url = this.#context.queues.get(this.#queueId)?.handoff?.webhookUrl;
      if (url === undefined) {
        await this.#sleep(pollMs);
        continue;
      }
      let entries: LogEntry[];
      let cursor: string;
      try {
        cursor = (await state.webhookCursor(this.#queueId)) ?? '0-0';
        entries = await state.readLog(this.#queueId, cursor, pageSize);
      } catch {
        await this.#sleep(pollMs);
        continue;
      }
      const next = entries.find((entry) => entry.matchEvent !== undefined);
      if (next === undefined) {
        // Only ticket events: move past them, so the next read starts later in the log.
        const last = entries.at(-1);
        if (last !== undefined) await state.setWebhookCursor(this.#queueId, last.eventId).catch(() => {});
        await this.#sleep(pollMs);
        continue;
      }
      const done = await this.#deliver(url, next);
      if (!done) return;
      await state.setWebhookCursor(this.#queueId, next.eventId).catch(() => {});
    }
  }

  /** Attempts one event until it is delivered or given up: true then, false if stopped meanwhile. */
  async #deliver(url: string, entry: LogEntry): Promise<boolean> {
    const { metrics, log } = this.#context;
    const queue = this.#queueId;
    const secret = this.#options.secret as string;
    const id = `${queue}:${entry.eventId}`;
    for (let attempt = 1; attempt <= this.#options.maxAttempts; attempt += 1) {
      if (this.#stopped) return false;
      const body = JSON.stringify({
        id,
        queueId: queue,
        eventId: entry.eventId,
        attempt,
        event: { ...entry.matchEvent, eventId: entry.eventId },
      });
      let status = 0;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'matchd-signature': signWebhook(secret, this.#context.now(), body),
            'matchd-idempotency-key': id,
            'matchd-event-type': entry.matchEvent?.type ?? '',
          },
          body,
          signal: AbortSignal.timeout(this.#options.timeoutMs ?? 5000),
        });
        status = response.status;
        await response.arrayBuffer().catch(() => undefined);
      } catch {
        status = 0;
      }
      if (status >= 200 && status < 300) {
        metrics.webhookDeliveries.inc({ queue, outcome: 'delivered' });
        return true;
      }
      metrics.webhookDeliveries.inc({ queue, outcome: 'failed' });
      if (attempt < this.#options.maxAttempts)
        await this.#sleep(backoffMs(this.#options.retryBaseMs, attempt));
    }
    metrics.webhookDeliveries.inc({ queue, outcome: 'dropped' });
    log.error({ queueId: queue, eventId: entry.eventId, url }, 'webhook given up after its last attempt');
    return true;
  }
}
