/**
 * One live progress line on a terminal (stderr): a bar, batch, objects, MB/s, ETA, the last batch
 * time and a sparkline of the batch times so far, redrawn in place after every batch. Only drawn
 * when stderr is a TTY.
 */
import type { EngineProgress } from '../engine/run-engine.js';
import { formatCount, formatMs } from '../report/format.js';
import { progressBar, sparkline } from '../report/sparkline.js';
import type { Workload } from '../workload/workload.js';

export class ProgressLine {
  private drawn = false;
  private readonly times: number[] = [];

  constructor(
    private readonly stream: NodeJS.WriteStream,
    private readonly workload: Workload,
  ) {}

  update(p: EngineProgress): void {
    this.times.push(p.batch.wallMs);
    const mbps = p.elapsedMs > 0 ? p.bytesDone / 1e6 / (p.elapsedMs / 1000) : 0;
    const left = this.workload.objects - p.objectsDone;
    const etaMs = p.objectsDone > 0 ? (p.elapsedMs / p.objectsDone) * left : NaN;
    const failed = p.failedOps > 0 ? `  ${p.failedOps} failed` : '';
    const line =
      `${progressBar(p.objectsDone / this.workload.objects, 16)} batch ${p.batch.index}/${p.plannedBatches}` +
      `  ${formatCount(p.objectsDone)}/${formatCount(this.workload.objects)} objects  ${mbps.toFixed(1)} MB/s` +
      `  ETA ${left === 0 ? 'done' : formatMs(etaMs)}  last ${formatMs(p.batch.wallMs)} ${sparkline(this.times, 24)}${failed}`;
    const width = this.stream.columns ?? 120;
    this.stream.write(`\r\x1b[2K${[...line].slice(0, width - 1).join('')}`);
    this.drawn = true;
  }

  done(): void {
    if (this.drawn) this.stream.write('\n');
    this.drawn = false;
  }
}
