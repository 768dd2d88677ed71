/**
 * Prometheus metrics of one server instance (own registry: no module singletons, so tests can run
 * several servers in one process). Store timings come from decorators (open-match's
 * instrumentedService): the adapters themselves know nothing of metrics.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { RatingsStore } from '../store/ratings-store.ts';

/** The service's metrics. */
export interface ServiceMetrics {
  readonly registry: Registry;
  readonly ticketsWaiting: Gauge<'queue'>;
  readonly ticketsCreated: Counter<'queue'>;
  readonly matchesFormed: Counter<'queue'>;
  readonly backfillsFilled: Counter<'queue'>;
  readonly webhookDeliveries: Counter<'queue' | 'outcome'>;
  readonly waitSeconds: Histogram<'queue'>;
  readonly matchQuality: Histogram<'queue'>;
  readonly tickSeconds: Histogram<'queue'>;
  readonly queueErrors: Counter<'queue' | 'stage'>;
  readonly queueRebuilds: Counter<'queue'>;
  readonly leasesTaken: Counter<'queue'>;
  readonly authFailures: Counter;
  readonly ratingUpdates: Counter<'track'>;
  readonly resultsReported: Counter<'outcome'>;
  readonly httpSeconds: Histogram<'method' | 'route' | 'status'>;
  readonly storeSeconds: Histogram<'store' | 'operation'>;
}

/** A fresh registry with every metric; `waiting` is read at scrape time. */
export function createMetrics(waiting: () => Promise<Map<string, number>>): ServiceMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const ticketsWaiting = new Gauge({
    name: 'matchd_tickets_waiting',
    help: 'Tickets waiting (searching or proposed), per queue.',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const [queue, count] of await waiting()) this.set({ queue }, count);
    },
  });
  return {
    registry,
    ticketsWaiting,
    ticketsCreated: new Counter({
      name: 'matchd_tickets_created_total',
      help: 'Tickets accepted into a queue.',
      labelNames: ['queue'] as const,
      registers: [registry],
    }),
    matchesFormed: new Counter({
      name: 'matchd_matches_formed_total',
      help: 'Matches formed (all players in).',
      labelNames: ['queue'] as const,
      registers: [registry],
    }),
    backfillsFilled: new Counter({
      name: 'matchd_backfills_filled_total',
      help: 'Backfill requests whose open seats were filled.',
      labelNames: ['queue'] as const,
      registers: [registry],
    }),
    webhookDeliveries: new Counter({
      name: 'matchd_webhook_deliveries_total',
      help: 'Webhook attempts by outcome: delivered, failed (retried), dropped (given up).',
      labelNames: ['queue', 'outcome'] as const,
      registers: [registry],
    }),
    waitSeconds: new Histogram({
      name: 'matchd_wait_seconds',
      help: "A ticket's wait from creation to its match.",
      labelNames: ['queue'] as const,
      buckets: [0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300, 600],
      registers: [registry],
    }),
    matchQuality: new Histogram({
      name: 'matchd_match_quality',
      help: 'Quality in [0, 1] of formed matches.',
      labelNames: ['queue'] as const,
      buckets: [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 1],
      registers: [registry],
    }),
    tickSeconds: new Histogram({
      name: 'matchd_tick_seconds',
      help: "Time one queue's matchmaker spent in one tick.",
      labelNames: ['queue'] as const,
      buckets: [0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2],
      registers: [registry],
    }),
    queueErrors: new Counter({
      name: 'matchd_queue_errors_total',
      help: 'Failed steps of a queue on this node (the queue is rebuilt from the fleet state), per queue and stage.',
      labelNames: ['queue', 'stage'] as const,
      registers: [registry],
    }),
    queueRebuilds: new Counter({
      name: 'matchd_queue_rebuilds_total',
      help: "Times this node built a queue's matchmaker from the fleet state (lease taken, error, worker restart).",
      labelNames: ['queue'] as const,
      registers: [registry],
    }),
    leasesTaken: new Counter({
      name: 'matchd_queue_leases_taken_total',
      help: "Times this node took a queue's lease (became its matchmaker).",
      labelNames: ['queue'] as const,
      registers: [registry],
    }),
    authFailures: new Counter({
      name: 'matchd_auth_failures_total',
      help: 'Requests refused for missing or wrong credentials.',
      registers: [registry],
    }),
    ratingUpdates: new Counter({
      name: 'matchd_rating_updates_total',
      help: "Players' ratings updated from reported results, per track.",
      labelNames: ['track'] as const,
      registers: [registry],
    }),
    resultsReported: new Counter({
      name: 'matchd_results_reported_total',
      help: 'Result reports: applied, repeated (a no-op) or refused.',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    httpSeconds: new Histogram({
      name: 'matchd_http_request_seconds',
      help: 'HTTP request durations.',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 1],
      registers: [registry],
    }),
    storeSeconds: new Histogram({
      name: 'matchd_store_operation_seconds',
      help: 'Storage operation durations, per store and operation.',
      labelNames: ['store', 'operation'] as const,
      buckets: [0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1],
      registers: [registry],
    }),
  };
}

/** Wraps every async method of `target` with a timing into `storeSeconds`. */
function instrument<T extends object>(target: T, store: string, metrics: ServiceMetrics): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value: unknown = Reflect.get(object, property, receiver);
      if (typeof value !== 'function' || typeof property !== 'string') return value;
      return (...args: unknown[]) => {
        const end = metrics.storeSeconds.startTimer({ store, operation: property });
        const result: unknown = value.apply(object, args);
        if (result instanceof Promise) return result.finally(() => end());
        end();
        return result;
      };
    },
  });
}

/** The ratings store with every operation timed. */
export function instrumentRatingsStore(store: RatingsStore, metrics: ServiceMetrics): RatingsStore {
  return instrument(store, `ratings-${store.backend}`, metrics);
}
