/** What `ingest-scale merge` does once its arguments are parsed (loaded only when the command runs). */
import { basename, resolve } from 'node:path';
import { UsageError } from '../errors.js';
import { ExitCode } from '../exit-codes.js';
import {
  fetchShardFiles,
  mergeShards,
  parseS3Location,
  type ClockCorrect,
  type FetchedShards,
  type MergeResult,
  type ShardInput,
} from '../shard/index.js';
import { readShards, ResultsStore } from '../store/index.js';
import type { CliContext } from './context.js';

export interface MergeFlags {
  into: string;
  clockCorrect: ClockCorrect;
  json?: boolean;
  /** s3://BUCKET/PREFIX: read the shard files from there instead of local paths. */
  from?: string;
  url?: string;
  region: string;
  pathStyle?: boolean;
  profile?: string;
}

const ms = (v: number | null): string => (v === null ? '?' : v.toFixed(1));

function text(r: MergeResult, into: string, correct: ClockCorrect, name: (file: string) => string): string[] {
  const t = r.timeline;
  const first = t.firstK + 1;
  const lines = [
    `merged run ${r.run.id} from ${r.shards.length} shards into ${into}: ${r.storedObjects} objects stored; batches ${first}-${t.firstK + t.batches.length} of ${t.allBatches} of ${t.batchSize} kept (the window in which every shard was active, ${new Date(t.windowStartMs).toISOString()} to ${new Date(t.windowEndMs).toISOString()})`,
    `operations: ${r.opsInBatches} in the kept batches, ${r.opsOutside} outside the window (kept in merged_edge_ops, not gated); aggregate rate ${r.ratePerSec.toFixed(0)} objects/s`,
  ];
  for (const s of r.shards) {
    const bracket =
      s.samples === 0
        ? 'no clock bracket (no Date header)'
        : `store − shard clock in [${ms(s.loMs)}, ${ms(s.hiMs)}] ms (${s.samples} responses)`;
    lines.push(
      `  shard ${s.index} (${name(s.file)}): ${bracket}; shifted ${ms(s.shiftMs)} ms${s.lateMs === null ? '' : `; started ${ms(s.lateMs)} ms after --start-at`}`,
    );
  }
  if (r.risk === null)
    lines.push(`clock spread unknown (no shard has a bracket): objects may move across batch boundaries unseen`);
  else {
    const head = `clock spread ${ms(r.spreadMs)} ms (--clock-correct ${correct}) × ${r.ratePerSec.toFixed(0)} objects/s = ${r.risk.objects.toFixed(1)} objects (limit ${r.risk.limit.toFixed(1)}, a tenth of a batch)`;
    lines.push(
      r.risk.warn
        ? `warning: ${head}: the clocks can move objects across batch boundaries${correct === 'none' ? '; try --clock-correct date' : ''}`
        : head,
    );
  }
  lines.push(`next: ingest-scale check --db ${into} ${r.run.id}`);
  return lines;
}

/** The shard files of `--from`, fetched to a temporary folder (null without --from); checks the flags. */
async function fetchFrom(files: string[], f: MergeFlags): Promise<FetchedShards | null> {
  if (f.from === undefined) {
    if (files.length === 0)
      throw new UsageError(
        'E_MERGE',
        'no shard files given',
        "give each shard's results database, or --from s3://BUCKET/PREFIX with --url",
      );
    return null;
  }
  if (files.length > 0)
    throw new UsageError(
      'E_FLAG_CONFLICT',
      '--from and shard files given together',
      'give either the local shard files or --from s3://BUCKET/PREFIX',
    );
  const loc = parseS3Location(f.from);
  if (f.url === undefined)
    throw new UsageError(
      'E_BAD_FLAG',
      '--from needs --url, the S3 endpoint',
      'e.g. --url http://127.0.0.1:7480 (add --path-style for stores without virtual-hosted buckets)',
    );
  return fetchShardFiles(loc, {
    url: f.url,
    region: f.region,
    pathStyle: f.pathStyle === true,
    ...(f.profile === undefined ? {} : { profile: f.profile }),
  });
}

export async function merge(ctx: CliContext, given: string[], f: MergeFlags): Promise<ExitCode> {
  const fetched = await fetchFrom(given, f);
  try {
    const files = fetched === null ? given : fetched.files.map((x) => x.path);
    const keyOf = new Map(fetched?.files.map((x) => [x.path, x.key]) ?? []);
    const name = (file: string): string => keyOf.get(file) ?? basename(file);
    if (fetched !== null && !f.json) {
      const bytes = fetched.files.reduce((n, x) => n + x.bytes, 0);
      ctx.out(
        `read ${fetched.files.length} shard files from ${f.from ?? ''} (${(bytes / 1e6).toFixed(1)} MB): ${fetched.files.map((x) => x.key).join(', ')}`,
      );
    }
    return await mergeFiles(ctx, files, f, name);
  } finally {
    await fetched?.cleanup();
  }
}

async function mergeFiles(
  ctx: CliContext,
  files: string[],
  f: MergeFlags,
  name: (file: string) => string,
): Promise<ExitCode> {
  const unique = [...new Set(files.map((x) => resolve(x)))];
  if (unique.length !== files.length)
    throw new UsageError('E_MERGE', 'a shard file is given twice', "give each shard's results database once");
  if (unique.includes(resolve(f.into)))
    throw new UsageError(
      'E_MERGE',
      `--into ${f.into} is one of the shard files`,
      'merge into a new file, e.g. --into run.db',
    );
  const inputs: ShardInput[] = [];
  let into: ResultsStore | undefined;
  try {
    for (const file of files) {
      const store = await ResultsStore.open(file, 'read');
      const shards = await readShards(store.db, 'shard');
      if (shards.length === 0) {
        await store.close();
        throw new UsageError(
          'E_MERGE',
          `${file} holds no shard (no run made with run --shard)`,
          'give the --db files the shards wrote',
        );
      }
      for (const shard of shards) inputs.push({ file, store, shard, run: await store.resolveRun(shard.runId) });
    }
    into = await ResultsStore.open(f.into, 'write');
    const r = await mergeShards(inputs, into, f.into, f.clockCorrect);
    if (f.json) {
      ctx.out(
        JSON.stringify({
          runId: r.run.id,
          into: f.into,
          shards: r.shards.map((s) => ({ ...s, file: name(s.file) })),
          batches: { kept: r.timeline.batches.length, first: r.timeline.firstK + 1, all: r.timeline.allBatches },
          window: { startMs: r.timeline.windowStartMs, endMs: r.timeline.windowEndMs },
          ops: { inBatches: r.opsInBatches, outside: r.opsOutside },
          storedObjects: r.storedObjects,
          ratePerSec: r.ratePerSec,
          clockSpreadMs: r.spreadMs,
          spreadRisk: r.risk,
          clockCorrect: f.clockCorrect,
        }),
      );
      if (r.risk?.warn) ctx.err(text(r, f.into, f.clockCorrect, name).find((l) => l.startsWith('warning:')) ?? '');
    } else ctx.out(text(r, f.into, f.clockCorrect, name).join('\n'));
    return ExitCode.Ok;
  } finally {
    for (const s of new Set(inputs.map((x) => x.store))) await s.close();
    await into?.close();
  }
}
