/** What `ingest-scale runs` does once its flags are parsed (loaded only when the command runs). */
import { ExitCode } from '../exit-codes.js';
import { tagsText } from '../model/run-tags.js';
import { formatCount, renderTable } from '../report/index.js';
import { ResultsStore } from '../store/index.js';
import type { CliContext } from './context.js';

export async function listRuns(ctx: CliContext, flags: { db: string; json?: boolean }): Promise<void> {
  const store = await ResultsStore.open(flags.db, 'read');
  try {
    const runs = await store.listRuns();
    if (flags.json) {
      ctx.out(JSON.stringify(runs.map(({ host: _host, ...r }) => r)));
    } else if (runs.length === 0) {
      ctx.out(`no runs in ${flags.db}`);
    } else {
      ctx.out(
        renderTable(
          ['run', 'label', 'tags', 'status', 'backend', 'batches', 'objects', 'MB', 'failed ops', 'started'],
          runs.map((r) => [
            r.id,
            r.label ?? '',
            tagsText(r.tags),
            r.status,
            r.backend,
            String(r.batches),
            formatCount(r.objects),
            (r.bytes / 1e6).toFixed(1),
            String(r.failedOps),
            r.startedAt.replace('T', ' ').slice(0, 19),
          ]),
          ['l', 'l', 'l', 'l', 'l', 'r', 'r', 'r', 'r', 'l'],
        ),
      );
    }
    ctx.exitCode = ExitCode.Ok;
  } finally {
    await store.close();
  }
}
