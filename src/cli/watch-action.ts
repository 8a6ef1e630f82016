/** What `ingest-scale watch` does once its flags are parsed (loaded only when the command runs). */
import { setTimeout as sleep } from 'node:timers/promises';
import { ExitCode } from '../exit-codes.js';
import type { BatchRecord, RunRecord } from '../model/records.js';
import { evaluationJson, liveBatchLine, type LiveAnalysis } from '../report/index.js';
import { readHostSamples, ResultsStore } from '../store/index.js';
import { exitCodeOf, loadEvaluation } from '../verdict/index.js';
import type { CliContext } from './context.js';
import { analyse, liveRunOf, liveStateOf, type LiveGates } from './live-state-of.js';
import { LiveTerminal, liveViewWanted } from './live-terminal.js';
import { parseDuration } from './parse-duration.js';
import { renderRunSummary } from './run-output.js';

export interface WatchFlags {
  db: string;
  interval: string;
  live?: boolean;
  chart?: boolean;
  json?: boolean;
}

const gatesOf = (run: RunRecord): LiveGates => ({
  limit: run.settings?.maxGrowth ?? 1.1,
  maxErrorRate: run.settings?.maxErrorRate ?? 0.01,
  stopEarly: run.settings?.stopEarly ?? false,
});

export async function watch(ctx: CliContext, ref: string, f: WatchFlags): Promise<ExitCode> {
  const intervalMs = parseDuration(f.interval, '--interval', { minMs: 50, maxMs: 600_000 });
  const store = await ResultsStore.open(f.db, 'read');
  const view = liveViewWanted(f) ? new LiveTerminal(process.stdout, ctx.color) : null;
  try {
    let run = await store.resolveRun(ref);
    let batches: BatchRecord[] = [];
    let analysis: LiveAnalysis | null = null;
    let seenBeat: string | null = null;
    for (;;) {
      // the writer's heartbeat follows every batch: the batches are read again only after it moved
      const beat = run.heartbeatAt ?? run.startedAt;
      const fresh = beat === seenBeat && run.status === 'running' ? batches : await store.batches(run.id);
      seenBeat = beat;
      if (fresh.length !== batches.length || analysis === null) {
        const samples = await readHostSamples(store.db, run.id);
        const before = batches.length;
        batches = fresh;
        const runs = [liveRunOf(run, batches)];
        const a = (analysis = view
          ? view.measure(() => analyse(runs, gatesOf(run), samples))
          : analyse(runs, gatesOf(run), samples));
        if (!view && !f.json) {
          const state = liveStateOf(runs, a, gatesOf(run), { elapsedMs: 0, sinceBatchMs: 0 });
          // the growth so far is that of the latest batch: batches caught up with at once print without it
          const added = batches.slice(before);
          added.forEach((b, i) => ctx.out(liveBatchLine(state, b.index, i === added.length - 1)));
        }
      }
      const now = Date.now();
      view?.show(
        liveStateOf([liveRunOf(run, batches)], analysis, gatesOf(run), {
          elapsedMs: now - Date.parse(run.startedAt),
          sinceBatchMs: Math.max(0, now - Date.parse(beat)),
          note: `watching run ${run.id} in ${f.db} (Ctrl-C stops watching; the run goes on)`,
        }),
      );
      if (run.status !== 'running') break;
      await sleep(intervalMs);
      run = await store.resolveRun(run.id);
    }
    view?.finish();
    return await ended(ctx, store, run, f);
  } finally {
    view?.finish();
    await store.close();
  }
}

/** The run has ended: its final output and check's exit code; exit 3, said, for an interrupted run. */
async function ended(ctx: CliContext, store: ResultsStore, run: RunRecord, f: WatchFlags): Promise<ExitCode> {
  if (run.status === 'interrupted') {
    ctx.err(
      `run ${run.id} was interrupted: its process is gone without finishing (killed, crashed, or its machine lost); resume it with \`ingest-scale run --resume ${run.id}\``,
    );
    if (f.json) ctx.out(JSON.stringify({ runId: run.id, status: 'interrupted' }));
    return ExitCode.Inconclusive;
  }
  const input = await loadEvaluation(store, {
    run: run.id,
    gates: {},
    force: false,
    allowPartial: false,
    gateProbes: false,
  });
  ctx.out(
    f.json
      ? JSON.stringify(evaluationJson(input.candidate.evaluation))
      : renderRunSummary(input, { json: false, chart: f.chart !== false, color: ctx.color, width: ctx.width }),
  );
  if (run.status === 'failed' && run.error) ctx.err(`run ${run.id} failed: ${run.error}`);
  return exitCodeOf(input);
}
