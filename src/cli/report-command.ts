/** `ingest-scale report RUN`: Markdown, JSON, JUnit or a self-contained HTML page, to stdout or a file. */
import { writeFileSync } from 'node:fs';
import { Command, Option } from 'commander';
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
import { dbFromEnv, parseMaxGrowth, parseNumberFlag } from './parse-flags.js';

const RENDERERS: Record<string, (i: ReportInput) => string> = { markdown: renderMarkdown, json: renderJsonReport, junit: renderJunit, html: renderHtml };

interface ReportFlags {
  format: string;
  output?: string;
  baseline?: string;
  db: string;
  maxGrowth: string;
  maxLevelChange?: string;
  maxErrorRate: string;
  force?: boolean;
}

export function parseGates(f: { maxGrowth: string; maxLevelChange?: string; maxErrorRate?: string }): ReportInput['gates'] {
  return {
    maxGrowth: parseMaxGrowth(f.maxGrowth),
    maxErrorRate: parseNumberFlag(f.maxErrorRate ?? '0.01', '--max-error-rate', (n) => n >= 0 && n <= 1, 'give a fraction from 0 to 1, e.g. 0.01'),
    ...(f.maxLevelChange === undefined
      ? {}
      : { maxLevelChange: parseNumberFlag(f.maxLevelChange, '--max-level-change', (n) => n > 0 && n < 100, 'give a fraction above 0, e.g. --max-level-change 0.25 (fail above +25%)') }),
  };
}

export function reportCommand(ctx: CliContext): Command {
  return new Command('report')
    .description('render a recorded run (optionally against a baseline run) as Markdown, JSON, JUnit XML or a self-contained HTML page')
    .argument('<run>', 'run id (or a unique prefix of it), or "last"')
    .addOption(new Option('--format <format>', 'markdown (fits $GITHUB_STEP_SUMMARY), json (schemas/report.schema.json), junit, html').choices(Object.keys(RENDERERS)).default('markdown'))
    .option('-o, --output <file>', 'write to this file instead of stdout')
    .option('--baseline <run>', 'compare with this run of the same workload (paired batches)')
    .option('--force', 'compare even when the two runs ran different workloads')
    .option('--db <path>', 'results database (env INGEST_SCALE_DB)', dbFromEnv())
    .option('--max-growth <ratio>', 'growth limit of the gates', '1.10')
    .option('--max-level-change <fraction>', 'also gate the level difference against the baseline (e.g. 0.25)')
    .option('--max-error-rate <fraction>', 'error budget shown in the report', '0.01')
    .action(async (ref: string, f: ReportFlags) => {
      const gates = parseGates(f);
      const render = RENDERERS[f.format];
      if (!render) throw new UsageError('E_BAD_FLAG', `--format "${f.format}" is unknown`, `use one of: ${Object.keys(RENDERERS).join(', ')}`);
      const store = await ResultsStore.open(f.db, 'read');
      let text: string;
      try {
        const input = await loadReportInput(store, { run: ref, ...(f.baseline === undefined ? {} : { baseline: f.baseline }), gates, force: f.force === true });
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
      ctx.exitCode = ExitCode.Ok;
    });
}
