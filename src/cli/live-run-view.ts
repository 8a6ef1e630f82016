/**
 * The live view of `run` on a terminal: an observer the run's progress callbacks feed (start, each
 * batch), which keeps the batches so far, analyses them once per batch and has the terminal
 * (live-terminal.ts) redraw the screen, every second as the clock runs and after each batch.
 */
import type { EngineProgress } from '../engine/run-engine.js';
import type { BatchRecord, RunRecord } from '../model/records.js';
import type { LiveAnalysis } from '../report/live-state.js';
import { readHostSamples, type HostSample } from '../store/host-samples.js';
import type { ResultsStore } from '../store/results-store.js';
import { recordLiveViewCost } from '../store/run-view-cost.js';
import type { CliContext } from './context.js';
import { analyse, liveRunOf, liveStateOf, type LiveGates } from './live-state-of.js';
import { LiveTerminal, liveViewWanted, type LiveViewCost } from './live-terminal.js';

export class LiveRunView {
  private readonly terminal: LiveTerminal;
  private run: RunRecord | null = null;
  private store: ResultsStore | null = null;
  private readonly batches: BatchRecord[] = [];
  private samples: HostSample[] = [];
  private analysis: LiveAnalysis | null = null;
  private readonly started = performance.now();
  private lastBatch = performance.now();
  private readonly ticker: NodeJS.Timeout;

  private gates: LiveGates = { limit: 1.1, maxErrorRate: 0, stopEarly: false };
  private readonly err: CliContext['err'];

  constructor(private readonly ctx: CliContext) {
    this.terminal = new LiveTerminal(process.stdout, ctx.color);
    // what the command prints meanwhile (a warning, Ctrl-C's note) goes above the view, which is drawn again below it
    this.err = ctx.err;
    ctx.err = (t) => this.terminal.above(() => this.err(t));
    this.ticker = setInterval(() => this.redraw(), 1000);
    this.ticker.unref();
  }

  /** The run has started (its settings hold the gates the view judges by). */
  start(run: RunRecord, store: ResultsStore): void {
    const s = run.settings;
    if (s) this.gates = { limit: s.maxGrowth, maxErrorRate: s.maxErrorRate, stopEarly: s.stopEarly };
    this.run = run;
    this.store = store;
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
    this.batches.push(p.batch);
    this.lastBatch = performance.now();
    this.reanalyse();
    // the host sample of a batch is stored just after it: read them for the next frame
    const { store, run } = this;
    if (store && run)
      void readHostSamples(store.db, run.id)
        .then((s) => {
          this.samples = s;
          this.reanalyse();
        })
        .catch(() => undefined);
  }

  private reanalyse(): void {
    const run = this.run;
    if (!run) return;
    this.analysis = this.terminal.measure(() => analyse([liveRunOf(run, this.batches)], this.gates, this.samples));
    this.redraw();
  }

  private redraw(): void {
    const run = this.run;
    if (!run || !this.analysis) return;
    const now = performance.now();
    this.terminal.show(
      liveStateOf([liveRunOf(run, this.batches)], this.analysis, this.gates, {
        elapsedMs: now - this.started,
        sinceBatchMs: now - this.lastBatch,
      }),
    );
  }

  /** Erases the view before the final output and keeps what it cost with the run's settings. */
  async finish(): Promise<LiveViewCost> {
    clearInterval(this.ticker);
    this.ctx.err = this.err;
    const cost = this.terminal.finish();
    const { store, run } = this;
    this.store = null;
    if (store && run) await recordLiveViewCost(store.db, run.id, cost).catch(() => undefined);
    return cost;
  }
}

/** The view of a run, or null when it is not drawn (not a terminal, --json, CI, --no-live). */
export function liveRunView(ctx: CliContext, f: { json?: boolean; live?: boolean }): LiveRunView | null {
  return liveViewWanted(f) ? new LiveRunView(ctx) : null;
}
