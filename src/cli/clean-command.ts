/** `ingest-scale clean RUN`: delete a run's objects from its target (backends that can delete). */
import { Command } from 'commander';
import { cleanRun } from '../engine/clean-run.js';
import { ExitCode } from '../exit-codes.js';
import { formatCount } from '../report/format.js';
import { ResultsStore } from '../store/results-store.js';
import type { CliContext } from './context.js';
import { dbFromEnv, parseIntFlag } from './parse-flags.js';

interface CleanFlags {
  db: string;
  user?: string;
  ca?: string;
  concurrency: string;
  purgeTombstones?: boolean;
  profile?: string;
  json?: boolean;
}

export function cleanCommand(ctx: CliContext): Command {
  return new Command('clean')
    .description("delete the objects a run created from the run's target (its recorded URL or data directory)")
    .argument('<run>', 'run id (or a unique prefix of it), or "last"')
    .option('--db <path>', 'results database (env INGEST_SCALE_DB)', dbFromEnv())
    .option('--user <name>', 'user for HTTP Basic auth; the password is read from INGEST_SCALE_PASSWORD')
    .option('--ca <file.pem>', 'trust this CA for an https target')
    .option('--concurrency <n>', 'deletes in flight', '4')
    .option('--profile <name>', 'S3: credentials profile (default: the AWS_* environment variables)')
    .option('--purge-tombstones', 'LDP (Fedora): also delete the tombstones deletes leave, so the paths can be reused')
    .option('--json', 'print one JSON object with the counts')
    .action(async (ref: string, f: CleanFlags) => {
      const concurrency = parseIntFlag(f.concurrency, '--concurrency', 1, 1024);
      const store = await ResultsStore.open(f.db, 'read');
      try {
        const run = await store.resolveRun(ref);
        const objects = await store.createdObjects(run.id);
        const password = process.env.INGEST_SCALE_PASSWORD;
        const r = await cleanRun({
          run,
          objects,
          purgeTombstones: f.purgeTombstones === true,
          ...(f.profile === undefined ? {} : { s3Access: { profile: f.profile } }),
          concurrency,
          access: { ...(f.user === undefined ? {} : { user: f.user }), ...(f.user !== undefined && password ? { password } : {}), ...(f.ca === undefined ? {} : { caFile: f.ca }) },
        });
        if (f.json) ctx.out(JSON.stringify({ runId: run.id, ...r }));
        else {
          ctx.out(`run ${run.id}: ${formatCount(r.removed)} of ${formatCount(r.objects)} ${r.unit ?? 'objects'} removed from ${run.target}` +
            (r.alreadyGone ? `, ${formatCount(r.alreadyGone)} already gone` : '') + (r.failed ? `, ${formatCount(r.failed)} failed (${Object.entries(r.errors).map(([k, v]) => `${k} x${v}`).join(', ')})` : ''));
          if (r.note) ctx.out(r.note);
        }
        ctx.exitCode = r.failed > 0 ? ExitCode.RunFailed : ExitCode.Ok;
      } finally {
        await store.close();
      }
    });
}
