import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Registry } from 'prom-client';
import { requestMetrics } from './request-metrics';

export type StoreMetrics = {
  registry: Registry;
  clientEvents: Counter<'schemaId' | 'producerId'>;
  refMarkers: Counter<'logger'>;
  cartAdds: Counter<'api' | 'outcome'>;
  signIns: Counter<'outcome'>;
  dealClaims: Counter<'outcome'>;
};

declare module 'fastify' {
  interface FastifyInstance {
    metrics: StoreMetrics;
  }
}

/** Prometheus metrics: request counts and latencies by route, plus the page's metric events. One registry per app. */
export const metricsPlugin = fp(
  async (app) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const requests = requestMetrics(registry, {
      counter: { name: 'http_requests_total', help: 'HTTP requests answered, by method, route and status' },
      histogram: {
        name: 'http_request_duration_seconds',
        help: 'HTTP request latency by method and route',
        buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      },
    });
    const metrics: StoreMetrics = {
      registry,
      clientEvents: new Counter({
        name: 'pdp_client_events_total',
        help: 'Metric events sent by the page, by schema and producer id',
        labelNames: ['schemaId', 'producerId'] as const,
        registers: [registry],
      }),
      refMarkers: new Counter({
        name: 'pdp_ref_markers_total',
        help: 'Reference tags logged, by logger',
        labelNames: ['logger'] as const,
        registers: [registry],
      }),
      cartAdds: new Counter({
        name: 'pdp_cart_adds_total',
        help: 'Add-to-cart requests by api and outcome',
        labelNames: ['api', 'outcome'] as const,
        registers: [registry],
      }),
      signIns: new Counter({
        name: 'pdp_sign_ins_total',
        help: 'Sign-in attempts by outcome',
        labelNames: ['outcome'] as const,
        registers: [registry],
      }),
      dealClaims: new Counter({
        name: 'pdp_deal_claims_total',
        help: 'Lightning deal claims by outcome (customer state or refusal)',
        labelNames: ['outcome'] as const,
        registers: [registry],
      }),
    };
    app.decorate('metrics', metrics);

    // A callback hook, not an async one: no promise per answer on every request's path.
    app.addHook('onResponse', (request, reply, done) => {
      // The route pattern, never the raw URL, keeps label cardinality bounded.
      const route = request.routeOptions.url ?? 'unmatched';
      requests.record(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });

    app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
      reply.type(registry.contentType);
      return registry.metrics();
    });
  },
  { name: 'metrics' },
);
