/** `ingest-scale chart RUN…`: per-batch time against objects stored, runs overlaid, with trends. */
import { Command } from 'commander';
import { growthGate } from '../analysis/growth-gate.js';
import { ExitCode } from '../exit-codes.js';
import { renderChart } from '../report/chart.js';
import { chartSeriesOf } from '../report/chart-series.js';
import { ResultsStore } from '../store/results-store.js';
import type { CliContext } from './context.js';
import { dbFromEnv, parseIntFlag } from './parse-flags.js';

interface ChartFlags {
  db: string;
  height: string;
  width?: string;
  trend: boolean;
  log?: boolean;
}

export function chartCommand(ctx: CliContext): Command {
  return new Command('chart')
    .description('draw per-batch time against objects stored for one or more runs, with the fitted trend')
    .argument('<runs...>', 'run ids (or unique prefixes), or "last"')
    .option('--db <path>', 'results database (env INGEST_SCALE_DB)', dbFromEnv())
    .option('--height <rows>', 'plot height in rows', '12')
    .option('--width <columns>', 'total width (default: the terminal width, or 80)')
    .option('--no-trend', 'do not draw the fitted trend')
    .option('--log', 'logarithmic time axis (equal ratios, equal heights)')
    .addHelpText('after', '\nColour is used on a terminal unless NO_COLOR is set; the width follows the terminal unless --width is given.')
    .action(async (refs: string[], flags: ChartFlags) => {
      const height = parseIntFlag(flags.height, '--height', 3, 100);
      const width = flags.width === undefined ? ctx.width : parseIntFlag(flags.width, '--width', 30, 400);
      const store = await ResultsStore.open(flags.db, 'read');
      try {
        const series = [];
        for (const ref of refs) {
          const run = await store.resolveRun(ref);
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
    });
}
