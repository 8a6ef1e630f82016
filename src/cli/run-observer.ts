/**
 * What watches a run from inside its process: the live view on a terminal (live-terminal.ts) and
 * the `--metrics` endpoint (run-metrics.ts). One observer the run's progress callbacks feed (start,
 * each batch, finish): it keeps the batches so far and analyses them once per batch for both; the
 * view is redrawn every second as the clock runs and after each batch. With neither, it does nothing.
 */
import type { EngineProgress } from '../engine/index.js';
import type { BatchRecord, RunRecord } from '../model/records.js';
import type { LiveAnalysis } from '../report/index.js';
import { readHostSamples, recordLiveViewCost, type HostSample, type ResultsStore } from '../store/index.js';
import type { CliContext } from './context.js';
import { analyse, liveRunOf, liveStateOf, type LiveGates } from './live-state-of.js';
import { LiveTerminal, liveViewWanted } from './live-terminal.js';
import { metricLabels, parseMetricsAddress, RunMetrics } from './run-metrics.js';

export interface ObserverFlags {
  json?: boolean;
  /** false with --no-live. */
  live?: boolean;
  /** --metrics [HOST:]PORT */
  metrics?: string;
}

export class RunObserver {
  private run: RunRecord | null = null;
  private store: ResultsStore | null = null;
  private readonly batches: BatchRecord[] = [];
  private samples: HostSample[] = [];
  private analysis: LiveAnalysis | null = null;
  private readonly started = performance.now();
  private lastBatch = performance.now();
  private readonly ticker: NodeJS.Timeout | null = null;
  private gates: LiveGates = { limit: 1.1, maxErrorRate: 0, stopEarly: false };
  private readonly err: CliContext['err'];
  private finished = false;

  constructor(
    private readonly ctx: CliContext,
    /** The live view, when it is drawn. */
    readonly live: LiveTerminal | null,
    readonly metrics: RunMetrics | null,
  ) {
    this.err = ctx.err;
    if (!live) return;
    // what the command prints meanwhile (a warning, Ctrl-C's note) goes above the view, which is drawn again below it
    ctx.err = (t) => live.above(() => this.err(t));
    this.ticker = setInterval(() => this.redraw(), 1000);
    this.ticker.unref();
  }

  /** The run has started (its settings hold the gates the answer is judged by). */
  start(run: RunRecord, store: ResultsStore): void {
    if (!this.live && !this.metrics) return;
    const s = run.settings;
    if (s) this.gates = { limit: s.maxGrowth, maxErrorRate: s.maxErrorRate, stopEarly: s.stopEarly };
    this.run = run;
    this.store = store;
    this.metrics?.start(metricLabels(run), run.plannedBatches);
    this.reanalyse();
    // a resumed run: the batches it recorded before this process
    void store
      .batches(run.id)
      .then((earlier) => {
        const first = this.batches[0]?.index ?? Infinity;
        this.batches.unshift(...earlier.filter((b) => b.index < first));
        this.reanalyse();
      })
      .catch(() => undefined);
  }

  batch(p: EngineProgress): void {
    const { store, run } = this;
    if (!store || !run) return;
    this.batches.push(p.batch);
    this.lastBatch = performance.now();
    const totals = { objects: p.objectsDone, bytes: p.bytesDone, batches: this.batches.length };
    // the host sample of a batch is stored just after it: the batches are analysed once, with it
    void readHostSamples(store.db, run.id)
      .then((s) => (this.samples = s))
      .catch(() => undefined)
      .finally(() => {
        this.reanalyse();
        this.metrics?.batch(p.batch, totals, this.analysis);
      });
  }

  private reanalyse(): void {
    const run = this.run;
    if (!run) return;
    const runs = [liveRunOf(run, this.batches)];
    this.analysis = this.live
      ? this.live.measure(() => analyse(runs, this.gates, this.samples))
      : analyse(runs, this.gates, this.samples);
    this.redraw();
  }

  private redraw(): void {
    const run = this.run;
    // a batch's analysis may settle after the run ended: nothing is drawn below the final output
    if (!run || !this.analysis || !this.live || this.finished) return;
    const now = performance.now();
    this.live.show(
      liveStateOf([liveRunOf(run, this.batches)], this.analysis, this.gates, {
        elapsedMs: now - this.started,
        sinceBatchMs: now - this.lastBatch,
      }),
    );
  }

  /** Erases the view before the final output (keeping what it cost with the run's settings) and stops serving metrics. */
  async finish(): Promise<void> {
    if (this.finished) return;
    this.finished = true;
    if (this.ticker) clearInterval(this.ticker);
    this.ctx.err = this.err;
    const { store, run } = this;
    this.store = null;
    await this.metrics?.close();
    if (!this.live) return;
    const cost = this.live.finish();
    if (store && run) await recordLiveViewCost(store.db, run.id, cost).catch(() => undefined);
  }
}

/** The observer of a run: the live view when it is drawn (a terminal, not --json, CI or --no-live), the metrics endpoint when asked. */
export async function runObserver(ctx: CliContext, f: ObserverFlags): Promise<RunObserver> {
  const metrics = f.metrics === undefined ? null : await RunMetrics.listen(parseMetricsAddress(f.metrics));
  if (metrics && !f.json) {
    const a = metrics.address();
    ctx.err(`metrics: http://${a.host.includes(':') ? `[${a.host}]` : a.host}:${a.port}/metrics (OpenMetrics)`);
  }
  return new RunObserver(ctx, liveViewWanted(f) ? new LiveTerminal(process.stdout, ctx.color) : null, metrics);
}
