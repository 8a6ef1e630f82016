/**
 * `import` of a k6, JMeter or warp request log as a run: the reader's requests (log-open.ts) are
 * chosen (request-selection.ts), put in completion order (completion-order.ts) and cut into batches
 * (request-batches.ts), and the batches are written behind the reader (imported-batch-writer.ts), all in one transaction:
 * the run, its batches and operations are stored together or not at all (a bad line anywhere rolls
 * back everything before it). The run's settings record the tool, its version where the file says
 * it, the selection and what became of every request.
 */
import { basename } from 'node:path';
import { UsageError } from '../errors.js';
import type { LogImportCounts, RunRecord, RunSettings } from '../model/records.js';
import { ImportedBatchWriter, setImportedPlan, type ResultsStore } from '../store/index.js';
import { CompletionOrder } from './completion-order.js';
import type { OpenedLog } from './log-open.js';
import type { LogRequest } from './log-request.js';
import { RequestBatches, type ImportedBatch } from './request-batches.js';
import { classify, type Selection } from './request-selection.js';
import { newImportRun } from './series-import.js';

export interface LogImportOptions {
  batchSize: number;
  selection: Selection;
  /** The flags as given, for the run's settings. */
  selectionText: { method: string[] | null; match: string | null; status: string | null };
  label?: string;
  tags: Record<string, string>;
  /** The gate limits stored with the run (`check` uses them unless overridden). */
  maxGrowth: number;
  maxErrorRate: number;
}

export interface LogImportResult {
  run: RunRecord;
  batches: number;
  counts: LogImportCounts;
}

const emptyCounts = (): LogImportCounts => ({
  requests: 0,
  ingests: 0,
  failedIngests: 0,
  probes: 0,
  leftOutByMethod: 0,
  leftOutByMatch: 0,
  leftOutByStatus: 0,
  afterLastBatch: 0,
  otherLines: 0,
  outOfOrder: 0,
});

const newRun = (log: OpenedLog, o: LogImportOptions): RunRecord =>
  newImportRun(
    o.label ?? `${basename(log.file)} (${log.facts.tool})`,
    log.file,
    { import: { file: basename(log.file), format: log.facts.tool }, batchSize: o.batchSize, objects: 0 },
    o.batchSize,
    0,
    o.tags,
  );

function settingsOf(log: OpenedLog, o: LogImportOptions, counts: LogImportCounts): RunSettings {
  const f = log.facts;
  return {
    maxErrorRate: o.maxErrorRate,
    maxGrowth: o.maxGrowth,
    stopEarly: false,
    ...(o.selection.readsAsProbes ? { probes: { kinds: ['get'], sample: 0, stopAboveMs: null } } : {}),
    import: {
      tool: f.tool,
      ...(f.variant === undefined ? {} : { variant: f.variant }),
      ...(f.version === undefined ? {} : { version: f.version }),
      compression: log.compression,
      selection: { ...o.selectionText, readsAsProbes: o.selection.readsAsProbes },
      counts,
    },
  };
}

const noMethods = (log: OpenedLog): UsageError =>
  new UsageError(
    'E_USAGE',
    `${log.file}: ${log.facts.tool} ${log.facts.variant ?? ''} results carry no HTTP method, so --method and --reads-as-probes cannot choose by it`.replace(
      '  ',
      ' ',
    ),
    'choose the ingest requests by their label or URL with --match REGEX (JMeter: save the method in XML results)',
  );

/** Reads the log to its end and stores it as a new run in one transaction. */
export async function storeLog(store: ResultsStore, log: OpenedLog, o: LogImportOptions): Promise<LogImportResult> {
  const run = newRun(log, o);
  const counts = emptyCounts();
  const order = new CompletionOrder<{ req: LogRequest; probe: boolean }>();
  const batcher = new RequestBatches(o.batchSize);
  const needsMethod = o.selection.methods !== null || o.selection.readsAsProbes;
  let batches = 0;
  const writer = new ImportedBatchWriter(store.db, run.id);
  const write = (b: ImportedBatch): Promise<void> => {
    batches++;
    return writer.add(b.batch, b.ops);
  };
  /** The request that leaves the reordering window goes to the batcher; only a closed batch awaits its write. */
  const take = (item: { req: LogRequest; probe: boolean } | undefined): Promise<void> | undefined => {
    if (item === undefined) return undefined;
    const closed = batcher.add(item.req, item.probe);
    return closed === null ? undefined : write(closed);
  };
  let settings: RunSettings | null = null;
  await store.db.transaction(async () => {
    try {
      await store.createRun(run);
      for await (const chunk of log.requests) {
        counts.otherLines += chunk.otherLines;
        if (needsMethod && !log.facts.hasMethod && chunk.requests.length > 0) throw noMethods(log);
        for (const req of chunk.requests) {
          counts.requests++;
          const v = classify(o.selection, req);
          if (v === 'ingest' || v === 'probe') {
            if (v === 'probe') counts.probes++;
            else if (req.ok) counts.ingests++;
            else counts.failedIngests++;
            const closing = take(order.push({ req, probe: v === 'probe' }));
            if (closing !== undefined) await closing;
          } else if (v === 'method') counts.leftOutByMethod++;
          else if (v === 'match') counts.leftOutByMatch++;
          else counts.leftOutByStatus++;
        }
      }
      for (let item = order.pop(); item !== undefined; item = order.pop()) {
        const closing = take(item);
        if (closing !== undefined) await closing;
      }
      await writer.finish();
    } finally {
      await writer.abandon(); // ROLLBACK only after the write in flight settled
    }
    if (batches === 0)
      throw new UsageError(
        'E_BAD_LOG',
        `${log.file}: fewer than ${o.batchSize} successful ingest requests (${counts.requests} requests read): not one batch`,
        'check --method, --match and --status against the log, or give a smaller --batch-size',
      );
    counts.afterLastBatch = batcher.leftOver;
    counts.outOfOrder = order.late;
    settings = settingsOf(log, o, counts);
    const workload = { ...(run.workload as object), objects: batcher.objects };
    run.workload = workload;
    await setImportedPlan(store.db, run.id, batches, workload, settings);
  });
  return { run: { ...run, plannedBatches: batches, settings }, batches, counts };
}
