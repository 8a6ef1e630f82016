/** What `ingest-scale report` does once its flags are parsed (loaded only when the command runs). */
import { writeFileSync } from 'node:fs';
import { loadReportInput } from '../engine/report-loader.js';
import { UsageError } from '../errors.js';
import { ExitCode } from '../exit-codes.js';
import { renderHtml } from '../report/html/page.js';
import { renderJsonReport } from '../report/json-report.js';
import { renderJunit } from '../report/junit.js';
import { renderMarkdown } from '../report/markdown.js';
import type { ReportInput } from '../report/report-input.js';
import { ResultsStore } from '../store/results-store.js';
import type { CliContext } from './context.js';
import { parseGateOverrides } from './gate-flags.js';
import type { ReportFormat } from './report-command.js';

type Renderer = (i: ReportInput) => string;
const RENDERERS: Record<ReportFormat, Renderer> = { markdown: renderMarkdown, json: renderJsonReport, junit: renderJunit, html: renderHtml };

export interface ReportFlags {
  format: string;
  output?: string;
  baseline?: string;
  db: string;
  maxGrowth?: string;
  maxLevelChange?: string;
  maxErrorRate?: string;
  allowPartial?: boolean;
  force?: boolean;
  gateProbes?: boolean;
}

export async function report(ctx: CliContext, ref: string, f: ReportFlags): Promise<ExitCode> {
  const gates = parseGateOverrides(f);
  const render = (RENDERERS as Partial<Record<string, Renderer>>)[f.format];
  if (!render) throw new UsageError('E_BAD_FLAG', `--format "${f.format}" is unknown`, `use one of: ${Object.keys(RENDERERS).join(', ')}`);
  const store = await ResultsStore.open(f.db, 'read');
  let text: string;
  try {
    const input = await loadReportInput(store, { run: ref, ...(f.baseline === undefined ? {} : { baseline: f.baseline }), gates, force: f.force === true, allowPartial: f.allowPartial === true, gateProbes: f.gateProbes === true });
    for (const n of input.gateNotes ?? []) ctx.err(`note: ${n}`);
    text = render(input);
  } finally {
    await store.close();
  }
  if (f.output === undefined) ctx.out(text);
  else {
    try {
      writeFileSync(f.output, text.endsWith('\n') ? text : `${text}\n`);
    } catch (e) {
      throw new UsageError('E_FILE_UNREADABLE', `cannot write -o ${f.output} (${(e as NodeJS.ErrnoException).code ?? 'error'})`, 'check that the folder exists and is writable');
    }
    ctx.err(`wrote ${f.format} report to ${f.output}`);
  }
  return ExitCode.Ok;
}
