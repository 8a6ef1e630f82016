/** What `ingest-scale import` does once its flags are parsed (loaded only when the command runs). */
import { ExitCode } from '../exit-codes.js';
import { readSeries } from '../import/series-import.js';
import { ResultsStore } from '../store/results-store.js';
import type { CliContext } from './context.js';
import { parseIntFlag } from './parse-flags.js';

export interface ImportFlags {
  format: string;
  column: string;
  batchSize: string;
  label?: string;
  db: string;
  json?: boolean;
}

export async function importSeries(ctx: CliContext, file: string, flags: ImportFlags): Promise<void> {
  const batchSize = parseIntFlag(flags.batchSize, '--batch-size', 1, 1_000_000_000);
  const series = readSeries({ file, column: flags.column, batchSize, ...(flags.label === undefined ? {} : { label: flags.label }) });
  const store = await ResultsStore.open(flags.db, 'write');
  try {
    await store.importRun(series.run, series.batches);
  } finally {
    await store.close();
  }
  ctx.out(flags.json ? JSON.stringify({ runId: series.run.id }) : series.run.id);
  ctx.exitCode = ExitCode.Ok;
}
