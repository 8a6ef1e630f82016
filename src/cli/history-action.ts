/** What `ingest-scale history` does once its flags are parsed (loaded only when the command runs). */
import { IngestScaleError, UsageError } from '../errors.js';
import { ExitCode, exitCodeForVerdict } from '../exit-codes.js';
import { TAG_KEY } from '../model/run-tags.js';
import { historyJson, historyText } from '../report/index.js';
import { fetchShardFiles, parseS3Location, type FetchedShards } from '../shard/index.js';
import { ResultsStore } from '../store/index.js';
import {
  evaluateHistory,
  groupHistory,
  readHistoryRuns,
  type HistoryOrder,
  type HistoryResult,
  type HistoryRun,
} from '../verdict/index.js';
import type { CliContext } from './context.js';
import { parseGateOverrides } from './gate-flags.js';

export interface HistoryFlags {
  db?: string[];
  from?: string;
  url?: string;
  region: string;
  pathStyle?: boolean;
  profile?: string;
  by: string;
  order: HistoryOrder;
  maxGrowth: string;
  maxLevelChange?: string;
  minDetectable?: string;
  json?: boolean;
  chart: boolean;
}

/** Reads one database; any failure to open or read it is exit 4 naming the file. */
async function readDb(path: string, name: string): Promise<HistoryRun[]> {
  let store: ResultsStore | undefined;
  try {
    store = await ResultsStore.open(path, 'read');
    return await readHistoryRuns(store, name);
  } catch (e) {
    const why = e instanceof IngestScaleError ? e.message : (e as Error).message;
    throw new IngestScaleError('E_DB', `history: cannot read the results database ${name}: ${why}`, {
      hint: 'give --db the path of a database made by ingest-scale (or fix the S3 prefix of --from)',
      exitCode: ExitCode.RunFailed,
    });
  } finally {
    await store?.close().catch(() => undefined);
  }
}

async function fetchFrom(f: HistoryFlags): Promise<FetchedShards | null> {
  if (f.from === undefined) return null;
  const loc = parseS3Location(f.from);
  if (f.url === undefined)
    throw new UsageError('E_BAD_FLAG', '--from needs --url, the S3 endpoint', 'e.g. --url http://127.0.0.1:7480');
  return fetchShardFiles(loc, {
    url: f.url,
    region: f.region,
    pathStyle: f.pathStyle === true,
    ...(f.profile === undefined ? {} : { profile: f.profile }),
  });
}

/** The history of the flags' databases, judged (shared with report --history). */
export async function loadHistory(f: HistoryFlags): Promise<HistoryResult> {
  if (!TAG_KEY.test(f.by))
    throw new UsageError(
      'E_BAD_TAG',
      `--by "${f.by}" is not a tag key`,
      'give the key of a run tag, e.g. --by version',
    );
  const gates = parseGateOverrides(f);
  const fetched = await fetchFrom(f);
  try {
    const runs: HistoryRun[] = [];
    for (const path of f.db ?? []) runs.push(...(await readDb(path, path)));
    for (const x of fetched?.files ?? []) runs.push(...(await readDb(x.path, `s3://${x.key}`)));
    return evaluateHistory(groupHistory(runs, f.by, f.order), {
      by: f.by,
      maxGrowth: gates.maxGrowth ?? 1.1,
      ...(gates.maxLevelChange === undefined ? {} : { maxLevelChange: gates.maxLevelChange }),
      ...(gates.minDetectable === undefined ? {} : { minDetectable: gates.minDetectable }),
    });
  } finally {
    await fetched?.cleanup();
  }
}

export async function history(ctx: CliContext, f: HistoryFlags): Promise<ExitCode> {
  const h = await loadHistory(f);
  ctx.out(f.json ? JSON.stringify(historyJson(h)) : historyText(h, { chart: f.chart, width: ctx.width }));
  return exitCodeForVerdict(h.verdict);
}
