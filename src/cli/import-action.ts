/** What `ingest-scale import` does once its flags are parsed (loaded only when the command runs). */
import { UsageError } from '../errors.js';
import { ExitCode } from '../exit-codes.js';
import {
  openCsvSeries,
  openLog,
  parseMatch,
  parseMethods,
  parseStatusSpec,
  storeCsvSeries,
  storeLog,
  type LogImportOptions,
} from '../import/index.js';
import { ResultsStore } from '../store/index.js';
import { DEFAULT_MAX_ERROR_RATE, DEFAULT_MAX_GROWTH } from '../verdict/index.js';
import type { CliContext } from './context.js';
import { importSummary } from './import-summary.js';
import { parseIntFlag } from './parse-flags.js';
import { parseTagFlags } from './tag-flags.js';

export interface ImportFlags {
  format?: 'k6' | 'jmeter' | 'warp' | 'csv';
  column?: string;
  batchSize: string;
  method?: string;
  match?: string;
  status?: string;
  readsAsProbes?: boolean;
  label?: string;
  tag?: string[];
  db: string;
  json?: boolean;
}

const LOG_ONLY = ['method', 'match', 'status', 'readsAsProbes'] as const;
const FLAG = { method: '--method', match: '--match', status: '--status', readsAsProbes: '--reads-as-probes' };

/** Imports a log (one transaction: a bad line anywhere leaves no run behind) or a per-batch CSV. */
export async function importFile(ctx: CliContext, file: string, flags: ImportFlags): Promise<void> {
  const batchSize = parseIntFlag(flags.batchSize, '--batch-size', 1, 1_000_000_000);
  const tags = parseTagFlags(flags.tag);
  if (flags.format === 'csv' || (flags.format === undefined && flags.column !== undefined)) {
    const given = LOG_ONLY.filter((k) => flags[k] !== undefined);
    if (given.length > 0)
      throw new UsageError(
        'E_FLAG_NOT_TAKEN',
        `${FLAG[given[0] as (typeof LOG_ONLY)[number]]} chooses requests of a log, not rows of a per-batch CSV`,
        'leave it out, or give --format k6|jmeter|warp',
      );
    if (flags.column === undefined)
      throw new UsageError(
        'E_BAD_FLAG',
        '--format csv needs --column NAME',
        'name the header of the column of per-batch milliseconds',
      );
    return importSeries(ctx, file, { ...flags, column: flags.column }, batchSize);
  }
  if (flags.column !== undefined)
    throw new UsageError(
      'E_FLAG_NOT_TAKEN',
      `--column is for a per-batch CSV, not a ${flags.format} log`,
      'leave --column out',
    );
  const options: LogImportOptions = {
    batchSize,
    selection: {
      methods: flags.method === undefined ? null : parseMethods(flags.method),
      match: flags.match === undefined ? null : parseMatch(flags.match),
      status: flags.status === undefined ? null : parseStatusSpec(flags.status),
      readsAsProbes: flags.readsAsProbes === true,
    },
    selectionText: {
      method: flags.method === undefined ? null : parseMethods(flags.method),
      match: flags.match ?? null,
      status: flags.status ?? null,
    },
    ...(flags.label === undefined ? {} : { label: flags.label }),
    tags,
    maxGrowth: DEFAULT_MAX_GROWTH,
    maxErrorRate: DEFAULT_MAX_ERROR_RATE,
  };
  const log = await openLog(file, flags.format);
  try {
    const store = await ResultsStore.open(flags.db, 'write');
    try {
      const result = await storeLog(store, log, options);
      if (flags.json)
        ctx.out(
          JSON.stringify({ runId: result.run.id, batches: result.batches, tool: log.facts, counts: result.counts }),
        );
      else {
        ctx.out(result.run.id);
        ctx.err(importSummary(file, log.facts, batchSize, result));
      }
    } finally {
      await store.close();
    }
  } finally {
    await log.close();
  }
  ctx.exitCode = ExitCode.Ok;
}

async function importSeries(
  ctx: CliContext,
  file: string,
  flags: ImportFlags & { column: string },
  batchSize: number,
): Promise<void> {
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
