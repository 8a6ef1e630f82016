/** What `ingest-scale check` does once its flags are parsed (loaded only when the command runs). */
import { loadEvaluation } from '../verdict/load-evaluation.js';
import { exitCodeOf } from '../verdict/exit-code.js';
import type { ExitCode } from '../exit-codes.js';
import { checkJson } from '../report/check-json.js';
import { errorBudgetText } from '../report/report-facts.js';
import { baselineVerdictText, completionHead } from '../report/verdict-block.js';
import { ResultsStore } from '../store/results-store.js';
import type { CliContext } from './context.js';
import { parseGateOverrides } from './gate-flags.js';
import { evaluationText } from './run-output.js';
import { probeStopHead, probeText } from './probe-cli.js';

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
    if (f.json) {
      ctx.out(JSON.stringify(checkJson(input)));
      return exitCodeOf(input);
    }
    const own = input.candidate.evaluation;
    const notes = (input.gateNotes ?? []).map((n) => `note: ${n}`);
    // the evaluation's error budget, as run and report give it: a line when operations failed or were retried
    const errors = input.errorBudget;
    const budgetLines = errors.failed > 0 || errors.retried > 0 ? [`error budget: ${errorBudgetText(errors)}`] : [];
    const facts = input.comparison;
    if (!facts || !input.baseline) {
      const probes = input.probes?.verdicts ?? [];
      const probeLines = probes.length === 0 ? [] : ['', probeText(probes, own.run, f.gateProbes === true)];
      ctx.out([...probeStopHead(own.run), evaluationText(own), ...budgetLines, ...probeLines, ...notes].join('\n'));
      return exitCodeOf(input);
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
        ...notes,
      ].join('\n'),
    );
    return exitCodeOf(input);
  } finally {
    await store.close();
  }
}
