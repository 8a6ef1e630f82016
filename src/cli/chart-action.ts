/** What `ingest-scale chart` does once its flags are parsed (loaded only when the command runs). */
import { growthGate } from '../analysis/growth-gate.js';
import { ExitCode } from '../exit-codes.js';
import { chartSeriesOf, renderChart } from '../report/index.js';
import { ResultsStore } from '../store/index.js';
import type { CliContext } from './context.js';
import { parseIntFlag } from './parse-flags.js';
import { parseChartProbe, probeChartSeries } from './probe-cli.js';

export interface ChartFlags {
  db: string;
  height: string;
  width?: string;
  trend: boolean;
  log?: boolean;
  /** A probe kind: chart its median latency per batch instead of the batch time (docs/probes.md). */
  probe?: string;
}

export async function chart(ctx: CliContext, refs: string[], flags: ChartFlags): Promise<void> {
  const height = parseIntFlag(flags.height, '--height', 3, 100);
  const width = flags.width === undefined ? ctx.width : parseIntFlag(flags.width, '--width', 30, 400);
  const probe = flags.probe === undefined ? undefined : parseChartProbe(flags.probe);
  const store = await ResultsStore.open(flags.db, 'read');
  try {
    const series = [];
    for (const ref of refs) {
      const run = await store.resolveRun(ref);
      if (probe) {
        series.push(...(await probeChartSeries(store, run, probe, flags.trend)));
        continue;
      }
      const batches = await store.batches(run.id);
      const times = batches.map((b) => b.wallMs);
      const gate = flags.trend && times.length > 0 ? growthGate(times, { batchSize: run.batchSize }) : undefined;
      series.push(chartSeriesOf(run, batches, gate));
    }
    ctx.out(renderChart(series, { height, width, color: ctx.color, log: flags.log === true }));
    ctx.exitCode = ExitCode.Ok;
  } finally {
    await store.close();
  }
}
