/** What `ingest-scale clean` does once its flags are parsed (loaded only when the command runs). */
import { cleanRun, recordedObjects } from '../engine/index.js';
import { ExitCode } from '../exit-codes.js';
import { formatCount } from '../report/index.js';
import { ResultsStore } from '../store/index.js';
import type { CliContext } from './context.js';
import { parseIntFlag } from './parse-flags.js';
import { secretsFromEnv } from './run-options.js';

export interface CleanFlags {
  db: string;
  concurrency: string;
  json?: boolean;
  // the backends' own flags (--user, --ca, --profile, --purge-tombstones) are read by the run's backend module
}

export async function clean(ctx: CliContext, ref: string, f: CleanFlags): Promise<void> {
  const concurrency = parseIntFlag(f.concurrency, '--concurrency', 1, 1024);
  const store = await ResultsStore.open(f.db, 'read');
  try {
    const run = await store.resolveRun(ref);
    const { objects, bytesWritten, transactions } = await recordedObjects(store, run.id);
    // the secrets only from the environment, as for run (--user with INGEST_SCALE_TOKEN is refused by the target)
    const r = await cleanRun({
      run,
      objects,
      bytesWritten,
      transactions,
      concurrency,
      access: { flags: f as unknown as Record<string, unknown>, ...secretsFromEnv() },
    });
    if (f.json) ctx.out(JSON.stringify({ runId: run.id, ...r }));
    else {
      ctx.out(
        `run ${run.id}: ${formatCount(r.removed)} of ${formatCount(r.objects)} ${r.unit ?? 'objects'} removed from ${run.target}` +
          (r.alreadyGone ? `, ${formatCount(r.alreadyGone)} already gone` : '') +
          (r.failed
            ? `, ${formatCount(r.failed)} failed (${Object.entries(r.errors)
                .map(([k, v]) => `${k} x${v}`)
                .join(', ')})`
            : ''),
      );
      if (r.firstError) ctx.out(`first failure: ${r.firstError}`);
      if (r.note) ctx.out(r.note);
    }
    ctx.exitCode = r.failed > 0 ? ExitCode.RunFailed : ExitCode.Ok;
  } finally {
    await store.close();
  }
}
