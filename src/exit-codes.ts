/** Exit codes, named in one place (the habit of k6). Documented in the README and `--help`. */
export const ExitCode = {
  /** The gate passed, or warned (growth below the limit). */
  Ok: 0,
  /** The growth gate failed: superlinear slowdown above the limit. */
  GateFailed: 1,
  /** Bad usage or input: a flag, argument or file was wrong. Nothing was written. */
  Usage: 2,
  /** Too few batches to decide. */
  Inconclusive: 3,
  /** The run itself failed: target unreachable, auth refused, error budget exceeded. */
  RunFailed: 4,
  /** `run` was stopped by SIGINT (Ctrl-C): 128 + 2, as a shell reports it. Finished batches are kept. */
  Interrupted: 130,
  /** `run` was stopped by SIGTERM (a CI cancel, `timeout`): 128 + 15. Finished batches are kept. */
  Terminated: 143,
} as const;

export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

export function exitCodeForVerdict(verdict: 'PASS' | 'WARN' | 'FAIL' | 'INCONCLUSIVE'): ExitCode {
  switch (verdict) {
    case 'PASS':
    case 'WARN':
      return ExitCode.Ok;
    case 'FAIL':
      return ExitCode.GateFailed;
    case 'INCONCLUSIVE':
      return ExitCode.Inconclusive;
  }
}
