/** What `ingest-scale report` does once its flags are parsed (loaded only when the command runs). */
import { writeFileSync } from 'node:fs';
import { loadCompareSeries } from '../compare/index.js';
import { chartedForecast, loadEvaluation } from '../verdict/index.js';
import { UsageError } from '../errors.js';
import { ExitCode } from '../exit-codes.js';
import {
  renderCompareHtml,
  renderHtml,
  renderJsonReport,
  renderJunit,
  renderMarkdown,
  type ReportInput,
} from '../report/index.js';
import { ResultsStore } from '../store/index.js';
import { TOOL_VERSION } from '../version.js';
import type { CliContext } from './context.js';
import { parseGateOverrides } from './gate-flags.js';
import type { ReportFormat } from './report-command.js';
import { parseForecastFlags } from './forecast-flags.js';

type Renderer = (i: ReportInput) => string;
const RENDERERS: Record<ReportFormat, Renderer> = {
  markdown: renderMarkdown,
  json: renderJsonReport,
  junit: renderJunit,
  html: renderHtml,
};

/** --compare renders one page, in HTML, of the compare's own answer: a RUN or a run's flags beside it are refused. */
function checkCompareFlags(ref: string | undefined, f: ReportFlags): void {
  if (ref !== undefined)
    throw new UsageError(
      'E_FLAG_CONFLICT',
      `report takes a RUN or --compare, not both (got ${ref} and --compare ${f.compare})`,
      'drop the run id to report the compare, or --compare to report the run',
    );
  if (f.format !== 'html')
    throw new UsageError(
      'E_BAD_FLAG',
      `report --compare renders HTML only, not --format ${f.format}`,
      'add --format html; for the answer as text or JSON run ingest-scale compare (its --json), or report one of its runs',
    );
  const stray =
    f.forecast !== undefined
      ? '--forecast'
      : f.baseline !== undefined
        ? '--baseline'
        : f.gateProbes
          ? '--gate-probes'
          : f.maxLevelChange !== undefined
            ? '--max-level-change'
            : f.maxGrowth !== undefined
              ? '--max-growth'
              : null;
  if (stray)
    throw new UsageError(
      'E_FLAG_CONFLICT',
      `${stray} does not apply to report --compare`,
      "the page shows the compare's own limits; drop " + stray,
    );
}

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
  /** A compare id: its HTML page instead of a run's report. */
  compare?: string;
  /** Fills to forecast at (check --forecast's syntax). */
  forecast?: string;
}

export async function report(ctx: CliContext, ref: string | undefined, f: ReportFlags): Promise<ExitCode> {
  const gates = parseGateOverrides(f);
  const forecastReq = parseForecastFlags({ ...(f.forecast === undefined ? {} : { forecast: f.forecast }) });
  const render = (RENDERERS as Partial<Record<string, Renderer>>)[f.format];
  if (!render)
    throw new UsageError(
      'E_BAD_FLAG',
      `--format "${f.format}" is unknown`,
      `use one of: ${Object.keys(RENDERERS).join(', ')}`,
    );
  if (f.compare !== undefined) checkCompareFlags(ref, f);
  else if (ref === undefined)
    throw new UsageError(
      'E_BAD_FLAG',
      'report needs a RUN (or --compare ID)',
      'give a run id, a unique prefix of it or "last"; or --compare ID --format html for a compare',
    );
  const store = await ResultsStore.open(f.db, 'read');
  let text: string;
  try {
    if (f.compare !== undefined)
      text = renderCompareHtml(await loadCompareSeries(store, f.compare), new Date().toISOString(), TOOL_VERSION);
    else {
      const evaluation = await loadEvaluation(store, {
        run: ref ?? 'last',
        ...(f.baseline === undefined ? {} : { baseline: f.baseline }),
        gates,
        force: f.force === true,
        allowPartial: f.allowPartial === true,
        gateProbes: f.gateProbes === true,
      });
      for (const n of evaluation.gateNotes ?? []) ctx.err(`note: ${n}`);
      const forecast = forecastReq === null ? null : chartedForecast(evaluation.candidate.evaluation, forecastReq);
      text = render({
        ...evaluation,
        generatedAt: new Date().toISOString(),
        toolVersion: TOOL_VERSION,
        ...(forecast === null ? {} : { forecast }),
      });
    }
  } finally {
    await store.close();
  }
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
    ctx.err(`wrote ${f.format} report to ${f.output}`);
  }
  return ExitCode.Ok;
}
