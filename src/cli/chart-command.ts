/** `ingest-scale chart RUN…`: per-batch time against objects stored, runs overlaid, with trends. */
import { Command } from 'commander';
import type { ChartFlags } from './chart-action.js';
import type { CliContext } from './context.js';
import { dbFromEnv } from './parse-flags.js';

export function chartCommand(ctx: CliContext): Command {
  return new Command('chart')
    .description('draw per-batch time against objects stored for one or more runs, with the fitted trend')
    .argument('<runs...>', 'run ids (or unique prefixes), or "last"')
    .option('--db <path>', 'results database (env INGEST_SCALE_DB)', dbFromEnv())
    .option('--height <rows>', 'plot height in rows', '12')
    .option('--width <columns>', 'total width (default: the terminal width, or 80)')
    .option('--no-trend', 'do not draw the fitted trend')
    .option(
      '--probe <kind>',
      "chart a probe kind's median latency per batch (get: cold and warm) instead of the batch time; runs made with run --probe",
    )
    .option('--log', 'logarithmic time axis (equal ratios, equal heights)')
    .addHelpText(
      'after',
      "\nSeveral runs share one objects-stored axis (runs with different batch sizes line up by fill), and each run's line\ncarries its own marker letter (A, B, …) named in the legend, so the chart reads without colour.\nColour is used on a terminal unless NO_COLOR is set; the width follows the terminal unless --width is given.",
    )
    .action(async (refs: string[], flags: ChartFlags) => {
      // the store, the gate and the chart load only when the command runs
      const { chart } = await import('./chart-action.js');
      await chart(ctx, refs, flags);
    });
}
