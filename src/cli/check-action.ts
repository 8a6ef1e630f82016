/** What `ingest-scale check` does once its flags are parsed (loaded only when the command runs). */
import { chartedForecast, exitCodeOf, loadEvaluation, type ForecastAnswer } from '../verdict/index.js';
import { ExitCode } from '../exit-codes.js';
import {
  baselineVerdictText,
  checkJson,
  completionHead,
  errorBudgetText,
  forecastJsonFields,
  forecastText,
} from '../report/index.js';
import { ResultsStore } from '../store/index.js';
import type { CliContext } from './context.js';
import { parseGateOverrides } from './gate-flags.js';
import { evaluationText } from './run-output.js';
import { probeStopHead, probeText } from './probe-cli.js';
import { parseForecastFlags, type ForecastFlags } from './forecast-flags.js';
import { forecastChart } from './forecast-chart.js';

export interface CheckFlags extends ForecastFlags {
  db: string;
  maxGrowth?: string;
  minDetectable?: string;
  baseline?: string;
  maxLevelChange?: string;
  force?: boolean;
  json?: boolean;
  allowPartial?: boolean;
  /** Exit on the worst of the ingest verdict and every probe kind's verdict (docs/probes.md). */
  gateProbes?: boolean;
  /** With --forecast: false (--no-chart) leaves out the chart of the run and its projection. */
  chart?: boolean;
}

export async function check(ctx: CliContext, refs: readonly string[], f: CheckFlags): Promise<ExitCode> {
  if (refs.length > 1) {
    const { checkPooled } = await import('./check-pooled-action.js');
    return checkPooled(ctx, refs, f);
  }
  const ref = refs[0] as string;
  const overrides = parseGateOverrides(f);
  const forecastReq = parseForecastFlags(f);
  const store = await ResultsStore.open(f.db, 'read');
  try {
    const input = await loadEvaluation(store, {
      run: ref,
      ...(f.baseline === undefined ? {} : { baseline: f.baseline }),
      gates: overrides,
      force: f.force === true,
      allowPartial: f.allowPartial === true,
      gateProbes: f.gateProbes === true,
      // a forecast reads every batch record (the operation percentiles too)
      lean: forecastReq === null,
    });
    const forecast = forecastReq === null ? null : chartedForecast(input.candidate.evaluation, forecastReq);
    const code = withSloGate(exitCodeOf(input), forecast);
    if (f.json) {
      ctx.out(JSON.stringify({ ...checkJson(input), ...(forecast === null ? {} : forecastJsonFields(forecast)) }));
      return code;
    }
    const own = input.candidate.evaluation;
    const chartLines = forecast === null || f.chart === false ? [] : ['', forecastChart(ctx, own, forecast)];
    const forecastLines = forecast === null ? [] : [...chartLines, '', ...forecastText(forecast, forecastReq?.slo)];
    const notes = (input.gateNotes ?? []).map((n) => `note: ${n}`);
    // the evaluation's error budget, as run and report give it: a line when operations failed or were retried
    const errors = input.errorBudget;
    const budgetLines = errors.failed > 0 || errors.retried > 0 ? [`error budget: ${errorBudgetText(errors)}`] : [];
    const facts = input.comparison;
    if (!facts || !input.baseline) {
      const probes = input.probes?.verdicts ?? [];
      const probeLines = probes.length === 0 ? [] : ['', probeText(probes, own.run, f.gateProbes === true)];
      ctx.out(
        [
          ...probeStopHead(own.run),
          evaluationText(own),
          ...budgetLines,
          ...probeLines,
          ...forecastLines,
          ...notes,
        ].join('\n'),
      );
      return code;
    }
    const head = completionHead(own);
    ctx.out(
      [
        ...(head ? [head, ''] : []),
        baselineVerdictText(facts.comparison),
        '',
        `the candidate's own growth (reported, not gated with --baseline):`,
        evaluationText(own),
        ...budgetLines,
        ...forecastLines,
        ...notes,
      ].join('\n'),
    );
    return code;
  } finally {
    await store.close();
  }
}

/** The objective's gate (--slo-at) FAILs a run whose own verdict did not: exit 1, unless the run itself failed (4). */
function withSloGate(code: ExitCode, forecast: ForecastAnswer | null): ExitCode {
  if (forecast?.sloGate?.verdict !== 'FAIL' || code === ExitCode.RunFailed) return code;
  return ExitCode.GateFailed;
}
