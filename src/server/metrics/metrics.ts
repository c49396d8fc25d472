import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * Memory, CPU, handles, GC and event-loop lag (impulso_process_…, impulso_nodejs_…): the process's, so
 * collected once per process however many apps it builds (each collector keeps a GC observer and a 10 ms
 * event-loop timer for good), and served by each of them.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: 'impulso_' });
  }
  return processRegistry;
}

/**
 * One app instance's metrics, in a registry of its own (tests build several apps in one process; the
 * library's global registry would mix them): what GET /metrics serves (ADR 038, docs/operations.md#10-metrics-and-alerts).
 */
export function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  const ordersCounter = (event: string, help: string) =>
    new Counter({
      name: `impulso_orders_${event}_total`,
      help: `${help}, by payment method`,
      labelNames: ['method'] as const,
      registers,
    });
  const jobsGauge = (name: string, help: string) =>
    new Gauge({
      name: `impulso_jobs_${name}`,
      help: `${help}, by kind`,
      labelNames: ['kind'] as const,
      registers,
    });
  const shared = processMetrics();
  return {
    contentType: registry.contentType,
    /** The text GET /metrics answers: this app's series, then the process's. */
    text: async () => `${await registry.metrics()}\n${await shared.metrics()}`,
    http: new Histogram({
      name: 'impulso_http_request_duration_seconds',
      help: 'Time to answer a request, by route pattern (never the raw URL), method and status',
      labelNames: ['route', 'method', 'status_code'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    orders: {
      created: ordersCounter('created', 'Orders stored by this instance'),
      paid: ordersCounter('paid', 'Orders this instance saw become paid'),
      refunded: ordersCounter('refunded', 'Orders this instance saw fully refunded'),
    },
    jobs: {
      waiting: jobsGauge('waiting', 'Jobs due and not being run (the whole queue, read at scrape time)'),
      oldestWaiting: jobsGauge('oldest_waiting_seconds', 'How long the oldest due job has waited'),
      dead: jobsGauge('dead', 'Jobs that used up their attempts and wait for the operator'),
    },
    providers: {
      duration: new Histogram({
        name: 'impulso_provider_call_duration_seconds',
        help: 'Calls to outside providers (Asaas, the SMM panel, SMTP), by provider and operation',
        labelNames: ['provider', 'operation'] as const,
        buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30],
        registers,
      }),
      errors: new Counter({
        name: 'impulso_provider_errors_total',
        help: 'Provider calls that failed (no answer, 5xx, unknown outcome) or were refused (4xx)',
        labelNames: ['provider', 'operation', 'kind'] as const,
        registers,
      }),
    },
    webhooks: {
      received: new Counter({
        name: 'impulso_webhooks_received_total',
        help: 'Webhook requests received, by provider',
        labelNames: ['provider'] as const,
        registers,
      }),
      rejected: new Counter({
        name: 'impulso_webhooks_rejected_total',
        help: 'Webhook requests refused, by provider and reason',
        labelNames: ['provider', 'reason'] as const,
        registers,
      }),
    },
    smmBalance: new Gauge({
      name: 'impulso_smm_balance',
      help: "The SMM panel's balance when last asked (the periodic check, the panel), in its currency",
      labelNames: ['currency'] as const,
      registers,
    }),
    database: {
      max: new Gauge({
        name: 'impulso_db_pool_max_connections',
        help: 'Connections this instance may open to the database (PGlite: one)',
        registers,
      }),
      inUse: new Gauge({
        name: 'impulso_db_pool_connections_in_use',
        help: 'Pool connections running a query or a transaction (PostgreSQL only)',
        registers,
      }),
      waiting: new Gauge({
        name: 'impulso_db_pool_waiting_clients',
        help: 'Queries waiting for a free pool connection (PostgreSQL only)',
        registers,
      }),
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
