/**
 * One live progress line on a terminal (stderr): a bar, batch, objects, MB/s, ETA, the last batch
 * time and a sparkline of the batch times so far, redrawn in place after every batch — and every
 * second while requests are stalled, when "2 requests waiting 14 s" takes the place of the ETA
 * (which would be stale). Only drawn when stderr is a TTY.
 */
import type { EngineProgress, InFlight } from '../engine/index.js';
import { formatCount, formatMs, progressBar, sparkline } from '../report/index.js';
import type { Workload } from '../workload/index.js';
import { TerminalLine } from './terminal-line.js';

/** An operation in flight this long is a stall worth showing. */
export const STALL_MS = 2000;

export class ProgressLine {
  private readonly line: TerminalLine;
  private readonly times: number[] = [];
  private last: EngineProgress | null = null;

  constructor(
    stream: NodeJS.WriteStream,
    private readonly workload: Workload,
    private readonly plannedBatches = 0,
  ) {
    this.line = new TerminalLine(stream);
  }

  update(p: EngineProgress): void {
    this.times.push(p.batch.wallMs);
    this.last = p;
    this.draw(null);
  }

  /** Called every second: redraws with the wait in place of the ETA while the oldest request is stalled. */
  tick(f: InFlight): void {
    if (f.count > 0 && f.oldestMs >= STALL_MS) this.draw(f);
  }

  private draw(stall: InFlight | null): void {
    const p = this.last;
    const wait = stall
      ? `${stall.count} request${stall.count === 1 ? '' : 's'} waiting ${Math.floor(stall.oldestMs / 1000)} s`
      : null;
    if (p === null) {
      if (wait) this.line.write(`${progressBar(0, 16)} batch 1/${this.plannedBatches}  ${wait}`);
      return;
    }
    const mbps = p.elapsedMs > 0 ? p.bytesDone / 1e6 / (p.elapsedMs / 1000) : 0;
    const left = this.workload.objects - p.objectsDone;
    const etaMs = p.objectsDone > 0 ? (p.elapsedMs / p.objectsDone) * left : NaN;
    const failed = p.failedOps > 0 ? `  ${p.failedOps} failed` : '';
    const batch = wait
      ? `batch ${Math.min(p.batch.index + 1, p.plannedBatches)}/${p.plannedBatches}`
      : `batch ${p.batch.index}/${p.plannedBatches}`;
    this.line.write(
      `${progressBar(p.objectsDone / this.workload.objects, 16)} ${batch}` +
        `  ${formatCount(p.objectsDone)}/${formatCount(this.workload.objects)} objects  ${mbps.toFixed(1)} MB/s` +
        `  ${wait ?? `ETA ${left === 0 ? 'done' : formatMs(etaMs)}`}  last ${formatMs(p.batch.wallMs)} ${sparkline(this.times, 24)}${failed}`,
    );
  }

  done(): void {
    this.line.end();
  }
}
