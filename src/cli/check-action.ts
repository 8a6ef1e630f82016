/** What `ingest-scale check` does once its flags are parsed (loaded only when the command runs). */
import { loadEvaluation } from '../verdict/load-evaluation.js';
import { exitCodeOf } from '../verdict/exit-code.js';
import type { ExitCode } from '../exit-codes.js';
import { errorBudgetText } from '../report/report-facts.js';
import { baselineVerdictText, completionHead } from '../report/verdict-block.js';
import { ResultsStore } from '../store/results-store.js';
import type { CliContext } from './context.js';
import { parseGateOverrides } from './gate-flags.js';
import { evaluationJson, evaluationText } from './run-output.js';
import { probeJson, probeStopHead, probeText } from './probe-cli.js';

export interface CheckFlags {
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
}

export async function check(ctx: CliContext, ref: string, f: CheckFlags): Promise<ExitCode> {
  const overrides = parseGateOverrides(f);
  const store = await ResultsStore.open(f.db, 'read');
  try {
    const input = await loadEvaluation(store, {
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
    const gates = {
      maxGrowth: input.gates.maxGrowth,
      maxErrorRate: input.gates.maxErrorRate,
      minDetectable: input.gates.minDetectable ?? null,
      overridden: input.gateNotes ?? [],
    };
    // the evaluation's error budget, as run and report give it: a line when operations failed or were retried, always in --json
    const errors = input.errorBudget;
    const budgetLines = errors.failed > 0 || errors.retried > 0 ? [`error budget: ${errorBudgetText(errors)}`] : [];
    const facts = input.comparison;
    if (!facts || !input.baseline) {
      const probes = input.probes?.verdicts ?? [];
      const probeOut = probes.length === 0 ? {} : { probes: probeJson(probes) };
      const probeLines = probes.length === 0 ? [] : ['', probeText(probes, own.run, f.gateProbes === true)];
      ctx.out(
        f.json
          ? JSON.stringify({ ...evaluationJson(own), gates, errors, ...probeOut })
          : [...probeStopHead(own.run), evaluationText(own), ...budgetLines, ...probeLines, ...notes].join('\n'),
      );
      return exitCodeOf(input);
    }
    const c = facts.comparison;
    if (f.json) {
      ctx.out(
        JSON.stringify({
          ...evaluationJson(own),
          gates,
          errors,
          verdict: c.verdict,
          ownVerdict: own.verdict,
          baseline: {
            runId: input.baseline.evaluation.run.id,
            ...c,
            workloadDifferences: facts.workload.refusals,
            workloadNotes: facts.workload.notes,
          },
        }),
      );
    } else {
      const head = completionHead(own);
      ctx.out(
        [
          ...(head ? [head, ''] : []),
          baselineVerdictText(c),
          '',
          `the candidate's own growth (reported, not gated with --baseline):`,
          evaluationText(own),
          ...budgetLines,
          ...notes,
        ].join('\n'),
      );
    }
    return exitCodeOf(input);
  } finally {
    await store.close();
  }
}
