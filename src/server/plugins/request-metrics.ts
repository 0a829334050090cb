import type { Registry } from 'prom-client';

// The two per-request metrics, counted with plain numbers. prom-client's Counter.inc and
// Histogram.observe check the label names and build a sorted hash string of the labels on every call;
// on a cached product read that was a twentieth of the request. Here each (method, route) pair keeps
// its own cells, found through two Map lookups, and the registry formats them only when /metrics is
// read, in the shape prom-client gives its own Counter and Histogram (same names, help, label order,
// buckets, `+Inf`, `_sum` and `_count`).

type Labels = { method: string; route: string };
type CounterCell = { labels: Labels & { status: string }; value: number };
type HistogramCell = { labels: Labels; buckets: Float64Array; sum: number; count: number };
type RouteCells = { statuses: Map<number, CounterCell>; latency: HistogramCell };

/** A value as prom-client's registry reads it from a metric's get(). */
type MetricValue = {
  labels: Record<string, string | number>;
  sharedLabels?: Record<string, string | number>;
  value: number;
  metricName?: string;
};

/** A metric prom-client's registry can format (the interface its own metrics implement). */
type ExportedMetric = {
  name: string;
  help: string;
  type: 'counter' | 'histogram';
  aggregator: 'sum';
  get(): Promise<{ name: string; help: string; type: string; values: MetricValue[]; aggregator: 'sum' }>;
  /** What the text format reads (prom-client's histogram keeps the route labels apart from `le`). */
  getForPromString?(): Promise<{
    name: string;
    help: string;
    type: string;
    values: MetricValue[];
    aggregator: 'sum';
  }>;
  reset(): void;
};

export type RequestMetrics = {
  /** Counts one answered request and its latency in seconds. */
  record(method: string, route: string, status: number, seconds: number): void;
};

export function requestMetrics(
  registry: Registry,
  options: {
    counter: { name: string; help: string };
    histogram: { name: string; help: string; buckets: readonly number[] };
  },
): RequestMetrics {
  const bounds = options.histogram.buckets;
  let byMethod = new Map<string, Map<string, RouteCells>>();
  // First-seen order, as prom-client lists label sets.
  let counterCells: CounterCell[] = [];
  let histogramCells: HistogramCell[] = [];

  const cellsOf = (method: string, route: string): RouteCells => {
    let byRoute = byMethod.get(method);
    if (!byRoute) {
      byRoute = new Map();
      byMethod.set(method, byRoute);
    }
    let cells = byRoute.get(route);
    if (!cells) {
      const latency = {
        labels: { method, route },
        buckets: new Float64Array(bounds.length),
        sum: 0,
        count: 0,
      };
      cells = { statuses: new Map(), latency };
      byRoute.set(route, cells);
      histogramCells.push(latency);
    }
    return cells;
  };

  const reset = () => {
    byMethod = new Map();
    counterCells = [];
    histogramCells = [];
  };

  const counter: ExportedMetric = {
    name: options.counter.name,
    help: options.counter.help,
    type: 'counter',
    aggregator: 'sum',
    async get() {
      return {
        name: counter.name,
        help: counter.help,
        type: counter.type,
        aggregator: counter.aggregator,
        values: counterCells.map((cell) => ({ labels: cell.labels, value: cell.value })),
      };
    },
    reset,
  };

  const histogram: ExportedMetric = {
    name: options.histogram.name,
    help: options.histogram.help,
    type: 'histogram',
    aggregator: 'sum',
    // As prom-client's histogram: get() merges the route labels into each value's labels.
    async get() {
      const data = await (histogram.getForPromString as NonNullable<ExportedMetric['getForPromString']>)();
      const values = data.values.map(({ labels, sharedLabels, ...value }) => ({
        ...value,
        labels: { ...labels, ...sharedLabels },
      }));
      return { ...data, values };
    },
    async getForPromString() {
      const name = histogram.name;
      const values: MetricValue[] = [];
      for (const cell of histogramCells) {
        let cumulative = 0;
        bounds.forEach((le, i) => {
          cumulative += cell.buckets[i] ?? 0;
          values.push({
            labels: { le },
            sharedLabels: cell.labels,
            value: cumulative,
            metricName: `${name}_bucket`,
          });
        });
        values.push(
          {
            labels: { le: '+Inf' },
            sharedLabels: cell.labels,
            value: cell.count,
            metricName: `${name}_bucket`,
          },
          { labels: {}, sharedLabels: cell.labels, value: cell.sum, metricName: `${name}_sum` },
          { labels: {}, sharedLabels: cell.labels, value: cell.count, metricName: `${name}_count` },
        );
      }
      return { name, help: histogram.help, type: histogram.type, aggregator: histogram.aggregator, values };
    },
    reset,
  };

  // The registry only needs what it reads: name, type, help, get() and reset().
  registry.registerMetric(counter as never);
  registry.registerMetric(histogram as never);

  return {
    record(method, route, status, seconds) {
      const cells = cellsOf(method, route);
      let count = cells.statuses.get(status);
      if (!count) {
        count = { labels: { method, route, status: String(status) }, value: 0 };
        cells.statuses.set(status, count);
        counterCells.push(count);
      }
      count.value += 1;
      const latency = cells.latency;
      latency.sum += seconds;
      latency.count += 1;
      // A value above the last bound counts only in +Inf (prom-client does the same).
      for (let i = 0; i < bounds.length; i++) {
        if (seconds <= (bounds[i] as number)) {
          (latency.buckets as Float64Array)[i] = (latency.buckets[i] ?? 0) + 1;
          break;
        }
      }
    },
  };
}
