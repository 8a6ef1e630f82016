/** What `ingest-scale check` does once its flags are parsed (loaded only when the command runs). */
import { evaluateRun } from '../engine/evaluate-run.js';
import { loadReportInput } from '../engine/report-loader.js';
import { exitCodeForVerdict, type ExitCode } from '../exit-codes.js';
import { baselineFacts } from '../report/report-facts.js';
import { baselineVerdictText } from '../report/verdict-block.js';
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
}

export async function check(ctx: CliContext, ref: string, f: CheckFlags): Promise<ExitCode> {
  const limit = parseMaxGrowth(f.maxGrowth);
  const gates = f.baseline === undefined ? null : parseGates(f);
  const store = await ResultsStore.open(f.db, 'read');
  try {
    if (gates === null || f.baseline === undefined) {
      const e = await evaluateRun(store, await store.resolveRun(ref), limit);
      ctx.out(f.json ? JSON.stringify(evaluationJson(e)) : evaluationText(e));
      return exitCodeForVerdict(e.verdict);
    }
    const input = await loadReportInput(store, { run: ref, baseline: f.baseline, gates, force: f.force === true });
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
      ctx.out([baselineVerdictText(c), '', `the candidate's own growth (reported, not gated with --baseline):`, evaluationText(input.candidate.evaluation)].join('\n'));
    }
    return exitCodeForVerdict(c.verdict);
  } finally {
    await store.close();
  }
}
