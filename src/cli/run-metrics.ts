/**
 * `run --metrics [HOST:]PORT`: OpenMetrics for Prometheus to scrape during a long fill, served by
 * prom-client on loopback unless a host is given (off unless asked). The run's progress and its
 * interim answer, the same figures the live view shows: objects and bytes stored, batches, the last
 * batch's time and p50/p95, failed operations, the running growth estimate with its CI bounds, and
 * host contention. Every series is labelled with the run id (and the run's tags: metricLabels).
 * A scraper that asks for text/plain (Prometheus before OpenMetrics) gets the classic text format.
 */
import { createServer, type Server } from 'node:http';
import { Counter, Gauge, Registry, type RegistryContentType } from 'prom-client';
import { UsageError } from '../errors.js';
import type { BatchRecord, RunRecord } from '../model/records.js';
import type { LiveAnalysis } from '../report/index.js';

export interface MetricsAddress {
  host: string;
  port: number;
}

const HINT =
  'give a port or HOST:PORT, e.g. --metrics 9464 or --metrics 127.0.0.1:9464 (loopback unless a host is named)';

/** "9464" → 127.0.0.1:9464; "HOST:PORT" as given ("[::1]:9464" for IPv6). */
export function parseMetricsAddress(text: string): MetricsAddress {
  const m = /^(?:(\[[0-9a-fA-F:.]+\]|[^:\s]+):)?(\d{1,5})$/.exec(text.trim());
  const port = Number(m?.[2]);
  if (!m || !(port >= 0 && port <= 65535))
    throw new UsageError('E_BAD_FLAG', `--metrics "${text}" is not a port or HOST:PORT`, HINT);
  return { host: (m[1] ?? '127.0.0.1').replace(/^\[|\]$/g, ''), port };
}

/**
 * The labels of every series: the run id, and the run's tags when it has any (tag names made into
 * label names: letters, digits and underscores, not starting with a digit).
 */
export function metricLabels(run: RunRecord, tags: Readonly<Record<string, string>> = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(tags)) {
    const name = `tag_${k.replace(/[^A-Za-z0-9_]/g, '_')}`;
    out[name] = v;
  }
  return { ...out, run_id: run.id };
}

export class RunMetrics {
  readonly registry = new Registry<RegistryContentType>();
  private labels: Record<string, string> = {};
  private readonly g: Record<string, Gauge>;
  private readonly failed: Counter;

  private constructor(
    private readonly server: Server,
    labelNames: readonly string[],
  ) {
    this.registry.setContentType(Registry.OPENMETRICS_CONTENT_TYPE);
    const gauge = (name: string, help: string): Gauge =>
      new Gauge({ name, help, labelNames, registers: [this.registry] });
    this.g = {
      objects: gauge('ingest_scale_objects_stored', 'objects stored by the run so far'),
      bytes: gauge('ingest_scale_stored_bytes', 'bytes stored by the run so far'),
      batches: gauge('ingest_scale_batches_recorded', 'batches recorded so far'),
      planned: gauge('ingest_scale_batches_planned', 'batches the run plans'),
      last: gauge('ingest_scale_last_batch_seconds', 'wall time of the latest batch'),
      p50: gauge('ingest_scale_last_batch_p50_seconds', 'median operation time of the latest batch'),
      p95: gauge('ingest_scale_last_batch_p95_seconds', '95th percentile operation time of the latest batch'),
      growth: gauge(
        'ingest_scale_growth_ratio',
        'growth of per-batch time over the run so far (Theil-Sen, after warm-up); absent before 10 batches',
      ),
      lower: gauge('ingest_scale_growth_ratio_lower', 'lower bound of the growth ratio CI so far'),
      upper: gauge('ingest_scale_growth_ratio_upper', 'upper bound of the growth ratio CI so far'),
      cpu: gauge(
        'ingest_scale_host_cpu_pressure_ratio',
        'share of the latest batch some task waited for CPU (/proc/pressure/cpu)',
      ),
      rise: gauge(
        'ingest_scale_host_contention_rise',
        '1 when host pressure rose significantly during the run so far, else 0',
      ),
    };
    this.failed = new Counter({
      name: 'ingest_scale_failed_operations',
      help: 'failed operations so far',
      labelNames,
      registers: [this.registry],
    });
  }

  /** Listens on the address; a port in use or a host that cannot be bound is the user's to fix (exit 2). */
  static async listen(at: MetricsAddress, labelNames: readonly string[] = ['run_id']): Promise<RunMetrics> {
    let metrics: RunMetrics | null = null;
    const server = createServer((req, res) => {
      if (!metrics || (req.url ?? '/').split('?')[0] !== '/metrics') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found: scrape /metrics\n');
        return;
      }
      const classic = !/application\/openmetrics-text/.test(req.headers.accept ?? '');
      const m = metrics;
      m.registry.setContentType(classic ? Registry.PROMETHEUS_CONTENT_TYPE : Registry.OPENMETRICS_CONTENT_TYPE);
      void m.registry
        .metrics()
        .then((text) => res.writeHead(200, { 'content-type': m.registry.contentType }).end(text));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', (e: NodeJS.ErrnoException) =>
        reject(
          new UsageError(
            'E_BAD_FLAG',
            `--metrics ${at.host}:${at.port}: cannot listen there (${e.code ?? e.message})`,
            HINT,
          ),
        ),
      );
      server.listen(at.port, at.host, () => resolve());
    });
    // it never keeps the process alive: the run's end closes it, an error exits past it
    server.unref();
    metrics = new RunMetrics(server, labelNames);
    return metrics;
  }

  /** The address it listens on (the port chosen when 0 was asked for). */
  address(): MetricsAddress {
    const a = this.server.address();
    return typeof a === 'object' && a ? { host: a.address, port: a.port } : { host: '', port: 0 };
  }

  start(labels: Record<string, string>, planned: number): void {
    this.labels = labels;
    this.g.planned?.set(labels, planned);
    this.failed.inc(labels, 0);
  }

  batch(b: BatchRecord, totals: { objects: number; bytes: number; batches: number }, a: LiveAnalysis | null): void {
    const l = this.labels;
    this.g.objects?.set(l, totals.objects);
    this.g.bytes?.set(l, totals.bytes);
    this.g.batches?.set(l, totals.batches);
    this.g.last?.set(l, b.wallMs / 1000);
    if (b.p50Ms !== null) this.g.p50?.set(l, b.p50Ms / 1000);
    if (b.p95Ms !== null) this.g.p95?.set(l, b.p95Ms / 1000);
    if (b.failedOps > 0) this.failed.inc(l, b.failedOps);
    const gate = a?.gates[0];
    if (gate) {
      this.g.growth?.set(l, gate.growthRatio);
      this.g.lower?.set(l, gate.ci[0]);
      this.g.upper?.set(l, gate.ci[1]);
    }
    if (a?.cpuNow !== null && a?.cpuNow !== undefined) this.g.cpu?.set(l, a.cpuNow);
    if (a) this.g.rise?.set(l, a.rise ? 1 : 0);
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}
