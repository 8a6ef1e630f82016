/**
 * SIGINT and SIGTERM during `run`. The first signal stops the run after the current batch (every
 * finished batch kept, status `aborted`); a second signal, or the grace period after the first,
 * abandons the batch in flight (its requests are cut when the backend closes). The exit code names
 * the first signal the way a shell does: 130 for SIGINT, 143 for SIGTERM.
 */
import { existsSync } from 'node:fs';
import { ExitCode } from '../exit-codes.js';
import type { CliContext } from './context.js';
import { formatDuration } from './parse-duration.js';

export type StopSignal = 'SIGINT' | 'SIGTERM';
export const SIGNAL_EXIT = { SIGINT: ExitCode.Interrupted, SIGTERM: ExitCode.Terminated } as const;

export class RunSignals {
  /** Fires at the first signal: stop after the current batch. */
  readonly stop = new AbortController();
  /** Fires at the second signal or when the grace period ends: abandon the batch in flight. */
  readonly abortNow = new AbortController();
  private first: StopSignal | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly handlers: Record<StopSignal, () => void>;

  constructor(
    private readonly ctx: CliContext,
    private readonly graceMs: number,
  ) {
    this.handlers = { SIGINT: () => this.onSignal('SIGINT'), SIGTERM: () => this.onSignal('SIGTERM') };
  }

  install(): this {
    process.on('SIGINT', this.handlers.SIGINT);
    process.on('SIGTERM', this.handlers.SIGTERM);
    return this;
  }

  uninstall(): void {
    process.removeListener('SIGINT', this.handlers.SIGINT);
    process.removeListener('SIGTERM', this.handlers.SIGTERM);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** The exit code of a run stopped by a signal (130 when none arrived: an abort from elsewhere). */
  exitCode(): ExitCode {
    return SIGNAL_EXIT[this.first ?? 'SIGINT'];
  }

  private onSignal(sig: StopSignal): void {
    if (this.first === null) {
      this.first = sig;
      this.stop.abort();
      const again = sig === 'SIGINT' ? 'Ctrl-C again' : 'a second signal';
      this.ctx.err(
        `\n${sig}: stopping after the current batch (${again}, or ${formatDuration(this.graceMs)} from now, abandons the batch in flight)`,
      );
      this.timer = setTimeout(
        () => this.abandon(`the ${formatDuration(this.graceMs)} grace period (--stop-grace) ran out`),
        this.graceMs,
      );
      this.timer.unref();
      return;
    }
    this.abandon(`${sig} again`);
  }

  private abandon(why: string): void {
    if (this.abortNow.signal.aborted) return;
    this.ctx.err(`${why}: abandoning the batch in flight`);
    this.abortNow.abort();
    // from now on a signal does what it does by default: end the process at once
    this.uninstall();
  }
}

/** What an aborted run tells its user: how far it got, and where its store was kept. */
export function abortedNote(
  r: {
    run: { id: string; plannedBatches: number; backend?: string };
    batches: readonly unknown[];
    abortedInBatch?: number;
  },
  keptDataDir: string | null,
): string {
  const lines = [
    `run ${r.run.id} aborted after ${r.batches.length} of ${r.run.plannedBatches} batches; the finished batches are recorded`,
  ];
  if (r.abortedInBatch !== undefined)
    lines.push(
      `  batch ${r.abortedInBatch} was abandoned in flight: some of its objects may be on the target without a record`,
    );
  // only an embedded store has a data directory (a server backend never makes the default one)
  if (keptDataDir !== null && existsSync(keptDataDir)) {
    lines.push(
      `  its store is kept in ${keptDataDir}: \`ingest-scale run --resume ${r.run.id}\` carries the run on; \`ingest-scale clean ${r.run.id}\` removes its objects, or delete the directory`,
    );
  } else if (r.run.backend === 'memory') lines.push(`  its objects went with this process (the memory backend)`);
  else
    lines.push(
      `  \`ingest-scale run --resume ${r.run.id}\` carries the run on; \`ingest-scale clean ${r.run.id}\` removes what it stored`,
    );
  return lines.join('\n');
}
