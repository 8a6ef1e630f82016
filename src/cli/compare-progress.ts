/**
 * The live progress line of `compare` on a terminal (stderr): a bar, batch k of N, the target whose
 * batch just ended, the batches of all targets done ("(5/24)"), elapsed time and an ETA from the rate so far,
 * redrawn in place after every target's batch. Drawn only when stderr is a TTY (compare-action.ts
 * decides, as run does for its own line); nothing of it reaches stdout.
 */
import { msBetween, realClock, type Clock } from '../model/clock.js';
import { formatMs, progressBar } from '../report/index.js';
import { TerminalLine } from './terminal-line.js';

export class CompareProgress {
  private readonly line: TerminalLine;
  private done = 0;
  private readonly started: bigint;

  /** `targets` targets of `planned` batches each, timed by `clock` (the host's by default). */
  constructor(
    stream: NodeJS.WriteStream,
    private readonly targets: number,
    private readonly planned: number,
    private readonly clock: Clock = realClock,
  ) {
    this.line = new TerminalLine(stream);
    this.started = clock.nowNs();
  }

  /** A target finished its batch `batch` (1-based) of `planned`. */
  update(target: string, batch: number, planned: number): void {
    this.done++;
    const total = this.targets * this.planned;
    const elapsed = msBetween(this.started, this.clock.nowNs());
    const left = total - this.done;
    const eta = left <= 0 ? 'done' : formatMs((elapsed / this.done) * left);
    this.line.write(
      `${progressBar(this.done / total, 16)} batch ${batch}/${planned} ${target} (${this.done}/${total})  elapsed ${formatMs(elapsed)}  ETA ${eta}`,
    );
  }

  /** Ends the line (before the answer, an abort message or an error is printed). */
  finish(): void {
    this.line.end();
  }
}
