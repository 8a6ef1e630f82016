/** What `ingest-scale import` does once its flags are parsed (loaded only when the command runs). */
import { ExitCode } from '../exit-codes.js';
import { openCsvSeries, storeCsvSeries } from '../import/stream-import.js';
import { ResultsStore } from '../store/results-store.js';
import type { CliContext } from './context.js';
import { parseIntFlag } from './parse-flags.js';
import { parseTagFlags } from './tag-flags.js';

export interface ImportFlags {
  format: string;
  column: string;
  batchSize: string;
  label?: string;
  tag?: string[];
  db: string;
  json?: boolean;
}

/** Streams the file into one transaction (stream-import.ts): a bad row anywhere leaves no run behind. */
export async function importSeries(ctx: CliContext, file: string, flags: ImportFlags): Promise<void> {
  const batchSize = parseIntFlag(flags.batchSize, '--batch-size', 1, 1_000_000_000);
  const series = await openCsvSeries({
    file,
    column: flags.column,
    batchSize,
    ...(flags.label === undefined ? {} : { label: flags.label }),
    tags: parseTagFlags(flags.tag),
  });
  try {
    const store = await ResultsStore.open(flags.db, 'write');
    try {
      const run = await storeCsvSeries(store, series);
      ctx.out(flags.json ? JSON.stringify({ runId: run.id }) : run.id);
    } finally {
      await store.close();
    }
  } finally {
    await series.close();
  }
  ctx.exitCode = ExitCode.Ok;
}
