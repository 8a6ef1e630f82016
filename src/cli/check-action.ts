/** What `ingest-scale check` does once its flags are parsed (loaded only when the command runs). */
import type { RunEvaluation } from '../verdict/evaluate-run.js';
import { loadReportInput } from '../engine/report-loader.js';
import { ExitCode, exitCodeForVerdict } from '../exit-codes.js';
import { baselineFacts, errorBudgetOf, errorBudgetText } from '../report/report-facts.js';
import { baselineVerdictText, completionHead } from '../report/verdict-block.js';
import { readOpTotals } from '../store/batch-times.js';
import { ResultsStore } from '../store/results-store.js';
import type { CliContext } from './context.js';
import { parseGateOverrides } from './gate-flags.js';
import { evaluationJson, evaluationText } from './run-output.js';
import { probeJson, probeStopHead, probeText, worstVerdict } from './probe-cli.js';

export interface CheckFlags {
  db: string;
  maxGrowth?: string;
  minDetectable?: string;
  baseline?: string;
  maxLevelChange?: string;
  force?: boolean;
  json?: boolean;
  allowPartial?: boolean;
  /** Exit on the worst of the ingest verdict and every probe kind's verdict (issue 18). */
  gateProbes?: boolean;
}

/** A failed run is exit 4 (its failure, not its growth); an unfinished one INCONCLUSIVE; else the verdict's. */
function exitCodeOf(e: RunEvaluation): ExitCode {
  return e.completion?.state === 'failed' ? ExitCode.RunFailed : exitCodeForVerdict(e.verdict);
}

export async function check(ctx: CliContext, ref: string, f: CheckFlags): Promise<ExitCode> {
  const overrides = parseGateOverrides(f);
  const store = await ResultsStore.open(f.db, 'read');
  try {
    const input = await loadReportInput(store, {
      run: ref,
      ...(f.baseline === undefined ? {} : { baseline: f.baseline }),
      gates: overrides,
      force: f.force === true,
      allowPartial: f.allowPartial === true,
      gateProbes: f.gateProbes === true,
      lean: true,
    });
    const own = input.candidate.evaluation;
    const notes = (input.gateNotes ?? []).map((n) => `note: ${n}`);
    const gates = { maxGrowth: input.gates.maxGrowth, maxErrorRate: input.gates.maxErrorRate, minDetectable: input.gates.minDetectable ?? null, overridden: input.gateNotes ?? [] };
    // the error budget as run and report give it: a line when operations failed or were retried, always in --json
    const totals = await readOpTotals(store.db, own.run.id);
    const errors = errorBudgetOf(totals, input.candidate.errors, input.gates.maxErrorRate);
    const budgetLines = totals.failed > 0 || totals.retried > 0 ? [`error budget: ${errorBudgetText(errors)}`] : [];
    const facts = baselineFacts(input);
    if (!facts || !input.baseline) {
      const probes = input.probes?.verdicts ?? [];
      const probeOut = probes.length === 0 ? {} : { probes: probeJson(probes) };
      const probeLines = probes.length === 0 ? [] : ['', probeText(probes, own.run, f.gateProbes === true)];
      ctx.out(f.json ? JSON.stringify({ ...evaluationJson(own), gates, errors, ...probeOut }) : [...probeStopHead(own.run), evaluationText(own), ...budgetLines, ...probeLines, ...notes].join('\n'));
      if (f.gateProbes === true && own.completion?.state !== 'failed') return exitCodeForVerdict(worstVerdict(own.verdict, probes));
      return exitCodeOf(own);
    }
    const c = facts.comparison;
    if (f.json) {
      ctx.out(JSON.stringify({
        ...evaluationJson(own),
        gates,
        errors,
        verdict: c.verdict,
        ownVerdict: own.verdict,
        baseline: { runId: input.baseline.evaluation.run.id, ...c, workloadDifferences: facts.workload.refusals, workloadNotes: facts.workload.notes },
      }));
    } else {
      const head = completionHead(own);
      ctx.out([...(head ? [head, ''] : []), baselineVerdictText(c), '', `the candidate's own growth (reported, not gated with --baseline):`, evaluationText(own), ...budgetLines, ...notes].join('\n'));
    }
    return own.completion && own.completion.state !== 'complete' && !own.completion.gatedPartial ? exitCodeOf(own) : exitCodeForVerdict(c.verdict);
  } finally {
    await store.close();
  }
}
