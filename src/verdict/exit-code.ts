/**
 * The exit code of an evaluation, in one place for `check` and `run`: a failed run is exit 4 (its
 * failure, not its growth); an unfinished one INCONCLUSIVE unless gated partially; against a
 * baseline, the comparison's verdict; alone, the run's verdict, or with --gate-probes the worst of it
 * and every probe kind's verdict. (`report` renders and exits 0.)
 */
import type { Verdict } from '../analysis/growth-gate.js';
import { ExitCode, exitCodeForVerdict } from '../exit-codes.js';
import type { RunEvaluation } from './evaluate-run.js';
import type { ProbeVerdict } from './probe-stats.js';
import type { StoredEvaluation } from './stored-evaluation.js';
import { worstOf } from './worst-verdict.js';

/** The worst of the ingest verdict and the probe verdicts (--gate-probes): FAIL > INCONCLUSIVE > WARN > PASS. */
export function worstVerdict(ingest: Verdict, verdicts: readonly ProbeVerdict[]): Verdict {
  return worstOf([ingest, ...verdicts.map((v) => v.verdict)]);
}

/** The run's own exit code: exit 4 for a failed run, else its verdict's. */
function ownExitCode(e: RunEvaluation): ExitCode {
  return e.completion?.state === 'failed' ? ExitCode.RunFailed : exitCodeForVerdict(e.verdict);
}

/** The verdict an evaluation exits on, and its exit code. */
export function exitCodeOf(e: StoredEvaluation): ExitCode {
  const own = e.candidate.evaluation;
  if (e.comparison) {
    const judged = !own.completion || own.completion.state === 'complete' || own.completion.gatedPartial;
    return judged ? exitCodeForVerdict(e.comparison.comparison.verdict) : ownExitCode(own);
  }
  if (e.probes?.gated === true && own.completion?.state !== 'failed')
    return exitCodeForVerdict(worstVerdict(own.verdict, e.probes.verdicts));
  return ownExitCode(own);
}
