/**
 * `ingest-scale runs delete RUN [--keep-target]`: forget a run's records — its row, its batches and
 * its operations, in one transaction. A run may still have objects on its target, which only its
 * records let `clean` find; so the records are kept unless nothing can be left there (an import, or
 * an embedded store whose data directory is gone) or --keep-target says to forget them anyway
 * (after `clean`, or to leave the objects where they are). A run whose process is alive is refused.
 */
import { existsSync } from 'node:fs';
import { UsageError } from '../errors.js';
import { ExitCode } from '../exit-codes.js';
import { formatCount } from '../report/index.js';
import { ResultsStore } from '../store/index.js';
import type { CliContext } from './context.js';

export interface RunsDeleteFlags {
  db: string;
  keepTarget?: boolean;
}

export async function deleteRun(ctx: CliContext, ref: string, f: RunsDeleteFlags): Promise<ExitCode> {
  if (!existsSync(f.db))
    throw new UsageError('E_DB', `no results database at ${f.db}`, 'pass --db PATH of an existing database');
  const store = await ResultsStore.open(f.db, 'write');
  try {
    const run = await store.resolveRun(ref);
    if (run.status === 'running') {
      throw new UsageError(
        'E_USAGE',
        `run ${run.id} is still running (pid ${run.pid ?? '?'} on ${run.runHost ?? '?'})`,
        'stop it first (Ctrl-C or SIGTERM), then delete its records',
      );
    }
    const nothingLeft =
      run.source === 'import' ||
      ((run.backend === 'leveldb' || run.backend === 'ocfl') && run.target !== null && !existsSync(run.target));
    if (!nothingLeft && f.keepTarget !== true) {
      throw new UsageError(
        'E_USAGE',
        `run ${run.id} stored objects on ${run.target ?? run.backend}; its records are what \`clean\` finds them by`,
        `remove them first with \`ingest-scale clean ${run.id}\`, then \`ingest-scale runs delete ${run.id} --keep-target\`; or add --keep-target to forget the run and leave its objects`,
      );
    }
    const removed = await store.deleteRun(run.id);
    ctx.out(
      `forgot run ${run.id}: ${formatCount(removed.batches)} batches, ${formatCount(removed.ops)} operation records` +
        (nothingLeft ? '' : ` (its objects on ${run.target ?? run.backend} were not touched)`),
    );
    return ExitCode.Ok;
  } finally {
    await store.close();
  }
}
