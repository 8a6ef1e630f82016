/** What `ingest-scale check` does once its flags are parsed (loaded only when the command runs). */
import { evaluateRun, type RunEvaluation } from '../engine/evaluate-run.js';
import { loadReportInput } from '../engine/report-loader.js';
import { ExitCode, exitCodeForVerdict } from '../exit-codes.js';
import { baselineFacts } from '../report/report-facts.js';
import { baselineVerdictText, completionHead } from '../report/verdict-block.js';
import { ResultsStore } from '../store/results-store.js';
import type { CliContext } from './context.js';
import { parseGates, parseMaxGrowth } from './parse-flags.js';
import { evaluationJson, evaluationText } from './run-output.js';

export interface CheckFlags {
  db: string;
  maxGrowth: string;
  baseline?: string;
  maxLevelChange?: string;
  force?: boolean;
  json?: boolean;
  allowPartial?: boolean;
}

/** A failed run is exit 4 (its failure, not its growth); an unfinished one INCONCLUSIVE; else the verdict's. */
function exitCodeOf(e: RunEvaluation): ExitCode {
  return e.completion?.state === 'failed' ? ExitCode.RunFailed : exitCodeForVerdict(e.verdict);
}

export async function check(ctx: CliContext, ref: string, f: CheckFlags): Promise<ExitCode> {
  const limit = parseMaxGrowth(f.maxGrowth);
  const gates = f.baseline === undefined ? null : parseGates(f);
  const store = await ResultsStore.open(f.db, 'read');
  try {
    if (gates === null || f.baseline === undefined) {
      const e = await evaluateRun(store, await store.resolveRun(ref), limit, { allowPartial: f.allowPartial === true });
      ctx.out(f.json ? JSON.stringify(evaluationJson(e)) : evaluationText(e));
      return exitCodeOf(e);
    }
    const input = await loadReportInput(store, { run: ref, baseline: f.baseline, gates, force: f.force === true, allowPartial: f.allowPartial === true });
    const facts = baselineFacts(input);
    if (!facts || !input.baseline) throw new Error('baseline comparison missing');
    const c = facts.comparison;
    if (f.json) {
      ctx.out(JSON.stringify({
        ...evaluationJson(input.candidate.evaluation),
        verdict: c.verdict,
        ownVerdict: input.candidate.evaluation.verdict,
        baseline: { runId: input.baseline.evaluation.run.id, ...c, workloadDifferences: facts.workload.refusals, workloadNotes: facts.workload.notes },
      }));
    } else {
      const head = completionHead(input.candidate.evaluation);
      ctx.out([...(head ? [head, ''] : []), baselineVerdictText(c), '', `the candidate's own growth (reported, not gated with --baseline):`, evaluationText(input.candidate.evaluation)].join('\n'));
    }
    const own = input.candidate.evaluation;
    return own.completion && own.completion.state !== 'complete' && !own.completion.gatedPartial ? exitCodeOf(own) : exitCodeForVerdict(c.verdict);
  } finally {
    await store.close();
  }
}
