/** What every command shares: where output goes, whether it may colour, and the exit code it sets. */
import { ExitCode } from '../exit-codes.js';

export interface CliContext {
  /** Exit code the command decided on; main.ts exits with it. */
  exitCode: ExitCode | 130;
  out(text: string): void;
  err(text: string): void;
  /** Colour on stdout: a TTY, NO_COLOR unset, TERM not dumb. */
  color: boolean;
  /** Width of the terminal on stdout, or 80. */
  width: number;
  /** stderr is a TTY: live progress may be drawn there. */
  stderrTty: boolean;
}

export function makeContext(): CliContext {
  const env = process.env;
  return {
    exitCode: ExitCode.Ok,
    out: (t) => process.stdout.write(t.endsWith('\n') ? t : `${t}\n`),
    err: (t) => process.stderr.write(t.endsWith('\n') ? t : `${t}\n`),
    color: process.stdout.isTTY === true && env.NO_COLOR === undefined && env.TERM !== 'dumb',
    width: process.stdout.columns && process.stdout.columns > 20 ? process.stdout.columns : 80,
    stderrTty: process.stderr.isTTY === true,
  };
}
