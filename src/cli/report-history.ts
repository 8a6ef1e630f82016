/** `report --history`: the judged history of `history` rendered as Markdown, JSON or HTML (exits 0, as report does). */
import { writeFileSync } from 'node:fs';
import { UsageError } from '../errors.js';
import { ExitCode } from '../exit-codes.js';
import { historyJson, renderHistoryHtml, renderHistoryMarkdown } from '../report/index.js';
import { TOOL_VERSION } from '../version.js';
import type { CliContext } from './context.js';
import { loadHistory, type HistoryFlags } from './history-action.js';

export type HistoryReportFlags = Omit<HistoryFlags, 'chart' | 'region'> & {
  format: string;
  output?: string;
  region?: string;
};

export async function reportHistory(
  ctx: CliContext,
  ref: string | undefined,
  f: HistoryReportFlags,
): Promise<ExitCode> {
  if (ref !== undefined)
    throw new UsageError('E_FLAG_CONFLICT', `report --history takes no RUN (got ${ref})`, 'drop the run id');
  if (f.format === 'junit')
    throw new UsageError(
      'E_BAD_FLAG',
      'report --history renders markdown, json or html',
      'use --format markdown, json or html',
    );
  const h = await loadHistory({ ...f, chart: false, region: f.region ?? 'us-east-1' });
  const text =
    f.format === 'json'
      ? JSON.stringify(historyJson(h), null, 2)
      : f.format === 'html'
        ? renderHistoryHtml(h, new Date().toISOString(), TOOL_VERSION)
        : renderHistoryMarkdown(h);
  if (f.output === undefined) ctx.out(text);
  else {
    try {
      writeFileSync(f.output, text.endsWith('\n') ? text : `${text}\n`);
    } catch (e) {
      throw new UsageError(
        'E_FILE_UNREADABLE',
        `cannot write -o ${f.output} (${(e as NodeJS.ErrnoException).code ?? 'error'})`,
        'check that the folder exists and is writable',
      );
    }
    ctx.err(`wrote ${f.format} history report to ${f.output}`);
  }
  return ExitCode.Ok;
}
